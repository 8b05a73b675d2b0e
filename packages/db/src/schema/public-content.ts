import { boolean, date, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Product changelog, loaded from docs/CHANGELOG at start; the same for every account. */
export const changelogs = pgTable('changelogs', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  slug: text().notNull().unique(),
  title: text().notNull(),
  summary: text().notNull(),
  body: text().notNull().default(''),
  releaseDate: date({ mode: 'string' }).notNull(),
  publishedAt: date({ mode: 'string' }).notNull(),
  isPublished: boolean().notNull().default(true),
});

/** Messages from the public feedback form; may come from visitors with no account. */
export const feedbacks = pgTable('feedbacks', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  accountId: integer(),
  userId: integer(),
  name: text().notNull(),
  phone: text().notNull(),
  email: text().notNull(),
  comment: text().notNull(),
  feedbackType: text().notNull(),
  company: text(),
  extraFields: jsonb(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const errorReports = pgTable('error_reports', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  accountId: integer(),
  userId: integer(),
  email: text(),
  tariffName: text(),
  message: text().notNull(),
  code: integer(),
  path: text(),
  deliveredAt: timestamp({ withTimezone: true }),
  deliveryError: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Every outgoing mail, kept whether or not SMTP took it, so nothing is lost. */
export const mailOutbox = pgTable('mail_outbox', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  accountId: integer(),
  toAddress: text().notNull(),
  subject: text().notNull(),
  textBody: text().notNull(),
  htmlBody: text(),
  // An iCalendar part (text/calendar; method=…) sent beside the text: invitations of events
  // (migration 0044); kept here so a retried letter still carries it.
  icalBody: text(),
  icalMethod: text(),
  kind: text().notNull(),
  status: text({ enum: ['pending', 'sent', 'failed', 'stored'] })
    .notNull()
    .default('pending'),
  attempts: integer().notNull().default(0),
  lastError: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp({ withTimezone: true }),
});
