import { openDatabase } from '@ats/db/connection';
import { startJobQueue } from './background-jobs.ts';
import { buildHttpServer } from './http-server.ts';
import { ConfigError, loadConfig } from './platform/config.ts';
import { retryOutboxMail } from './platform/outbox-retry.ts';
import { loadChangelogFile } from './modules/changelogs/changelogs.service.ts';
import { loadInstructionFiles } from './modules/instructions/instructions.service.ts';
import { seedDemoAccount } from './demo-seed.ts';
import { automationSweepJob } from './modules/stage-automation/stage-automation.jobs.ts';
import { remindOverdueJob } from './modules/vacancy-applications/request-reminders.ts';
import { recheckPaymentsJob, tariffLettersJob } from './modules/billing/billing.jobs.ts';
import { billingEnabled } from './modules/billing/yookassa-client.ts';
import { syncAllJob } from './modules/google-calendar/google-calendar.jobs.ts';
import { googleConfigured } from './modules/google-calendar/google-client.ts';
import { jobSitesSweepJob } from './modules/job-sites/job-sites.jobs.ts';
import {
  DELAYED_TASKS_SWEEP_MS,
  delayedTasksRunJob,
} from './modules/delayed-tasks/delayed-tasks.jobs.ts';
import { MESSAGES_SWEEP_MS, messagesSweepJob } from './modules/messaging/messaging.jobs.ts';
import { mailboxesPollJob } from './modules/messaging/email/email.jobs.ts';
import { EVENT_REMINDERS_SWEEP_MS, eventRemindersJob } from './modules/events/events.jobs.ts';

