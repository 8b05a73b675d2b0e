import type { Db } from '@ats/db/connection';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from './config.ts';
import { claimOutboxMail, sendClaimedMail } from './mailer.ts';

const MAX_ATTEMPTS = 8;

/**
 * Hands failed or pending messages to SMTP again; run by the worker once a minute. Each letter is
 * claimed first (mailer.ts), so a letter another process is sending at this moment is left alone.
 */
export async function retryOutboxMail(config: Config, db: Db, log: FastifyBaseLogger) {
  if (!config.SMTP_URL) return 0;
  const transport = nodemailer.createTransport(config.SMTP_URL);
  const due = await claimOutboxMail(db, { limit: 50, maxAttempts: MAX_ATTEMPTS });
  return sendClaimedMail(config, db, log, due, transport);
}
