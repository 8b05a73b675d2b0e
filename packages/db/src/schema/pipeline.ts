import { sql } from 'drizzle-orm';
import {
  boolean,
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
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { applicants } from './applicants.ts';
import { evaluations } from './evaluations.ts';
import { reasons, statusGroups } from './pipeline-settings.ts';
import { accountIdColumn, tenantPolicy } from './tenant-table.ts';
import { users } from './users.ts';
import { vacancies } from './vacancies.ts';

export const REJECT_KINDS = ['reject', 'refuse'] as const;
export type RejectKind = (typeof REJECT_KINDS)[number];
export const TRANSITION_KINDS = ['place', 'move', 'reject', 'refuse'] as const;
export type TransitionKind = (typeof TRANSITION_KINDS)[number];
export const COLUMN_SIZES = ['S', 'M', 'L'] as const;

/** An automation run when an applicant enters the stage (huntlee-api.md §6.5 `actions`). */
export type StageAction = { name: string; action_params: Record<string, unknown> };

/**
 * A stage («этап»). It belongs to a funnel (`status_group_id`: the template), or to one vacancy
 * (`vacancy_id`: the vacancy's own copy, which its applications point at), or to neither: a stage
 * of the account, made by an API client before the funnel it goes into (decision 0018). Never to
 * both. Rejection is a stage too: `is_reject` with `reject_kind` 'reject' (the company declines)
 * or 'refuse' (the applicant declines).
 */
export const statuses = pgTable(
  'statuses',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    id: integer().generatedAlwaysAsIdentity(),
    statusGroupId: integer(),
    vacancyId: integer(),
    // The funnel stage a vacancy stage was copied from, to compare stages across vacancies.
    copiedFromId: integer(),
    name: text().notNull(),
    color: text().notNull().default('#6366F1'),
    // One of the 98 icon names of SPEC.md §3 (packages/contracts icons.ts), or none.
    icon: text(),
    // Called `order` in the API; `order` is an SQL keyword.
    position: integer().notNull().default(0),
    statusType: text().notNull().default('user'),
    isFavorite: boolean().notNull().default(false),
    isOffer: boolean().notNull().default(false),
    isReject: boolean().notNull().default(false),
    rejectKind: text({ enum: REJECT_KINDS }),
    isRequired: boolean().notNull().default(false),
    // The most days an applicant should stay here; cards past it are flagged on the board.
    stayDuration: integer(),
    actions: jsonb().$type<StageAction[]>().notNull().default([]),
    // The scorecard to fill on entering (decision 0014); forms are archived, never deleted.
    evaluationId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    // Target of applications' foreign key: a stage an application names is its vacancy's stage.
    unique('statuses_vacancy_stage_key').on(t.accountId, t.vacancyId, t.id),
    index('statuses_vacancy_idx').on(t.accountId, t.vacancyId, t.position),
    index('statuses_group_idx').on(t.accountId, t.statusGroupId, t.position),
    foreignKey({
      columns: [t.accountId, t.statusGroupId],
      foreignColumns: [statusGroups.accountId, statusGroups.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.accountId, t.vacancyId],
      foreignColumns: [vacancies.accountId, vacancies.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.accountId, t.evaluationId],
      foreignColumns: [evaluations.accountId, evaluations.id],
    }),
    check('statuses_at_most_one_owner_check', sql`num_nonnulls(status_group_id, vacancy_id) <= 1`),
    check('statuses_reject_kind_check', sql`(reject_kind is not null) = is_reject`),
    check('statuses_icon_length_check', sql`char_length(icon) <= 40`),
    tenantPolicy('statuses'),
  ],
).enableRLS();

/** Per-user rights on stages (`admin_user_statuses`); a user without a row sees the stage. */
export const userStatusRights = pgTable(
  'user_status_rights',
  {
    accountId: accountIdColumn(),
    userId: integer().notNull(),
    statusId: integer().notNull(),
    isRead: boolean().notNull().default(true),
    isWrite: boolean().notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.userId, t.statusId] }),
    index('user_status_rights_status_idx').on(t.accountId, t.statusId),
    foreignKey({
      columns: [t.accountId, t.userId],
      foreignColumns: [users.accountId, users.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.accountId, t.statusId],
      foreignColumns: [statuses.accountId, statuses.id],
    }).onDelete('cascade'),
    tenantPolicy('user_status_rights'),
  ],
).enableRLS();

