import { mailOutbox } from '@ats/db/schema/public-content';
import { type Db, selectRows } from '@ats/db/connection';
import { and, eq, inArray, sql } from 'drizzle-orm';
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
          // Taken for SMTP at once: the minute's retry leaves it alone unless this process dies.
          status: transport ? 'sending' : 'stored',
          claimedAt: transport ? new Date() : null,
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
      icalBody: message.ical?.content ?? null,
      icalMethod: message.ical?.method ?? null,
      kind: message.kind,
      status: config.SMTP_URL ? 'pending' : 'stored',
    })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

/** Many letters in one statement, in the caller's transaction; their ids in the same order. */
export async function storeMails(tx: Db, config: Config, messages: MailMessage[]) {
  if (messages.length === 0) return [];
  const rows = await tx
    .insert(mailOutbox)
    .values(
      messages.map((message) => ({
        accountId: message.accountId ?? null,
        toAddress: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html ?? null,
        icalBody: message.ical?.content ?? null,
        icalMethod: message.ical?.method ?? null,
        kind: message.kind,
        status: config.SMTP_URL ? ('pending' as const) : ('stored' as const),
      })),
    )
    .returning({ id: mailOutbox.id });
  // Identity values are drawn in the order of the VALUES list: sorting restores it.
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

/**
 * Rewrites letters stored earlier in the caller's transaction (a summary growing as more of its
 * items come): answers the ids still there to rewrite, none of those rolled back to a savepoint.
 */
export async function rewriteStoredMails(
  tx: Db,
  ids: number[],
  letter: { subject: string; text: string },
) {
  if (ids.length === 0) return [];
  const rows = await tx
    .update(mailOutbox)
    .set({ subject: letter.subject, textBody: letter.text })
    .where(and(inArray(mailOutbox.id, ids), inArray(mailOutbox.status, ['pending', 'stored'])))
    .returning({ id: mailOutbox.id });
  return rows.map((row) => row.id);
}

type OutboxRow = typeof mailOutbox.$inferSelect;
type Transport = ReturnType<typeof nodemailer.createTransport>;

/**
 * Takes one letter for SMTP in one statement (status 'sending', `claimed_at`), so two senders
 * never take the same one: a pending or failed letter, or one whose taker died mid-hand-over
 * (taken longer than OUTBOX_STALE_CLAIM_SECONDS ago). One at a time, so a crash strands at most
 * the letter in flight.
 */
async function claimOneOutboxMail(
  config: Config,
  db: Db,
  options: { ids?: number[]; maxAttempts: number },
): Promise<OutboxRow | null> {
  const idFilter = options.ids
    ? sql`and id in (${sql.join(
        options.ids.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  const [row] = await selectRows<Record<string, unknown>>(
    db,
    sql`
    update mail_outbox set status = 'sending', claimed_at = now(), attempts = attempts + 1
    where id in (
      select id from mail_outbox
      where (status in ('pending', 'failed')
             or (status = 'sending'
                 and claimed_at < now() - make_interval(secs => ${config.OUTBOX_STALE_CLAIM_SECONDS})))
        and attempts < ${options.maxAttempts} ${idFilter}
      order by id
      limit 1
      for update skip locked)
    returning id, to_address, subject, text_body, html_body, ical_body, ical_method, attempts`,
  );
  if (!row) return null;
  return {
    id: Number(row.id),
    toAddress: String(row.to_address),
    subject: String(row.subject),
    textBody: String(row.text_body),
    htmlBody: (row.html_body as string | null) ?? null,
    icalBody: (row.ical_body as string | null) ?? null,
    icalMethod: (row.ical_method as string | null) ?? null,
    attempts: Number(row.attempts),
  } as OutboxRow;
}

async function sendClaimed(
  config: Config,
  db: Db,
  log: FastifyBaseLogger,
  transport: Transport,
  mail: OutboxRow,
) {
  try {
    await transport.sendMail({
      from: config.MAIL_FROM,
      to: mail.toAddress,
      subject: mail.subject,
      text: mail.textBody,
      // Fixed by the outbox row: a copy sent again after a crash is recognisably the same letter.
      messageId: `<outbox-${mail.id}@ats.local>`,
      ...(mail.htmlBody ? { html: mail.htmlBody } : {}),
      ...icalPart(
        mail.icalBody ? { method: mail.icalMethod ?? 'REQUEST', content: mail.icalBody } : null,
      ),
    });
    await db
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: new Date() })
      .where(eq(mailOutbox.id, mail.id));
    return true;
  } catch (error) {
    await db
      .update(mailOutbox)
      .set({ status: 'failed', lastError: (error as Error).message.slice(0, 500) })
      .where(eq(mailOutbox.id, mail.id));
    log.warn({ outboxId: mail.id }, 'mail not delivered');
    return false;
  }
}

/** Claims and sends letters one by one: those of `ids`, or any due, up to `limit`. */
export async function sendOutboxMail(
  config: Config,
  db: Db,
  log: FastifyBaseLogger,
  options: { ids?: number[]; limit: number; maxAttempts: number },
) {
  if (!config.SMTP_URL) return 0;
  if (options.ids && options.ids.length === 0) return 0;
  const transport = nodemailer.createTransport(config.SMTP_URL);
  let sent = 0;
  for (let taken = 0; taken < options.limit; taken += 1) {
    const mail = await claimOneOutboxMail(config, db, options);
    if (!mail) break;
    if (await sendClaimed(config, db, log, transport, mail)) sent += 1;
  }
  return sent;
}

/** After the commit that stored them: the letters handed to SMTP now (if nobody took them). */
export const deliverStoredMail = (config: Config, db: Db, log: FastifyBaseLogger, ids: number[]) =>
  sendOutboxMail(config, db, log, { ids, limit: ids.length, maxAttempts: 8 });
