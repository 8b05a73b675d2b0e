import {
  SUPPORT_CHAT_MESSAGES,
  SUPPORT_CHAT_PAGE,
  type TSupportChat,
  type TSupportMessage,
} from '@ats/contracts/support-chat';
import type { AppDeps } from '../../platform/deps.ts';
import { conflict } from '../../platform/errors.ts';
import { userDisplayName } from '../../platform/person-name.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import * as repo from './support-chat.repository.ts';
import {
  type SupportBotUpdate,
  SupportBotError,
  pollSupportUpdates,
  postToSupportChat,
  supportBotConfigured,
} from './support-telegram.ts';

// The support chat (decision 0046): a user's message is kept in the account's conversation and
// posted to the support's Telegram chat with who wrote it; the support answers by replying to
// that post, and a poller of the bot's updates brings the answer back into the account's
// conversation (the reply's own id is kept too, so replying to an answer works the same way).

export type SupportDeps = Pick<AppDeps, 'database' | 'config' | 'log'>;

const iso = (value: Date | string) =>
  (value instanceof Date ? value : new Date(value)).toISOString();

const toMessage = (row: repo.SupportRow): TSupportMessage => ({
  id: row.id,
  author: row.author,
  author_name: row.author === 'user' ? userDisplayName(row.author_person) : null,
  text: row.text,
  state: row.state,
  created_at: iso(row.created_at),
});

/** GET /api/support_chat: every user of the account reads the account's conversation. */
export async function getSupportChat(
  deps: SupportDeps,
  tenant: Tenant,
  afterId = 0,
): Promise<TSupportChat> {
  const rows = await tenant.transaction((tx) =>
    repo.listMessages(tx, tenant.accountId, afterId, SUPPORT_CHAT_PAGE),
  );
  return { available: supportBotConfigured(deps.config), messages: rows.map(toMessage) };
}

/** The post in the support's chat: who wrote, from which company, and the text. */
const forwardedText = (
  accountId: number,
  sender: { company: string; email: string } | null,
  text: string,
) =>
  `Аккаунт №${accountId}${sender ? ` «${sender.company}», ${sender.email}` : ''}:\n\n${text}\n\n` +
  '— ответьте на это сообщение, чтобы ответ пришёл пользователю';

/** POST /api/support_chat/messages: kept, then posted to Telegram; a failure is shown on it. */
export async function sendSupportMessage(deps: SupportDeps, tenant: Tenant, text: string) {
  if (!supportBotConfigured(deps.config)) throw conflict(SUPPORT_CHAT_MESSAGES.notConfigured);
  const { row, sender } = await tenant.transaction(async (tx) => ({
    row: await repo.insertMessage(tx, {
      accountId: tenant.accountId,
      userId: tenant.userId,
      author: 'user',
      text,
      state: 'queued',
    }),
    sender: await repo.senderOf(tx, tenant.accountId, tenant.userId),
  }));
  try {
    const posted = await postToSupportChat(
      deps.config,
      forwardedText(tenant.accountId, sender, text),
    );
    await tenant.transaction((tx) =>
      repo.markMessage(tx, tenant.accountId, row.id, {
        state: 'sent',
        telegramMessageId: posted.message_id,
      }),
    );
  } catch (error) {
    deps.log.warn({ err: (error as Error).message, id: row.id }, 'support message not delivered');
    await tenant.transaction((tx) =>
      repo.markMessage(tx, tenant.accountId, row.id, {
        state: 'failed',
        error: (error as Error).message.slice(0, 500),
      }),
    );
  }
  const [saved] = await tenant.transaction((tx) =>
    repo.listMessages(tx, tenant.accountId, row.id - 1, 1),
  );
  return toMessage(saved!);
}

/** One update of the support bot: a reply in the support's chat to a post it knows. */
export async function takeSupportUpdate(deps: SupportDeps, update: SupportBotUpdate) {
  const message = update.message;
  if (!message || String(message.chat.id) !== deps.config.SUPPORT_TELEGRAM_CHAT_ID) return false;
  const repliedTo = message.reply_to_message?.message_id;
  if (repliedTo === undefined) return false;
  const original = await repo.findByTelegramIdAcrossAccounts(deps.database.system, repliedTo);
  if (!original) return false;
  const text = (message.text ?? message.caption ?? '').trim();
  if (!text) return false;
  return deps.database.withTenant(original.accountId, (tx) =>
    repo.insertReplyOnce(tx, {
      accountId: original.accountId,
      text,
      telegramMessageId: message.message_id,
      createdAt: new Date(message.date * 1000),
    }),
  );
}

/**
 * Polls the support bot's updates while the server runs (getUpdates long polling; the offset
 * confirms what was taken, and a repeated update is kept once). Answers a function that stops it.
 */
export function startSupportPoller(deps: SupportDeps) {
  if (!supportBotConfigured(deps.config)) return async () => undefined;
  const controller = new AbortController();
  let offset = 0;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      controller.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  const loop = (async () => {
    while (!controller.signal.aborted) {
      try {
        const updates = await pollSupportUpdates(deps.config, offset, controller.signal);
        for (const update of updates) {
          await takeSupportUpdate(deps, update).catch((error: unknown) =>
            deps.log.error({ err: error }, 'support reply not kept'),
          );
          offset = Math.max(offset, update.update_id + 1);
        }
      } catch (error) {
        if (controller.signal.aborted) break;
        const wait = error instanceof SupportBotError ? (error.retryAfterMs ?? 2000) : 2000;
        deps.log.warn({ err: (error as Error).message }, 'support bot poll failed');
        await pause(wait);
      }
    }
  })();
  return async () => {
    controller.abort();
    await loop;
  };
}
