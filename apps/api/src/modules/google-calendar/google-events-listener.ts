import type { FastifyInstance } from 'fastify';
import type { Config } from '../../platform/config.ts';
import type { Queue } from '../../platform/queue.ts';
import { registerEventChangeListener } from '../events/event-changes.service.ts';
import { pushEventJob } from './google-calendar.jobs.ts';
import { googleConfigured } from './google-client.ts';

// Our events go out to Google after they are saved: the events service announces every change
// once committed — through the API, a self-booking or a delayed task alike — and each is pushed
// to its participants' calendars by a job. Changes pulled from Google are not announced.

/** Enqueues the push of one event to its participants' Google calendars (null: deleted). */
export async function eventChanged(
  queue: Queue | undefined,
  accountId: number,
  eventId: number,
  readers: number[] | null,
) {
  await queue?.enqueue(pushEventJob, { accountId, eventId, readers });
}

export function listenToEventWrites(
  app: FastifyInstance,
  config: Config,
  queue: Queue | undefined,
) {
  if (!googleConfigured(config)) return;
  const stop = registerEventChangeListener(async (tenant, change) => {
    await eventChanged(queue, tenant.accountId, change.eventId, change.readers).catch(
      (error: unknown) => app.log.warn({ err: error }, 'google push not enqueued'),
    );
  });
  app.addHook('onClose', async () => stop());
}
