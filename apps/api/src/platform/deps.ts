import type { Database } from '@ats/db/connection';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Mailer } from './mailer.ts';
import type { Notifier } from './notify.ts';
import type { Queue } from './queue.ts';
import type { CachedAnswers } from './response-cache.ts';
import type { ChatNotifier } from './telegram.ts';

/** What every module's routes and services are given: built once in buildHttpServer. */
export type AppDeps = {
  config: Config;
  database: Database;
  mailer: Mailer;
  errorReportChat: ChatNotifier;
  log: FastifyBaseLogger;
  /** LISTEN/NOTIFY of this process; absent where nothing listens (the demo seed). */
  notifier?: Notifier;
  /** Absent where nothing enqueues (the demo seed); buildHttpServer always sets it. */
  queue?: Queue;
  /** Answers of the hottest reads kept in memory; absent where nothing serves HTTP. */
  answers?: CachedAnswers;
};
