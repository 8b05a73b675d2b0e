import { z } from 'zod';
import type { JobDefinition } from '../../platform/queue.ts';
import { googleConfigured } from './google-client.ts';
import { pushEvent, syncAll, syncUser } from './google-sync.service.ts';

const ZPushPayload = z.object({
  accountId: z.number().int(),
  eventId: z.number().int(),
  /** Its participants and author (who may read it); null once it is deleted. */
  readers: z.array(z.number().int()).nullable(),
});
const ZUserPayload = z.object({ accountId: z.number().int(), userId: z.number().int() });

/**
 * After an event is created, changed or deleted (the events module's hook): it goes out to its
 * participants' Google calendars. A rate limit or an outage fails the run, retried with backoff.
 */
export const pushEventJob: JobDefinition<z.infer<typeof ZPushPayload>> = {
  name: 'google.push_event',
  payload: ZPushPayload,
  handle: async (payload, context) => {
    if (!googleConfigured(context.config)) return;
    await pushEvent(context, payload.accountId, payload.eventId, payload.readers);
  },
  retryLimit: 5,
  retryDelaySeconds: 30,
  expireInSeconds: 5 * 60,
};

/** A push notification from Google: the user's calendar is pulled. */
export const syncUserJob: JobDefinition<z.infer<typeof ZUserPayload>> = {
  name: 'google.sync_user',
  payload: ZUserPayload,
  handle: async (payload, context) => {
    if (!googleConfigured(context.config)) return;
    await syncUser(context, payload.accountId, payload.userId);
  },
  retryLimit: 3,
  retryDelaySeconds: 30,
  expireInSeconds: 5 * 60,
};

/** Every GOOGLE_SYNC_INTERVAL_SECONDS (main.ts): every calendar pulled, channels renewed. */
export const syncAllJob: JobDefinition<Record<string, never>> = {
  name: 'google.sync_all',
  payload: z.object({}) as unknown as z.ZodType<Record<string, never>>,
  handle: async (_payload, context) => {
    if (!googleConfigured(context.config)) return;
    const result = await syncAll(context);
    if (result.connections) context.log.info(result, 'google calendars pulled');
  },
  retryLimit: 0,
  expireInSeconds: 15 * 60,
};
