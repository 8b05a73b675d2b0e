import { sql } from 'drizzle-orm';
import {
  check,
  date,
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
import { accountDivisions, accounts } from './accounts.ts';
import { accountIdColumn, tenantPolicy } from './tenant-table.ts';
import { users } from './users.ts';
import type { AdditionalField } from './vacancies.ts';

// Hiring requests («заявки на подбор», issue 17, migration 0036). The module
// `apps/api/src/modules/vacancy-applications` owns every table of this file.

export const VACANCY_APPLICATION_STATES = [
  'draft',
  'pending',
  'approved',
  'rejected',
  'returned',
  'in_work',
  'closed',
] as const;
export type VacancyApplicationState = (typeof VACANCY_APPLICATION_STATES)[number];

/** A company's own field of the request form (contracts' ZRequestTemplateField). */
export type RequestTemplateFieldSpec = {
  key: string;
  name: string;
  type: 'text' | 'number' | 'date' | 'choice' | 'file';
  required: boolean;
  options: string[];
};

/** Who approves a step, as the template names them (contracts' ZApproverSpec). */
export type ApproverSpec =
  | { type: 'user'; user_id: number }
  | { type: 'email'; email: string; name?: string | null }
  | { type: 'division_head' };

/** A step of a template's approval route (contracts' ZApprovalStepSpec). */
export type ApprovalStepSpec = {
  name: string;
  mode: 'any' | 'all';
  approvers: ApproverSpec[];
  deadline_days?: number | null;
};

/**
 * An approver of a request's route, resolved when the request is submitted: a user (also the
 * division head, then `type` stays 'division_head' and `user_id` is the head) or an outside
 * e-mail; with their decision once taken.
 */
export type RouteApprover = {
  type: 'user' | 'email' | 'division_head';
  user_id: number | null;
  email: string | null;
  name: string;
  decision: 'approved' | 'rejected' | 'returned' | null;
  decided_at: string | null;
  comment: string | null;
};

/** A step of a request's route: the template's step with its approvers resolved. */
export type RouteStep = {
  name: string;
  mode: 'any' | 'all';
  deadline_days: number | null;
  /** When the step began waiting (ISO), null until it is reached. */
  started_at: string | null;
  approvers: RouteApprover[];
};

/** A value of a company's own field: text, number, ISO date, a choice, or a file's id. */
export type TemplateValue = string | number | null;

export const vacancyApplicationTemplates = pgTable(
  'vacancy_application_templates',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    id: integer().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    description: text(),
    fields: jsonb().$type<RequestTemplateFieldSpec[]>().notNull().default([]),
    steps: jsonb().$type<ApprovalStepSpec[]>().notNull().default([]),
    createdBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index('vacancy_application_templates_name_idx').on(t.accountId, sql`lower(name)`),
    tenantPolicy('vacancy_application_templates'),
  ],
).enableRLS();

/**
 * A hiring request (huntlee-api.md §6.4). `route` is the template's steps as resolved at submit;
 * `current_approver_ids` the users who may decide on the current step (the «на моём
 * согласовании» tab reads it through a GIN index). `template_id` and `vacancy_id` are plain ids:
 * a request outlives its template, and the vacancy made from it points back by
 * `vacancies.vacancy_application_id`.
 */
