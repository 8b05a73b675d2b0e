import { sql } from 'drizzle-orm';
import {
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
import { accountIdColumn, tenantPolicy } from './tenant-table.ts';

export type DelayedTaskKind =
  'send_letter' | 'send_message' | 'move_stage' | 'remind_user' | 'create_event';
export type DelayedSubTaskState = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

/** An action to do later (migration 0047, decision 0040); the delayed-tasks module owns it. */
export const delayedTasks = pgTable(
  'delayed_tasks',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    id: integer().generatedAlwaysAsIdentity(),
    kind: text().$type<DelayedTaskKind>().notNull(),
    title: text().notNull(),
    params: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    schedule: jsonb().$type<Record<string, unknown>>().notNull(),
    runAt: timestamp({ withTimezone: true }).notNull(),
    createdBy: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    check(
      'delayed_tasks_kind_check',
      sql`${t.kind} in ('send_letter', 'send_message', 'move_stage', 'remind_user', 'create_event')`,
    ),
    index('delayed_tasks_account_run_at_idx').on(t.accountId, t.runAt.desc()),
    tenantPolicy('delayed_tasks'),
  ],
).enableRLS();

/** One applicant of a delayed task (or the task itself when it is for nobody): state and outcome. */
export const delayedSubTasks = pgTable(
  'delayed_sub_tasks',
  {
    accountId: accountIdColumn(),
    id: integer().generatedAlwaysAsIdentity(),
    taskId: integer().notNull(),
    applicantId: integer(),
    state: text().$type<DelayedSubTaskState>().notNull().default('queued'),
    runAt: timestamp({ withTimezone: true }).notNull(),
    attempts: integer().notNull().default(0),
    result: text(),
    reason: text(),
    outboxId: integer(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    foreignKey({
      name: 'delayed_sub_tasks_task_fk',
      columns: [t.accountId, t.taskId],
      foreignColumns: [delayedTasks.accountId, delayedTasks.id],
    }).onDelete('cascade'),
    check(
      'delayed_sub_tasks_state_check',
      sql`${t.state} in ('queued', 'running', 'done', 'failed', 'cancelled')`,
    ),
    uniqueIndex('delayed_sub_tasks_task_applicant_key').on(t.accountId, t.taskId, t.applicantId),
    index('delayed_sub_tasks_due_idx')
      .on(t.runAt)
      .where(sql`${t.state} = 'queued'`),
    index('delayed_sub_tasks_task_idx').on(t.accountId, t.taskId, t.state),
    tenantPolicy('delayed_sub_tasks'),
  ],
).enableRLS();
