import { type Db, selectRows, statementName } from '@ats/db/connection';
import type { RowOf } from '@ats/db/rows';
import { stageAutomationRules, stageAutomationRuns } from '@ats/db/schema/stage-automation';
import { intArray } from '@ats/db/sql-arrays';
import { and, eq, sql } from 'drizzle-orm';

// The rules and the runs of stage automation (migration 0048): this module owns both tables. The
// stages, applications, applicants and vacancies are only read here, to match rules to entries.

export type RuleRow = RowOf<
  typeof stageAutomationRules,
  | 'id'
  | 'statusId'
  | 'trigger'
  | 'stayDays'
  | 'action'
  | 'params'
  | 'isActive'
  | 'createdBy'
  | 'createdAt'
  | 'updatedAt'
> & { status_group_id: number | null; vacancy_id: number | null };

const ruleColumns = sql.raw(`r.id, r.status_id, r.trigger, r.stay_days, r.action, r.params,
  r.is_active, r.created_by, r.created_at, r.updated_at, s.status_group_id, s.vacancy_id`);

/** Rules of the stages of a funnel, of a vacancy or of one stage, in the stages' order. */
export function listRules(
  tx: Db,
  accountId: number,
  filter: { statusGroupId?: number | undefined; vacancyId?: number | undefined; statusId?: number },
) {
  return selectRows<RuleRow>(
    tx,
    sql`select ${ruleColumns}
        from stage_automation_rules r
        join statuses s on s.account_id = r.account_id and s.id = r.status_id
        where r.account_id = ${accountId}::int
          ${filter.statusGroupId !== undefined ? sql`and s.status_group_id = ${filter.statusGroupId}::int` : sql``}
          ${filter.vacancyId !== undefined ? sql`and s.vacancy_id = ${filter.vacancyId}::int` : sql``}
          ${filter.statusId !== undefined ? sql`and s.id = ${filter.statusId}::int` : sql``}
        order by s.position, s.id, r.id`,
  );
}

export async function findRule(tx: Db, accountId: number, id: number) {
  const [row] = await selectRows<RuleRow>(
    tx,
    sql`select ${ruleColumns}
        from stage_automation_rules r
        join statuses s on s.account_id = r.account_id and s.id = r.status_id
        where r.account_id = ${accountId}::int and r.id = ${id}::int`,
  );
  return row ?? null;
}

export type StageRef = {
  id: number;
  name: string;
  status_group_id: number | null;
  vacancy_id: number | null;
  is_reject: boolean;
};

export async function findStage(tx: Db, accountId: number, id: number) {
  const [row] = await selectRows<StageRef>(
    tx,
    sql`select id, name, status_group_id, vacancy_id, is_reject from statuses
        where account_id = ${accountId}::int and id = ${id}::int`,
  );
  return row ?? null;
}

type RuleValues = {
  statusId: number;
  trigger: 'enter' | 'stay';
  stayDays: number | null;
  action: string;
  params: Record<string, unknown>;
  isActive: boolean;
};

export async function insertRule(
  tx: Db,
  accountId: number,
  values: RuleValues & { createdBy: number },
) {
  const [row] = await tx
    .insert(stageAutomationRules)
    .values({ accountId, ...values })
    .returning({ id: stageAutomationRules.id });
  return row!.id;
}

export async function updateRule(
  tx: Db,
  accountId: number,
  id: number,
  values: Omit<RuleValues, 'statusId'>,
) {
  await tx
    .update(stageAutomationRules)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(stageAutomationRules.accountId, accountId), eq(stageAutomationRules.id, id)));
}

export async function deleteRule(tx: Db, accountId: number, id: number) {
  await tx
    .delete(stageAutomationRules)
    .where(and(eq(stageAutomationRules.accountId, accountId), eq(stageAutomationRules.id, id)));
}

// ─── Runs ───────────────────────────────────────────────────────────────────────────────────────

/**
 * The runs of the applications that just entered a stage, written in the move's transaction:
 * one per active «enter» rule of the stage (or of the funnel stage it was copied from) and one
 * per action stored on the stage. A run already written for this entry is not written again.
 */
export function insertEnterRuns(
  tx: Db,
  accountId: number,
  actingUserId: number,
  entered: { applicationId: number; automationDepth: number }[],
) {
  const rows = JSON.stringify(entered.map((e) => ({ id: e.applicationId, d: e.automationDepth })));
  const query = sql`
    with e as (select * from jsonb_to_recordset(${rows}::jsonb) as e(id int, d int)),
    entry as (
      select ap.account_id, ap.id, ap.applicant_id, ap.vacancy_id, ap.status_id,
             ap.entered_status_at, e.d, s.copied_from_id, s.actions
      from e
      join applications ap on ap.account_id = ${accountId}::int and ap.id = e.id
      join statuses s on s.account_id = ap.account_id and s.id = ap.status_id
    ),
    wanted as (
      select en.*, 'rule:' || r.id as source, r.id as rule_id, r.action, r.params
      from entry en
      join stage_automation_rules r
        on r.account_id = en.account_id and r.trigger = 'enter' and r.is_active
       and (r.status_id = en.status_id or r.status_id = en.copied_from_id)
      union all
      select en.*, 'stage:' || en.status_id || ':' || (a.n - 1), null,
             coalesce(a.value ->> 'name', ''), coalesce(a.value -> 'action_params', '{}'::jsonb)
      from entry en
      cross join lateral jsonb_array_elements(
        case when jsonb_typeof(en.actions) = 'array' then en.actions else '[]'::jsonb end
      ) with ordinality as a(value, n)
    )
    insert into stage_automation_runs (account_id, application_id, applicant_id, vacancy_id,
      status_id, entered_at, source, rule_id, trigger, action, params, depth, acting_user_id)
    select account_id, id, applicant_id, vacancy_id, status_id, entered_status_at, source,
           rule_id, 'enter', action, params, d, ${actingUserId}::int
    from wanted
    on conflict do nothing
    returning id, application_id`;
  // Named: every move and placement sends it (decision 0095).
  return selectRows<{ id: number; application_id: number }>(tx, query, {
    name: statementName('automation_enter_runs', query),
  });
}

