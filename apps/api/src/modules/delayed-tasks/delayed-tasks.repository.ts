import { type Db, selectRows } from '@ats/db/connection';
import {
  delayedSubTasks,
  delayedTasks,
  type DelayedSubTaskState,
  type DelayedTaskKind,
} from '@ats/db/schema/delayed-tasks';
import { and, eq, sql, type SQL } from 'drizzle-orm';

export type TaskRow = typeof delayedTasks.$inferSelect;
export type SubTaskRow = typeof delayedSubTasks.$inferSelect;

export type Counts = {
  total: number;
  queued: number;
  running: number;
  done: number;
  failed: number;
  cancelled: number;
};
export type TaskWithCounts = TaskRow & { counts: Counts };

export async function insertTask(
  tx: Db,
  values: {
    accountId: number;
    kind: DelayedTaskKind;
    title: string;
    params: Record<string, unknown>;
    schedule: Record<string, unknown>;
    runAt: Date;
    createdBy: number;
  },
) {
  const [row] = await tx.insert(delayedTasks).values(values).returning();
  return row!;
}

/** One sub-task per applicant (or one for nobody), all due when the task is. */
export async function insertSubTasks(
  tx: Db,
  accountId: number,
  taskId: number,
  applicantIds: (number | null)[],
  runAt: Date,
) {
  // Large selections go in slices: a statement holds at most 65,535 parameters.
  for (let start = 0; start < applicantIds.length; start += 5000) {
    await tx.insert(delayedSubTasks).values(
      applicantIds.slice(start, start + 5000).map((applicantId) => ({
        accountId,
        taskId,
        applicantId,
        runAt,
      })),
    );
  }
}

/** The applicants of the account among `ids` (a deleted applicant has no row). */
export async function existingApplicantIds(tx: Db, accountId: number, ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const result = await selectRows(
    tx,
    sql`select id from applicants
        where account_id = ${accountId}
          and id = any(${`{${ids.join(',')}}`}::int[])`,
  );
  return new Set((result as { id: number }[]).map((row) => Number(row.id)));
}

const countsSql = sql`
  select task_id,
         count(*)::int as total,
         count(*) filter (where state = 'queued')::int as queued,
         count(*) filter (where state = 'running')::int as running,
         count(*) filter (where state = 'done')::int as done,
         count(*) filter (where state = 'failed')::int as failed,
         count(*) filter (where state = 'cancelled')::int as cancelled
  from delayed_sub_tasks`;

/** The state the list shows, from the counts (see contracts TASK_STATES). */
export const stateSql = sql`case
  when c.cancelled = c.total then 'cancelled'
  when c.queued + c.cancelled = c.total then 'upcoming'
  when c.queued > 0 or c.running > 0 then 'running'
  when c.failed > 0 then 'failed'
  else 'done' end`;

type ListRow = {
  id: number;
  account_id: number;
  kind: DelayedTaskKind;
  title: string;
  params: Record<string, unknown>;
  schedule: Record<string, unknown>;
  run_at: Date | string;
  created_by: number;
  created_at: Date | string;
  updated_at: Date | string;
  total: number;
  queued: number;
  running: number;
  done: number;
  failed: number;
  cancelled: number;
};

const toTask = (row: ListRow): TaskWithCounts => ({
  accountId: Number(row.account_id),
  id: Number(row.id),
  kind: row.kind,
  title: row.title,
  params: row.params,
  schedule: row.schedule,
  runAt: new Date(row.run_at),
  createdBy: Number(row.created_by),
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
  counts: {
    total: Number(row.total),
    queued: Number(row.queued),
    running: Number(row.running),
    done: Number(row.done),
    failed: Number(row.failed),
    cancelled: Number(row.cancelled),
  },
});

export type ListFilter = {
  state?: string | undefined;
  kind?: string | undefined;
  applicantId?: number | undefined;
  /** Only the tasks this user created (a watcher's own). */
  createdBy?: number | undefined;
  ids?: number[];
};

