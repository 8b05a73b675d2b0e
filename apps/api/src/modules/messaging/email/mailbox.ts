import { ImapFlow } from 'imapflow';

/** How to reach a mailbox over IMAP (the password opened from the channel's secrets). */
export type MailboxSettings = {
  host: string;
  port: number;
  /** TLS from the first byte (993); false: plain, upgraded with STARTTLS when offered. */
  secure: boolean;
  user: string;
  password: string;
};

/** The progress kept in the channel's `sync_state`: which letters were read already. */
export type MailboxProgress = {
  /** The INBOX's UIDVALIDITY when `last_uid` was read; another value means UIDs were renumbered. */
  uid_validity?: string;
  last_uid?: number;
  /** ISO time the mailbox was connected: the first read takes letters from then on. */
  since?: string;
};

/** A letter as read from the INBOX: its UID, its bytes (or only its headers, when too large). */
export type FetchedLetter = {
  uid: number;
  /** The INBOX's UIDVALIDITY: with the UID, names the letter for good. */
  uidValidity: string;
  internalDate: Date | null;
  size: number;
  source: Buffer;
  /** The letter was larger than MAX_LETTER_BYTES: `source` holds its headers only. */
  truncated: boolean;
};

/** Larger letters are not downloaded (their files would be refused over 15 MB each anyway). */
export const MAX_LETTER_BYTES = 40 * 1024 * 1024;
/** Letters read in one pass; the next pass goes on from the last one. */
export const LETTERS_PER_PASS = 100;
/** A letter that reached the server a little before `since` (clocks differ) still counts. */
const SINCE_SLACK_MS = 10 * 60 * 1000;

export class MailboxError extends Error {
  /** The login or password was refused (rather than the server unreachable). */
  readonly authentication: boolean;
  constructor(message: string, authentication: boolean) {
    super(message);
    this.name = 'MailboxError';
    this.authentication = authentication;
  }
}

const client = (settings: MailboxSettings) =>
  new ImapFlow({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    auth: { user: settings.user, pass: settings.password },
    logger: false,
    // Our own timeouts: a mailbox that does not answer must not hold the poller.
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
    disableAutoIdle: true,
  });

/** A Russian sentence for why the mailbox could not be opened. */
function mailboxError(settings: MailboxSettings, error: unknown): MailboxError {
  const failure = error as {
    authenticationFailed?: boolean;
    code?: string;
    responseText?: string;
    message?: string;
  };
  if (failure.authenticationFailed) {
    return new MailboxError('Почтовый сервер не принял логин или пароль (IMAP)', true);
  }
  const where = `${settings.host}:${settings.port}`;
  const detail = failure.code ?? failure.responseText ?? failure.message ?? 'ошибка соединения';
  return new MailboxError(`Не удалось подключиться к IMAP-серверу ${where}: ${detail}`, false);
}

async function connected<T>(settings: MailboxSettings, work: (imap: ImapFlow) => Promise<T>) {
  const imap = client(settings);
  // A dropped connection emits 'error'; the pending command rejects by itself.
  imap.on('error', () => {});
  try {
    await imap.connect();
  } catch (error) {
    imap.close();
    throw mailboxError(settings, error);
  }
  try {
    return await work(imap);
  } finally {
    await imap.logout().catch(() => imap.close());
  }
}

/** Logs in and opens the INBOX, as a channel being connected is checked; throws MailboxError. */
export async function checkMailbox(settings: MailboxSettings) {
  await connected(settings, async (imap) => {
    try {
      await imap.mailboxOpen('INBOX', { readOnly: true });
    } catch (error) {
      throw mailboxError(settings, error);
    }
  });
}

/**
 * Reads the INBOX's letters that arrived after `progress` (by UID; on the first read those since
 * `progress.since`), oldest first, at most LETTERS_PER_PASS, read-only (nothing is marked seen).
 * `onLetter` is awaited for each; the progress returned covers the letters it took: the pass
 * stops at a letter `onLetter` throws for (returned as `error`), which the next pass reads again.
 * `more`: letters are left over.
 */
export async function readNewLetters(
  settings: MailboxSettings,
  progress: MailboxProgress,
  onLetter: (letter: FetchedLetter) => Promise<void>,
): Promise<{ progress: MailboxProgress; read: number; more: boolean; error?: unknown }> {
  return connected(settings, async (imap) => {
    const lock = await imap.getMailboxLock('INBOX', { readOnly: true });
    try {
      const mailbox = imap.mailbox;
      if (!mailbox) throw new MailboxError('Не удалось открыть папку «Входящие»', false);
      const uidValidity = String(mailbox.uidValidity);
      // Renumbered UIDs (a restored mailbox): read again from `since`; storing is idempotent.
      const renumbered =
        progress.uid_validity !== undefined && progress.uid_validity !== uidValidity;
      const lastUid = renumbered ? undefined : progress.last_uid;
      const next: MailboxProgress = { ...progress, uid_validity: uidValidity };
      if (renumbered) delete next.last_uid;

      let uids: number[];
      if (lastUid !== undefined) {
        const found =
          mailbox.exists === 0 ? [] : await imap.search({ uid: `${lastUid + 1}:*` }, { uid: true });
        // `n:*` always names the newest letter, even one below n.
        uids = (found || []).filter((uid) => uid > lastUid);
      } else {
        const since = progress.since ? new Date(Date.parse(progress.since) - SINCE_SLACK_MS) : null;
        const found =
          mailbox.exists === 0
            ? []
            : await imap.search(since ? { since } : { all: true }, { uid: true });
        uids = found || [];
        if (since && uids.length > 0) {
          // SEARCH SINCE counts whole days: the arrival time decides.
          const dates = new Map<number, Date>();
          for await (const message of imap.fetch(
            uids,
            { uid: true, internalDate: true },
            { uid: true },
          )) {
            if (message.internalDate) dates.set(message.uid, new Date(message.internalDate));
          }
          uids = uids.filter((uid) => (dates.get(uid)?.getTime() ?? Infinity) >= since.getTime());
        }
        // From here on, passes go on by UID.
        next.last_uid =
          uids.length > 0 ? Math.min(...uids) - 1 : Math.max(0, (mailbox.uidNext ?? 1) - 1);
      }
      uids.sort((a, b) => a - b);
      const batch = uids.slice(0, LETTERS_PER_PASS);
      let read = 0;
      for (const uid of batch) {
        const meta = await imap.fetchOne(
          String(uid),
          { uid: true, size: true, internalDate: true },
          { uid: true },
        );
        if (!meta) {
          next.last_uid = uid;
          continue;
        }
        const size = meta.size ?? 0;
        const truncated = size > MAX_LETTER_BYTES;
        const body = await imap.fetchOne(
          String(uid),
          truncated ? { uid: true, headers: true } : { uid: true, source: true },
          { uid: true },
        );
        const source = (truncated ? body && body.headers : body && body.source) || Buffer.alloc(0);
        try {
          await onLetter({
            uid,
            uidValidity,
            internalDate: meta.internalDate ? new Date(meta.internalDate) : null,
            size,
            source,
            truncated,
          });
        } catch (error) {
          return { progress: next, read, more: true, error };
        }
        next.last_uid = uid;
        read += 1;
      }
      return { progress: next, read, more: uids.length > batch.length };
    } finally {
      lock.release();
    }
  });
}
