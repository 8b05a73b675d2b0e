import type { Tenant } from '../../../platform/tenancy.ts';
import { registerTransport, transportOf } from '../../messaging/messaging.service.ts';
import * as repo from '../job-sites.repository.ts';
import { type JobSitesDeps, hhChannelExternalId, siteSessionOf } from '../job-sites.service.ts';
import type { SiteResponse } from '../site-client.ts';
import {
  readChatsKeepingSeen,
  siteChannelWithChats,
  siteMessageTransport,
  storeSiteMessages,
} from '../site-messages.ts';
import {
  collectionPage,
  type HhMessage,
  HhNegotiationRefused,
  hhRefusalText,
  movedCollections,
  negotiationMessages,
  sendNegotiationMessage,
} from './hh-negotiation.ts';

// hh.ru negotiations as a channel of the applicant's conversation (decision 0062). Each hh.ru
// connection has one company channel of kind `hh` (made by the first sync that needs it); each
// negotiation that brought an applicant is a chat of it, linked to the applicant. The messaging
// module owns the channel, the links and the messages: this file only calls its service.
// - In: the sync lists each vacancy's negotiations with their message count; a negotiation whose
//   count differs from the one last read (or that was never read) has its messages read, and the
//   applicant's are stored through `receiveIncoming`, once per hh.ru message id. hh.ru has no
//   webhook for messages, so they arrive with the sync (the sweep, «Синхронизировать сейчас», a
//   new-response webhook). A 429 or 5xx stops the sync before the count is kept: the next one
//   reads the negotiation again, and what was stored is not stored twice.
//   Negotiations moved to an invitation or a rejection leave the responses collection: after a
//   vacancy's responses, its other collections are paged for their counts too (decision 0071).
// - Out: a recruiter's message on the channel is sent by the message outbox through the
//   transport below as `POST /negotiations/{nid}/messages`. A 429, a paused connection or one to
//   be connected again pause the message (no attempt spent); a 5xx is retried with back-off;
//   hh.ru's refusal fails it with the reason in Russian (`site-messages.ts` shares all that).

const SITE = 'hh';

export const HH_MESSAGE_TEXTS = {
  paused: 'hh.ru просит подождать: сообщение уйдёт позже',
  reconnect: 'Подключите hh.ru заново: сообщение уйдёт после этого',
  unavailable: 'hh.ru не ответил, повторим позже',
  gone: 'Подключение к hh.ru удалено: сообщение не отправлено',
  refused: (status: number) => `hh.ru не принял сообщение (ошибка ${status})`,
  manual: 'Канал hh.ru появляется сам, когда подключён hh.ru',
} as const;

const channelSpec = (row: repo.ConnectionRow) => ({
  kind: 'hh' as const,
  externalId: hhChannelExternalId(row.id),
  name: 'hh.ru',
  address: row.externalAccountName,
  settings: { connection_id: row.id, employer_id: row.externalAccountId },
  createdBy: row.createdBy,
});

/** hh.ru writes `2022-05-19T18:14:13+0300`: the offset gets its colon. */
export function hhDate(value: string): Date {
  const date = new Date(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isNaN(date.getTime()) ? new Date() : date;
}

/**
 * The messages of a page's negotiations into the conversations: only negotiations that became
 * applicants and whose message count moved. Site failures are thrown for the sync to pause.
 */
export async function pullNegotiationMessages(
  deps: JobSitesDeps,
  context: {
    tenant: Tenant;
    row: repo.ConnectionRow;
    call: ReturnType<typeof siteSessionOf>['call'];
    retry: <T>(work: () => Promise<T>) => Promise<T>;
  },
  items: SiteResponse[],
) {
  const { tenant, row, call, retry } = context;
  const counts = new Map(items.map((item) => [item.externalId, item.messageCount ?? null]));
  const known = await tenant.transaction((tx) =>
    repo.responsesForMessages(tx, row.accountId, SITE, [...counts.keys()]),
  );
  const due = known.filter((response) => {
    const count = counts.get(response.externalId) ?? null;
    return response.messagesSeen === null || (count !== null && count !== response.messagesSeen);
  });
  if (due.length === 0) return;
  const channelId = await siteChannelWithChats(
    tenant,
    channelSpec(row),
    due.map((r) => ({ externalChatId: r.externalId, applicantId: r.applicantId! })),
  );
  // Switched off or removed by a user: nothing is read (nor marked read).
  if (channelId === null) return;
  await readChatsKeepingSeen(tenant, due, async (response) => {
    const count = counts.get(response.externalId) ?? null;
    if (count === 0) return 0;
    let messages: HhMessage[];
    try {
      messages = await retry(() =>
        call((token) => negotiationMessages(deps.config, token, response.externalId)),
      );
    } catch (error) {
      // The negotiation is gone or closed to us: nothing to read there until it changes.
      if (error instanceof HhNegotiationRefused) return count ?? 0;
      throw error;
    }
    await storeSiteMessages(
      deps,
      row.accountId,
      {
        site: SITE,
        channelId,
        externalChatId: response.externalId,
        applicantId: response.applicantId!,
      },
      messages
        .filter((message) => message.fromApplicant)
        .map((message) => ({
          id: message.id,
          text: message.text,
          sentAt: hhDate(message.createdAt),
          authorId: null,
        })),
    );
    return count ?? messages.length;
  });
}

/** Pages of a collection read per sync at most (50 negotiations a page). */
const MAX_MOVED_PAGES = 40;

/**
 * The messages of a vacancy's negotiations hh.ru no longer lists as responses: those invited or
 * discarded (decision 0071), read as the responses' are, only where the count moved. One call
 * for the collections, then their pages; nothing is imported from them.
 */
export async function pullMovedNegotiationMessages(
  deps: JobSitesDeps,
  context: Parameters<typeof pullNegotiationMessages>[1],
  externalVacancyId: string,
) {
  const { call, retry } = context;
  const collections = await retry(() =>
    call((token) => movedCollections(deps.config, token, externalVacancyId)),
  );
  for (const collection of collections) {
    for (let page = 0, pages = 1; page < Math.min(pages, MAX_MOVED_PAGES); page += 1) {
      const answer = await retry(() =>
        call((token) => collectionPage(deps.config, token, collection, externalVacancyId, page)),
      );
      pages = answer.pages;
      const items = answer.items.map((item) => ({ ...item, resumeId: null, resumeUrl: null }));
      await pullNegotiationMessages(deps, context, items);
    }
  }
}

/** The outbox's transport: a message goes as `POST /negotiations/{nid}/messages`. */
export const hhMessagesTransport = siteMessageTransport({
  kind: 'hh',
  texts: HH_MESSAGE_TEXTS,
  send: async ({ ctx, call, chatId }) => {
    await call((token) => sendNegotiationMessage(ctx.config, token, chatId, ctx.message.text));
    return {};
  },
  refusalOf: (error) =>
    error instanceof HhNegotiationRefused ? hhRefusalText(error.reason) : null,
});

// Wherever the job-sites module is loaded (the API, the worker) the outbox can send through hh.ru;
// a test's stand-in registered first is left as it is.
if (!transportOf('hh')) registerTransport(hhMessagesTransport);