/**
 * An applicant on a vacancy, at one of the vacancy's stages. Inserts and updates are announced on
 * the `ats_board` channel (trigger in migration 0012) for the board's live updates.
 */
export const applications = pgTable(
  'applications',
  {
    accountId: accountIdColumn(),
    id: integer().generatedAlwaysAsIdentity(),
    vacancyId: integer().notNull(),
    applicantId: integer().notNull(),
    statusId: integer().notNull(),
    enteredStatusAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    rejectReasonId: integer(),
    rejectKind: text({ enum: REJECT_KINDS }),
    rejectComment: text(),
    createdBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex('applications_vacancy_applicant_key').on(t.accountId, t.vacancyId, t.applicantId),
    // One board column, newest arrivals first, paged by (entered_status_at, id).
    index('applications_board_idx').on(
      t.accountId,
      t.vacancyId,
      t.statusId,
      t.enteredStatusAt.desc(),
      t.id,
    ),
    index('applications_applicant_idx').on(t.accountId, t.applicantId),
    foreignKey({
      columns: [t.accountId, t.vacancyId],
      foreignColumns: [vacancies.accountId, vacancies.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.accountId, t.applicantId],
      foreignColumns: [applicants.accountId, applicants.id],
    }).onDelete('cascade'),
    // The stage must be one of this vacancy's stages; a stage holding applicants cannot be deleted.
    foreignKey({
      name: 'applications_vacancy_stage_fk',
      columns: [t.accountId, t.vacancyId, t.statusId],
      foreignColumns: [statuses.accountId, statuses.vacancyId, statuses.id],
    }),
    foreignKey({
      columns: [t.accountId, t.rejectReasonId],
      foreignColumns: [reasons.accountId, reasons.id],
    }),
    foreignKey({
      columns: [t.accountId, t.createdBy],
      foreignColumns: [users.accountId, users.id],
    }),
    tenantPolicy('applications'),
  ],
).enableRLS();

/**
 * Every placement, move and rejection of an application: who moved whom, when, from and to, and
 * how long the applicant stayed in the stage left. Append-only; analytics reads it. Stage and
 * applicant ids are plain integers so the history survives a stage, an application or the
 * applicant being removed (decision 0032).
 */
export const applicationTransitions = pgTable(
  'application_transitions',
  {
    accountId: accountIdColumn(),
    id: integer().generatedAlwaysAsIdentity(),
    applicationId: integer().notNull(),
    vacancyId: integer().notNull(),
    applicantId: integer().notNull(),
    fromStatusId: integer(),
    toStatusId: integer().notNull(),
    movedBy: integer(),
    movedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    secondsInFrom: integer(),
    reasonId: integer(),
    comment: text(),
    kind: text({ enum: TRANSITION_KINDS }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index('application_transitions_vacancy_idx').on(t.accountId, t.vacancyId, t.movedAt),
    // An application's transitions in order, with what the analytics funnel reads of each
    // (migration 0040; the board and the history read its leading columns as before).
    index('application_transitions_application_idx').on(
      t.accountId,
      t.applicationId,
      t.movedAt,
      t.id,
      t.kind,
      t.toStatusId,
    ),
    // Analytics by period for the whole company, index-only (migration 0040, decision 0034).
    index('application_transitions_period_idx').on(
      t.accountId,
      t.movedAt,
      t.kind,
      t.toStatusId,
      t.vacancyId,
      t.applicantId,
      t.movedBy,
    ),
    index('application_transitions_placed_idx')
      .on(t.accountId, t.movedAt, t.vacancyId, t.applicationId, t.applicantId, t.movedBy, t.id)
      .where(sql`${t.kind} = 'place'`),
    index('application_transitions_rejections_idx')
      .on(t.accountId, t.movedAt, t.kind, t.reasonId, t.vacancyId, t.applicantId)
      .where(sql`${t.kind} in ('reject', 'refuse')`),
    index('application_transitions_applicant_idx').on(t.accountId, t.applicantId),
    // The hires (or offers) of a set of vacancies by their stages, index-only (migration 0058).
    index('application_transitions_stage_idx').on(
      t.accountId,
      t.toStatusId,
      t.movedAt,
      t.kind,
      t.vacancyId,
      t.applicantId,
    ),
    foreignKey({
      columns: [t.accountId, t.vacancyId],
      foreignColumns: [vacancies.accountId, vacancies.id],
    }).onDelete('cascade'),
    // No foreign key to the applicant: deleting one keeps its past in the log (decision 0032).
    tenantPolicy('application_transitions'),
  ],
).enableRLS();

/** A user's saved board view (`/api/columns`): a named set of filters shown as one column. */
export const columns = pgTable(
  'columns',
  {
    accountId: accountIdColumn(),
    id: integer().generatedAlwaysAsIdentity(),
    userId: integer().notNull(),
    name: text().notNull(),
    size: text({ enum: COLUMN_SIZES }).notNull().default('M'),
    filters: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    vacancyId: integer(),
    position: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index('columns_user_idx').on(t.accountId, t.userId, t.position),
    foreignKey({
      columns: [t.accountId, t.userId],
      foreignColumns: [users.accountId, users.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.accountId, t.vacancyId],
      foreignColumns: [vacancies.accountId, vacancies.id],
    }).onDelete('cascade'),
    tenantPolicy('columns'),
  ],
).enableRLS();

/**
 * What analytics remembers of a deleted applicant (decision 0032): when and by whom they came in
 * and from which source, no personal data, so the counts of past periods do not change. Written by
 * the analytics module when the applicants module deletes one; a merge's loser leaves none.
 */
export const analyticsDeletedApplicants = pgTable(
  'analytics_deleted_applicants',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    applicantId: integer().notNull(),
    accountSourceId: integer(),
    createdBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    deletedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.applicantId] }),
    index('analytics_deleted_applicants_created_idx').on(t.accountId, t.createdAt),
    tenantPolicy('analytics_deleted_applicants'),
  ],
).enableRLS();

