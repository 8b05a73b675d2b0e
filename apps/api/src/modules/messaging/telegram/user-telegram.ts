import { USER_TELEGRAM_TEXTS, type TUserTelegram } from '@ats/contracts/messaging-telegram';
import type { Db } from '@ats/db/connection';
import type { Config } from '../../../platform/config.ts';
import { badRequest, notFound } from '../../../platform/errors.ts';
import type { Tenant } from '../../../platform/tenancy.ts';
import { backoffMs, MAX_SEND_ATTEMPTS } from '../messaging-outbox.ts';
import { findActiveUserContacts } from '../../users/users.service.ts';
import * as repo from '../messaging.repository.ts';
import { type MessagingDeps, transportChannelOf } from '../messaging.service.ts';
import { setUserNotificationKick, startUserNotices } from '../user-notices.service.ts';
import { TelegramApiError, telegramApi } from './telegram-api.ts';
import { deepLinkOf, signUserLinkToken } from './telegram-keys.ts';
import * as userRepo from './user-telegram.repository.ts';

// A user's own Telegram for notifications (issue 14): the user asks /profile for a deep link to
// one of the company's bots (or their own), signed for them alone; the bot's `/start <token>`
// ties that chat to the user. The events their notification settings send by Telegram are
// queued in the raiser's transaction and sent after the commit, retried from the outbox by the
// messaging sweep: never lost (a sender that dies mid-send puts its claim back in the queue).

type ChannelRow = Awaited<ReturnType<typeof repo.listChannels>>[number];

const isBotOf = (userId: number) => (c: ChannelRow) =>
  c.kind === 'telegram' &&
  c.state !== 'disabled' &&
  (c.userId === null || c.userId === userId) &&
  typeof c.settings.bot_username === 'string';

const botsOf = async (tx: Db, tenant: Tenant) =>
  (await repo.listChannels(tx, tenant.accountId, { scope: 'all' })).filter(isBotOf(tenant.userId));

export async function getUserTelegram(tenant: Tenant): Promise<TUserTelegram> {
  return tenant.transaction(async (tx) => {
    const bots = await botsOf(tx, tenant);
    const link = await userRepo.findUserLink(tx, tenant.accountId, tenant.userId);
    const linkedBot = link
      ? (await repo.findChannelsByIds(tx, tenant.accountId, [link.channelId]))[0]
      : undefined;
    return {
      bots: bots.map((bot) => ({
        channel_id: bot.id,
        channel_name: bot.name,
        bot_username: String(bot.settings.bot_username),
      })),
      linked:
        link && linkedBot
          ? {
              channel_id: link.channelId,
              bot_username: String(linkedBot.settings.bot_username ?? ''),
              linked_at: link.createdAt.toISOString(),
            }
          : null,
    };
  });
}

/** The caller's deep link to the chosen bot (the company's oldest by default). */
export async function userTelegramLinkUrl(config: Config, tenant: Tenant, channelId?: number) {
  const bots = await tenant.transaction((tx) => botsOf(tx, tenant));
  if (bots.length === 0) throw badRequest(USER_TELEGRAM_TEXTS.noBot);
  const bot =
    channelId === undefined
      ? (bots.find((b) => b.userId === null) ?? bots[0]!)
      : bots.find((b) => b.id === channelId);
  if (!bot) throw notFound(USER_TELEGRAM_TEXTS.unknownBot);
  const username = String(bot.settings.bot_username);
  return {
    bot_username: username,
    url: deepLinkOf(
      username,
      signUserLinkToken(config, {
        accountId: tenant.accountId,
        channelId: bot.id,
        userId: tenant.userId,
      }),
    ),
  };
}

export async function unlinkUserTelegram(tenant: Tenant) {
  await tenant.transaction((tx) => userRepo.unlinkUser(tx, tenant.accountId, tenant.userId));
}

