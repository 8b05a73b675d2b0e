import type { Db } from '@ats/db/connection';
import { storageFor } from '../../platform/storage.ts';
import { applicantContactsIn } from '../applicants/applicants.service.ts';
import { findApplicantFilesByIds, readFileBytes } from '../files/files.service.ts';
import { personDisplayName } from '@ats/contracts/person-name';
import { announceMessage } from './messaging-events.ts';
import { type MessagingDeps, setOutboxKick, transportChannelOf } from './messaging.service.ts';
import * as repo from './messaging.repository.ts';
import { TransportError, transportOf, type SendContext } from './transports.ts';

// The message outbox (decision 0043): an outgoing message is a `queued` row; a sender claims one
// at a time (`sending`, `claimed_at`, attempts + 1), hands it to its channel's transport and
// records the answer. A temporary failure waits (`next_attempt_at`: the channel's retry_after or
// a backoff) and is tried again up to MAX_SEND_ATTEMPTS; a permanent one, or the last, is
// `failed` with the reason. A claim older than the stale limit belongs to a dead process: its
// message may or may not have gone, so it is failed with STALE_REASON — never sent twice.

export const MAX_SEND_ATTEMPTS = 8;
export const STALE_REASON =
  'Отправка прервалась: неизвестно, дошло ли сообщение. Проверьте и нажмите «Повторить»';
export const TRANSPORT_FAILED = 'Не удалось отправить сообщение';
const CHANNEL_GONE = 'Канал удалён или отключён';
/** How long a paused channel's message waits when the channel names no time. */
const PAUSE_MS = 60_000;

/** Backoff after the n-th temporary failure: 5 s, 20 s, 80 s, … up to an hour. */
export const backoffMs = (attempt: number) => Math.min(3_600_000, 5_000 * 4 ** (attempt - 1));

async function finish(
  deps: MessagingDeps,
  accountId: number,
  id: number,
  patch: Parameters<typeof repo.updateMessage>[3],
) {
  await deps.database.withTenant(accountId, async (tx) => {
    const row = await repo.updateMessage(tx, accountId, id, { ...patch, claimedAt: null });
    if (row) {
      await announceMessage(tx, accountId, {
        type: 'message_updated',
        applicant_id: row.applicantId,
        message_id: row.id,
        state: row.state === 'sending' ? 'queued' : row.state,
        direction: 'out',
      });
    }
  });
}

/** Everything a transport is given for a claimed message, read in the message's account. */
async function contextOf(deps: MessagingDeps, tx: Db, accountId: number, id: number) {
  const message = await repo.findMessage(tx, accountId, id);
  if (!message) return null;
  const [channel] = await repo.findChannelsByIds(tx, accountId, [message.channelId]);
  if (!channel || channel.deletedAt || channel.state === 'disabled') {
    return { message, failure: CHANNEL_GONE } as const;
  }
  const [applicant] = await applicantContactsIn(tx, accountId, [message.applicantId]);
  // The newest chat of the applicant on this channel: a chat linked after queueing counts.
  const link = await repo.findApplicantChatLink(tx, accountId, channel.id, message.applicantId);
  const thread = (await repo.threadIds(tx, accountId, message.applicantId, channel.id)).filter(
    (externalId) => externalId !== message.externalMessageId,
  );
  const storage = storageFor(deps.config);
  const files = message.attachments;
  const keys = new Map<number, string>();
  if (files.length > 0) {
    for (const row of await findApplicantFilesByIds(
      tx,
      accountId,
      message.applicantId,
      files.map((f) => f.fileId),
    )) {
      keys.set(row.id, row.storageKey);
    }
  }
  const context: Omit<SendContext, 'config' | 'log' | 'database'> = {
    channel: transportChannelOf(deps.config, channel),
    message: {
      id: message.id,
      applicantId: message.applicantId,
      subject: message.subject,
      text: message.text,
      html: typeof message.meta.html === 'string' ? message.meta.html : null,
      attachments: files.map((f) => ({
        fileId: f.fileId,
        fileName: f.fileName,
        mimeType: f.mimeType,
        sizeBytes: f.sizeBytes,
        read: async () => {
          const key = keys.get(f.fileId);
          const bytes = key ? await readFileBytes(storage, key) : null;
          if (!bytes) {
            throw new TransportError(`Вложение «${f.fileName}» удалено`, { permanent: true });
          }
          return bytes;
        },
      })),
      attempt: message.attempts,
      meta: message.meta,
    },
    recipient: {
      applicantName: applicant ? personDisplayName(applicant) : 'Кандидат',
      chatId: link?.externalChatId ?? (message.externalChatId || null),
      email: applicant?.email ?? null,
    },
    thread,
  };
  return { message, context } as const;
}

