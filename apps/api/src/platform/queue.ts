import type { Database } from '@ats/db/connection';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { Config } from './config.ts';

/**
 * Durable background jobs behind our own small interface, on pg-boss 10 (decision 0008). On a
 * PostgreSQL server pg-boss has its own connection pool; on the embedded PGlite it runs its SQL
 * through the one PGlite connection, which never interleaves it with an open tenant transaction.
 */

/** What a job handler is given: the same platform pieces an HTTP route gets. */
export type JobContext = {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
};

/** One kind of job: its queue name, the payload it carries and what runs it. */
export type JobDefinition<P> = {
  name: string;
  payload: z.ZodType<P>;
  handle: (payload: P, context: JobContext) => Promise<void>;
  /** Further attempts after a crash, a timeout or a thrown error. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** The delay doubles with every retry (pg-boss `retryBackoff`). */
  retryBackoff?: boolean;
  /** A run that takes longer is counted as failed and retried. */
  expireInSeconds?: number;
};

// Handlers are contravariant in their payload: a list of mixed jobs is typed loosely here.
type AnyJob = JobDefinition<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- see above

export type Queue = {
  /**
   * Stores the job; with `singletonKey`, a job with the same key still waiting is not repeated;
   * with `startAfter`, no worker takes it before that moment.
   */
  enqueue: <P>(
    job: JobDefinition<P>,
    payload: P,
    options?: { singletonKey?: string; startAfter?: Date },
  ) => Promise<void>;
  /** The queue's tables answer through the queue's own connection. */
  isHealthy: () => Promise<boolean>;
  /** Stops taking jobs, waits for the ones running (up to a timeout), closes its connection. */
  stop: () => Promise<void>;
};

export type QueueOptions = {
  database: Database;
  /** The PostgreSQL server; unset for the embedded database. */
  databaseUrl?: string | undefined;
  jobs: AnyJob[];
  /** Run the jobs in this process (npm start, npm run worker, tests); false: only enqueue. */
  work: boolean;
  context: JobContext;
  /** How often an idle worker looks for jobs enqueued by other processes. */
  pollingIntervalSeconds?: number;
  /** How long stop() waits for running jobs before they are failed (and retried later). */
  stopTimeoutMs?: number;
};

type SqlResult = { rows: unknown[] };
type PgliteClient = {
  query: (text: string, values?: unknown[]) => Promise<SqlResult>;
  exec: (text: string) => Promise<SqlResult[]>;
};

const isPglite = (client: unknown): client is PgliteClient =>
  typeof (client as PgliteClient | undefined)?.exec === 'function' &&
  typeof (client as PgliteClient | undefined)?.query === 'function';

/**
 * pg-boss's `db` option over the embedded database's client. PGlite runs every `query` and `exec`
 * only while no transaction is open (its transaction lock), so a job statement never lands inside
 * a tenant transaction, and the reverse. Statements with parameters are single statements; the
 * rest (schema creation and migrations, with their own BEGIN … COMMIT) go through `exec`.
 */
function pgliteAdapter(client: PgliteClient) {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) return client.query(text, values);
      try {
        const results = await client.exec(text);
        return results[results.length - 1] ?? { rows: [] };
      } catch (error) {
        // A failed multi-statement script leaves its explicit transaction open and aborted on
        // the only connection: close it before anything else runs there.
        if (/\bBEGIN\b/i.test(text)) await client.exec('ROLLBACK').catch(() => undefined);
        throw error;
      }
    },
  };
}

function embeddedClientOf(database: Database): PgliteClient {
  const client = (database.system as { $client?: unknown }).$client;
  if (!isPglite(client)) throw new Error('the embedded database exposes no PGlite client');
  return client;
}

const DEFAULT_POLLING_SECONDS = 2;

export async function startQueue(options: QueueOptions): Promise<Queue> {
  const { database, jobs, context } = options;
  const common = {
    // No cron schedules yet; the supervisor expires stuck jobs and archives old ones.
    schedule: false,
    supervise: options.work,
    migrate: true,
  };
  const boss =
    database.kind === 'postgres'
      ? new PgBoss({
          ...common,
          connectionString: options.databaseUrl,
          max: 4,
          application_name: 'ats-queue',
        })
      : new PgBoss({ ...common, db: pgliteAdapter(embeddedClientOf(database)) });
  boss.on('error', (error: unknown) => context.log.error({ err: error }, 'job queue error'));
  await boss.start();

  const byName = new Map(jobs.map((job) => [job.name, job]));
  const workerIds = new Map<string, string>();
  for (const job of jobs) await boss.createQueue(job.name);
  if (options.work) {
    for (const job of jobs) {
      const id = await boss.work<unknown>(
        job.name,
        {
          batchSize: 1,
          pollingIntervalSeconds: options.pollingIntervalSeconds ?? DEFAULT_POLLING_SECONDS,
        },
        async ([received]) => {
          if (!received) return;
          const definition = byName.get(received.name)!;
          await definition.handle(definition.payload.parse(received.data), context);
        },
      );
      workerIds.set(job.name, id);
    }
  }

  return {
    async enqueue(job, payload, enqueueOptions = {}) {
      if (!byName.has(job.name)) throw new Error(`job ${job.name} is not registered`);
      await boss.send(job.name, job.payload.parse(payload) as object, {
        retryLimit: job.retryLimit ?? 3,
        retryDelay: job.retryDelaySeconds ?? 10,
        ...(job.retryBackoff ? { retryBackoff: true } : {}),
        expireInSeconds: job.expireInSeconds ?? 15 * 60,
        ...(enqueueOptions.singletonKey ? { singletonKey: enqueueOptions.singletonKey } : {}),
        ...(enqueueOptions.startAfter ? { startAfter: enqueueOptions.startAfter } : {}),
      });
      // A worker in this process starts at once instead of at its next poll.
      const workerId = workerIds.get(job.name);
      if (workerId) boss.notifyWorker(workerId);
    },
    async isHealthy() {
      try {
        await boss.getDb().executeSql('select version from pgboss.version', []);
        return true;
      } catch {
        return false;
      }
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: options.stopTimeoutMs ?? 20_000, wait: true });
    },
  };
}

/** For a server built without background work (benchmarks): refuses every job, loudly. */
export const queueNotStarted: Queue = {
  enqueue: () => Promise.reject(new Error('the job queue is not started in this process')),
  isHealthy: () => Promise.resolve(false),
  stop: () => Promise.resolve(),
};
