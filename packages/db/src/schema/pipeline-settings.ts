import { sql } from 'drizzle-orm';
import {
  boolean,
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

// The account's dictionaries of the hiring pipeline: funnels (templates of stages) and reasons.
// Every new account gets a default funnel and reasons (migration 0012, ats_seed_account_pipeline).

export const REASON_TYPES = ['reject', 'refuse', 'close', 'hold'] as const;
export type ReasonType = (typeof REASON_TYPES)[number];

/** A funnel («воронка»): an ordered set of stages that a new vacancy copies. Stages: `statuses`. */
export const statusGroups = pgTable(
  'status_groups',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    id: integer().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    // Called `order` in the API; `order` is an SQL keyword.
    position: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
    isFavorite: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.id] }), tenantPolicy('status_groups')],
).enableRLS();

/** Why an applicant was rejected or refused, or a vacancy closed or put on hold. */
export const reasons = pgTable(
  'reasons',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    id: integer().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    reasonType: text({ enum: REASON_TYPES }).notNull(),
    position: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index('reasons_type_idx').on(t.accountId, t.reasonType, t.position),
    uniqueIndex('reasons_name_key').on(t.accountId, t.reasonType, sql`lower(name)`),
    tenantPolicy('reasons'),
  ],
).enableRLS();