/** Hands one claimed message to its transport and records the outcome. */
async function sendClaimed(deps: MessagingDeps, accountId: number, id: number) {
  const prepared = await deps.database.withTenant(accountId, (tx) =>
    contextOf(deps, tx, accountId, id),
  );
  if (!prepared) return;
  if ('failure' in prepared) {
    await finish(deps, accountId, id, { state: 'failed', reason: prepared.failure });
    return;
  }
  const { message, context } = prepared;
  const transport = transportOf(context.channel.kind);
  try {
    if (!transport) throw new TransportError(TRANSPORT_FAILED, { permanent: true });
    const result = await transport.send({
      ...context,
      config: deps.config,
      log: deps.log,
      database: deps.database,
    });
    await finish(deps, accountId, id, {
      state: result.state,
      reason: null,
      sentAt: new Date(),
      nextAttemptAt: null,
      ...(result.externalId !== undefined ? { externalMessageId: result.externalId } : {}),
      ...(result.externalChatId !== undefined ? { externalChatId: result.externalChatId } : {}),
      ...(result.meta ? { meta: { ...message.meta, ...result.meta } } : {}),
    });
  } catch (error) {
    const known = error instanceof TransportError ? error : null;
    if (!known) deps.log.error({ err: error, messageId: id }, 'message transport failed');
    const reason = known?.reason ?? TRANSPORT_FAILED;
    if (known?.pause) {
      // The channel is waiting (a rate limit, a connection to renew): no attempt is spent.
      const waitMs = known.retryAfterMs ?? PAUSE_MS;
      await finish(deps, accountId, id, {
        state: 'queued',
        reason,
        attempts: Math.max(0, message.attempts - 1),
        nextAttemptAt: new Date(Date.now() + waitMs),
      });
      scheduleWake(deps, waitMs);
      return;
    }
    const last = (known?.permanent ?? false) || message.attempts >= MAX_SEND_ATTEMPTS;
    if (last) {
      await finish(deps, accountId, id, { state: 'failed', reason, nextAttemptAt: null });
      return;
    }
    // The channel's own word (retry_after) decides when it gave one; a backoff otherwise.
    const waitMs = known?.retryAfterMs ?? backoffMs(message.attempts);
    await finish(deps, accountId, id, {
      state: 'queued',
      reason,
      nextAttemptAt: new Date(Date.now() + waitMs),
    });
    scheduleWake(deps, waitMs);
  }
}

let wakeTimer: NodeJS.Timeout | null = null;
let wakeAt = Infinity;
/** A retry due soon is taken by this process then, not only by the next sweep. */
function scheduleWake(deps: MessagingDeps, waitMs: number) {
  const at = Date.now() + waitMs;
  if (waitMs > 10 * 60_000 || at >= wakeAt) return;
  if (wakeTimer) clearTimeout(wakeTimer);
  wakeAt = at;
  wakeTimer = setTimeout(() => {
    wakeTimer = null;
    wakeAt = Infinity;
    void sendDueMessages(deps).catch((error: unknown) =>
      deps.log.error({ err: error }, 'message outbox failed'),
    );
  }, waitMs + 50);
  wakeTimer.unref();
}

/**
 * Sends due messages one by one: those of `only` (just written), or any due, up to `limit`;
 * first fails the claims of dead senders. Answers how many were taken.
 */
export async function sendDueMessages(
  deps: MessagingDeps,
  options: { only?: { accountId: number; ids: number[] }; limit?: number } = {},
) {
  if (!options.only) {
    const stale = await repo.failStaleClaimsAcrossAccounts(
      deps.database.system,
      deps.config.OUTBOX_STALE_CLAIM_SECONDS,
      STALE_REASON,
    );
    for (const row of stale) {
      await deps.database
        .withTenant(Number(row.account_id), (tx) =>
          announceMessage(tx, Number(row.account_id), {
            type: 'message_updated',
            applicant_id: Number(row.applicant_id),
            message_id: Number(row.id),
            state: 'failed',
            direction: 'out',
          }),
        )
        .catch(() => {});
    }
  }
  const limit = options.limit ?? 50;
  let taken = 0;
  for (; taken < limit; taken += 1) {
    const claimed = await repo.claimOneDueAcrossAccounts(deps.database.system, options.only);
    if (!claimed) break;
    await sendClaimed(deps, claimed.account_id, claimed.id);
  }
  return taken;
}

/**
 * Lets the send and retry calls hand their message over at once, after their commit, in this
 * process (the sweep takes it otherwise). Called once where messages are sent from.
 */
export function startMessageOutbox(deps: MessagingDeps) {
  setOutboxKick((accountId, ids) => {
    void sendDueMessages(deps, { only: { accountId, ids }, limit: ids.length }).catch(
      (error: unknown) => deps.log.error({ err: error }, 'message outbox failed'),
    );
  });
}
