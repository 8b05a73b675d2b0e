import { findApplicantIdsByEmailIn } from '../../applicants/applicant-mail.service.ts';
import {
  findApplicantByThread,
  listActiveChannels,
  markMessageState,
  type MessagingDeps,
  receiveIncoming,
  setChannelState,
} from '../messaging.service.ts';
import type { TransportChannel } from '../transports.ts';
import { mailboxOf } from './email.transport.ts';
import { type ParsedLetter, parseLetter } from './letter.ts';
import {
  type FetchedLetter,
  MailboxError,
  type MailboxProgress,
  readNewLetters,
} from './mailbox.ts';

// Reading replies (decision 0045): each active mailbox's INBOX is read by UID (mailbox.ts); a
// letter lands on the card it threads onto — by the Message-IDs of In-Reply-To and References
// among the conversation's letters, then by the sender's address on a card — and a delivery
// report marks our letter failed. Storing is idempotent by Message-ID, so a pass that dies
// half-way is simply read again.

const TOO_LARGE = 'Письмо больше 40 МБ: откройте его в почтовом ящике';

export type LetterOutcome =
  'stored' | 'duplicate' | 'bounce' | 'bounce_unknown' | 'report' | 'own' | 'unknown_sender';

/** Where one letter goes; exported for the tests. */
export async function takeLetter(
  deps: Pick<MessagingDeps, 'config' | 'database' | 'log'>,
  channel: TransportChannel,
  fetched: FetchedLetter,
): Promise<LetterOutcome> {
  const letter = await parseLetter(fetched.source);
  if (letter.bounce) {
    for (const id of letter.bounce.originalMessageIds) {
      const marked = await markMessageState(
        deps,
        channel.accountId,
        { channelId: channel.id, externalMessageId: id },
        { state: 'failed', reason: letter.bounce.reason },
      );
      if (marked) return 'bounce';
    }
    return 'bounce_unknown';
  }
  if (letter.report) return 'report';
  const sender = letter.from?.address;
  if (!sender) return 'unknown_sender';
  // Our own letters (a copy to ourselves, a mailbox that files sent mail in the INBOX).
  if (sender === channel.address?.toLowerCase()) return 'own';

  const applicantId = await applicantOf(deps, channel, letter, sender);
  if (applicantId === null) return 'unknown_sender';
  const result = await receiveIncoming(deps, channel.accountId, {
    channelId: channel.id,
    externalChatId: sender,
    externalMessageId:
      letter.messageId ?? `<imap-${fetched.uidValidity}-${fetched.uid}@${channel.address}>`,
    applicantId,
    text: fetched.truncated ? `${letter.text}\n\n${TOO_LARGE}`.trim() : letter.text,
    subject: letter.subject || null,
    attachments: letter.attachments,
    sentAt: letter.sentAt ?? fetched.internalDate ?? new Date(),
    author: { name: letter.from?.name || null, handle: sender },
    meta: {
      from: sender,
      to: letter.to,
      in_reply_to: letter.inReplyTo,
      references: letter.references,
      ...(letter.automatic ? { automatic: true } : {}),
    },
  });
  if (!result.stored) return 'unknown_sender';
  return result.duplicate ? 'duplicate' : 'stored';
}

/** The card a letter belongs to: its thread first, then whoever has the sender's address. */
async function applicantOf(
  deps: Pick<MessagingDeps, 'database'>,
  channel: TransportChannel,
  letter: ParsedLetter,
  sender: string,
) {
  const threadIds = [...letter.inReplyTo, ...[...letter.references].reverse()];
  if (threadIds.length > 0) {
    const found = await findApplicantByThread(deps, channel.accountId, threadIds);
    if (found) return found.applicantId;
  }
  const byAddress = await deps.database.withTenant(channel.accountId, (tx) =>
    findApplicantIdsByEmailIn(tx, channel.accountId, sender),
  );
  return byAddress[0] ?? null;
}

/**
 * One pass over one mailbox: its new letters taken, its progress kept; a mailbox that cannot be
 * opened puts the channel in `error` with the reason (and back to `active` once it opens).
 */
export async function pollMailbox(
  deps: Pick<MessagingDeps, 'config' | 'database' | 'log'>,
  channel: TransportChannel,
) {
  const { failing, ...progress } = channel.syncState as MailboxProgress & { failing?: boolean };
  const outcomes: LetterOutcome[] = [];
  try {
    const pass = await readNewLetters(mailboxOf(channel), progress, async (fetched) => {
      outcomes.push(await takeLetter(deps, channel, fetched));
    });
    await setChannelState(deps, channel.accountId, channel.id, {
      syncState: { ...pass.progress },
      // Readable again after a failure.
      ...(failing ? { state: 'active' as const, lastError: null } : {}),
    });
    if (pass.error) {
      deps.log.error({ err: pass.error, channelId: channel.id }, 'mailbox letter not taken');
    }
    return { ...pass, outcomes };
  } catch (error) {
    if (!(error instanceof MailboxError)) throw error;
    await setChannelState(deps, channel.accountId, channel.id, {
      state: 'error',
      lastError: error.message,
      syncState: { ...progress, failing: true },
    });
    deps.log.warn({ channelId: channel.id, reason: error.message }, 'mailbox not read');
    return { progress, read: 0, more: false, outcomes, error };
  }
}

/** A pass over every active mailbox of every account, one after another. */
export async function pollMailboxes(deps: Pick<MessagingDeps, 'config' | 'database' | 'log'>) {
  const channels = await listActiveChannels(deps as MessagingDeps, 'email');
  let read = 0;
  for (const channel of channels) {
    const pass = await pollMailbox(deps, channel).catch((error: unknown) => {
      deps.log.error({ err: error, channelId: channel.id }, 'mailbox poll failed');
      return null;
    });
    read += pass?.read ?? 0;
  }
  return read;
}