/** `npm start`: migrate, serve the API and the built app, and run background work in-process. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
  });
  // Jobs run in this process too; more workers may join with `npm run worker` (PostgreSQL).
  const queue = await startJobQueue(config, database, { work: true });
  const app = await buildHttpServer({ config, database, queue });
  await loadChangelogFile(database.system, config.CHANGELOG_PATH);
  const faq = await loadInstructionFiles(database.system, config.FAQ_CONTENT_DIR);
  for (const problem of faq.problems) app.log.warn({ problem }, 'faq article not loaded');
  if (config.DEMO) await seedDemoAccount(database, config, app.log);

  const retry = setInterval(() => {
    retryOutboxMail(config, database.system, app.log).catch((error: unknown) =>
      app.log.error({ err: error }, 'outbox retry failed'),
    );
  }, config.OUTBOX_RETRY_SECONDS * 1000);
  retry.unref();
  // Overdue approval steps: the job reminds each approver at most once a day, so an hourly
  // run (one at a time, by its key) never repeats a letter.
  const enqueueReminders = () =>
    queue
      .enqueue(remindOverdueJob, {}, { singletonKey: 'remind_overdue' })
      .catch((error: unknown) => app.log.error({ err: error }, 'reminders not enqueued'));
  const reminders = setInterval(() => void enqueueReminders(), 3_600_000);
  reminders.unref();
  void enqueueReminders();
  // Stage automation (decision 0041): «stays longer than N days» rules and lost runs, each minute.
  const enqueueAutomationSweep = () =>
    queue
      .enqueue(automationSweepJob, {}, { singletonKey: 'stage_automation_sweep' })
      .catch((error: unknown) => app.log.error({ err: error }, 'automation sweep not enqueued'));
  const automationSweep = setInterval(() => void enqueueAutomationSweep(), 60_000);
  automationSweep.unref();
  // Delayed tasks: each is enqueued for its moment; this sweep takes up what a process that died
  // mid-run left queued (each sub-task still runs once: the runner's row locks).
  const sweepDelayed = () =>
    queue
      .enqueue(delayedTasksRunJob, {}, { singletonKey: 'delayed_tasks_sweep' })
      .catch((error: unknown) => app.log.error({ err: error }, 'delayed tasks not enqueued'));
  const delayedSweep = setInterval(() => void sweepDelayed(), DELAYED_TASKS_SWEEP_MS);
  delayedSweep.unref();
  void sweepDelayed();
  // The message outbox (decision 0043): due retries, and what a process that died left queued.
  const sweepMessages = () =>
    queue
      .enqueue(messagesSweepJob, {}, { singletonKey: 'messages_outbox_sweep' })
      .catch((error: unknown) => app.log.error({ err: error }, 'message outbox not enqueued'));
  const messagesSweep = setInterval(() => void sweepMessages(), MESSAGES_SWEEP_MS);
  messagesSweep.unref();
  void sweepMessages();
  // Replies to letters from the cards: the e-mail channels' mailboxes read (decision 0045).
  const pollMailboxes = () =>
    queue
      .enqueue(mailboxesPollJob, {}, { singletonKey: 'mailboxes_poll' })
      .catch((error: unknown) => app.log.error({ err: error }, 'mailbox poll not enqueued'));
  const mailboxesPoll = setInterval(() => void pollMailboxes(), config.MAIL_POLL_SECONDS * 1000);
  mailboxesPoll.unref();
  // Events' reminders (decision 0037): each minute, every reminder due is sent once.
  const sendReminders = () =>
    queue
      .enqueue(eventRemindersJob, {}, { singletonKey: 'event_reminders' })
      .catch((error: unknown) => app.log.error({ err: error }, 'event reminders not enqueued'));
  const remindersSweep = setInterval(() => void sendReminders(), EVENT_REMINDERS_SWEEP_MS);
  remindersSweep.unref();
  void sendReminders();
  // Tariffs (decision 0036), only where YooKassa is configured: open payments re-checked every
  // 5 minutes, the letters about a tariff's end every hour (each sent once).
  const billingTimers: NodeJS.Timeout[] = [];
  if (billingEnabled(config)) {
    const every = (ms: number, job: typeof recheckPaymentsJob, key: string) => {
      const run = () =>
        queue
          .enqueue(job, {}, { singletonKey: key })
          .catch((error: unknown) => app.log.error({ err: error }, `${key} not enqueued`));
      const timer = setInterval(() => void run(), ms);
      timer.unref();
      billingTimers.push(timer);
      void run();
    };
    every(5 * 60_000, recheckPaymentsJob, 'billing_recheck_payments');
    every(3_600_000, tariffLettersJob, 'billing_tariff_letters');
  }

  // Google Calendar (decision 0038): every connected calendar is pulled on a schedule too, as
  // push notifications (only with PUBLIC_URL) are not guaranteed; channels are renewed there.
  if (googleConfigured(config)) {
    const pullGoogle = () =>
      queue
        .enqueue(syncAllJob, {}, { singletonKey: 'google_sync_all' })
        .catch((error: unknown) => app.log.error({ err: error }, 'google sync not enqueued'));
    const timer = setInterval(() => void pullGoogle(), config.GOOGLE_SYNC_INTERVAL_SECONDS * 1000);
    timer.unref();
    billingTimers.push(timer);
  }

  // Job sites (decision 0047): each minute, connections due (HH_SYNC_INTERVAL_SECONDS since the
  // last sync, or a pause after 429/5xx over) pull their linked vacancies' responses.
  if (config.HH_CLIENT_ID && config.HH_CLIENT_SECRET) {
    const sweepJobSites = () =>
      queue
        .enqueue(jobSitesSweepJob, {}, { singletonKey: 'job_sites_sweep' })
        .catch((error: unknown) => app.log.error({ err: error }, 'job sites sweep not enqueued'));
    const timer = setInterval(() => void sweepJobSites(), 60_000);
    timer.unref();
    billingTimers.push(timer);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    clearInterval(retry);
    clearInterval(reminders);
    clearInterval(automationSweep);
    clearInterval(delayedSweep);
    clearInterval(messagesSweep);
    clearInterval(mailboxesPoll);
    clearInterval(remindersSweep);
    for (const timer of billingTimers) clearInterval(timer);
    // Stop taking requests, let the ones in flight finish, then close the database cleanly.
    await app.close();
    // Running jobs get a moment to finish; the rest are retried after the next start.
    await queue.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
}

main().catch((error: unknown) => {
  const known = error instanceof ConfigError || (error as Error).name === 'DataDirLockedError';
  console.error(known ? (error as Error).message : error);
  process.exit(1);
});
