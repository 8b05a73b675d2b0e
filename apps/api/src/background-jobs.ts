import type { Database } from '@ats/db/connection';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { applicantImportJob } from './modules/applicants/applicant-import.jobs.ts';
import { passwordResetJob } from './modules/auth/password-reset.jobs.ts';
import { doubleScanJob } from './modules/duplicates/double-scan.jobs.ts';
import type { Config } from './platform/config.ts';
import { startQueue } from './platform/queue.ts';

/** Every module's jobs: the API enqueues them, a worker (in-process or its own) runs them. */
export const BACKGROUND_JOBS = [applicantImportJob, doubleScanJob, passwordResetJob];

export type JobQueueOptions = {
  /** Run jobs in this process too (npm start, npm run worker, tests); false: only enqueue. */
  work: boolean;
  log?: FastifyBaseLogger;
  pollingIntervalSeconds?: number;
  /** Overrides DATABASE_URL (tests on PostgreSQL use a database per file). */
  databaseUrl?: string | undefined;
};

/** The job queue of this process, with every module's jobs registered. */
export const startJobQueue = (config: Config, database: Database, options: JobQueueOptions) =>
  startQueue({
    database,
    databaseUrl: options.databaseUrl ?? config.DATABASE_URL,
    jobs: BACKGROUND_JOBS,
    work: options.work,
    ...(options.pollingIntervalSeconds
      ? { pollingIntervalSeconds: options.pollingIntervalSeconds }
      : {}),
    context: { config, database, log: options.log ?? pino({ level: config.LOG_LEVEL }) },
  });