function whereOf(accountId: number, filter: ListFilter) {
  const parts: SQL[] = [sql`t.account_id = ${accountId}`];
  if (filter.kind) parts.push(sql`t.kind = ${filter.kind}`);
  if (filter.createdBy !== undefined) parts.push(sql`t.created_by = ${filter.createdBy}`);
  if (filter.ids) parts.push(sql`t.id = any(${`{${filter.ids.join(',')}}`}::int[])`);
  if (filter.applicantId !== undefined) {
    parts.push(
      sql`exists (select 1 from delayed_sub_tasks s where s.account_id = t.account_id
                  and s.task_id = t.id and s.applicant_id = ${filter.applicantId})`,
    );
  }
  if (filter.state) parts.push(sql`${stateSql} = ${filter.state}`);
  return sql.join(parts, sql` and `);
}

/**
 * Tasks with their sub-tasks counted: the upcoming ones soonest first, the rest latest first.
 */
export async function listTasks(
  tx: Db,
  accountId: number,
  filter: ListFilter,
  page: { limit: number; offset: number },
) {
  const from = sql`from delayed_tasks t
    join (${countsSql} where account_id = ${accountId} group by task_id) c on c.task_id = t.id
    where ${whereOf(accountId, filter)}`;
  const order =
    filter.state === 'upcoming' ? sql`t.run_at asc, t.id asc` : sql`t.run_at desc, t.id desc`;
  const rows = await selectRows(
    tx,
    sql`select t.*, c.total, c.queued, c.running, c.done, c.failed, c.cancelled ${from}
        order by ${order} limit ${page.limit} offset ${page.offset}`,
  );
  const [total] = (await selectRows(tx, sql`select count(*)::int as n ${from}`)) as {
    n: number;
  }[];
  return { items: (rows as ListRow[]).map(toTask), total: Number(total?.n ?? 0) };
}

export async function findTask(tx: Db, accountId: number, id: number, lock = false) {
  const result = await selectRows(
    tx,
    sql`select t.*, c.total, c.queued, c.running, c.done, c.failed, c.cancelled
        from delayed_tasks t
        join (${countsSql} where account_id = ${accountId} and task_id = ${id} group by task_id) c
          on c.task_id = t.id
        where t.account_id = ${accountId} and t.id = ${id}
        ${lock ? sql`for update of t` : sql``}`,
  );
  const row = (result as ListRow[])[0];
  return row ? toTask(row) : null;
}

export type SubTaskListRow = SubTaskRow & {
  firstName: string | null;
  lastName: string | null;
  middleName: string | null;
};

export async function listSubTasks(tx: Db, accountId: number, taskId: number) {
  const result = await selectRows(
    tx,
    sql`select s.id, s.task_id, s.applicant_id, s.state, s.result, s.reason, s.attempts,
               s.started_at, s.finished_at,
               a.first_name, a.last_name, a.middle_name
        from delayed_sub_tasks s
        left join applicants a on a.account_id = s.account_id and a.id = s.applicant_id
        where s.account_id = ${accountId} and s.task_id = ${taskId}
        order by s.id`,
  );
  return result as {
    id: number;
    task_id: number;
    applicant_id: number | null;
    state: DelayedSubTaskState;
    result: string | null;
    reason: string | null;
    attempts: number;
    started_at: Date | string | null;
    finished_at: Date | string | null;
    first_name: string | null;
    last_name: string | null;
    middle_name: string | null;
  }[];
}

export async function updateTask(
  tx: Db,
  accountId: number,
  id: number,
  values: Partial<Pick<TaskRow, 'title' | 'params' | 'schedule' | 'runAt'>>,
) {
  await tx
    .update(delayedTasks)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(delayedTasks.accountId, accountId), eq(delayedTasks.id, id)));
}

