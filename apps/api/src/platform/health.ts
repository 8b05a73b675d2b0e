import { successEnvelope } from '@ats/contracts/envelope';
import { ZHealth } from '@ats/contracts/health';
import type { Database } from '@ats/db/connection';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, DATABASE_UNAVAILABLE } from './errors.ts';
import { success } from './envelope.ts';
import type { Queue } from './queue.ts';

export function registerHealth(app: FastifyInstance, database: Database, queue: Queue) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['Служебное'],
        summary: 'Состояние сервера',
        response: { 200: successEnvelope(ZHealth) },
      },
    },
    async () => {
      try {
        await database.system.execute(sql`select 1`);
        // The mail outbox is the other durable queue in the same database.
        await database.system.execute(sql`select 1 from mail_outbox limit 1`);
      } catch {
        throw new AppError(503, DATABASE_UNAVAILABLE);
      }
      // The job queue's tables, through the queue's own connection (decision 0008).
      if (!(await queue.isHealthy())) throw new AppError(503, 'Очередь задач недоступна');
      return success({ db: 'ok' as const, queue: 'ok' as const });
    },
  );
}
