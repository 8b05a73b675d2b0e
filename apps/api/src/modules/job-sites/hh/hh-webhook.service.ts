import { jobSiteConnections, jobSiteWebhookDeliveries } from '@ats/db/schema/job-sites';
import { and, eq } from 'drizzle-orm';
import { conflict, notFound } from '../../../platform/errors.ts';
import type { Queue } from '../../../platform/queue.ts';
import { tenantFor } from '../../../platform/tenancy.ts';
import { queueWebhookSync } from '../job-sites.jobs.ts';
import * as repo from '../job-sites.repository.ts';
import { type JobSitesDeps, siteSessionOf, webhookTokenOf } from '../job-sites.service.ts';
import { type THhWebhookDelivery, subscribeHhWebhook } from './hh-webhook.ts';

// Webhooks in (decision 0054). On connect the connection gets an unguessable token and, when
// PUBLIC_URL is set, a subscription at hh.ru to `/api/job_sites/webhooks/hh/{token}`. A delivery
// needs no session: the token names the connection (unknown → 404); the delivery id is kept, so
// a re-delivery answers 409 and queues nothing; otherwise the delivery's vacancy is synced by the
// usual job (claimed responses make a second import impossible anyway). The sweep's
// reconciliation poll stays for what a webhook missed.

export const WEBHOOK_MESSAGES = {
  unknown: 'Адрес уведомлений не найден',
  repeated: 'Это уведомление уже получено',
};

export const webhookPath = (token: string) => `/api/job_sites/webhooks/hh/${token}`;

/** After connect: a token for the connection and, with PUBLIC_URL, hh.ru's subscription. */
export async function registerHhWebhook(
  deps: JobSitesDeps,
  accountId: number,
  connectionId: number,
): Promise<string | null> {
  const reader = tenantFor(deps.database, accountId, 0);
  const token = await reader.transaction((tx) => webhookTokenOf(tx, accountId, connectionId));
  if (!token) return null;
  const publicUrl = deps.config.PUBLIC_URL?.replace(/\/$/, '');
  if (!publicUrl) return token;
  const row = await reader.transaction((tx) => repo.findConnection(tx, accountId, connectionId));
  if (!row) return null;
  try {
    const { call } = siteSessionOf(
      deps,
      tenantFor(deps.database, accountId, row.createdBy ?? 0),
      row,
    );
    await call((access) =>
      subscribeHhWebhook(deps.config, access, `${publicUrl}${webhookPath(token)}`),
    );
  } catch (error) {
    // The poll still brings responses in; only the classification is logged, never a token.
    deps.log?.warn(
      { accountId, connectionId, err: error instanceof Error ? error.name : 'unknown' },
      'hh.ru webhook not subscribed',
    );
  }
  return token;
}

/** One delivery: the connection by its token, a repeat refused, the vacancy's sync queued. */
export async function receiveHhWebhook(
  deps: JobSitesDeps & { queue?: Queue | undefined },
  token: string,
  delivery: THhWebhookDelivery,
) {
  const [connection] = await deps.database.system
    .select({
      accountId: jobSiteConnections.accountId,
      id: jobSiteConnections.id,
      site: jobSiteConnections.site,
    })
    .from(jobSiteConnections)
    .where(and(eq(jobSiteConnections.webhookToken, token), eq(jobSiteConnections.site, 'hh')));
  if (!connection) throw notFound(WEBHOOK_MESSAGES.unknown);
  const tenant = tenantFor(deps.database, connection.accountId, 0);
  const fresh = await tenant.transaction(async (tx) => {
    const saved = await tx
      .insert(jobSiteWebhookDeliveries)
      .values({
        accountId: connection.accountId,
        connectionId: connection.id,
        deliveryId: delivery.id,
      })
      .onConflictDoNothing()
      .returning({ id: jobSiteWebhookDeliveries.deliveryId });
    return saved.length > 0;
  });
  if (!fresh) throw conflict(WEBHOOK_MESSAGES.repeated);
  // Its vacancy synced (a vacancy not linked here asks for nothing).
  await queueWebhookSync(
    deps,
    connection.accountId,
    connection.id,
    delivery.payload?.vacancy_id || undefined,
  );
  return { accepted: true };
}
