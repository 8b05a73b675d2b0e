import type { Db } from '@ats/db/connection';
import { mailOutbox } from '@ats/db/schema/public-content';
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from './config.ts';
import { icalPart } from './mailer.ts';

const MAX_ATTEMPTS = 8;

/** Hands failed or pending messages to SMTP again; run by the worker once a minute. */
export async function retryOutboxMail(config: Config, db: Db, log: FastifyBaseLogger) {
  if (!config.SMTP_URL) return 0;
  const transport = nodemailer.createTransport(config.SMTP_URL);
  const due = await db
    .select()
    .from(mailOutbox)
    .where(
      and(inArray(mailOutbox.status, ['pending', 'failed']), lt(mailOutbox.attempts, MAX_ATTEMPTS)),
    )
    .limit(50);
  let sent = 0;
  for (const mail of due) {
    try {
      await transport.sendMail({
        from: config.MAIL_FROM,
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.textBody,
        ...(mail.htmlBody ? { html: mail.htmlBody } : {}),
        ...icalPart(
          mail.icalBody ? { method: mail.icalMethod ?? 'REQUEST', content: mail.icalBody } : null,
        ),
      });
      await db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: new Date(), attempts: mail.attempts + 1 })
        .where(eq(mailOutbox.id, mail.id));
      sent += 1;
    } catch (error) {
      await db
        .update(mailOutbox)
        .set({
          status: 'failed',
          attempts: mail.attempts + 1,
          lastError: (error as Error).message.slice(0, 500),
        })
        .where(eq(mailOutbox.id, mail.id));
      log.warn({ outboxId: mail.id }, 'mail retry failed');
    }
  }
  return sent;
}
