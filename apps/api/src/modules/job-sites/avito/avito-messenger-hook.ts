import { jobSiteConnections } from '@ats/db/schema/job-sites';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { type Tenant, tenantFor } from '../../../platform/tenancy.ts';
import * as repo from '../job-sites.repository.ts';
import { type JobSitesDeps, siteSessionOf, webhookTokenOf } from '../job-sites.service.ts';
import type { SiteResult } from '../site-call.ts';
import { siteChannelWithChats, storeSiteMessages } from '../site-messages.ts';
import { valueOf } from '../site-result.ts';
import type { AvitoClient } from './avito-client.ts';
import { AVITO_MESSAGE_TEXTS, avitoChannelSpec } from './avito-messages.ts';
import { avitoClientFor } from './avito-site.ts';

// Avito's messenger webhook (decision 0076). Avito pushes every message of the account's chats
// to the URLs subscribed with `POST /messenger/v3/webhook {url}` and signs nothing, so our URL
// carries the connection's unguessable webhook token: `{PUBLIC_URL}/api/job_sites/webhooks/avito/
// messenger/{token}` (the same token column hh.ru's webhook uses, made on first use, gone with
// the connection). Without PUBLIC_URL nothing is subscribed (said once, in the log at info) and
// the messages arrive with the sync, as before.
// - Subscribed when the connection is made, checked on every sync (`POST /messenger/v1/
//   subscriptions`; missing: subscribed again; our token under another address: that one is
//   unsubscribed), unsubscribed on disconnect.
// - A delivery is answered at once (`avito-messenger-hook.service.ts` receives it, as
//   `hh/hh-webhook.service.ts` does hh.ru's): the token names the connection (unknown: 404), our
//   own messages (`author_id == user_id`) and Avito's `system`/`deleted` ones are passed over, and
//   the applicant's message is handed to the job queue. The job stores it into the conversation of
//   the applicant whose application named that chat, once per Avito message id (as the sync
//   does); a chat no application of ours names yet asks for the connection's sync, whose chat
//   logic reads it once the application is imported.
// - The sync still lists the chats (the reconciliation): a delivery Avito never made is read
//   there, and one it made is not stored twice.

/** Where Avito posts the connection's messages (the token is the only secret). */
export const avitoMessengerHookPath = (token: string) =>
  `/api/job_sites/webhooks/avito/messenger/${token}`;

const hookUrlOf = (deps: JobSitesDeps, token: string) => {
  const base = deps.config.PUBLIC_URL?.replace(/\/$/, '');
  return base ? `${base}${avitoMessengerHookPath(token)}` : null;
};

type Call = ReturnType<typeof siteSessionOf>['call'];

const clientCall = <T>(
  deps: JobSitesDeps,
  call: Call,
  work: (client: AvitoClient) => Promise<SiteResult<T>>,
) => call(async (token) => valueOf(await work(avitoClientFor(deps.config, token))));

/** Our subscriptions among the account's: the exact URL, and our token under another address. */
async function subscriptionsOf(deps: JobSitesDeps, call: Call, token: string) {
  const listed = await clientCall(deps, call, (client) => client.listMessengerWebhooks());
  return listed.map((s) => s.url).filter((url) => url.endsWith(avitoMessengerHookPath(token)));
}

/**
 * The connection's messenger subscription, made if Avito does not list it (on connect and on
 * every sync). Without PUBLIC_URL nothing is done. Avito's failures are thrown.
 */
export async function ensureAvitoMessengerHook(
  deps: JobSitesDeps,
  context: { tenant: Tenant; row: repo.ConnectionRow; call: Call },
) {
  const { tenant, row, call } = context;
  if (!deps.config.PUBLIC_URL) return;
  const token = await tenant.transaction((tx) => webhookTokenOf(tx, row.accountId, row.id));
  if (!token) return;
  const url = hookUrlOf(deps, token)!;
  const ours = await subscriptionsOf(deps, call, token);
  // The app's address changed since: the old one is given up.
  for (const stale of ours.filter((u) => u !== url)) {
    await clientCall(deps, call, (client) => client.unsetMessengerWebhook(stale));
  }
  if (!ours.includes(url)) {
    await clientCall(deps, call, (client) => client.setMessengerWebhook(url));
    deps.log?.info(
      { site: 'avito', accountId: row.accountId, connectionId: row.id },
      'avito messenger webhook subscribed',
    );
  }
}

