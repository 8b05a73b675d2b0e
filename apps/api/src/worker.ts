import { openDatabase } from '@ats/db/connection';
import pino from 'pino';
import { z } from 'zod';
import { startJobQueue } from './background-jobs.ts';
import { sendConsentToNewApplicants } from './modules/consent/consent.service.ts';
import {
  DELAYED_TASKS_SWEEP_MS,
  delayedTasksRunJob,
} from './modules/delayed-tasks/delayed-tasks.jobs.ts';
import { MESSAGES_SWEEP_MS, messagesSweepJob } from './modules/messaging/messaging.jobs.ts';
import { startTelegramLetterLinks } from './modules/messaging/telegram/telegram-links.ts';
import { startUserNotices } from './modules/messaging/user-notices.service.ts';
import { EVENT_REMINDERS_SWEEP_MS, eventRemindersJob } from './modules/events/events.jobs.ts';
import { ConfigError, loadConfig } from './platform/config.ts';
import { retryOutboxMail } from './platform/outbox-retry.ts';

// Job handlers validate rows with the contracts: their messages in Russian, as in the API.
z.config(z.locales.ru());

/**
 * `npm run worker`: background work as its own process, for deployments that run several API
 * processes against PostgreSQL. With the embedded database the API runs this work itself.
 */
async function main() {
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    throw new ConfigError(
      'Отдельный worker работает только с DATABASE_URL: встроенную базу открывает один процесс (npm start).',
    );
  }
  const log = pino({ level: config.LOG_LEVEL });
  // Delayed letters render `%telegram_link%` here too.
  startTelegramLetterLinks(config);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
  });
  // Moves and placements made here (delayed tasks, job sites) tell users too; the letters and
  // Telegram messages leave by the outboxes' sweeps.
  startUserNotices({ config, database, log });
  // Applicants created here (file imports, job sites' responses) are asked for consent as the
  // API's are, when the company asked for it.
  sendConsentToNewApplicants({ config, database, log });
  const queue = await startJobQueue(config, database, {
    work: true,
    log,
    ...(process.env.WORKER_POLLING_SECONDS
      ? { pollingIntervalSeconds: Number(process.env.WORKER_POLLING_SECONDS) }
      : {}),
  });
  const tick = () =>
    retryOutboxMail(config, database.system, log).catch((err: unknown) =>
      log.error({ err }, 'outbox retry failed'),
    );
  // Fire and forget: tick() logs its own failure, and the next tick is the retry.
  const timer = setInterval(() => void tick(), config.OUTBOX_RETRY_SECONDS * 1000);
  void tick();
  // Delayed tasks a process that died left queued are taken up here (and at each start).
  const sweepDelayed = () =>
    queue
      .enqueue(delayedTasksRunJob, {}, { singletonKey: 'delayed_tasks_sweep' })
      .catch((err: unknown) => log.error({ err }, 'delayed tasks not enqueued'));
  const sweep = setInterval(() => void sweepDelayed(), DELAYED_TASKS_SWEEP_MS);
  void sweepDelayed();
  // The message outbox: due retries and what a dead process left queued (decision 0043).
  const sweepMessages = () =>
    queue
      .enqueue(messagesSweepJob, {}, { singletonKey: 'messages_outbox_sweep' })
      .catch((err: unknown) => log.error({ err }, 'message outbox not enqueued'));
  const messagesSweep = setInterval(() => void sweepMessages(), MESSAGES_SWEEP_MS);
  void sweepMessages();
  // Events' reminders: any worker may send them, each goes once (the claim in the outbox's commit).
  const sendReminders = () =>
    queue
      .enqueue(eventRemindersJob, {}, { singletonKey: 'event_reminders' })
      .catch((err: unknown) => log.error({ err }, 'event reminders not enqueued'));
  const remindersSweep = setInterval(() => void sendReminders(), EVENT_REMINDERS_SWEEP_MS);
  void sendReminders();
  const stop = async () => {
    clearInterval(timer);
    clearInterval(sweep);
    clearInterval(messagesSweep);
    clearInterval(remindersSweep);
    await queue.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  log.info('worker started');
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
