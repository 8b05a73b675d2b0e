import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { systemRows } from '../../test/db-helpers.ts';
import { signUpCompany } from '../../test/factories.ts';
import { call, createTestApp, type TestApp } from '../../test/test-app.ts';
import { type JobDefinition, startQueue } from './queue.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const log = pino({ level: 'silent' });

/** A job that records what it was handed, so a test can see it ran and with what. */
function recordingJob(name: string) {
  const seen: string[] = [];
  const job: JobDefinition<{ note: string }> = {
    name,
    payload: z.object({ note: z.string() }),
    handle: async ({ note }) => {
      seen.push(note);
    },
  };
  return { job, seen };
}

async function until(check: () => boolean | Promise<boolean>, what: string) {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const jobStates = (name: string) =>
  systemRows<{ state: string }>(t.database, sql`select state from pgboss.job where name = ${name}`);

const queueOn = (jobs: JobDefinition<{ note: string }>[], work: boolean) =>
  startQueue({
    database: t.database,
    databaseUrl: t.database.kind === 'postgres' ? (t.database as { url?: string }).url : undefined,
    jobs,
    work,
    pollingIntervalSeconds: 0.5,
    context: { config: t.config, database: t.database, log },
    stopTimeoutMs: 1000,
  });

describe('the job queue (pg-boss in the same database)', () => {
  it('keeps a job that no worker took through a restart, and the next worker runs it', async () => {
    const { job, seen } = recordingJob('test.durable');
    const apiOnly = await queueOn([job], false);
    await apiOnly.enqueue(job, { note: 'пережить перезапуск' });
    await apiOnly.stop();
    expect(await jobStates('test.durable')).toEqual([{ state: 'created' }]);

    const worker = await queueOn([job], true);
    try {
      await until(() => seen.length === 1, 'the job to run');
      expect(seen).toEqual(['пережить перезапуск']);
      await until(
        async () => (await jobStates('test.durable'))[0]?.state === 'completed',
        'the job to complete',
      );
    } finally {
      await worker.stop();
    }
  });

  it('refuses a payload that does not match the job, before anything is stored', async () => {
    const { job } = recordingJob('test.payload');
    const queue = await queueOn([job], false);
    try {
      await expect(queue.enqueue(job, { note: 42 } as never)).rejects.toThrow();
      expect(await jobStates('test.payload')).toEqual([]);
    } finally {
      await queue.stop();
    }
  });

  it('never lands a job inside a tenant transaction that rolls back', async () => {
    const { job } = recordingJob('test.isolation');
    const queue = await queueOn([job], false);
    const { accountId } = await signUpCompany(t.app);
    try {
      let enqueued: Promise<void> | undefined;
      await expect(
        t.database.withTenant(accountId, async (tx) => {
          await tx.execute(sql`select 1`);
          // Sent while this transaction is open; on PGlite it waits for the transaction to end.
          enqueued = queue.enqueue(job, { note: 'снаружи' });
          await new Promise((resolve) => setTimeout(resolve, 50));
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      await enqueued;
      expect(await jobStates('test.isolation')).toEqual([{ state: 'created' }]);
    } finally {
      await queue.stop();
    }
  });

  it('is reported by the health check', async () => {
    const health = await call(t.app, 'GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.body.message).toEqual({ db: 'ok', queue: 'ok' });
  });
});