const failureName = (error: unknown) => (error instanceof Error ? error.name : 'unknown');

/**
 * On every sync, after the chats: the subscription checked and made again if Avito lost it. A
 * failure is logged and does not stop the sync (the next one tries again).
 */
export async function keepAvitoMessengerHook(
  deps: JobSitesDeps,
  context: { tenant: Tenant; row: repo.ConnectionRow; call: Call },
) {
  try {
    await ensureAvitoMessengerHook(deps, context);
  } catch (error) {
    deps.log?.warn(
      {
        site: 'avito',
        accountId: context.row.accountId,
        connectionId: context.row.id,
        err: failureName(error),
      },
      'avito messenger webhook not checked',
    );
  }
}

/** After connect: the subscription made; a failure is logged (the sync tries again). */
export async function subscribeAvitoMessenger(
  deps: JobSitesDeps,
  accountId: number,
  connectionId: number,
) {
  if (!deps.config.PUBLIC_URL) {
    deps.log?.info(
      { site: 'avito', accountId, connectionId },
      'avito messenger webhook not subscribed: no PUBLIC_URL, messages come with the sync',
    );
    return;
  }
  const reader = tenantFor(deps.database, accountId, 0);
  const row = await reader.transaction((tx) => repo.findConnection(tx, accountId, connectionId));
  if (!row) return;
  const tenant = tenantFor(deps.database, accountId, row.createdBy ?? 0);
  try {
    const { call } = siteSessionOf(deps, tenant, row);
    await ensureAvitoMessengerHook(deps, { tenant, row, call });
  } catch (error) {
    // Only the classification is logged, never a token or the URL carrying one.
    deps.log?.warn(
      { site: 'avito', accountId, connectionId, err: failureName(error) },
      'avito messenger webhook not subscribed',
    );
  }
}

/** Before disconnect: every subscription carrying the connection's token given up. */
export async function unsubscribeAvitoMessenger(
  deps: JobSitesDeps,
  tenant: Tenant,
  row: repo.ConnectionRow,
) {
  if (row.site !== 'avito' || !row.webhookToken) return;
  const token = row.webhookToken;
  try {
    const { call } = siteSessionOf(deps, tenant, row);
    for (const url of await subscriptionsOf(deps, call, token)) {
      await clientCall(deps, call, (client) => client.unsetMessengerWebhook(url));
    }
  } catch (error) {
    // The token goes with the connection: whatever Avito still sends there answers 404.
    deps.log?.warn(
      {
        site: 'avito',
        accountId: row.accountId,
        connectionId: row.id,
        err: failureName(error),
      },
      'avito messenger webhook not unsubscribed',
    );
  }
}

// Avito's ids are integers of up to 64 bits: read as bounded numbers, kept as text. Text loses
// any NUL character (PostgreSQL's text cannot hold one).
const avitoNumber = z.number().min(-1e15).max(1e15).nullish();
const avitoText = (max: number) =>
  z
    .string()
    .max(max)
    .transform((value) => value.replaceAll('\u0000', ''))
    .nullish();

/** A token as `webhookTokenOf` makes them (anything else names no connection). */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,100}$/;

/** A delivery as we read it (messenger.json's WebhookMessage); anything else is left alone. */
export const ZAvitoMessengerDelivery = z
  .object({
    id: avitoText(200),
    version: avitoText(20),
    timestamp: avitoNumber,
    payload: z
      .object({
        type: avitoText(50),
        value: z
          .object({
            id: avitoText(200),
            chat_id: avitoText(200),
            chat_type: avitoText(20),
            item_id: avitoNumber,
            user_id: avitoNumber,
            author_id: avitoNumber,
            created: avitoNumber,
            type: avitoText(50),
            content: z
              .object({ text: avitoText(20_000) })
              .passthrough()
              .nullish(),
          })
          .passthrough()
          .nullish(),
      })
      .passthrough()
      .nullish(),
  })
  .passthrough();
export type TAvitoMessengerDelivery = z.infer<typeof ZAvitoMessengerDelivery>;

/** The applicant's message a delivery carries, as the job takes it. */
export const ZAvitoHookMessage = z.object({
  id: z.string().min(1).max(200),
  chatId: z.string().min(1).max(200),
  /** The item the chat is about: for a job chat, the vacancy on Avito. */
  itemId: z.string().max(40).nullable(),
  authorId: z.string().max(40).nullable(),
  created: z.number().nullable(),
  text: z.string().nullable(),
});
export type AvitoHookMessage = z.infer<typeof ZAvitoHookMessage>;

