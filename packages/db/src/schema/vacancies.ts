import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { accountDivisions, accounts } from './accounts.ts';
import { reasons, statusGroups } from './pipeline-settings.ts';
import { accountIdColumn, tenantPolicy } from './tenant-table.ts';
import { users } from './users.ts';

/** Where a vacancy is published on each job site (huntlee-api.md §6.3 `regions`). */
export type VacancyRegion = { site: string; name: string };
/** A custom field of a vacancy, a template or a division (`additional_fields_list`). */
export type AdditionalField = {
  type: 'string' | 'text' | 'number';
  name: string;
  value: string | number | null;
};
/** A stage as a vacancy template keeps it (the fields of `statuses` a vacancy copies). */
export type TemplateStage = {
  name: string;
  color: string;
  order: number;
  is_offer: boolean;
  is_reject: boolean;
  reject_kind: 'reject' | 'refuse' | null;
  is_required: boolean;
  stay_duration: number | null;
  /** 'hired' marks the stage whose applications count as hires; 'user' when absent. */
  status_type?: 'user' | 'hired';
};

export const VACANCY_STATES = ['open', 'hold', 'closed'] as const;
export type VacancyState = (typeof VACANCY_STATES)[number];
export const VACANCY_MEMBER_ROLES = ['owner', 'watcher'] as const;

/**
 * A vacancy (huntlee-api.md §6.3). Its stages are rows of `statuses` with its `vacancy_id`, copied
 * from the funnel `status_group_id` when it is created; applicants on it are `applications`.
 */
export const vacancies = pgTable(
  'vacancies',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    id: integer().generatedAlwaysAsIdentity(),
    position: text().notNull(),
    salaryFrom: integer(),
    salaryTo: integer(),
    currency: text().notNull().default('RUB'),
    needed: integer().notNull().default(1),
    priority: integer().notNull().default(0),
    isHidden: boolean().notNull().default(false),
    // Rich text (sanitized HTML) of the description sections.
    body: text(),
    requirements: text(),
    conditions: text(),
    information: text(),
    regions: jsonb().$type<VacancyRegion[]>().notNull().default([]),
    countryId: integer(),
    city: text(),
    divisionId: integer(),
    statusGroupId: integer(),
    vacancyApplicationId: integer(),
    dateWillClose: date({ mode: 'string' }),
    daysUntilDeadline: integer(),
    additionalFieldsList: jsonb().$type<AdditionalField[]>().notNull().default([]),
    state: text({ enum: VACANCY_STATES }).notNull().default('open'),
    stateReasonId: integer(),
    stateChangedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    authorId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index('vacancies_state_idx').on(t.accountId, t.state, t.createdAt.desc()),
    index('vacancies_division_idx').on(t.accountId, t.divisionId),
    // Divisions and funnels are removed through their services, which first clear these links.
    foreignKey({
      columns: [t.accountId, t.divisionId],
      foreignColumns: [accountDivisions.accountId, accountDivisions.id],
    }),
    foreignKey({
      columns: [t.accountId, t.statusGroupId],
      foreignColumns: [statusGroups.accountId, statusGroups.id],
    }),
    foreignKey({
      columns: [t.accountId, t.stateReasonId],
      foreignColumns: [reasons.accountId, reasons.id],
    }),
    foreignKey({
      columns: [t.accountId, t.authorId],
      foreignColumns: [users.accountId, users.id],
    }),
    tenantPolicy('vacancies'),
  ],
).enableRLS();

/** Owners (responsible recruiters) and watchers (hiring managers who follow it) of a vacancy. */
export const vacancyMembers = pgTable(
  'vacancy_members',
  {
    accountId: accountIdColumn(),
    vacancyId: integer().notNull(),
    userId: integer().notNull(),
    role: text({ enum: VACANCY_MEMBER_ROLES }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.vacancyId, t.userId] }),
    // "My vacancies" and the watcher's visibility are read by user.
    index('vacancy_members_user_idx').on(t.accountId, t.userId, t.role),
    foreignKey({
      columns: [t.accountId, t.vacancyId],
      foreignColumns: [vacancies.accountId, vacancies.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.accountId, t.userId],
      foreignColumns: [users.accountId, users.id],
    }).onDelete('cascade'),
    tenantPolicy('vacancy_members'),
  ],
).enableRLS();

/** Every change of a vacancy's state (open, hold, closed) with its reason. Append-only. */
export const vacancyStateLog = pgTable(
  'vacancy_state_log',
  {
    accountId: accountIdColumn(),
    id: integer().generatedAlwaysAsIdentity(),
    vacancyId: integer().notNull(),
    fromState: text({ enum: VACANCY_STATES }),
    toState: text({ enum: VACANCY_STATES }).notNull(),
    reasonId: integer(),
    comment: text(),
    changedBy: integer(),
    changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index('vacancy_state_log_vacancy_idx').on(t.accountId, t.vacancyId, t.changedAt),
    foreignKey({
      columns: [t.accountId, t.vacancyId],
      foreignColumns: [vacancies.accountId, vacancies.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.accountId, t.reasonId],
      foreignColumns: [reasons.accountId, reasons.id],
    }),
    tenantPolicy('vacancy_state_log'),
  ],
).enableRLS();

/** A vacancy to start from: its content fields and its stages, kept as a list. */
export const vacancyTemplates = pgTable(
  'vacancy_templates',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    id: integer().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    position: text(),
    salaryFrom: integer(),
    salaryTo: integer(),
    currency: text(),
    needed: integer(),
    priority: integer(),
    isHidden: boolean().notNull().default(false),
    body: text(),
    requirements: text(),
    conditions: text(),
    information: text(),
    regions: jsonb().$type<VacancyRegion[]>().notNull().default([]),
    countryId: integer(),
    city: text(),
    // Plain ids, not foreign keys: a template outlives the division or funnel it once named.
    divisionId: integer(),
    statusGroupId: integer(),
    daysUntilDeadline: integer(),
    additionalFieldsList: jsonb().$type<AdditionalField[]>().notNull().default([]),
    stages: jsonb().$type<TemplateStage[]>().notNull().default([]),
    createdBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index('vacancy_templates_name_idx').on(t.accountId, sql`lower(name)`),
    tenantPolicy('vacancy_templates'),
  ],
).enableRLS();