/** Moves the waiting sub-tasks to another moment (the task was edited before it started). */
export async function rescheduleQueued(tx: Db, accountId: number, taskId: number, runAt: Date) {
  await selectRows(
    tx,
    sql`update delayed_sub_tasks set run_at = ${runAt}
        where account_id = ${accountId} and task_id = ${taskId} and state = 'queued'`,
  );
}

/**
 * Cancels what has not started. A sub-task a worker is running is locked by its transaction: this
 * waits for it and then finds it done (or failed), never cancelled after the fact.
 */
export async function cancelQueued(tx: Db, accountId: number, taskId: number) {
  const result = await selectRows(
    tx,
    sql`update delayed_sub_tasks set state = 'cancelled', finished_at = now()
        where account_id = ${accountId} and task_id = ${taskId} and state = 'queued'
        returning id`,
  );
  return result.length;
}

/** Failed sub-tasks wait again, due now. */
export async function requeueFailed(tx: Db, accountId: number, taskId: number) {
  const result = await selectRows(
    tx,
    sql`update delayed_sub_tasks set state = 'queued', run_at = now(), reason = null,
               finished_at = null
        where account_id = ${accountId} and task_id = ${taskId} and state = 'failed'
        returning id`,
  );
  return result.length;
}

/**
 * Takes up to `limit` due sub-tasks of a task under row locks, skipping those another worker
 * holds: the state changes in the same transaction, so each is taken once.
 */
export async function claimDueSubTasks(tx: Db, accountId: number, taskId: number, limit: number) {
  const result = await selectRows(
    tx,
    sql`select id, applicant_id, attempts from delayed_sub_tasks
        where account_id = ${accountId} and task_id = ${taskId} and state = 'queued'
          and run_at <= now()
        order by id
        limit ${limit}
        for update skip locked`,
  );
  return (result as { id: number; applicant_id: number | null; attempts: number }[]).map((row) => ({
    id: Number(row.id),
    applicantId: row.applicant_id === null ? null : Number(row.applicant_id),
    attempts: Number(row.attempts),
  }));
}

export async function finishSubTask(
  tx: Db,
  accountId: number,
  id: number,
  outcome: {
    state: 'done' | 'failed';
    result?: string | null;
    reason?: string | null;
    outboxId?: number | null;
  },
) {
  await selectRows(
    tx,
    sql`update delayed_sub_tasks
        set state = ${outcome.state}, result = ${outcome.result ?? null},
            reason = ${outcome.reason ?? null}, outbox_id = ${outcome.outboxId ?? null},
            attempts = attempts + 1, started_at = coalesce(started_at, now()),
            finished_at = now()
        where account_id = ${accountId} and id = ${id}`,
  );
}

/** Which tasks have sub-tasks due now, over every account (the worker's look-up). */
export async function dueTasksAcrossAccounts(db: Db, limit: number) {
  const result = await selectRows(
    db,
    sql`select account_id, task_id from delayed_sub_tasks
        where state = 'queued' and run_at <= now()
        group by account_id, task_id
        order by min(run_at)
        limit ${limit}`,
  );
  return (result as { account_id: number; task_id: number }[]).map((row) => ({
    accountId: Number(row.account_id),
    taskId: Number(row.task_id),
  }));
}

/** The moment in the zone: a wall-clock date and time turned into an instant by PostgreSQL. */
export async function wallClockToInstant(tx: Db, date: string, time: string, timeZone: string) {
  const result = await selectRows(
    tx,
    sql`select ((${date}::date + ${time}::time) at time zone ${timeZone}) as at`,
  );
  return new Date((result[0] as { at: Date | string }).at);
}

/** Today's date in the zone (YYYY-MM-DD). */
export async function todayIn(tx: Db, timeZone: string) {
  const result = await selectRows(
    tx,
    sql`select to_char(now() at time zone ${timeZone}, 'YYYY-MM-DD') as today`,
  );
  return String((result[0] as { today: string }).today);
}

/** Sub-tasks that ran (or are running): past this, the task can no longer be edited. */
export const startedCount = (counts: Counts) => counts.done + counts.failed + counts.running;
