import type { Db } from '@ats/db/connection';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import { sendOutboxMail } from './mailer.ts';

const MAX_ATTEMPTS = 8;

/**
 * Hands failed or pending messages to SMTP again; run by the worker once a minute. Each letter is
 * claimed first (mailer.ts), so a letter another process is sending at this moment is left alone.
 */
export const retryOutboxMail = (config: Config, db: Db, log: FastifyBaseLogger) =>
  sendOutboxMail(config, db, log, { limit: 50, maxAttempts: MAX_ATTEMPTS });
