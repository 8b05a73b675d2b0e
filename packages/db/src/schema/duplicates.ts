import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { applicants } from './applicants.ts';
import { accountIdColumn, tenantPolicy } from './tenant-table.ts';

// Duplicate applicants (issue 5, decision 0011).

/**
 * The blocking keys of each applicant ('phone:+79123456789', 'name:…'): two doubles share at
 * least one key, so finding an applicant's doubles is one indexed look-up. Written with every
 * create, update, import, merge and undo, in the same transaction.
 */
export const applicantMatchKeys = pgTable(
  'applicant_match_keys',
  {
    accountId: accountIdColumn(),
    applicantId: integer().notNull(),
    key: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.key, t.applicantId] }),
    index('applicant_match_keys_applicant_idx').on(t.accountId, t.applicantId),
    foreignKey({
      name: 'applicant_match_keys_applicant_fk',
      columns: [t.accountId, t.applicantId],
      foreignColumns: [applicants.accountId, applicants.id],
    }).onDelete('cascade'),
    tenantPolicy('applicant_match_keys'),
  ],
).enableRLS();

export const DOUBLE_LEVEL_VALUES = ['certain', 'probable'] as const;

/**
 * The stored pairs of doubles the list reads (applicant_id < double_id). Groups are the
 * connected components of the pairs; group_id is the smallest applicant id of the component.
 */
export const applicantDoubles = pgTable(
  'applicant_doubles',
  {
    accountId: accountIdColumn(),
    applicantId: integer().notNull(),
    doubleId: integer().notNull(),
    level: text({ enum: DOUBLE_LEVEL_VALUES }).notNull(),
    score: doublePrecision().notNull(),
    reasons: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    groupId: integer().notNull(),
    detectedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.applicantId, t.doubleId] }),
    index('applicant_doubles_double_idx').on(t.accountId, t.doubleId),
    index('applicant_doubles_group_idx').on(t.accountId, t.groupId),
    check('applicant_doubles_order_check', sql`applicant_id < double_id`),
    foreignKey({
      name: 'applicant_doubles_applicant_fk',
      columns: [t.accountId, t.applicantId],
      foreignColumns: [applicants.accountId, applicants.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'applicant_doubles_double_fk',
      columns: [t.accountId, t.doubleId],
      foreignColumns: [applicants.accountId, applicants.id],
    }).onDelete('cascade'),
    tenantPolicy('applicant_doubles'),
  ],
).enableRLS();

/** «Не дубль»: a pair (applicant_id < double_id) never suggested again, not even by the scan. */
export const applicantDoubleDismissals = pgTable(
  'applicant_double_dismissals',
  {
    accountId: accountIdColumn(),
    applicantId: integer().notNull(),
    doubleId: integer().notNull(),
    dismissedBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.applicantId, t.doubleId] }),
    index('applicant_double_dismissals_double_idx').on(t.accountId, t.doubleId),
    check('applicant_double_dismissals_order_check', sql`applicant_id < double_id`),
    foreignKey({
      name: 'applicant_double_dismissals_applicant_fk',
      columns: [t.accountId, t.applicantId],
      foreignColumns: [applicants.accountId, applicants.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'applicant_double_dismissals_double_fk',
      columns: [t.accountId, t.doubleId],
      foreignColumns: [applicants.accountId, applicants.id],
    }).onDelete('cascade'),
    tenantPolicy('applicant_double_dismissals'),
  ],
).enableRLS();

/**
 * A merge of `secondary_id` into `primary_id`. `snapshot` keeps the secondary's row, the
 * primary's row before and every row the merge deleted; `moved` the ids of the rows re-pointed
 * from the secondary to the primary, so an undo puts back exactly those. No foreign key to
 * applicants: the secondary is gone, and the record outlives a later merge of the primary.
 */
export const applicantMerges = pgTable(
  'applicant_merges',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    id: integer().generatedAlwaysAsIdentity(),
    primaryId: integer().notNull(),
    secondaryId: integer().notNull(),
    secondaryName: text().notNull(),
    snapshot: jsonb().$type<Record<string, unknown>>().notNull(),
    moved: jsonb().$type<Record<string, unknown>>().notNull(),
    mergedBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    undoneAt: timestamp({ withTimezone: true }),
    undoneBy: integer(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index('applicant_merges_primary_idx').on(t.accountId, t.primaryId, t.createdAt.desc()),
    tenantPolicy('applicant_merges'),
  ],
).enableRLS();

export const DOUBLE_SCAN_STATE_VALUES = ['queued', 'running', 'done', 'failed'] as const;

/** A background check of the whole account for doubles, with its progress. */
export const applicantDoubleScans = pgTable(
  'applicant_double_scans',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    id: integer().generatedAlwaysAsIdentity(),
    state: text({ enum: DOUBLE_SCAN_STATE_VALUES }).notNull().default('queued'),
    processed: integer().notNull().default(0),
    total: integer().notNull().default(0),
    pairsFound: integer().notNull().default(0),
    error: text(),
    startedBy: integer(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index('applicant_double_scans_created_idx').on(t.accountId, t.createdAt.desc()),
    // One scan at a time per account: a second start finds the running one.
    uniqueIndex('applicant_double_scans_active_key')
      .on(t.accountId)
      .where(sql`state in ('queued', 'running')`),
    tenantPolicy('applicant_double_scans'),
  ],
).enableRLS();
