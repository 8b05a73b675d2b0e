import { ZIdParams } from '@ats/contracts/ids';
import type { TBoardEvent } from '@ats/contracts/pipeline';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';
import { createNotifier } from '../../platform/notify.ts';
import { callerOf } from '../../platform/tenancy.ts';
import { createBoardFeed } from './board-events.service.ts';

/** A comment line keeps proxies and browsers from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;

/**
 * `GET /api/vacancies/{id}/events`: server-sent events, one `application` event per change of the
 * vacancy's applications, whichever server process made it (PostgreSQL LISTEN/NOTIFY).
 */
export function registerBoardEventsRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const notifier = deps.notifier ?? createNotifier(deps.database, deps.log);
  const feed = createBoardFeed(notifier, deps.log);
  const open = new Set<() => void>();

  // Streams never end on their own: end them so the server can close.
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });
  if (!deps.notifier) app.addHook('onClose', async () => notifier.close());
  // Changes announced while the notification connection was down (a database restart) never
  // reach the streams: once it listens again, the open streams are ended, and each browser
  // reconnects and reloads its board, as its EventSource does after any gap.
  let missed = false;
  const stopWatching = notifier.watchConnection((connected) => {
    if (!connected) {
      missed = true;
    } else if (missed) {
      missed = false;
      for (const end of [...open]) end();
    }
  });
  app.addHook('onClose', async () => stopWatching());

  r.get(
    '/api/vacancies/:id/events',
    {
      schema: {
        tags: ['Доска вакансии'],
        summary:
          'Живые обновления доски (text/event-stream): событие application на каждое изменение',
        params: ZIdParams,
      },
    },
    async (request, reply) => {
      const { session, tenant } = callerOf(request);
      const start = await feed.prepare(tenant, session, request.params.id);

      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      raw.write('retry: 3000\n\n');
      const send = (event: TBoardEvent) => {
        raw.write(`event: application\ndata: ${JSON.stringify(event)}\n\n`);
      };
      const stop = start(send);
      const heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS);
      heartbeat.unref();
      const end = () => {
        if (!open.delete(end)) return;
        clearInterval(heartbeat);
        stop();
        raw.end();
      };
      open.add(end);
      request.raw.on('close', end);
      raw.on('error', end);
    },
  );
}
