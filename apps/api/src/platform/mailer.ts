import { mailOutbox } from '@ats/db/schema/public-content';
import { type Db, selectRows } from '@ats/db/connection';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from './config.ts';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
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

/**
 * Writes a letter to the outbox inside the caller's transaction, to be handed to SMTP after the
 * commit (deliverStoredMail, or the minute's retry): the letter exists exactly when the change
 * that caused it was committed.
 */
export async function storeMail(tx: Db, config: Config, message: MailMessage) {
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      accountId: message.accountId ?? null,
      toAddress: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html ?? null,
      kind: message.kind,
      status: config.SMTP_URL ? 'pending' : 'stored',
    })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

/** A letter claimed for SMTP longer ago than this was taken by a process that died. */
export const STALE_CLAIM_SECONDS = 120;

type OutboxRow = typeof mailOutbox.$inferSelect;

/**
 * Takes letters for SMTP in one statement (status 'sending'), so two senders never take the same
 * one. Pending and failed letters are taken, and those whose taker died mid-hand-over.
 */
export async function claimOutboxMail(
  db: Db,
  options: { ids?: number[]; limit: number; maxAttempts: number },
): Promise<OutboxRow[]> {
  const idFilter = options.ids
    ? sql`and id in (${sql.join(
        options.ids.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  const result = await selectRows<Record<string, unknown>>(
    db,
    sql`
    update mail_outbox set status = 'sending', claimed_at = now(), attempts = attempts + 1
    where id in (
      select id from mail_outbox
      where (status in ('pending', 'failed')
             or (status = 'sending' and claimed_at < now() - make_interval(secs => ${STALE_CLAIM_SECONDS})))
        and attempts < ${options.maxAttempts} ${idFilter}
      order by id
      limit ${options.limit}
      for update skip locked)
    returning id, to_address, subject, text_body, html_body, attempts`,
  );
  return result.map((row) => ({
    id: Number(row.id),
    toAddress: String(row.to_address),
    subject: String(row.subject),
    textBody: String(row.text_body),
    htmlBody: (row.html_body as string | null) ?? null,
    attempts: Number(row.attempts),
  })) as OutboxRow[];
}

/** Hands claimed letters to SMTP, each with a Message-ID fixed by its outbox id. */
export async function sendClaimedMail(
  config: Config,
  db: Db,
  log: FastifyBaseLogger,
  claimed: OutboxRow[],
  transport = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : undefined,
) {
  if (!transport) return 0;
  let sent = 0;
  for (const mail of claimed) {
    try {
      await transport.sendMail({
        from: config.MAIL_FROM,
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.textBody,
        messageId: `<outbox-${mail.id}@ats.local>`,
        ...(mail.htmlBody ? { html: mail.htmlBody } : {}),
      });
      await db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: new Date() })
        .where(eq(mailOutbox.id, mail.id));
      sent += 1;
    } catch (error) {
      await db
        .update(mailOutbox)
        .set({ status: 'failed', lastError: (error as Error).message.slice(0, 500) })
        .where(eq(mailOutbox.id, mail.id));
      log.warn({ outboxId: mail.id }, 'mail not delivered');
    }
  }
  return sent;
}

/** After the commit that stored them: the letters handed to SMTP now (if nobody took them). */
export async function deliverStoredMail(
  config: Config,
  db: Db,
  log: FastifyBaseLogger,
  ids: number[],
) {
  if (!config.SMTP_URL || ids.length === 0) return 0;
  const claimed = await claimOutboxMail(db, { ids, limit: ids.length, maxAttempts: 8 });
  return sendClaimedMail(config, db, log, claimed);
}
