import { MSG_MESSAGES } from '@ats/contracts/messaging';
import pino from 'pino';
import { AppError } from '../../platform/errors.ts';
import { type Tenant, tenantFor } from '../../platform/tenancy.ts';
import {
  type SendContext,
  type SendResult,
  type SiteChannelSpec,
  type Transport,
  TransportError,
  linkSiteChats,
  receiveIncoming,
  siteChannelFor,
} from '../messaging/messaging.service.ts';
import * as repo from './job-sites.repository.ts';
import { type JobSitesDeps, siteSessionOf } from './job-sites.service.ts';
import { SiteError } from './site-client.ts';

// What the job sites' messages share (hh.ru's negotiations, decision 0062; Avito's chats, decision
// 0071): the connection's channel with its chats linked, the applicant's messages stored into the
// conversation once per site message id, the chats read whole remembered, and the outbox's
// transport with the sites' failures mapped alike. Each site's file keeps only its own calls and
// the mapping of its message shape. The messaging module owns the channels, links and messages.

const quietLog = pino({ level: 'silent' });

/** The messaging service's pieces of the job-sites deps. */
export const messagingDepsOf = (deps: JobSitesDeps) => ({
  config: deps.config,
  database: deps.database,
  log: deps.log ?? quietLog,
});

/**
 * The connection's channel, made the first time it is needed, with the given chats linked to
 * their applicants; null when a user switched it off or removed it (nothing is read then).
 */
export async function siteChannelWithChats(
  tenant: Tenant,
  spec: SiteChannelSpec,
  chats: { externalChatId: string; applicantId: number }[],
): Promise<number | null> {
  const channelId = await siteChannelFor(tenant, spec);
  if (channelId === null) return null;
  await linkSiteChats(tenant, channelId, chats);
  return channelId;
}

/** An applicant's message as a site gave it, already mapped from the site's shape. */
export type SiteChatMessage = {
  id: string;
  text: string;
  sentAt: Date;
  /** The writer's id on the site, if it names one. */
  authorId: string | null;
};

/**
 * The applicant's messages of one chat into their conversation, in the order given (oldest
 * first), each stored once by the site's message id however often it is read or delivered.
 * Answers how many were new.
 */
export async function storeSiteMessages(
  deps: JobSitesDeps,
  accountId: number,
  chat: { site: string; channelId: number; externalChatId: string; applicantId: number },
  messages: readonly SiteChatMessage[],
): Promise<number> {
  const messagingDeps = messagingDepsOf(deps);
  let stored = 0;
  for (const message of messages) {
    const result = await receiveIncoming(messagingDeps, accountId, {
      channelId: chat.channelId,
      externalChatId: chat.externalChatId,
      externalMessageId: message.id,
      applicantId: chat.applicantId,
      linkedBy: 'site',
      text: message.text,
      attachments: [],
      sentAt: message.sentAt,
      author: { externalUserId: message.authorId },
      meta: { site: chat.site },
    });
    if (result.stored && !result.duplicate) stored += 1;
  }
  return stored;
}

/**
 * Reads the due chats one after another; each `read` answers the mark to keep for its chat
 * (`messages_seen`: hh.ru's count, Avito's `updated`), or null to keep nothing. What was read
 * whole is kept even when a later chat stops the rest (a 429 or 5xx pausing the sync).
 */
export async function readChatsKeepingSeen<R extends { id: number }>(
  tenant: Tenant,
  due: readonly R[],
  read: (response: R) => Promise<number | null>,
) {
  const seen: { id: number; count: number }[] = [];
  try {
    for (const response of due) {
      const mark = await read(response);
      if (mark !== null) seen.push({ id: response.id, count: mark });
    }
  } finally {
    await tenant.transaction((tx) => repo.setMessagesSeen(tx, tenant.accountId, seen));
  }
}

/** The Russian reasons a site's messages are held or refused with, on the card. */
export type SiteMessageTexts = {
  paused: string;
  reconnect: string;
  unavailable: string;
  gone: string;
  refused: (status: number) => string;
  manual: string;
};

/** A paused message is tried again after this when the site names no time. */
const PAUSE_MS = 60_000;
/** A connection to be connected again: looked at again after this. */
const RECONNECT_PAUSE_MS = 10 * 60_000;

export type SiteSend = (work: {
  ctx: SendContext;
  row: repo.ConnectionRow;
  call: ReturnType<typeof siteSessionOf>['call'];
  chatId: string;
}) => Promise<{ externalId?: string | undefined }>;

/**
 * The outbox's transport of a site's channel. A 429, a connection paused after a 429/5xx, or one
 * to connect again pause the message (no attempt spent; the site's `Retry-After`, else a minute;
 * ten minutes for a reconnect); a 5xx or no answer is retried with the outbox's back-off; the
 * site's refusal fails it with the reason in Russian (`refusalOf` first, for the site's own).
 */
export function siteMessageTransport(options: {
  kind: SiteChannelSpec['kind'];
  texts: SiteMessageTexts;
  /** The connection can carry messages (Avito needs its numeric user id). */
  usable?: (row: repo.ConnectionRow) => boolean;
  send: SiteSend;
  /** The site's own refusals, in Russian; null for the usual mapping. */
  refusalOf?: (error: unknown) => string | null;
}): Transport {
  const { texts } = options;
  const send = async (ctx: SendContext): Promise<SendResult> => {
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
    if (!row || (options.usable && !options.usable(row))) {
      throw new TransportError(texts.gone, { permanent: true });
    }
    if (row.state === 'reconnect') {
      throw new TransportError(texts.reconnect, { pause: true, retryAfterMs: RECONNECT_PAUSE_MS });
    }
    const pausedFor = row.pausedUntil ? row.pausedUntil.getTime() - Date.now() : 0;
    if (pausedFor > 0) {
      throw new TransportError(texts.paused, { pause: true, retryAfterMs: pausedFor });
    }
    const deps: JobSitesDeps = { config: ctx.config, database: ctx.database, log: ctx.log };
    const tenant = tenantFor(ctx.database, accountId, row.createdBy ?? 0);
    try {
      const { call } = siteSessionOf(deps, tenant, row);
      const sent = await options.send({ ctx, row, call, chatId });
      return {
        state: 'sent',
        externalChatId: chatId,
        ...(sent.externalId ? { externalId: sent.externalId } : {}),
      };
    } catch (error) {
      const refusal = options.refusalOf?.(error) ?? null;
      if (refusal !== null) throw new TransportError(refusal, { permanent: true });
      // The credentials were refused and could not be renewed: the connection waits for a person.
      if (error instanceof AppError) {
        throw new TransportError(texts.reconnect, {
          pause: true,
          retryAfterMs: RECONNECT_PAUSE_MS,
        });
      }
      if (error instanceof SiteError) {
        if (error.kind === 'rate') {
          throw new TransportError(texts.paused, {
            pause: true,
            retryAfterMs: error.retryAfterSeconds ? error.retryAfterSeconds * 1000 : PAUSE_MS,
          });
        }
        if (error.kind === 'unavailable') throw new TransportError(texts.unavailable);
        throw new TransportError(texts.refused(error.status), { permanent: true });
      }
      throw error;
    }
  };
  return {
    kind: options.kind,
    acceptsFiles: false,
    // Not connected by hand: the channel comes with the site's connection.
    connect: () => Promise.reject(new TransportError(texts.manual, { permanent: true })),
    send,
  };
}
