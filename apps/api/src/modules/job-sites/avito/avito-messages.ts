import type { Tenant } from '../../../platform/tenancy.ts';
import { registerTransport, transportOf } from '../../messaging/messaging.service.ts';
import * as repo from '../job-sites.repository.ts';
import { type JobSitesDeps, avitoChannelExternalId, siteSessionOf } from '../job-sites.service.ts';
import { SiteError } from '../site-client.ts';
import {
  type SiteChatMessage,
  readChatsKeepingSeen,
  siteChannelWithChats,
  siteMessageTransport,
  storeSiteMessages,
} from '../site-messages.ts';
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
//   message without spending an attempt, a 5xx is retried, a refusal fails it in Russian
//   (`site-messages.ts` shares all that with hh.ru).

const SITE = 'avito';
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

/** The connection's channel «Авито» (no secrets in its settings). */
export const avitoChannelSpec = (row: repo.ConnectionRow) => ({
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

/** The applicant's own words: not ours, not Avito's `system` notes nor a `deleted` message. */
const isApplicants = (message: AvitoMessage, userId: number) => {
  const fromApplicant =
    message.direction === 'in' || (message.direction === undefined && message.author_id !== userId);
  return fromApplicant && message.type !== 'system' && message.type !== 'deleted';
};

const avitoChatMessage = (message: AvitoMessage): SiteChatMessage => ({
  id: message.id,
  text: message.content?.text || AVITO_MESSAGE_TEXTS.noText,
  sentAt: message.created ? new Date(message.created * 1000) : new Date(),
  authorId: message.author_id ? String(message.author_id) : null,
});

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
  const channelId = await siteChannelWithChats(
    tenant,
    avitoChannelSpec(row),
    due.map((r) => ({ externalChatId: r.chatId!, applicantId: r.applicantId! })),
  );
  // Switched off or removed by a user: nothing is read.
  if (channelId === null) return;
  await readChatsKeepingSeen(tenant, due, async (response) => {
    const chatId = response.chatId!;
    const listed = chats.get(chatId)!;
    // No message yet: linked, nothing to read (and nothing kept, so the first one is read).
    if (listed.empty) return null;
    let messages: AvitoMessage[];
    try {
      messages = await chatMessages(deps, userId, chatId, response.messagesSeen, call, retry);
    } catch (error) {
      // The chat is gone or closed to us: nothing to read there until it changes.
      if (error instanceof SiteError && error.kind === 'other') return listed.updated ?? 0;
      throw error;
    }
    // Oldest first, so the conversation's order is the chat's.
    await storeSiteMessages(
      deps,
      row.accountId,
      { site: SITE, channelId, externalChatId: chatId, applicantId: response.applicantId! },
      [...messages]
        .reverse()
        .filter((message) => isApplicants(message, userId))
        .map(avitoChatMessage),
    );
    const newest = Math.max(0, ...messages.map((m) => m.created ?? 0));
    return Math.max(listed.updated ?? 0, newest);
  });
}

/** The outbox's transport: a message goes into the applicant's Avito chat; Avito's id is kept. */
export const avitoMessagesTransport = siteMessageTransport({
  kind: 'avito',
  texts: AVITO_MESSAGE_TEXTS,
  usable: (row) => row.site === SITE && Number.isSafeInteger(Number(row.externalAccountId)),
  send: async ({ ctx, row, call, chatId }) => {
    const userId = Number(row.externalAccountId);
    const sent = await call(async (token) =>
      valueOf(
        await avitoClientFor(ctx.config, token).sendMessage(userId, chatId, ctx.message.text),
      ),
    );
    return { externalId: sent.id };
  },
  refusalOf: (error) =>
    error instanceof SiteError && error.status === 404 ? AVITO_MESSAGE_TEXTS.chatGone : null,
});

if (!transportOf('avito')) registerTransport(avitoMessagesTransport);