/**
 * The analytics rollup of the transition log (migration 0049, decision 0042): per account, kind
 * (placed, moved, hired, rejected, refused), actor (0: the whole company) and day of the account's
 * time zone, how many events had their previous event of the same applicant, kind and actor on
 * `prev_day` (-infinity: none). Kept by statement triggers on `application_transitions`. Kinds
 * `reject_reason`/`refuse_reason` (migration 0067) carry the reason, `placed_source`/`hired_source`
 * (0092) the applicant's source where the actor stands, `placed_vacancy`/`hired_vacancy` (0097) the
 * log row's vacancy.
 */
export const analyticsActivityDays = pgTable(
  'analytics_activity_days',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    actorId: integer().notNull(),
    day: date({ mode: 'string' }).notNull(),
    prevDay: date({ mode: 'string' }).notNull(),
    n: integer().notNull(),
  },
  (t) => [
    primaryKey({
      name: 'analytics_activity_days_pk',
      columns: [t.accountId, t.kind, t.actorId, t.day, t.prevDay],
    }),
    // Migration 0092: the kinds by source by day (INCLUDE n), for the report by source.
    index('analytics_activity_days_source_idx')
      .on(t.accountId, t.day, t.kind, t.actorId, t.prevDay)
      .where(sql`${t.kind} in ('placed_source', 'hired_source')`),
    // Migration 0097: the kinds by vacancy by day (INCLUDE n), for the reports by vacancy.
    index('analytics_activity_days_vacancy_idx')
      .on(t.accountId, t.day, t.kind, t.actorId, t.prevDay)
      .where(sql`${t.kind} in ('placed_vacancy', 'hired_vacancy')`),
    tenantPolicy('analytics_activity_days'),
  ],
).enableRLS();

/**
 * `analytics_activity_days` summed per calendar week (from Monday) and month of the day (migration
 * 0094, decision 0084): per account, kind (placed, moved, hired, rejected, refused; placed_vacancy
 * and hired_vacancy since 0097, the actor being the vacancy), actor (0: the whole company), span
 * (`week`, `month`), its first day and the previous day, how many events. A period's distinct
 * applicants read whole months and weeks here and only the days at its edges.
 * Kept by statement triggers on `analytics_activity_days`.
 */
