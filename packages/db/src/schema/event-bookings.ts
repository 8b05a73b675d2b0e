import { sql } from 'drizzle-orm';
import {
  check,
  date,
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
import { applicants } from './applicants.ts';
import { accountIdColumn, tenantPolicy } from './tenant-table.ts';
import { users } from './users.ts';
import { vacancies } from './vacancies.ts';

/**
 * Self-booking links (issue 15, migration 0046, decision 0039): an applicant opens the public
 * page of the link and picks a free slot of `admin_user_ids`. Only the token's sha256 is kept.
 * `booked_start`/`booked_end` are the slot of the link's one use; for the minutes its event is
 * being made, the booking itself holds that slot.
 */
export const eventBookings = pgTable(
  'event_bookings',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    id: integer().generatedAlwaysAsIdentity(),
    applicantId: integer().notNull(),
    vacancyId: integer(),
    createdBy: integer().notNull(),
    adminUserIds: integer().array().notNull(),
    title: text().notNull(),
    durationMinutes: integer().notNull(),
    dateFrom: date({ mode: 'string' }).notNull(),
    dateTo: date({ mode: 'string' }).notNull(),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp({ withTimezone: true }),
    usedAt: timestamp({ withTimezone: true }),
    bookedStart: timestamp({ withTimezone: true }),
    bookedEnd: timestamp({ withTimezone: true }),
    eventId: integer(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex('event_bookings_token_hash_key').on(t.tokenHash),
    index('event_bookings_applicant_idx').on(t.accountId, t.applicantId, t.createdAt.desc()),
    index('event_bookings_holds_idx')
      .on(t.accountId, t.usedAt)
      .where(sql`${t.bookedStart} is not null`),
    check('event_bookings_duration_check', sql`${t.durationMinutes} between 5 and 480`),
    check('event_bookings_dates_check', sql`${t.dateFrom} <= ${t.dateTo}`),
    check(
      'event_bookings_booked_check',
      sql`(${t.bookedStart} is null) = (${t.bookedEnd} is null) and (${t.bookedStart} is null or ${t.bookedStart} < ${t.bookedEnd})`,
    ),
    foreignKey({
      columns: [t.accountId, t.applicantId],
      foreignColumns: [applicants.accountId, applicants.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.accountId, t.vacancyId],
      foreignColumns: [vacancies.accountId, vacancies.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.accountId, t.createdBy],
      foreignColumns: [users.accountId, users.id],
    }),
    tenantPolicy('event_bookings'),
  ],
).enableRLS();
