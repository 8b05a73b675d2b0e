import { z } from 'zod';
import type { JobDefinition } from '../../platform/queue.ts';
import { refreshLivePublications } from './publications.service.ts';
import { dueConnections, syncConnection } from './responses-sync.service.ts';

const ZSyncPayload = z.object({
  accountId: z.number().int(),
  connectionId: z.number().int(),
  /** A webhook's vacancy on the site: only it is synced (decision 0054). */
  externalVacancyId: z.string().optional(),
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
    );
  },
  // The sync stores its own failures and pauses; a crash is retried once.
  retryLimit: 1,
  retryDelaySeconds: 60,
  expireInSeconds: 30 * 60,
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