/**
 * The applicant's message in a delivery to the connection whose Avito user is `ownUserId`; null
 * for anything else: `{}` (Avito's check of the address), another event, our own message
 * (`author_id == user_id`), Avito's `system` notes and deleted messages, another user's account.
 */
export function applicantMessageOf(
  delivery: TAvitoMessengerDelivery,
  ownUserId: number,
): AvitoHookMessage | null {
  const payload = delivery.payload;
  const value = payload?.value;
  if (payload?.type !== 'message' || !value?.id || !value.chat_id) return null;
  if (value.user_id != null && value.user_id !== ownUserId) return null;
  if (
    value.author_id != null &&
    (value.author_id === ownUserId || value.author_id === value.user_id)
  ) {
    return null;
  }
  if (value.type === 'system' || value.type === 'deleted') return null;
  return {
    id: value.id,
    chatId: value.chat_id,
    itemId: value.item_id != null ? String(value.item_id) : null,
    authorId: value.author_id != null ? String(value.author_id) : null,
    created: value.created ?? null,
    text: value.content?.text ?? null,
  };
}

/** The Avito connection a delivery's token names, across accounts; null when none. */
export async function avitoConnectionByToken(deps: JobSitesDeps, token: string) {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [connection] = await deps.database.system
    .select({
      accountId: jobSiteConnections.accountId,
      id: jobSiteConnections.id,
      externalAccountId: jobSiteConnections.externalAccountId,
    })
    .from(jobSiteConnections)
    .where(and(eq(jobSiteConnections.webhookToken, token), eq(jobSiteConnections.site, 'avito')));
  return connection ?? null;
}

/**
 * What a delivered message asks for: `store` when an application of ours named its chat; `sync`
 * when none does yet but the chat is about a vacancy we follow (or names no item): the sync
 * imports the application and its chat logic reads the chat; `ignore` for a chat about anything
 * else (an item that is not a linked vacancy: the sync would never read it either).
 */
export async function avitoHookWork(
  deps: JobSitesDeps,
  connection: { accountId: number; id: number },
  message: AvitoHookMessage,
): Promise<'store' | 'sync' | 'ignore'> {
  const reader = tenantFor(deps.database, connection.accountId, 0);
  return reader.transaction(async (tx) => {
    const known = await repo.responsesForChats(tx, connection.accountId, 'avito', [message.chatId]);
    if (known.length > 0) return 'store';
    if (message.itemId === null) return 'sync';
    const links = await repo.listLinks(tx, connection.accountId, connection.id);
    return links.some((link) => link.externalId === message.itemId) ? 'sync' : 'ignore';
  });
}

/**
 * The job's work: the delivered message into the conversation of the applicant whose application
 * named the chat, once per Avito message id. Nothing is stored when the channel was switched off
 * or removed by a user (as with the sync) or the chat is no longer known.
 */
export async function storeAvitoHookMessage(
  deps: JobSitesDeps,
  accountId: number,
  connectionId: number,
  message: AvitoHookMessage,
): Promise<void> {
  const reader = tenantFor(deps.database, accountId, 0);
  const row = await reader.transaction((tx) => repo.findConnection(tx, accountId, connectionId));
  if (!row || row.site !== 'avito') return;
  const tenant = tenantFor(deps.database, accountId, row.createdBy ?? 0);
  const [response] = await tenant.transaction((tx) =>
    repo.responsesForChats(tx, accountId, 'avito', [message.chatId]),
  );
  if (!response) return;
  const channelId = await siteChannelWithChats(tenant, avitoChannelSpec(row), [
    { externalChatId: message.chatId, applicantId: response.applicantId! },
  ]);
  if (channelId === null) return;
  await storeSiteMessages(
    deps,
    accountId,
    {
      site: 'avito',
      channelId,
      externalChatId: message.chatId,
      applicantId: response.applicantId!,
    },
    [
      {
        id: message.id,
        text: message.text || AVITO_MESSAGE_TEXTS.noText,
        sentAt: message.created ? new Date(message.created * 1000) : new Date(),
        authorId: message.authorId,
      },
    ],
  );
}
