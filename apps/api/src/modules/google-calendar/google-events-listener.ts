import type { FastifyInstance } from 'fastify';
import type { Config } from '../../platform/config.ts';
import type { Queue } from '../../platform/queue.ts';
import { pushEventJob } from './google-calendar.jobs.ts';
import { googleConfigured } from './google-client.ts';

// Our events go out to Google after they are saved. The events module announces nothing itself,
// so the sync listens where events change: the answers of the events API (a created, changed or
// deleted event, read before it is serialized), and `eventChanged` for modules that save events
// through the events service directly (a booking, a delayed task).

const EVENT_ROUTES = new Set(['/api/events', '/api/events/:id']);
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type EventAnswer = { id?: unknown; admin_user_ids?: unknown; author_id?: unknown };

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
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (!WRITES.has(request.method) || reply.statusCode !== 200) return payload;
    if (!EVENT_ROUTES.has(request.routeOptions.url ?? '')) return payload;
    if (!googleConfigured(config)) return payload;
    const session = request.session;
    const event = (payload as { message?: EventAnswer } | null)?.message;
    if (!session || !event || typeof event.id !== 'number') return payload;
    const readers =
      request.method === 'DELETE'
        ? null
        : [
            ...(Array.isArray(event.admin_user_ids) ? (event.admin_user_ids as number[]) : []),
            ...(typeof event.author_id === 'number' ? [event.author_id] : []),
          ];
    await eventChanged(queue, session.accountId, event.id, readers).catch((error: unknown) =>
      request.log.warn({ err: error }, 'google push not enqueued'),
    );
    return payload;
  });
}