export const analyticsActivitySpans = pgTable(
  'analytics_activity_spans',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    actorId: integer().notNull(),
    span: text().notNull(),
    start: date({ mode: 'string' }).notNull(),
    prevDay: date({ mode: 'string' }).notNull(),
    n: integer().notNull(),
  },
  (t) => [
    primaryKey({
      name: 'analytics_activity_spans_pk',
      columns: [t.accountId, t.kind, t.actorId, t.span, t.start, t.prevDay],
    }),
    // Migration 0097: the kinds by vacancy by span and start (INCLUDE n).
    index('analytics_activity_spans_vacancy_idx')
      .on(t.accountId, t.span, t.start, t.kind, t.actorId, t.prevDay)
      .where(sql`${t.kind} in ('placed_vacancy', 'hired_vacancy')`),
    tenantPolicy('analytics_activity_spans'),
  ],
).enableRLS();

/**
 * Applicants added per day (migration 0057, decision 0042): per account, day of the account's
 * time zone, resume source (0: none) and creator (0: nobody), how many applicants and tombstones
 * of deleted ones were created — «Новые кандидаты» without scanning the applicants. Kept by
 * statement triggers on `applicants` and `analytics_deleted_applicants`.
 */
export const analyticsApplicantDays = pgTable(
  'analytics_applicant_days',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    sourceId: integer().notNull(),
    actorId: integer().notNull(),
    n: integer().notNull(),
  },
  (t) => [
    primaryKey({
      name: 'analytics_applicant_days_pk',
      columns: [t.accountId, t.day, t.sourceId, t.actorId],
    }),
    tenantPolicy('analytics_applicant_days'),
  ],
).enableRLS();

/**
 * One row per placed application (migration 0066, decision 0042): its first placement (instant,
 * the log row's id, who made it, the day of the account's time zone, that row's vacancy and
 * applicant) and the furthest position reached among its vacancy's stages that are not rejections
 * — what the cohort funnel reads. Recomputed from the log by statement triggers on
 * `application_transitions` and `statuses`.
 */
export const analyticsApplicationSummaries = pgTable(
  'analytics_application_summaries',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    applicationId: integer().notNull(),
    applicantId: integer().notNull(),
    vacancyId: integer().notNull(),
    placedAt: timestamp({ withTimezone: true }).notNull(),
    placedTransitionId: integer().notNull(),
    placedBy: integer(),
    placedDay: date({ mode: 'string' }).notNull(),
    furthestPosition: integer(),
    // Migration 0082: the applicant's source now (a trigger on applicants and tombstones keeps it;
    // 0: none), the fact `offers` of the application, its hires (those `accepted` counts apart),
    // and the stage and day of each of its transitions in log order (the funnel's stays).
    sourceId: integer().notNull().default(0),
    offeredAt: timestamp({ withTimezone: true }),
    offeredBy: integer(),
    firstHiredAt: timestamp({ withTimezone: true }),
    hiredAt: timestamp({ withTimezone: true })
      .array()
      .notNull()
      .default(sql`'{}'`),
    hireCount: integer().notNull().default(0),
    acceptedAt: timestamp({ withTimezone: true })
      .array()
      .notNull()
      .default(sql`'{}'`),
    stepStageIds: integer()
      .array()
      .notNull()
      .default(sql`'{}'`),
    stepDays: date({ mode: 'string' })
      .array()
      .notNull()
      .default(sql`'{}'`),
    // Migration 0091: the stages of the vacancy's funnel template this application reached (a
    // copy of each at or before the furthest position), set by a trigger when the row is written.
    templateStageIds: integer()
      .array()
      .notNull()
      .default(sql`'{}'`),
    // Per step, the template stage of the stay it begins (negative: kept whole; 0: none).
    templateStepIds: integer()
      .array()
      .notNull()
      .default(sql`'{}'`),
    // Migration 0092: the columns of the account's default funnel this application reached (those
    // at or before the farthest its steps' stages stand for), set by a trigger when written.
    sourceColumnIds: integer()
      .array()
      .notNull()
      .default(sql`'{}'`),
  },
  (t) => [
    primaryKey({
      name: 'analytics_application_summaries_pk',
      columns: [t.accountId, t.applicationId],
    }),
    index('analytics_application_summaries_placed_idx').on(
      t.accountId,
      t.placedAt,
      t.vacancyId,
      t.applicantId,
      t.furthestPosition,
      t.placedBy,
      t.applicationId,
      t.sourceId,
    ),
    index('analytics_application_summaries_offered_idx')
      .on(t.accountId, t.offeredAt, t.vacancyId, t.applicantId)
      .where(sql`${t.offeredAt} is not null`),
    index('analytics_application_summaries_hired_idx')
      .on(t.accountId, t.firstHiredAt, t.vacancyId)
      .where(sql`${t.firstHiredAt} is not null`),
    index('analytics_application_summaries_rehired_idx')
      .on(t.accountId, t.firstHiredAt)
      .where(sql`${t.hireCount} > 1`),
    index('analytics_application_summaries_applicant_idx').on(t.accountId, t.applicantId),
    index('analytics_application_summaries_vacancy_idx').on(t.accountId, t.vacancyId),
    tenantPolicy('analytics_application_summaries'),
  ],
).enableRLS();

