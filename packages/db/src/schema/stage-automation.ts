import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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
import { statuses } from './pipeline.ts';
import { accountIdColumn, tenantPolicy } from './tenant-table.ts';

export const AUTOMATION_TRIGGERS = ['enter', 'stay'] as const;
export const AUTOMATION_RUN_STATES = ['pending', 'running', 'done', 'failed'] as const;

/**
 * A rule of a stage (migration 0048, decision 0041): on entering it (`enter`) or after
 * `stay_days` there (`stay`), do `action` with `params`. A rule on a funnel's stage acts on every
 * vacancy stage copied from it; one on a vacancy's stage on that stage only.
 */
export const stageAutomationRules = pgTable(
  'stage_automation_rules',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    id: integer().generatedAlwaysAsIdentity(),
    statusId: integer().notNull(),
    trigger: text({ enum: AUTOMATION_TRIGGERS }).notNull(),
    stayDays: integer(),
    action: text().notNull(),
    params: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    isActive: boolean().notNull().default(true),
    createdBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index('stage_automation_rules_status_idx').on(t.accountId, t.statusId),
    index('stage_automation_rules_stay_idx')
      .on(t.accountId)
      .where(sql`${t.trigger} = 'stay' and ${t.isActive}`),
    foreignKey({
      name: 'stage_automation_rules_status_fk',
      columns: [t.accountId, t.statusId],
      foreignColumns: [statuses.accountId, statuses.id],
    }).onDelete('cascade'),
    check('stage_automation_rules_trigger_check', sql`${t.trigger} in ('enter', 'stay')`),
    check(
      'stage_automation_rules_stay_days_check',
      sql`(${t.trigger} = 'stay') = (${t.stayDays} is not null) and coalesce(${t.stayDays}, 1) between 1 and 3650`,
    ),
    tenantPolicy('stage_automation_rules'),
  ],
).enableRLS();

/**
 * One action to do for one entry of an application into a stage: the outbox of the automation.
 * `source` names what asked for it (`rule:<id>`, or `stage:<stage id>:<index>` for the stage's
 * stored `actions`); with the entry's time it makes the run unique, so it is done once.
 */
export const stageAutomationRuns = pgTable(
  'stage_automation_runs',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    id: integer().generatedAlwaysAsIdentity(),
    applicationId: integer().notNull(),
    applicantId: integer().notNull(),
    vacancyId: integer().notNull(),
    statusId: integer().notNull(),
    enteredAt: timestamp({ withTimezone: true }).notNull(),
    source: text().notNull(),
    ruleId: integer(),
    trigger: text({ enum: AUTOMATION_TRIGGERS }).notNull(),
    action: text().notNull(),
    params: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    // How many automated moves led here: a chain of rules stops past a few (decision 0041).
    depth: integer().notNull().default(0),
    actingUserId: integer(),
    state: text({ enum: AUTOMATION_RUN_STATES }).notNull().default('pending'),
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex('stage_automation_runs_once_key').on(
      t.accountId,
      t.applicationId,
      t.enteredAt,
      t.source,
    ),
    index('stage_automation_runs_open_idx')
      .on(t.createdAt)
      .where(sql`${t.state} in ('pending', 'running')`),
    check(
      'stage_automation_runs_state_check',
      sql`${t.state} in ('pending', 'running', 'done', 'failed')`,
    ),
    tenantPolicy('stage_automation_runs'),
  ],
).enableRLS();
