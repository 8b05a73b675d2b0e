import type { Database } from '@ats/db/connection';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { applicantImportJob } from './modules/applicants/applicant-import.jobs.ts';
import { recheckPaymentsJob, tariffLettersJob } from './modules/billing/billing.jobs.ts';
import {
  pushEventJob,
  syncAllJob,
  syncUserJob,
} from './modules/google-calendar/google-calendar.jobs.ts';
import {
  jobSiteAvitoMessageJob,
  jobSitePublicationReadJob,
  jobSiteSyncJob,
  jobSitesSweepJob,
} from './modules/job-sites/job-sites.jobs.ts';
import { jobSiteStateOutJob } from './modules/job-sites/stage-site-states.service.ts';
import { passwordResetJob } from './modules/auth/password-reset.jobs.ts';
import { delayedTasksRunJob } from './modules/delayed-tasks/delayed-tasks.jobs.ts';
import { doubleScanJob } from './modules/duplicates/double-scan.jobs.ts';
import { messagesSweepJob } from './modules/messaging/messaging.jobs.ts';
import { mailboxesPollJob } from './modules/messaging/email/email.jobs.ts';
import { eventRemindersJob } from './modules/events/events.jobs.ts';
import {
  automationRunJob,
  automationSweepJob,
} from './modules/stage-automation/stage-automation.jobs.ts';
import { remindOverdueJob } from './modules/vacancy-applications/request-reminders.ts';
import type { Config } from './platform/config.ts';
import {
  createErrorTracker,
  noErrorTracking,
  reportingFailures,
} from './platform/error-tracking.ts';
import { type JobDefinition, type Queue, startQueue } from './platform/queue.ts';

/** Every module's jobs: the API enqueues them, a worker (in-process or its own) runs them. */
export const BACKGROUND_JOBS = [
  applicantImportJob,
  doubleScanJob,
  passwordResetJob,
  remindOverdueJob,
  recheckPaymentsJob,
  tariffLettersJob,
  pushEventJob,
  syncUserJob,
  syncAllJob,
  automationRunJob,
  automationSweepJob,
  delayedTasksRunJob,
  messagesSweepJob,
  mailboxesPollJob,
  eventRemindersJob,
  jobSiteSyncJob,
  jobSitesSweepJob,
  jobSitePublicationReadJob,
  jobSiteStateOutJob,
  jobSiteAvitoMessageJob,
];

export type JobQueueOptions = {
  /** Run jobs in this process too (npm start, npm run worker, tests); false: only enqueue. */
  work: boolean;
  log?: FastifyBaseLogger;
  pollingIntervalSeconds?: number;
  /** Overrides DATABASE_URL (tests on PostgreSQL use a database per file). */
  databaseUrl?: string | undefined;
};

/**
 * The job queue of this process, with every module's jobs registered; where jobs run, their
 * failures go to the error tracker too (with SENTRY_DSN).
 */
export async function startJobQueue(config: Config, database: Database, options: JobQueueOptions) {
  const log = options.log ?? pino({ level: config.LOG_LEVEL });
  const tracker = options.work ? await createErrorTracker(config, database, log) : noErrorTracking;
  const queue = await startQueue({
    database,
    databaseUrl: options.databaseUrl ?? config.DATABASE_URL,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list of mixed jobs, as in queue.ts
    jobs: BACKGROUND_JOBS.map((job) => reportingFailures(job as JobDefinition<any>, tracker)),
    work: options.work,
    ...(options.pollingIntervalSeconds
      ? { pollingIntervalSeconds: options.pollingIntervalSeconds }
      : {}),
    context: { config, database, log },
  });
  return {
    ...queue,
    async stop() {
      await queue.stop();
      await tracker.close();
    },
  } satisfies Queue;
}