/**
 * Distinct applicants per funnel template stage and placement day (migration 0091, decision
 * 0075): per account, template stage and day of the account's time zone, how many applicants had
 * an application placed that day which reached the stage, beside the previous such day of the same
 * applicant and stage (`prev_day`, -infinity: none) — the template funnel's «reached» over [a, b]
 * is `sum(n) where day between a and b and prev_day < a`. Kept by statement triggers on the
 * summaries.
 */
export const analyticsFunnelDays = pgTable(
  'analytics_funnel_days',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    stageId: integer().notNull(),
    day: date({ mode: 'string' }).notNull(),
    prevDay: date({ mode: 'string' }).notNull(),
    n: integer().notNull(),
  },
  (t) => [
    primaryKey({
      name: 'analytics_funnel_days_pk',
      columns: [t.accountId, t.stageId, t.day, t.prevDay],
    }),
    tenantPolicy('analytics_funnel_days'),
  ],
).enableRLS();

/**
 * Offers, accepted offers and hires per day (migration 0106, decision 0096), from the summaries:
 * kind `offers` (`accepted`) counts an applicant on each day an application of theirs first
 * reached an offer stage (was hired after an offer), beside the applicant's previous such day
 * (`prev_day`, -infinity: none); kind `hired` counts an application on each day it was hired,
 * beside its previous hire day, with its placement day (`placed_day`; -infinity for the other
 * kinds). The distinct applicants (applications' first hires) of [a, b] are `sum(n) where day
 * between a and b and prev_day < a`. Kept by statement triggers on the summaries.
 */
export const analyticsSummaryDays = pgTable(
  'analytics_summary_days',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    day: date({ mode: 'string' }).notNull(),
    prevDay: date({ mode: 'string' }).notNull(),
    placedDay: date({ mode: 'string' }).notNull(),
    n: integer().notNull(),
  },
  (t) => [
    primaryKey({
      // The migration adds `n` to it (INCLUDE): a period is one index-only range per kind.
      name: 'analytics_summary_days_pk',
      columns: [t.accountId, t.kind, t.day, t.prevDay, t.placedDay],
    }),
    tenantPolicy('analytics_summary_days'),
  ],
).enableRLS();

/**
 * Distinct applicants per resume source, default-funnel column and placement day (migration
 * 0092, decision 0080): how many applicants of the source had an application placed that day which
 * reached the column, beside the previous such day of the same applicant and column (`prev_day`,
 * -infinity: none) — the report by source's reach over [a, b] is `sum(n) where day between a and b
 * and prev_day < a`. Kept by statement triggers on the summaries.
 */
export const analyticsSourceReachDays = pgTable(
  'analytics_source_reach_days',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    sourceId: integer().notNull(),
    stageId: integer().notNull(),
    day: date({ mode: 'string' }).notNull(),
    prevDay: date({ mode: 'string' }).notNull(),
    n: integer().notNull(),
  },
  (t) => [
    primaryKey({
      // Day first: a period is one range (migration 0092 adds `n` to it, INCLUDE).
      name: 'analytics_source_reach_days_pk',
      columns: [t.accountId, t.day, t.sourceId, t.stageId, t.prevDay],
    }),
    tenantPolicy('analytics_source_reach_days'),
  ],
).enableRLS();

/**
 * The template funnel's stays per template stage and placement day (migration 0091, decision
 * 0075): a stay counted on its entering day (`left_on` -infinity) and on its leaving day
 * (`entered_on` -infinity), or whole (both days) when its days may fall outside a request's
 * calendar. Kept by statement triggers on the summaries.
 */
export const analyticsFunnelStays = pgTable(
  'analytics_funnel_stays',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    stageId: integer().notNull(),
    placedDay: date({ mode: 'string' }).notNull(),
    enteredOn: date({ mode: 'string' }).notNull(),
    leftOn: date({ mode: 'string' }).notNull(),
    n: integer().notNull(),
  },
  (t) => [
    primaryKey({
      name: 'analytics_funnel_stays_pk',
      columns: [t.accountId, t.stageId, t.placedDay, t.enteredOn, t.leftOn],
    }),
    tenantPolicy('analytics_funnel_stays'),
  ],
).enableRLS();

