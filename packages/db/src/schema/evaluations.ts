import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { applicants } from './applicants.ts';
import { accountIdColumn, tenantPolicy } from './tenant-table.ts';

export const CRITERION_TYPES = ['pick_one', 'pick_few', 'scale', 'text', 'add_file'] as const;
export type CriterionType = (typeof CRITERION_TYPES)[number];
export const RECOMMENDATIONS = ['yes', 'maybe', 'no'] as const;

/**
 * One answer of an evaluation, with a copy of the criterion as it was when answered (decision
 * 0015): a form edited later still shows old evaluations as they were filled.
 */
export type StoredAnswer = {
  criterion_id: number;
  criterion_name: string;
  criterion_type: CriterionType;
  comment: string | null;
  /** pick_one / pick_few: the chosen options; scale: the number; text: the text. */
  value: string[] | number | string | null;
  /** add_file: the bytes in storage under this key. */
  file: { storage_key: string; file_name: string; mime_type: string; size_bytes: number } | null;
};

/** A candidate evaluation form («форма оценки», scorecard). Removed forms are archived. */
export const evaluations = pgTable(
  'evaluations',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    id: integer().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    description: text(),
    createdBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    archivedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index('evaluations_active_idx').on(t.accountId, t.archivedAt),
    tenantPolicy('evaluations'),
  ],
).enableRLS();

/** A criterion of a form, in order. A criterion taken out of a form is soft-deleted. */
export const evaluationCriteria = pgTable(
  'evaluation_criteria',
  {
    accountId: accountIdColumn(),
    id: integer().generatedAlwaysAsIdentity(),
    evaluationId: integer().notNull(),
    position: integer().notNull().default(0),
    name: text().notNull(),
    criterionType: text({ enum: CRITERION_TYPES }).notNull(),
    options: jsonb().$type<string[]>().notNull().default([]),
    scaleMin: integer(),
    scaleMax: integer(),
    minLabel: text(),
    maxLabel: text(),
    isRequired: boolean().notNull().default(false),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index('evaluation_criteria_form_idx').on(t.accountId, t.evaluationId, t.position),
    foreignKey({
      columns: [t.accountId, t.evaluationId],
      foreignColumns: [evaluations.accountId, evaluations.id],
    }).onDelete('cascade'),
    tenantPolicy('evaluation_criteria'),
  ],
).enableRLS();

/** A filled form: who evaluated which applicant (on which vacancy), answers and verdict. */
export const applicantEvaluations = pgTable(
  'applicant_evaluations',
  {
    accountId: accountIdColumn(),
    id: integer().generatedAlwaysAsIdentity(),
    evaluationId: integer().notNull(),
    applicantId: integer().notNull(),
    // No foreign key: an evaluation outlives the vacancy it was made for.
    vacancyId: integer(),
    authorId: integer(),
    recommendation: text({ enum: RECOMMENDATIONS }),
    answers: jsonb().$type<StoredAnswer[]>().notNull().default([]),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index('applicant_evaluations_applicant_idx').on(t.accountId, t.applicantId, t.createdAt),
    index('applicant_evaluations_form_idx').on(t.accountId, t.evaluationId),
    foreignKey({
      columns: [t.accountId, t.evaluationId],
      foreignColumns: [evaluations.accountId, evaluations.id],
    }),
    foreignKey({
      columns: [t.accountId, t.applicantId],
      foreignColumns: [applicants.accountId, applicants.id],
    }).onDelete('cascade'),
    tenantPolicy('applicant_evaluations'),
  ],
).enableRLS();
