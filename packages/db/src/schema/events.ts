import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { accountIdColumn, tenantPolicy } from './tenant-table.ts';
import { users } from './users.ts';

// Calendar events: interviews and meetings (issue 15, migration 0044, decision 0037). The module
// `apps/api/src/modules/events` owns every table of this file; others call its service.

export const EVENT_SOURCES = ['ats', 'google', 'booking'] as const;
export type EventSource = (typeof EVENT_SOURCES)[number];

/**
 * One event. Its moment is stored as two instants (`starts_at` < `ends_at`); `time_zone` is the
 * account's zone when it was last saved, in which `data_mitting`/`time_begin`/`time_end` are read
 * and answered. `uid` is the iCalendar UID (stable for the event's life), `sequence` its SEQUENCE
 * (raised on every change the invitees are told about).
 *
 * `applicant_id` and `vacancy_id` reference applicants and vacancies with
 * `ON DELETE SET NULL (column)` written in the migration by hand (drizzle cannot say which column
 * of a composite key to clear), so a deleted applicant leaves the event without its link.
 */
export const events = pgTable(
  'events',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    id: integer().generatedAlwaysAsIdentity(),
    authorId: integer(),
    title: text().notNull(),
    description: text(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    timeZone: text().notNull().default('Europe/Moscow'),
    service: text(),
    link: text(),
    place: text(),
    applicantId: integer(),
    vacancyId: integer(),
    source: text().$type<EventSource>().notNull().default('ats'),
    uid: text().notNull(),
    sequence: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    check('events_period_check', sql`${t.endsAt} > ${t.startsAt}`),
    check('events_source_check', sql`${t.source} in ('ats', 'google', 'booking')`),
    uniqueIndex('events_uid_key').on(t.uid),
    index('events_account_starts_idx').on(t.accountId, t.startsAt),
    // The reminders' worker reads every account's coming events by their start (migration 0056).
    index('events_starts_idx').on(t.startsAt),
    index('events_applicant_idx')
      .on(t.accountId, t.applicantId)
      .where(sql`${t.applicantId} is not null`),
    index('events_vacancy_idx')
      .on(t.accountId, t.vacancyId)
      .where(sql`${t.vacancyId} is not null`),
    foreignKey({
      columns: [t.accountId, t.authorId],
      foreignColumns: [users.accountId, users.id],
    }),
    tenantPolicy('events'),
  ],
).enableRLS();

/**
 * The company's participants of an event (`admin_user_ids`). The event's instants are copied
 * here (kept in step by the service) so a user's calendar and busy time are one index range:
 * `(account_id, user_id, starts_at)`.
 */
export const eventParticipants = pgTable(
  'event_participants',
  {
    accountId: accountIdColumn(),
    eventId: integer().notNull(),
    userId: integer().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.eventId, t.userId] }),
    index('event_participants_user_starts_idx').on(t.accountId, t.userId, t.startsAt),
    foreignKey({
      columns: [t.accountId, t.eventId],
      foreignColumns: [events.accountId, events.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.accountId, t.userId],
      foreignColumns: [users.accountId, users.id],
    }),
    tenantPolicy('event_participants'),
  ],
).enableRLS();

/** Outside guests of an event, by e-mail (lower-cased). */
export const eventGuests = pgTable(
  'event_guests',
  {
    accountId: accountIdColumn(),
    eventId: integer().notNull(),
    email: text().notNull(),
    name: text(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.eventId, t.email] }),
    foreignKey({
      columns: [t.accountId, t.eventId],
      foreignColumns: [events.accountId, events.id],
    }).onDelete('cascade'),
    tenantPolicy('event_guests'),
  ],
).enableRLS();

/** Reminders of an event: minutes before its start; `sent_at` once the reminder has gone. */
export const eventReminders = pgTable(
  'event_reminders',
  {
    accountId: accountIdColumn(),
    eventId: integer().notNull(),
    minutesBefore: integer().notNull(),
    sentAt: timestamp({ withTimezone: true }),
    /** The event's start this reminder was last sent for (migration 0056): sent once per moment. */
    sentFor: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.eventId, t.minutesBefore] }),
    check('event_reminders_minutes_check', sql`${t.minutesBefore} between 0 and 40320`),
    foreignKey({
      columns: [t.accountId, t.eventId],
      foreignColumns: [events.accountId, events.id],
    }).onDelete('cascade'),
    tenantPolicy('event_reminders'),
  ],
).enableRLS();