/** Runs of these applications still waiting (to hand to the queue after the move's commit). */
export function listPendingRunsOf(tx: Db, accountId: number, applicationIds: number[]) {
  return selectRows<{ id: number }>(
    tx,
    sql`select id from stage_automation_runs
        where account_id = ${accountId}::int and application_id = any(${intArray(applicationIds)})
          and state = 'pending'
        order by id`,
  );
}

/**
 * Across accounts (the periodic check): one run for each application that has stayed at a stage
 * longer than an active «stay» rule of it allows, once per entry into the stage.
 */
export function insertStayRunsAcrossAccounts(db: Db) {
  return selectRows<{ account_id: number; id: number }>(
    db,
    sql`
    insert into stage_automation_runs (account_id, application_id, applicant_id, vacancy_id,
      status_id, entered_at, source, rule_id, trigger, action, params, depth, acting_user_id)
    select ap.account_id, ap.id, ap.applicant_id, ap.vacancy_id, ap.status_id,
           ap.entered_status_at, 'rule:' || r.id, r.id, 'stay', r.action, r.params, 0,
           coalesce(r.created_by, ap.created_by)
    from stage_automation_rules r
    join statuses s on s.account_id = r.account_id and s.vacancy_id is not null
     and (s.id = r.status_id or s.copied_from_id = r.status_id)
    join applications ap on ap.account_id = s.account_id and ap.vacancy_id = s.vacancy_id
     and ap.status_id = s.id
    join vacancies v on v.account_id = ap.account_id and v.id = ap.vacancy_id and v.state = 'open'
    where r.trigger = 'stay' and r.is_active
      and ap.entered_status_at < now() - make_interval(days => r.stay_days)
    on conflict do nothing
    returning account_id, id`,
  );
}

/** Across accounts: runs left waiting longer than `seconds` (their job was lost). */
export function listStalePendingRunsAcrossAccounts(db: Db, seconds: number) {
  return selectRows<{ account_id: number; id: number }>(
    db,
    sql`select account_id, id from stage_automation_runs
        where state = 'pending' and created_at < now() - make_interval(secs => ${seconds}::int)
        order by created_at limit 500`,
  );
}

export type ClaimedRun = RowOf<
  typeof stageAutomationRuns,
  | 'id'
  | 'applicationId'
  | 'applicantId'
  | 'vacancyId'
  | 'statusId'
  | 'ruleId'
  | 'source'
  | 'trigger'
  | 'action'
  | 'params'
  | 'depth'
  | 'actingUserId'
> & {
  stage_name: string | null;
  stage_group_id: number | null;
  vacancy_position: string | null;
  applicant_email: string | null;
  applicant_exists: boolean;
};

/**
 * Takes a waiting run for doing (`pending` → `running`) by one conditional update: of two
 * workers given the same run, one gets it. Null when it is taken or gone.
 */
export async function claimRun(tx: Db, accountId: number, id: number) {
  const [row] = await selectRows<ClaimedRun>(
    tx,
    sql`
    with taken as (
      update stage_automation_runs set state = 'running', started_at = clock_timestamp()
      where account_id = ${accountId}::int and id = ${id}::int and state = 'pending'
      returning *
    )
    select t.id, t.application_id, t.applicant_id, t.vacancy_id, t.status_id, t.rule_id,
           t.source, t.trigger, t.action, t.params, t.depth, t.acting_user_id,
           s.name as stage_name, s.status_group_id as stage_group_id,
           v.position as vacancy_position, p.email as applicant_email,
           (p.id is not null) as applicant_exists
    from taken t
    left join statuses s on s.account_id = t.account_id and s.id = t.status_id
    left join vacancies v on v.account_id = t.account_id and v.id = t.vacancy_id
    left join applicants p on p.account_id = t.account_id and p.id = t.applicant_id`,
  );
  return row ?? null;
}

/** The funnel stage `rule` names, as the stage of the vacancy the run is on. */
export async function findVacancyStageFor(
  tx: Db,
  accountId: number,
  vacancyId: number,
  statusId: number,
) {
  const [row] = await selectRows<{ id: number }>(
    tx,
    sql`select id from statuses
        where account_id = ${accountId}::int and vacancy_id = ${vacancyId}::int
          and (id = ${statusId}::int or copied_from_id = ${statusId}::int)
        order by (id = ${statusId}::int) desc, position limit 1`,
  );
  return row?.id ?? null;
}

export async function finishRun(
  tx: Db,
  accountId: number,
  id: number,
  result: { state: 'done' | 'failed'; error: string | null },
) {
  await tx
    .update(stageAutomationRuns)
    .set({ state: result.state, error: result.error, finishedAt: new Date() })
    .where(and(eq(stageAutomationRuns.accountId, accountId), eq(stageAutomationRuns.id, id)));
}
