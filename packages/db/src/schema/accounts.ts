import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accountIdColumn, tenantPolicy } from './tenant-table.ts';

export const accounts = pgTable(
  'accounts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    inn: text(),
    timeZone: text().notNull().default('Europe/Moscow'),
    currency: text().notNull().default('RUB'),
    // Common settings (/settings/common): ISO weekdays 1 = Monday … 7 = Sunday, and the hours.
    workDays: smallint()
      .array()
      .notNull()
      .default(sql`'{1,2,3,4,5}'::smallint[]`),
    workHoursFrom: time().notNull().default('09:00'),
    workHoursTo: time().notNull().default('18:00'),
    isActive: boolean().notNull().default(true),
    // The company logo (/settings/account): a row of `files` without an applicant, or none.
    logoFileId: integer(),
    // Kept by a trigger on applicants, so GET /api/me never counts a million rows.
    applicantsCount: integer().notNull().default(0),
    // Of those, how many are in the archive: the list's total is the difference (migration 0013).
    archivedApplicantsCount: integer().notNull().default(0),
    utmSource: text(),
    isAdvAgree: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // The sign-up e-mail confirmed by its link (migration 0031); null: the trial quota applies.
    emailConfirmedAt: timestamp({ withTimezone: true }).defaultNow(),
    // sha256 of the outstanding confirmation link's token, until it is used.
    emailConfirmationHash: text(),
    // The affiliate program (migration 0043): the code of this account's referral link, and the
    // account whose link it signed up through.
    referralCode: text()
      .notNull()
      .default(sql`substr(md5(random()::text || clock_timestamp()::text), 1, 12)`),
    referredByAccountId: integer(),
  },
  (t) => [
    tenantPolicy('accounts', 'id'),
    uniqueIndex('accounts_email_confirmation_hash_key').on(t.emailConfirmationHash),
    uniqueIndex('accounts_referral_code_key').on(t.referralCode),
    index('accounts_referred_by_idx')
      .on(t.referredByAccountId)
      .where(sql`${t.referredByAccountId} is not null`),
  ],
).enableRLS();

export const accountTariffs = pgTable(
  'account_tariffs',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    id: integer().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    startAt: timestamp({ withTimezone: true }).notNull(),
    endAt: timestamp({ withTimezone: true }).notNull(),
    usersLimit: integer().notNull(),
    balance: numeric({ precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index('account_tariffs_current_idx').on(t.accountId, t.endAt.desc()),
    tenantPolicy('account_tariffs'),
  ],
).enableRLS();

export const accountDivisions = pgTable(
  'account_divisions',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    id: integer().generatedAlwaysAsIdentity(),
    parentId: integer(),
    name: text().notNull(),
    description: text(),
    color: text(),
    // One of the 98 icon names of SPEC.md §3 (packages/contracts icons.ts), or none.
    icon: text(),
    additionalFieldsList: jsonb()
      .$type<
        { type: 'string' | 'text' | 'number'; name: string; value: string | number | null }[]
      >()
      .notNull()
      .default([]),
    // Called `order` in the API; `order` is an SQL keyword.
    position: integer().notNull().default(0),
    // The division's head, a user of the account: the `division_head` approver of hiring
    // requests (migration 0036). Checked by the divisions service, not a foreign key: users.ts
    // imports this file, and users are never removed, only marked deleted.
    headId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    foreignKey({
      columns: [t.accountId, t.parentId],
      foreignColumns: [t.accountId, t.id],
    }).onDelete('cascade'),

    check('account_divisions_icon_length_check', sql`char_length(icon) <= 40`),
    tenantPolicy('account_divisions'),
  ],
).enableRLS();
