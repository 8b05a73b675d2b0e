import { mailOutbox } from '@ats/db/schema/public-content';
import type { Db } from '@ats/db/connection';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from './config.ts';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** An iCalendar object sent as a text/calendar alternative and an invite.ics attachment. */
  ical?: { method: 'REQUEST' | 'CANCEL' | 'PUBLISH'; content: string };
  kind: string;
  accountId?: number | null;
  /** Printed to the log in development when no SMTP is configured (a reset link, say). */
  devLogLine?: string;
};

export type Mailer = {
  send: (message: MailMessage) => Promise<{ outboxId: number; delivered: boolean }>;
};

/**
 * Every message is first written to the outbox, then handed to SMTP when SMTP_URL is set; a
 * failed hand-over is recorded and the message stays in the outbox for a later retry.
 */
export function createMailer(config: Config, db: Db, log: FastifyBaseLogger): Mailer {
  const transport = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : undefined;
  return {
    async send(message) {
      const [row] = await db
        .insert(mailOutbox)
        .values({
          accountId: message.accountId ?? null,
          toAddress: message.to,
          subject: message.subject,
          textBody: message.text,
          htmlBody: message.html ?? null,
          icalBody: message.ical?.content ?? null,
          icalMethod: message.ical?.method ?? null,
          kind: message.kind,
          status: transport ? 'pending' : 'stored',
        })
        .returning({ id: mailOutbox.id });
      const outboxId = row!.id;
      if (!transport) {
        if (config.NODE_ENV !== 'production' && message.devLogLine) {
          log.info({ outboxId, kind: message.kind }, message.devLogLine);
        }
        return { outboxId, delivered: false };
      }
      try {
        await transport.sendMail({
          from: config.MAIL_FROM,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          ...icalPart(message.ical),
        });
        await db
          .update(mailOutbox)
          .set({ status: 'sent', sentAt: new Date(), attempts: 1 })
          .where(eq(mailOutbox.id, outboxId));
        return { outboxId, delivered: true };
      } catch (error) {
        log.warn(
          { outboxId, kind: message.kind, err: (error as Error).message },
          'mail not delivered',
        );
        await db
          .update(mailOutbox)
          .set({ status: 'failed', attempts: 1, lastError: (error as Error).message.slice(0, 500) })
          .where(eq(mailOutbox.id, outboxId));
        return { outboxId, delivered: false };
      }
    },
  };
}

/** nodemailer's calendar part: text/calendar;method=… beside the text, and invite.ics. */
export function icalPart(ical: { method: string; content: string } | null | undefined) {
  if (!ical) return {};
  return {
    icalEvent: {
      method: ical.method,
      filename: ical.method === 'CANCEL' ? 'cancel.ics' : 'invite.ics',
      content: ical.content,
    },
  };
}