export const vacancyApplications = pgTable(
  'vacancy_applications',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    id: integer().generatedAlwaysAsIdentity(),
    templateId: integer(),
    authorId: integer().notNull(),
    accountDivisionId: integer(),
    state: text({ enum: VACANCY_APPLICATION_STATES }).notNull().default('draft'),
    position: text().notNull(),
    salary: text(),
    salaryFrom: integer(),
    salaryTo: integer(),
    currency: text().notNull().default('RUB'),
    description: text(),
    comment: text(),
    needed: integer().notNull().default(1),
    dateWillClose: date({ mode: 'string' }),
    body: text(),
    requirements: text(),
    conditions: text(),
    information: text(),
    priority: integer().notNull().default(0),
    daysUntilDeadline: integer(),
    additionalFieldsList: jsonb().$type<AdditionalField[]>().notNull().default([]),
    templateValues: jsonb().$type<Record<string, TemplateValue>>().notNull().default({}),
    route: jsonb().$type<RouteStep[]>().notNull().default([]),
    currentStep: integer(),
    currentApproverIds: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** Every user named on the route, computed by PostgreSQL from `route` (migration 0037). */
    routeUserIds: integer()
      .array()
      .generatedAlwaysAs(sql`ats_route_user_ids(route)`),
    stepStartedAt: timestamp({ withTimezone: true }),
    vacancyId: integer(),
    submittedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    check(
      'vacancy_applications_state_check',
      sql`state IN ('draft', 'pending', 'approved', 'rejected', 'returned', 'in_work', 'closed')`,
    ),
    // The list's indexes (migration 0050): one per filter, in the list's order, each carrying
    // the columns of the other filters and of the visibility rules as INCLUDE columns (written
    // in the migration: drizzle's index builder has no INCLUDE), so every list is an index-only
    // scan: list — state, author_id, account_division_id, template_id, route_user_ids; author —
    // state, account_division_id, template_id, route_user_ids; state — author_id,
    // account_division_id, template_id, route_user_ids, current_approver_ids; division (whole,
    // clearing a division reads deleted requests too) — deleted_at, state, author_id,
    // template_id, route_user_ids; template — state, author_id, account_division_id,
    // route_user_ids.
    index('vacancy_applications_list_idx')
      .on(t.accountId, t.createdAt.desc(), t.id.desc())
      .where(sql`deleted_at IS NULL`),
    index('vacancy_applications_author_idx')
      .on(t.accountId, t.authorId, t.createdAt.desc(), t.id.desc())
      .where(sql`deleted_at IS NULL`),
    index('vacancy_applications_state_idx')
      .on(t.accountId, t.state, t.createdAt.desc(), t.id.desc())
      .where(sql`deleted_at IS NULL`),
    index('vacancy_applications_division_idx').on(
      t.accountId,
      t.accountDivisionId,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    index('vacancy_applications_approvers_idx').using('gin', t.currentApproverIds),
    index('vacancy_applications_route_users_idx').using('gin', t.routeUserIds),
    index('vacancy_applications_position_trgm_idx').using('gin', sql`lower(position) gin_trgm_ops`),
    index('vacancy_applications_template_idx')
      .on(t.accountId, t.templateId, t.createdAt.desc(), t.id.desc())
      .where(sql`deleted_at IS NULL`),
    foreignKey({
      columns: [t.accountId, t.authorId],
      foreignColumns: [users.accountId, users.id],
    }),
    // Divisions are removed through their service, which first clears these links.
    foreignKey({
      columns: [t.accountId, t.accountDivisionId],
      foreignColumns: [accountDivisions.accountId, accountDivisions.id],
    }),
    tenantPolicy('vacancy_applications'),
  ],
).enableRLS();

/** Files of a request (its own, or a template field's); bytes in storage under `storageKey`. */
export const vacancyApplicationFiles = pgTable(
  'vacancy_application_files',
  {
    accountId: accountIdColumn(),
    id: integer().generatedAlwaysAsIdentity(),
    applicationId: integer().notNull(),
    fieldKey: text(),
    storageKey: text().notNull(),
    fileName: text().notNull(),
    mimeType: text().notNull(),
    sizeBytes: integer().notNull(),
    sha256: text().notNull(),
    uploadedBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index('vacancy_application_files_application_idx').on(t.accountId, t.applicationId),
    foreignKey({
      columns: [t.accountId, t.applicationId],
      foreignColumns: [vacancyApplications.accountId, vacancyApplications.id],
    }).onDelete('cascade'),
    tenantPolicy('vacancy_application_files'),
  ],
).enableRLS();

export const VACANCY_APPLICATION_EVENT_ACTIONS = [
  'create',
  'update',
  'submit',
  'approve',
  'reject',
  'return',
  'withdraw',
  'take',
  'close',
] as const;
export type VacancyApplicationEventAction = (typeof VACANCY_APPLICATION_EVENT_ACTIONS)[number];

/** The request's history: who (a user, or an outside approver by name and e-mail), what, when. */
export const vacancyApplicationEvents = pgTable(
  'vacancy_application_events',
  {
    accountId: accountIdColumn(),
    id: integer().generatedAlwaysAsIdentity(),
    applicationId: integer().notNull(),
    action: text({ enum: VACANCY_APPLICATION_EVENT_ACTIONS }).notNull(),
    actorUserId: integer(),
    actorName: text().notNull(),
    actorEmail: text(),
    step: integer(),
    comment: text(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index('vacancy_application_events_application_idx').on(t.accountId, t.applicationId, t.id),
    foreignKey({
      columns: [t.accountId, t.applicationId],
      foreignColumns: [vacancyApplications.accountId, vacancyApplications.id],
    }).onDelete('cascade'),
    tenantPolicy('vacancy_application_events'),
  ],
).enableRLS();

/**
 * An outside approver's signed link: only the sha256 of the random token is kept (the token is
 * in the letter alone); single use (`usedAt`), expiring, reminded at most once a day.
 */
export const vacancyApplicationLinks = pgTable(
  'vacancy_application_links',
  {
    accountId: accountIdColumn(),
    id: integer().generatedAlwaysAsIdentity(),
    applicationId: integer().notNull(),
    step: integer().notNull(),
    email: text().notNull(),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    remindedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex('vacancy_application_links_token_hash_key').on(t.tokenHash),
    index('vacancy_application_links_application_idx').on(t.accountId, t.applicationId, t.step),
    foreignKey({
      columns: [t.accountId, t.applicationId],
      foreignColumns: [vacancyApplications.accountId, vacancyApplications.id],
    }).onDelete('cascade'),
    tenantPolicy('vacancy_application_links'),
  ],
).enableRLS();