/** From the bot's `/start <token>`: the chat is the user's now (an active user of the account). */
export async function linkUserChat(
  deps: MessagingDeps,
  link: { accountId: number; channelId: number; userId: number; externalChatId: string },
) {
  return deps.database.withTenant(link.accountId, async (tx) => {
    const [channel] = await repo.findChannelsByIds(tx, link.accountId, [link.channelId]);
    if (!channel || channel.deletedAt || !isBotOf(link.userId)(channel)) return false;
    const users = await findActiveUserContacts(tx, link.accountId, [link.userId]);
    if (users.length === 0) return false;
    await userRepo.linkUserChat(tx, link);
    return true;
  });
}

export const isUserChat = (
  deps: MessagingDeps,
  accountId: number,
  channelId: number,
  externalChatId: string,
) =>
  deps.database.withTenant(accountId, async (tx) =>
    userRepo.findUserByChat(tx, accountId, channelId, externalChatId),
  );

const SEND_FAILED = 'Не удалось отправить уведомление в Telegram';
const CHANNEL_GONE = 'Бот удалён или отключён';

async function sendOne(deps: MessagingDeps, claimed: userRepo.ClaimedNotification) {
  const { account_id: accountId, id } = claimed;
  const finish = (patch: Parameters<typeof userRepo.finishNotification>[3]) =>
    deps.database.withTenant(accountId, (tx) =>
      userRepo.finishNotification(tx, accountId, id, patch),
    );
  const channel = await deps.database.withTenant(accountId, async (tx) => {
    const [row] = await repo.findChannelsByIds(tx, accountId, [claimed.channel_id]);
    return row && !row.deletedAt && row.state !== 'disabled'
      ? transportChannelOf(deps.config, row)
      : null;
  });
  const token = channel?.secrets.token;
  if (!token) {
    await finish({ state: 'failed', reason: CHANNEL_GONE, nextAttemptAt: null });
    return;
  }
  try {
    await telegramApi(deps.config, token).sendMessage({
      chat_id: claimed.external_chat_id,
      text: claimed.text,
    });
    await finish({ state: 'sent', reason: null, sentAt: new Date(), nextAttemptAt: null });
  } catch (error) {
    const known = error instanceof TelegramApiError ? error : null;
    // The user blocked the bot, the chat is gone, the token was revoked: no retry helps.
    const permanent = known !== null && [400, 401, 403, 404].includes(known.code);
    deps.log.warn(
      { code: known?.code ?? null, notificationId: id },
      'telegram: a user notification was not sent',
    );
    if (permanent || claimed.attempts >= MAX_SEND_ATTEMPTS) {
      await finish({
        state: 'failed',
        reason: known ? `${SEND_FAILED}: ${known.description}` : SEND_FAILED,
        nextAttemptAt: null,
      });
      return;
    }
    await finish({
      state: 'queued',
      reason: SEND_FAILED,
      nextAttemptAt: new Date(Date.now() + (known?.retryAfterMs ?? backoffMs(claimed.attempts))),
    });
  }
}

/** Sends due notifications one by one (those of `only`, or any due); answers how many. */
export async function sendDueUserNotifications(
  deps: MessagingDeps,
  options: { only?: { accountId: number; ids: number[] }; limit?: number } = {},
) {
  if (!options.only) {
    await userRepo.requeueStaleClaims(deps.database.system, deps.config.OUTBOX_STALE_CLAIM_SECONDS);
  }
  const limit = options.limit ?? 50;
  let taken = 0;
  for (; taken < limit; taken += 1) {
    const claimed = await userRepo.claimOneDue(deps.database.system, options.only);
    if (!claimed) break;
    await sendOne(deps, claimed);
  }
  return taken;
}

/** After the raiser's commit: sends at once in this process (the sweep otherwise). */
export function handOverUserNotifications(deps: MessagingDeps, accountId: number, ids: number[]) {
  if (ids.length === 0) return;
  void sendDueUserNotifications(deps, { only: { accountId, ids }, limit: ids.length }).catch(
    (error: unknown) =>
      deps.log.warn({ err: (error as Error).message }, 'user notifications not handed over'),
  );
}

/** Called once where notifications are raised (the API process): hands them over at once. */
export function startUserNotifications(deps: MessagingDeps) {
  setUserNotificationKick((accountId, ids) => handOverUserNotifications(deps, accountId, ids));
  return startUserNotices(deps);
}
