import { MSG_MESSAGES } from '@ats/contracts/messaging';
import pino from 'pino';
import { AppError } from '../../../platform/errors.ts';
import { type Tenant, tenantFor } from '../../../platform/tenancy.ts';
import {
  type SendContext,
  type SendResult,
  type Transport,
  TransportError,
  linkSiteChats,
  receiveIncoming,
  registerTransport,
  siteChannelFor,
  transportOf,
} from '../../messaging/messaging.service.ts';
import * as repo from '../job-sites.repository.ts';
import { type JobSitesDeps, avitoChannelExternalId, siteSessionOf } from '../job-sites.service.ts';
import { SiteError } from '../site-client.ts';
import { valueOf } from '../site-result.ts';
import { avitoClientFor } from './avito-site.ts';
import type { AvitoMessage } from './avito-types.ts';

// Avito's messenger as a channel of the applicant's conversation (decision 0071), as hh.ru's
// negotiations are (decision 0062). Each Avito connection has one company channel of kind
// `avito`; the chat an application names (`contacts.chat.value`) is a chat of it, linked to the
// applicant the application became. The messaging module owns the channel, links and messages.
// - In: once per sync, after the applications. Avito's applications carry no message count and
//   are listed only when they change, so the account's chats are listed (`GET /messenger/v2/
//   accounts/{user_id}/chats`, 100 a page, up to 1,000) and matched to the responses by the
//   chat id kept at import (`job_site_responses.chat_id`); a chat whose `updated` is newer than
//   the one kept in `messages_seen` (unix seconds for Avito; null: never read) has its messages
//   read (`GET /messenger/v3/…/messages/`, newest first, down to the last one read). The
//   applicant's are stored through `receiveIncoming`, once per Avito message id. A chat listed
//   with no message is linked without a call.
// - Out: a recruiter's message on the channel goes through the outbox as `POST /messenger/v1/
//   accounts/{user_id}/chats/{chat_id}/messages`; Avito's message id is kept. A 429 pauses the
//   message without spending an attempt, a 5xx is retried, a refusal fails it in Russian.

const SITE = 'avito';
const quietLog = pino({ level: 'silent' });
/** Chats listed per sync at most (100 a page): older chats are read once, when first seen. */
const MAX_CHAT_PAGES = 10;
const CHAT_PAGE = 100;
/** Messages read per chat at most (newest first). */
const MAX_MESSAGE_PAGES = 5;
const MESSAGE_PAGE = 100;

export const AVITO_MESSAGE_TEXTS = {
  paused: 'Авито просит подождать: сообщение уйдёт позже',
  reconnect: 'Подключите Авито заново: сообщение уйдёт после этого',
  unavailable: 'Авито не ответил, повторим позже',
  gone: 'Подключение к Авито удалено: сообщение не отправлено',
  chatGone: 'Чат на Авито закрыт или удалён: сообщение не отправлено',
  refused: (status: number) => `Авито не принял сообщение (ошибка ${status})`,
  manual: 'Канал Авито появляется сам, когда подключено Авито',
  noText: 'Сообщение на Авито без текста: откройте чат на Авито',
} as const;

const PAUSE_MS = 60_000;
const RECONNECT_PAUSE_MS = 10 * 60_000;

const channelSpec = (row: repo.ConnectionRow) => ({
  kind: 'avito' as const,
  externalId: avitoChannelExternalId(row.id),
  name: 'Авито',
  address: row.externalAccountName,
  settings: { connection_id: row.id, user_id: row.externalAccountId },
  createdBy: row.createdBy,
});

type Call = ReturnType<typeof siteSessionOf>['call'];
type Retry = <T>(work: () => Promise<T>) => Promise<T>;
type ListedChat = { updated: number; empty: boolean };

