import { z } from 'zod';
import type { JobDefinition, Queue } from '../../platform/queue.ts';
import { ZAvitoHookMessage, storeAvitoHookMessage } from './avito/avito-messenger-hook.ts';
import type { JobSitesDeps } from './job-sites.service.ts';
import { readNewPublication, refreshLivePublications } from './publications.service.ts';
import { askForSyncOf, dueConnections, syncConnection } from './responses-sync.service.ts';

const ZSyncPayload = z.object({
  accountId: z.number().int(),
  connectionId: z.number().int(),
  /** A webhook's vacancy on the site: only it is synced (decision 0054). */
  externalVacancyId: z.string().optional(),
  /** The button's sync: its wish was left on the connection when asked (decision 0077). */
  asked: z.boolean().optional(),
});

/** One connection's responses pulled in (on demand from /hh, or by the sweep). */
export const jobSiteSyncJob: JobDefinition<z.infer<typeof ZSyncPayload>> = {
  name: 'job_sites.sync',
  payload: ZSyncPayload,
  handle: async (payload, context) => {
    await syncConnection(
      context,
      payload.accountId,
      payload.connectionId,
      payload.externalVacancyId,
      { asked: payload.asked ?? false },
    );
  },
  // The sync stores its own failures and pauses; a crash is retried once.
  retryLimit: 1,
  retryDelaySeconds: 60,
  expireInSeconds: 30 * 60,
};

/**
 * A webhook's delivery asks for a sync of its vacancy on the site (or of every linked one, when
 * it names none): the wish is left on the connection now, so a sync at work answers it (decision
 * 0077), and the job is queued, folded with one for the same vacancy still waiting; without a
 * queue the sync runs in this process. A vacancy no link of the connection names asks for nothing.
 */
export async function queueWebhookSync(
  deps: JobSitesDeps & { queue?: Queue | undefined },
  accountId: number,
  connectionId: number,
  externalVacancyId?: string,
): Promise<void> {
  if (!(await askForSyncOf(deps, accountId, connectionId, externalVacancyId))) return;
  const payload = {
    accountId,
    connectionId,
    ...(externalVacancyId ? { externalVacancyId } : {}),
    asked: true,
  };
  if (deps.queue) {
    await deps.queue.enqueue(jobSiteSyncJob, payload, {
      singletonKey: `job_site_sync_${accountId}_${connectionId}_${externalVacancyId ?? 'all'}`,
    });
  } else {
    void syncConnection(deps, accountId, connectionId, externalVacancyId, { asked: true }).catch(
      () => undefined,
    );
  }
}

const ZAvitoMessagePayload = z.object({
  accountId: z.number().int(),
  connectionId: z.number().int(),
  message: ZAvitoHookMessage,
});

/**
 * An applicant's message Avito pushed to the messenger webhook (decision 0076), stored into
 * their conversation once per Avito message id; the receiver answered Avito already.
 */
export const jobSiteAvitoMessageJob: JobDefinition<z.infer<typeof ZAvitoMessagePayload>> = {
  name: 'job_sites.avito_message',
  payload: ZAvitoMessagePayload,
  handle: async (payload, context) => {
    await storeAvitoHookMessage(context, payload.accountId, payload.connectionId, payload.message);
  },
  // A database hiccup: tried again; the sync's reconciliation reads the chat anyway.
  retryLimit: 3,
  retryDelaySeconds: 30,
  expireInSeconds: 5 * 60,
};

const ZPublicationReadPayload = z.object({
  accountId: z.number().int(),
  publicationId: z.number().int(),
});

/**
 * Enqueued when a site accepts a publication (Avito publishes asynchronously, decision 0063):
 * its state read at once and, while the site has not named its vacancy yet, again after
 * `retryDelaySeconds` (the attempts cover Avito's usual creation; the minute's sweep after
 * that). Once the vacancy is known, its link is made and its applications pulled in.
 */
export const jobSitePublicationReadJob: JobDefinition<z.infer<typeof ZPublicationReadPayload>> = {
  name: 'job_sites.publication_read',
  payload: ZPublicationReadPayload,
  handle: async (payload, context) => {
    const known = await readNewPublication(
      context,
      payload.accountId,
      payload.publicationId,
      async (connectionId) => {
        await syncConnection(context, payload.accountId, connectionId);
      },
    );
    if (!known) throw new Error('the site has not created the vacancy yet');
  },
  retryLimit: 10,
  retryDelaySeconds: 15,
  expireInSeconds: 10 * 60,
};

/**
 * Every minute (main.ts): connections whose last sync is HH_SYNC_INTERVAL_SECONDS old, or whose
 * pause after a 429/5xx is over, are synced.
 */
export const jobSitesSweepJob: JobDefinition<Record<string, never>> = {
  name: 'job_sites.sweep',
  payload: z.object({}) as unknown as z.ZodType<Record<string, never>>,
  handle: async (_payload, context) => {
    for (const due of await dueConnections(context)) {
      await syncConnection(context, due.accountId, due.id);
    }
    // Publications on moderation or published: their state read back from the sites.
    await refreshLivePublications(context);
  },
  retryLimit: 0,
  expireInSeconds: 30 * 60,
};