/**
 * Each vacancy's «reached» per placement day (migration 0105, decision 0088): per applicant,
 * vacancy and day, the levels (stage positions) up to the furthest its applications placed that
 * day reached, each beside the previous day of the same applicant and vacancy that reached it
 * (`prev_day`, -infinity: none), kept as runs of «every level up to `position`» (+n at a run's top,
 * -n below its bottom). The stage at position P over [a, b] is `sum(n) where day between a and b
 * and prev_day < a and position >= P`. Kept by statement triggers on the summaries.
 */
export const analyticsVacancyReachDays = pgTable(
  'analytics_vacancy_reach_days',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    vacancyId: integer().notNull(),
    position: integer().notNull(),
    prevDay: date({ mode: 'string' }).notNull(),
    n: integer().notNull(),
  },
  (t) => [
    primaryKey({
      // Day first: a period is one range (migration 0105 adds `n` to it, INCLUDE).
      name: 'analytics_vacancy_reach_days_pk',
      columns: [t.accountId, t.day, t.vacancyId, t.position, t.prevDay],
    }),
    // Migration 0108: some vacancies' rows (one vacancy, a division, an owner's), one range per
    // vacancy (INCLUDE n).
    index('analytics_vacancy_reach_days_vacancy_idx').on(
      t.accountId,
      t.vacancyId,
      t.day,
      t.prevDay,
      t.position,
    ),
    tenantPolicy('analytics_vacancy_reach_days'),
  ],
).enableRLS();

/**
 * The rows of `analytics_vacancy_reach_days` summed per calendar month of their day (migration
 * 0112, decision 0105), the previous day kept: the funnel reads a period's whole months here and
 * the days at its edges from the days. Written by the same statement as the days (the summaries'
 * triggers' helper) and by the rollups' rebuild.
 */
export const analyticsVacancyReachMonths = pgTable(
  'analytics_vacancy_reach_months',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    month: date({ mode: 'string' }).notNull(),
    vacancyId: integer().notNull(),
    position: integer().notNull(),
    prevDay: date({ mode: 'string' }).notNull(),
    n: integer().notNull(),
  },
  (t) => [
    primaryKey({
      // Month first: a period's whole months are one range (INCLUDE n in the migration).
      name: 'analytics_vacancy_reach_months_pk',
      columns: [t.accountId, t.month, t.vacancyId, t.position, t.prevDay],
    }),
    // Some vacancies' rows, one range per vacancy (INCLUDE n), as the days' (migration 0108).
    index('analytics_vacancy_reach_months_vacancy_idx').on(
      t.accountId,
      t.vacancyId,
      t.month,
      t.prevDay,
      t.position,
    ),
    tenantPolicy('analytics_vacancy_reach_months'),
  ],
).enableRLS();

/**
 * The cohort's stays per placement day, vacancy of the application and stage (migration 0105,
 * decision 0088): how many stays entered the stage on `entered_on` and left it on `left_on`, for
 * each vacancy's average time in stage. Kept by statement triggers on the summaries.
 */
export const analyticsVacancyStays = pgTable(
  'analytics_vacancy_stays',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    placedDay: date({ mode: 'string' }).notNull(),
    vacancyId: integer().notNull(),
    stageId: integer().notNull(),
    enteredOn: date({ mode: 'string' }).notNull(),
    leftOn: date({ mode: 'string' }).notNull(),
    n: integer().notNull(),
  },
  (t) => [
    primaryKey({
      name: 'analytics_vacancy_stays_pk',
      columns: [t.accountId, t.placedDay, t.vacancyId, t.stageId, t.enteredOn, t.leftOn],
    }),
    // Migration 0108: some vacancies' rows (one vacancy, a division, an owner's), one range per
    // vacancy (INCLUDE n).
    index('analytics_vacancy_stays_vacancy_idx').on(
      t.accountId,
      t.vacancyId,
      t.placedDay,
      t.stageId,
      t.enteredOn,
      t.leftOn,
    ),
    tenantPolicy('analytics_vacancy_stays'),
  ],
).enableRLS();