/** The account's chats, newest first as Avito lists them: each one's `updated`, and if empty. */
async function listedChats(deps: JobSitesDeps, userId: number, call: Call, retry: Retry) {
  const chats = new Map<string, ListedChat>();
  for (let page = 0; page < MAX_CHAT_PAGES; page += 1) {
    const list = await retry(() =>
      call(async (token) =>
        valueOf(
          await avitoClientFor(deps.config, token).listChats(userId, {
            limit: CHAT_PAGE,
            offset: page * CHAT_PAGE,
          }),
        ),
      ),
    );
    for (const chat of list) {
      chats.set(chat.id, {
        updated: chat.updated ?? chat.created ?? 0,
        empty: !chat.last_message,
      });
    }
    if (list.length < CHAT_PAGE) break;
  }
  return chats;
}

/** A chat's messages newer than `since` (unix seconds; null: all), newest first. */
async function chatMessages(
  deps: JobSitesDeps,
  userId: number,
  chatId: string,
  since: number | null,
  call: Call,
  retry: Retry,
) {
  const messages: AvitoMessage[] = [];
  for (let page = 0; page < MAX_MESSAGE_PAGES; page += 1) {
    const list = await retry(() =>
      call(async (token) =>
        valueOf(
          await avitoClientFor(deps.config, token).listMessages(userId, chatId, {
            limit: MESSAGE_PAGE,
            offset: page * MESSAGE_PAGE,
          }),
        ),
      ),
    );
    messages.push(...list);
    // Older than the last read: the rest was read then (a second's tie is read again).
    if (list.length < MESSAGE_PAGE || (since !== null && (list.at(-1)?.created ?? 0) < since)) {
      break;
    }
  }
  return messages;
}

/**
 * The applicants' messages of the chats Avito lists as changed since they were last read, once
 * per sync. Site failures are thrown for the sync to pause; what was read whole is kept.
 */
export async function pullAvitoChatMessages(
  deps: JobSitesDeps,
  context: { tenant: Tenant; row: repo.ConnectionRow; call: Call; retry: Retry },
) {
  const { tenant, row, call, retry } = context;
  const userId = Number(row.externalAccountId);
  if (!Number.isSafeInteger(userId)) return;
  const chats = await listedChats(deps, userId, call, retry);
  if (chats.size === 0) return;
  const known = await tenant.transaction((tx) =>
    repo.responsesForChats(tx, row.accountId, SITE, [...chats.keys()]),
  );
  const due = known.filter((response) => {
    const listed = chats.get(response.chatId!)!;
    return response.messagesSeen === null || listed.updated > response.messagesSeen;
  });
  if (due.length === 0) return;
  const channelId = await siteChannelFor(tenant, channelSpec(row));
  // Switched off or removed by a user: nothing is read.
  if (channelId === null) return;
  await linkSiteChats(
    tenant,
    channelId,
    due.map((r) => ({ externalChatId: r.chatId!, applicantId: r.applicantId! })),
  );
  const messagingDeps = { config: deps.config, database: deps.database, log: deps.log ?? quietLog };
  const seen: { id: number; count: number }[] = [];
  try {
    for (const response of due) {
      const chatId = response.chatId!;
      const listed = chats.get(chatId)!;
      // No message yet: linked, nothing to read (and nothing kept, so the first one is read).
      if (listed.empty) continue;
      let messages: AvitoMessage[];
      try {
        messages = await chatMessages(deps, userId, chatId, response.messagesSeen, call, retry);
      } catch (error) {
        // The chat is gone or closed to us: nothing to read there until it changes.
        if (error instanceof SiteError && error.kind === 'other') {
          seen.push({ id: response.id, count: listed.updated ?? 0 });
          continue;
        }
        throw error;
      }
      // Oldest first, so the conversation's order is the chat's.
      for (const message of [...messages].reverse()) {
        const fromApplicant =
          message.direction === 'in' ||
          (message.direction === undefined && message.author_id !== userId);
        if (!fromApplicant || message.type === 'system' || message.type === 'deleted') continue;
        await receiveIncoming(messagingDeps, row.accountId, {
          channelId,
          externalChatId: chatId,
          externalMessageId: message.id,
          applicantId: response.applicantId!,
          linkedBy: 'site',
          text: message.content?.text || AVITO_MESSAGE_TEXTS.noText,
          attachments: [],
          sentAt: message.created ? new Date(message.created * 1000) : new Date(),
          author: { externalUserId: message.author_id ? String(message.author_id) : null },
          meta: { site: SITE },
        });
      }
      const newest = Math.max(0, ...messages.map((m) => m.created ?? 0));
      seen.push({ id: response.id, count: Math.max(listed.updated ?? 0, newest) });
    }
  } finally {
    await tenant.transaction((tx) => repo.setMessagesSeen(tx, row.accountId, seen));
  }
}

/** Sends one message of the outbox into the applicant's Avito chat. */
async function send(ctx: SendContext): Promise<SendResult> {
  const accountId = ctx.channel.accountId;
  const connectionId = Number(ctx.channel.settings.connection_id);
  const chatId = ctx.recipient.chatId;
  if (!chatId) throw new TransportError(MSG_MESSAGES.noSiteChat, { permanent: true });
  if (ctx.message.attachments.length > 0) {
    throw new TransportError(MSG_MESSAGES.filesNotAccepted, { permanent: true });
  }
  const reader = tenantFor(ctx.database, accountId, 0);
  const row = Number.isInteger(connectionId)
    ? await reader.transaction((tx) => repo.findConnection(tx, accountId, connectionId))
    : null;
  const userId = Number(row?.externalAccountId);
  if (!row || row.site !== SITE || !Number.isSafeInteger(userId)) {
    throw new TransportError(AVITO_MESSAGE_TEXTS.gone, { permanent: true });
  }
  if (row.state === 'reconnect') {
    throw new TransportError(AVITO_MESSAGE_TEXTS.reconnect, {
      pause: true,
      retryAfterMs: RECONNECT_PAUSE_MS,
    });
  }
  const pausedFor = row.pausedUntil ? row.pausedUntil.getTime() - Date.now() : 0;
  if (pausedFor > 0) {
    throw new TransportError(AVITO_MESSAGE_TEXTS.paused, { pause: true, retryAfterMs: pausedFor });
  }
  const deps: JobSitesDeps = { config: ctx.config, database: ctx.database, log: ctx.log };
  const tenant = tenantFor(ctx.database, accountId, row.createdBy ?? 0);
  try {
    const { call } = siteSessionOf(deps, tenant, row);
    const sent = await call(async (token) =>
      valueOf(
        await avitoClientFor(ctx.config, token).sendMessage(userId, chatId, ctx.message.text),
      ),
    );
    return { state: 'sent', externalChatId: chatId, ...(sent.id ? { externalId: sent.id } : {}) };
  } catch (error) {
    // The credentials were refused: the connection waits for a person.
    if (error instanceof AppError) {
      throw new TransportError(AVITO_MESSAGE_TEXTS.reconnect, {
        pause: true,
        retryAfterMs: RECONNECT_PAUSE_MS,
      });
    }
    if (error instanceof SiteError) {
      if (error.kind === 'rate') {
        throw new TransportError(AVITO_MESSAGE_TEXTS.paused, {
          pause: true,
          retryAfterMs: error.retryAfterSeconds ? error.retryAfterSeconds * 1000 : PAUSE_MS,
        });
      }
      if (error.kind === 'unavailable') throw new TransportError(AVITO_MESSAGE_TEXTS.unavailable);
      if (error.status === 404) {
        throw new TransportError(AVITO_MESSAGE_TEXTS.chatGone, { permanent: true });
      }
      throw new TransportError(AVITO_MESSAGE_TEXTS.refused(error.status), { permanent: true });
    }
    throw error;
  }
}

export const avitoMessagesTransport: Transport = {
  kind: 'avito',
  acceptsFiles: false,
  connect: () =>
    Promise.reject(new TransportError(AVITO_MESSAGE_TEXTS.manual, { permanent: true })),
  send,
};

if (!transportOf('avito')) registerTransport(avitoMessagesTransport);
