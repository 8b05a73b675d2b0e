import { type Db, selectRows } from '@ats/db/connection';
import { intArray } from '@ats/db/sql-arrays';
import { type SQL, sql } from 'drizzle-orm';
import { piecesOf } from './analytics-facts.repository.ts';

// The SQL of the reports by source, by vacancy, by recruiter, of one vacancy and of one funnel
// (issue 13). Every number is read from the transition log (`application_transitions`) and the
// vacancy state log, never from the stage an application is at now; the definitions are
// ANALYTICS_DEFINITIONS in packages/contracts/src/analytics.ts.

/** The half-open instant range [from, to) of a period, and the account's time zone. */
export type ReportRange = {
  accountId: number;
  timeZone: string;
  from: Date;
  to: Date;
  /** Read the cohort from the log itself, not its summaries (the reference of the tests). */
  fromLog?: boolean;
  /**
   * Read the funnels (of a template, of each vacancy) from the cohort's summaries even where the
   * rollups per day answer them (the comparison of the tests and the bench).
   */
  noRollup?: boolean;
  /**
   * The period's days of the account's time zone, inclusive (`from` and `to` their bounds): given,
   * the reports read what the activity rollup counts per vacancy from it (migration 0097).
   */
  days?: { from: string; to: string };
};

/** Which vacancies a report reads: all of the account, narrowed by each filter given. */
export type VacancySet = {
  divisionIds: number[] | null;
  vacancyId?: number;
  statusGroupId?: number;
  /** Vacancies where this user is an owner (responsible recruiter). */
  ownerId?: number;
};

/**
 * The company's working days as a numbered calendar: `n` counts the working days up to and
 * including `d`, so the working days in (a, b] are n(b) − n(a). `workingDays` lists them over
 * [lo, hi] (account-calendar's listWorkingDays).
 */
export type WorkCalendar = { lo: string; hi: string; workingDays: string[] };

const ts = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const localDay = (column: SQL, timeZone: string) => sql`(${column} at time zone ${timeZone})::date`;
const dateArray = (days: readonly string[]) => sql`${`{${days.join(',')}}`}::date[]`;

export function vacancyPredicate(accountId: number, set: VacancySet): SQL {
  const parts = [sql`v.account_id = ${accountId}::int`];
  if (set.divisionIds) parts.push(sql`v.division_id = any(${intArray(set.divisionIds)})`);
  if (set.vacancyId !== undefined) parts.push(sql`v.id = ${set.vacancyId}::int`);
  if (set.statusGroupId !== undefined) {
    parts.push(sql`v.status_group_id = ${set.statusGroupId}::int`);
  }
  if (set.ownerId !== undefined) {
    parts.push(sql`exists (select 1 from vacancy_members m
      where m.account_id = v.account_id and m.vacancy_id = v.id
        and m.user_id = ${set.ownerId}::int and m.role = 'owner')`);
  }
  return sql.join(parts, sql` and `);
}

const calendarCte = (cal: WorkCalendar) => sql`
  cal as (
    select g::date as d, count(w.d) over (order by g) as n
    from generate_series(${cal.lo}::date, ${cal.hi}::date, interval '1 day') g
    left join unnest(${dateArray(cal.workingDays)}) as w(d) on w.d = g::date
  )`;

/**
 * The cohort: applications whose first placement (transition kind 'place') falls in [from, to)
 * on a vacancy of the set, optionally placed by `actorId`. A merged duplicate's transitions were
 * moved onto the survivor's application, so it is one application with its earliest placement.
 * Read from the per-application summaries (migration 0066), with the furthest position reached
 * among the vacancy's stages that are not rejections (`furthest_position`) and the summary's
 * columns `extra` names (only what a report reads: the rest stays an index-only scan);
 * `r.fromLog` reads the same rows from the log (the reference the randomized test compares with).
 */
const cohortCte = (r: ReportRange, set: VacancySet, actorId?: number, extra: SQL = sql``) =>
  r.fromLog
    ? sql`
  sv as (select v.id from vacancies v where ${vacancyPredicate(r.accountId, set)}),
  cohort as (
    select t.application_id, t.vacancy_id, t.applicant_id, t.moved_at as placed_at,
           t.moved_by,
           (select max(s.position) from application_transitions x
            join statuses s on s.account_id = x.account_id and s.id = x.to_status_id
            where x.account_id = t.account_id and x.application_id = t.application_id
              and s.vacancy_id = t.vacancy_id and not s.is_reject) as furthest_position
    from application_transitions t
    where t.account_id = ${r.accountId}::int and t.kind = 'place'
      and t.moved_at >= ${ts(r.from)} and t.moved_at < ${ts(r.to)}
      and t.vacancy_id in (select id from sv)
      ${actorId !== undefined ? sql`and t.moved_by = ${actorId}::int` : sql``}
      and not exists (
        select 1 from application_transitions e
        where e.account_id = t.account_id and e.application_id = t.application_id
          and e.kind = 'place' and (e.moved_at, e.id) < (t.moved_at, t.id))
  )`
    : sql`
  sv as (select v.id from vacancies v where ${vacancyPredicate(r.accountId, set)}),
  cohort as (
    select c.application_id, c.vacancy_id, c.applicant_id, c.placed_at,
           c.placed_by as moved_by, c.furthest_position ${extra}
    from analytics_application_summaries c
    where c.account_id = ${r.accountId}::int
      and c.placed_at >= ${ts(r.from)} and c.placed_at < ${ts(r.to)}
      and c.vacancy_id in (select id from sv)
      ${actorId !== undefined ? sql`and c.placed_by = ${actorId}::int` : sql``}
  )`;

export type FunnelMode =
  /** Each vacancy of the set with its own stages (group_key = vacancy id). */
  | { kind: 'vacancy' }
  /** The stages of a funnel template across its vacancies (group_key = 0). */
  | { kind: 'group'; statusGroupId: number };

export type FunnelStageRow = {
  group_key: number;
  status_id: number;
  name: string;
  color: string;
  order: number;
  is_offer: boolean;
  is_hired: boolean;
  reached: number;
  avg_days: string | number | null;
  avg_workdays: string | number | null;
};

/**
 * The cohort funnel: per stage (not a rejection stage), how many applicants of the cohort ever
 * reached it or a later one of their vacancy (a skip counts as passing; a template's stage
 * stands for each vacancy's copy of it), and the average stay in it of those who left it, in
 * calendar days and working days between the local days of entering and leaving. The same
 * applicants as the drill `reached` (analytics-facts cohortSql) lists.
 */
export async function listFunnelStages(
  tx: Db,
  r: ReportRange,
  set: VacancySet,
  mode: FunnelMode,
  cal: WorkCalendar,
) {
  const A = sql`${r.accountId}::int`;
  // Where each column sits in each vacancy: the stage itself, or the vacancy's copy of it.
  const columnPositions =
    mode.kind === 'vacancy'
      ? sql`select s.id as column_id, s.vacancy_id, s.position, s.id as stage_id
            from statuses s
            where s.account_id = ${A} and s.vacancy_id in (select id from sv) and not s.is_reject`
      : sql`select tpl.id as column_id, vs.vacancy_id, vs.position, vs.id as stage_id
            from statuses vs
            join statuses tpl on tpl.account_id = vs.account_id and tpl.id = vs.copied_from_id
            where vs.account_id = ${A} and vs.vacancy_id in (select id from sv)
              and tpl.status_group_id = ${mode.statusGroupId}::int and not tpl.is_reject`;
  const columns =
    mode.kind === 'vacancy'
      ? sql`select s.vacancy_id as group_key, s.id, s.name, s.color, s.position, s.is_offer,
                   s.status_type
            from statuses s
            where s.account_id = ${A} and s.vacancy_id in (select id from sv) and not s.is_reject`
      : sql`select 0 as group_key, s.id, s.name, s.color, s.position, s.is_offer, s.status_type
            from statuses s
            where s.account_id = ${A} and s.status_group_id = ${mode.statusGroupId}::int
              and not s.is_reject`;
  if (!r.fromLog) return funnelFromSummaries(tx, r, set, mode, cal, columns, columnPositions);
  // The reference (the log): each stay is the stage of a transition of the cohort's
  // application, the local day it was entered and the day of the next transition (none: still
  // there); reached and stays are counted row by row.
  const groupKey = mode.kind === 'vacancy' ? sql`cp.vacancy_id` : sql`0`;
  const steps = sql`
      select t.to_status_id as stage_id,
             ${localDay(sql`t.moved_at`, r.timeZone)} as entered_on,
             ${localDay(
               sql`(lead(t.moved_at) over (partition by t.application_id order by t.moved_at, t.id))`,
               r.timeZone,
             )} as left_on
      from cohort c
      join application_transitions t
        on t.account_id = ${A} and t.application_id = c.application_id`;
  return selectRows<FunnelStageRow>(
    tx,
    sql`
    with ${cohortCte(r, set)},
    ${calendarCte(cal)},
    columns as (${columns}),
    column_positions as (${columnPositions}),
    furthest as (
      select c.application_id, c.applicant_id, c.vacancy_id, c.furthest_position as pos
      from cohort c
      where c.furthest_position is not null
    ),
    reached as (
      select ${groupKey} as group_key, cp.column_id, count(distinct f.applicant_id)::int as n
      from furthest f
      join column_positions cp on cp.vacancy_id = f.vacancy_id and f.pos >= cp.position
      group by 1, 2
    ),
    steps as (${steps}),
    stays as (
      select ${groupKey} as group_key, cp.column_id, st.left_on - st.entered_on as days,
             cl.n - ce.n as workdays
      from steps st
      join column_positions cp on cp.stage_id = st.stage_id
      left join cal ce on ce.d = st.entered_on
      left join cal cl on cl.d = st.left_on
      where st.left_on is not null
    ),
    stay_avgs as (
      select group_key, column_id, round(avg(days), 1) as avg_days,
             round(avg(workdays), 1) as avg_workdays
      from stays group by 1, 2
    )
    select c.group_key, c.id as status_id, c.name, c.color, c.position as "order", c.is_offer,
           c.status_type = 'hired' as is_hired, coalesce(rc.n, 0) as reached,
           sa.avg_days, sa.avg_workdays
    from columns c
    left join reached rc on rc.group_key = c.group_key and rc.column_id = c.id
    left join stay_avgs sa on sa.group_key = c.group_key and sa.column_id = c.id
    order by c.group_key, c.position, c.id`,
  );
}

/**
 * Working days numbered as in `calendarCte`, as one array: element `d - lo + 1` is the count of
 * working days from `lo` up to and including day `d` (outside [lo, hi]: NULL, as the calendar's
 * left join gave). A subscript per stay instead of two hash joins with a generated calendar.
 */
function workdayNumbers(cal: WorkCalendar): number[] {
  const working = new Set(cal.workingDays);
  const numbers: number[] = [];
  let n = 0;
  for (
    let day = new Date(`${cal.lo}T00:00:00Z`);
    day.toISOString().slice(0, 10) <= cal.hi;
    day = new Date(day.getTime() + 86_400_000)
  ) {
    if (working.has(day.toISOString().slice(0, 10))) n++;
    numbers.push(n);
  }
  return numbers;
}

/**
 * Each vacancy's funnel from the per-vacancy rollups (migration 0105, decision 0088), for any set
 * of vacancies: the vacancies' stages are read once; «reached» per stage is the sum of the
 * rollup's counts of its vacancy at positions at or after its own (the period's whole months
 * read from their sums per month, migration 0112, decision 0105) — a running sum per vacancy
 * over the stages and the counted positions in one ordered pass, not a join of every counted
 * position with every stage before it; the stays are summed per stage and averaged in the same
 * step, the stage being its own column.
 */
function funnelFromVacancyRollups(
  tx: Db,
  r: ReportRange,
  set: VacancySet,
  cal: WorkCalendar,
  numbers: SQL,
  fromDay: SQL,
  toDay: SQL,
) {
  const A = sql`${r.accountId}::int`;
  const lo = sql`${cal.lo}::date`;
  // The whole calendar months of the days [fromDay, toDay): from the first of a month on or
  // after fromDay to the first of toDay's month. Without a whole month both are the same day
  // (the first of the next month, or toDay when that is later than it), and the two runs of
  // days [fromDay, monthsFrom) and [monthsTo, toDay) are the period.
  const firstWhole = sql`(date_trunc('month', (${fromDay} - 1)::timestamp)
                         + interval '1 month')::date`;
  const monthsFrom = sql`least(${firstWhole}, ${toDay})`;
  const monthsTo = sql`greatest(date_trunc('month', ${toDay}::timestamp)::date, ${monthsFrom})`;
  // The whole company: the joins with its stages keep exactly the rows of its vacancies (a
  // stay's stage is one of its application's vacancy) — no filter per row.
  const ofSet =
    set.divisionIds === null &&
    set.vacancyId === undefined &&
    set.ownerId === undefined &&
    set.statusGroupId === undefined
      ? sql``
      : set.vacancyId !== undefined
        ? // One vacancy: its rows only, named for the planner (the indexes led by the vacancy).
          sql`and f.vacancy_id = ${set.vacancyId}::int and f.vacancy_id in (select id from sv)`
        : sql`and f.vacancy_id in (select id from sv)`;
  // A run of days [from, to) of the days table, each row counted when its previous day is
  // before the period.
  const reachDays = (from: SQL, to: SQL) => sql`
        select f.vacancy_id, f.position, f.n
        from analytics_vacancy_reach_days f
        where f.account_id = ${A}
          and f.day >= ${from} and f.day < ${to} and f.prev_day < ${fromDay}
          ${ofSet}`;
  return selectRows<FunnelStageRow>(
    tx,
    sql`
    with sv as (select v.id from vacancies v where ${vacancyPredicate(r.accountId, set)}),
    columns as materialized (
      select s.vacancy_id as group_key, s.id, s.name, s.color, s.position, s.is_offer,
             s.status_type
      from statuses s
      where s.account_id = ${A} and s.vacancy_id in (select id from sv) and not s.is_reject
    ),
    -- The period's whole months from the months (migration 0112), the days before the first
    -- and after the last from the days: each row counted when its previous day is before the
    -- period, as over the days alone.
    reach_counts as (
      select r.vacancy_id, r.position, sum(r.n) as n
      from (
        ${reachDays(fromDay, monthsFrom)}
        union all
        select f.vacancy_id, f.position, f.n
        from analytics_vacancy_reach_months f
        where f.account_id = ${A}
          and f.month >= ${monthsFrom} and f.month < ${monthsTo} and f.prev_day < ${fromDay}
          ${ofSet}
        union all
        ${reachDays(monthsTo, toDay)}
      ) r
      group by 1, 2
    ),
    reached as (
      select u.id, sum(u.n) over (partition by u.vacancy_id order by u.position desc
                                  range between unbounded preceding and current row) as n
      from (select c.group_key as vacancy_id, c.position, c.id, 0::bigint as n from columns c
            union all
            select rc.vacancy_id, rc.position, null, rc.n from reach_counts rc) u
    ),
    -- A day's working-day number is null outside [lo, hi] (the array's span), so the stays
    -- counted in working days are those with both days inside it: two comparisons, not two more
    -- subscripts per row.
    stay_avgs as (
      select f.stage_id,
             round(sum(f.n * (f.left_on - f.entered_on))::numeric / sum(f.n), 1) as avg_days,
             round(sum(f.n * (${numbers}[f.left_on - ${lo} + 1]
                              - ${numbers}[f.entered_on - ${lo} + 1]))::numeric
                   / nullif(sum(f.n) filter (where f.entered_on >= ${lo}
                                               and f.left_on <= ${cal.hi}::date), 0), 1)
               as avg_workdays
      from analytics_vacancy_stays f
      where f.account_id = ${A}
        and f.placed_day >= ${fromDay} and f.placed_day < ${toDay}
        ${ofSet}
      group by f.stage_id
      -- A stay taken out leaves its row at 0.
      having sum(f.n) <> 0
    )
    select c.group_key, c.id as status_id, c.name, c.color, c.position as "order", c.is_offer,
           c.status_type = 'hired' as is_hired, coalesce(rc.n, 0)::int as reached,
           sa.avg_days, sa.avg_workdays
    from columns c
    left join reached rc on rc.id = c.id
    left join stay_avgs sa on sa.stage_id = c.id
    order by c.group_key, c.position, c.id`,
  );
}

/**
 * The cohort funnel of `listFunnelStages` read from the summaries, with the same answer as the
 * reference query (the randomized test compares them) but without its per-row joins, which were
 * the CPU of a year at 200,000 applicants (decision 0069):
 *
 * - reached, per vacancy: each applicant's furthest position on the vacancy (an applicant
 *   removed from a vacancy and added again has two applications there), counted per position,
 *   then each stage sums the positions at or after it — a join of (vacancy, position) pairs with
 *   the stages instead of every cohort row with every stage it passed, and no distinct count;
 * - reached, per template: the template's stages reached by each distinct (vacancy, furthest
 *   position) pair as a bit string, OR-ed per applicant (the same applicant on two vacancies of
 *   the template counts once in each stage either reached), counted per bit string, then per bit;
 *   for the whole company (no division), the rollup `analytics_funnel_days` instead (migration
 *   0091, decision 0075): the distinct applicants per template stage over whole days, summed
 *   from rows of the period's days whose previous day of the same applicant and stage is before
 *   it — no cohort row read. A division's subtree reads the cohort: an applicant counted once
 *   across the subtree's vacancies is not a sum of per-division rows;
 * - stays: the summaries' steps (migration 0082: `unnest` pads the shifted days with a null at
 *   the end, as lead() does), per stage their count, sum of days and sum of working days (the
 *   working-day number of the day left minus that of the day entered, read by subscript), then
 *   mapped to columns; the average is the sum over the count, as avg() computes it; for the
 *   template over the whole company, the rollup `analytics_funnel_stays` (migration 0091): per
 *   template stage and placement day, each stay's entering day and leaving day as two rows, so
 *   the sums of the days and of the working-day numbers are sums over those rows (a stay not sure
 *   to lie inside the request's calendar is a row of both days, read as the steps are);
 * - each vacancy's funnel, for any set of vacancies, from the per-vacancy rollups (migration
 *   0105, decision 0088): «reached» sums `analytics_vacancy_reach_days` (runs of levels up to a
 *   position, per applicant, vacancy and day, beside the previous day of that applicant and
 *   vacancy) over the period's days whose previous day is before it, at or after each stage's
 *   position, its whole months from the same rows summed per month
 *   (`analytics_vacancy_reach_months`, migration 0112); the stays are `analytics_vacancy_stays`,
 *   the cohort's steps counted per placement day, read as the steps are.
 */
async function funnelFromSummaries(
  tx: Db,
  r: ReportRange,
  set: VacancySet,
  mode: FunnelMode,
  cal: WorkCalendar,
  columns: SQL,
  columnPositions: SQL,
) {
  const groupKey = mode.kind === 'vacancy' ? sql`cp.vacancy_id` : sql`0`;
  const numbers = sql`(${`{${workdayNumbers(cal).join(',')}}`}::int[])`;
  const lo = sql`${cal.lo}::date`;
  // The template's funnel over the whole company: whole days of the rollup (migration 0091). The
  // period's bounds are starts of days in the time zone (analytics-scope), as the rollup's days.
  const fromDay = localDay(ts(r.from), r.timeZone);
  const toDay = localDay(ts(r.to), r.timeZone);
  const rolledUp =
    mode.kind === 'group' &&
    set.statusGroupId === mode.statusGroupId &&
    !r.noRollup &&
    set.divisionIds === null &&
    set.vacancyId === undefined &&
    set.ownerId === undefined;
  // Each vacancy's funnel for any set of vacancies: the per-vacancy rollups (migration 0105),
  // whose rows are per vacancy, so a division's subtree or an owner's vacancies sum theirs.
  const vacancyRolledUp = mode.kind === 'vacancy' && !r.noRollup;
  if (vacancyRolledUp) return funnelFromVacancyRollups(tx, r, set, cal, numbers, fromDay, toDay);
  const reached = rolledUp
    ? sql`
    reached as (
      select 0 as group_key, f.stage_id as column_id, sum(f.n)::int as n
      from analytics_funnel_days f
      where f.account_id = ${r.accountId}::int and f.stage_id in (select c.id from columns c)
        and f.day >= ${fromDay} and f.day < ${toDay} and f.prev_day < ${fromDay}
      group by 1, 2
    )`
    : mode.kind === 'vacancy'
      ? sql`
    reach_counts as (
      select b.vacancy_id, b.pos, count(*)::int as n
      from (select c.vacancy_id, c.applicant_id, max(c.furthest_position) as pos
            from cohort c
            where c.furthest_position is not null
            group by 1, 2) b
      group by 1, 2
    ),
    reached as (
      select cp.vacancy_id as group_key, cp.column_id, sum(rc.n)::int as n
      from reach_counts rc
      join column_positions cp on cp.vacancy_id = rc.vacancy_id and rc.pos >= cp.position
      group by 1, 2
    )`
      : sql`
    column_bits as (
      select c.id as column_id, (row_number() over (order by c.id) - 1)::int as bit,
             repeat('0', (count(*) over ())::int)::varbit as zero
      from columns c
    ),
    position_masks as (
      select k.vacancy_id, k.pos, bit_or(set_bit(cb.zero, cb.bit, 1)) as mask
      from (select distinct c.vacancy_id, c.furthest_position as pos
            from cohort c where c.furthest_position is not null) k
      join column_positions cp on cp.vacancy_id = k.vacancy_id and k.pos >= cp.position
      join column_bits cb on cb.column_id = cp.column_id
      group by 1, 2
    ),
    mask_counts as (
      select a.mask, count(*)::int as n
      from (select c.applicant_id, bit_or(pm.mask) as mask
            from cohort c
            join position_masks pm on pm.vacancy_id = c.vacancy_id and pm.pos = c.furthest_position
            group by 1) a
      group by 1
    ),
    reached as (
      select 0 as group_key, cb.column_id, sum(mc.n)::int as n
      from mask_counts mc
      cross join column_bits cb
      where get_bit(mc.mask, cb.bit) = 1
      group by 1, 2
    )`;
  // The stays from the cohort's steps, or for the whole company from the stays' rollup: per
  // template stage over the period's placement days, rows of a stay's entering day (left_on
  // -infinity) and of its leaving day (entered_on -infinity), whose days and working-day numbers
  // sum to the stays' lengths, and rows of whole stays (both days) read as the steps are.
  const summaryStays = sql`
    stage_stays as (
      select st.stage_id, count(*) as n, sum(st.left_on - st.entered_on) as days,
             sum(w.workdays) as workdays, count(w.workdays) as worked
      from cohort c
      cross join lateral unnest(c.step_stage_ids, c.step_days, c.step_days[2:])
        as st(stage_id, entered_on, left_on)
      cross join lateral (
        select ${numbers}[st.left_on - ${lo} + 1] - ${numbers}[st.entered_on - ${lo} + 1]
          as workdays) w
      where st.left_on is not null
      group by st.stage_id
    ),
    stay_avgs as (
      select ${groupKey} as group_key, cp.column_id,
             round(sum(ss.days)::numeric / sum(ss.n), 1) as avg_days,
             round(sum(ss.workdays)::numeric / nullif(sum(ss.worked), 0), 1) as avg_workdays
      from stage_stays ss
      join column_positions cp on cp.stage_id = ss.stage_id
      group by 1, 2
    )
`;
  const N = (day: SQL) => sql`${numbers}[${day} - ${lo} + 1]`;
  const rolledUpStays = sql`
    stay_avgs as (
      select 0 as group_key, f.stage_id as column_id,
             round(sum(case when f.left_on = '-infinity' then -f.n * (f.entered_on - ${lo})
                            when f.entered_on = '-infinity' then f.n * (f.left_on - ${lo})
                            else f.n * (f.left_on - f.entered_on) end)::numeric
                   / nullif(sum(f.n) filter (where f.entered_on <> '-infinity'), 0), 1) as avg_days,
             round(sum(case when f.left_on = '-infinity' then -f.n * ${N(sql`f.entered_on`)}
                            when f.entered_on = '-infinity' then f.n * ${N(sql`f.left_on`)}
                            else f.n * (${N(sql`f.left_on`)} - ${N(sql`f.entered_on`)}) end)::numeric
                   / nullif(sum(f.n) filter (where f.left_on = '-infinity'
                       or (f.entered_on <> '-infinity'
                           and ${N(sql`f.left_on`)} - ${N(sql`f.entered_on`)} is not null)), 0), 1)
               as avg_workdays
      from analytics_funnel_stays f
      where f.account_id = ${r.accountId}::int and f.stage_id in (select c.id from columns c)
        and f.placed_day >= ${fromDay} and f.placed_day < ${toDay}
      group by 1, 2
    )`;
  return selectRows<FunnelStageRow>(
    tx,
    sql`
    with ${cohortCte(r, set, undefined, sql`, c.step_stage_ids, c.step_days`)},
    columns as (${columns}),
    column_positions as (${columnPositions}),
    ${reached},
    ${rolledUp ? rolledUpStays : summaryStays}
    select c.group_key, c.id as status_id, c.name, c.color, c.position as "order", c.is_offer,
           c.status_type = 'hired' as is_hired, coalesce(rc.n, 0) as reached,
           sa.avg_days, sa.avg_workdays
    from columns c
    left join reached rc on rc.group_key = c.group_key and rc.column_id = c.id
    left join stay_avgs sa on sa.group_key = c.group_key and sa.column_id = c.id
    order by c.group_key, c.position, c.id`,
  );
}

/**
 * The vacancies of the set as they were in the period: created before its end and not closed
 * for its whole length (or with placements or hires in it). The state at the period's end is
 * read from the state log as company_base_indicators reads it (analytics-facts vacancyStatesAt);
 * `days_open` counts the calendar days (local days of the time zone) spent open — held and
 * closed time left out — from its creation up to the period's end (a vacancy without a log
 * row counts as closed at `closed_at`); `closed_at` is the last closing when the period ends
 * closed. `placed` and `hired` are the applicants of the drills `placed` and `hired` with `v`.
 */
export type VacancyPeriodRow = {
  vacancy_id: number;
  position: string;
  state: 'open' | 'hold' | 'closed';
  division_name: string | null;
  needed: number;
  created_at: string;
  closed_at: string | null;
  days_open: number;
  owner_ids: number[];
  placed: number;
  hired: number;
  closed_in_period: boolean;
};

/**
 * The hires of the period on the vacancies of \`sv\` (vacancy_id, applicant_id): transitions to a
 * stage of type hired, read stage by stage (application_transitions_stage_idx), each stage its own
 * short range, the stages those of the set's vacancies. Joined to the log directly, the planner
 * crossed the set's 2,000 vacancies with the 2,000 hired stages and probed the index for each
 * pair (4,000,000 probes, 146 s of a year's by_vacancies at 1M); the outer offset 0 keeps the
 * transitions' own vacancy check out of the loop (as listOwnerVacancyCounts).
 */
const hiresOfSet = (A: SQL, r: ReportRange, actorId?: number) => sql`
      select t.vacancy_id, t.applicant_id
      from (
        select t.vacancy_id, t.applicant_id
        from statuses s
        cross join lateral (
          select t.vacancy_id, t.applicant_id from application_transitions t
          where t.account_id = s.account_id and t.to_status_id = s.id
            and t.kind in ('place', 'move')
            and t.moved_at >= ${ts(r.from)} and t.moved_at < ${ts(r.to)}
            ${actorId !== undefined ? sql`and t.moved_by = ${actorId}::int` : sql``}
          offset 0) t
        where s.account_id = ${A} and s.status_type = 'hired'
          and s.vacancy_id in (select id from sv)
        offset 0) t
      where t.vacancy_id in (select id from sv)`;

/**
 * Per vacancy of the account, the distinct applicants placed on it and hired on it in the days
 * [from, to] from the activity rollup's kinds per vacancy (migration 0097, decision 0087): the
 * rows of the days at the period's edges (analytics_activity_days_vacancy_idx) and of the weeks
 * and months it holds whole (analytics_activity_spans_vacancy_idx), each counted when the same
 * applicant's previous event of the kind on the vacancy is before the first day (decisions 0042,
 * 0084). Every vacancy of the account is counted (a row per vacancy, kind and piece at most): the
 * report joins the set's vacancies to them, and a semi-join with the set per row cost more. A set
 * of one vacancy (`vacancyId`: the report of one vacancy) counts that vacancy's rows alone.
 */
const vacancyCountsFromRollup = (
  A: SQL,
  days: { from: string; to: string },
  vacancyId: number | undefined,
) => {
  const pieces = piecesOf(days.from, days.to);
  // One vacancy (its report): its rows only, by the primary keys led by kind and actor.
  const actor = (alias: string) =>
    vacancyId === undefined ? sql`` : sql`and ${sql.raw(alias)}.actor_id = ${vacancyId}::int`;
  const texts = (values: string[]) => sql`${`{${values.join(',')}}`}`;
  return sql`
      select r.actor_id as vacancy_id,
             coalesce(sum(r.n) filter (where r.kind = 'placed_vacancy'), 0)::int as placed,
             coalesce(sum(r.n) filter (where r.kind = 'hired_vacancy'), 0)::int as hired
      from unnest(${texts(pieces.map((p) => p.span))}::text[],
                  ${texts(pieces.map((p) => p.from))}::date[],
                  ${texts(pieces.map((p) => p.to))}::date[]) as x(span, first_day, last_day)
      cross join lateral (
        select d.kind, d.actor_id, d.n from analytics_activity_days d
        where x.span = 'day' and d.account_id = ${A}
          and d.kind in ('placed_vacancy', 'hired_vacancy') ${actor('d')}
          and d.day between x.first_day and x.last_day and d.prev_day < ${days.from}::date
        union all
        select s.kind, s.actor_id, s.n from analytics_activity_spans s
        where x.span <> 'day' and s.account_id = ${A}
          and s.kind in ('placed_vacancy', 'hired_vacancy') ${actor('s')}
          and s.span = x.span and s.start = x.first_day and s.prev_day < ${days.from}::date) r
      group by r.actor_id`;
};

// What the statements below ask of a vacancy's state log at an instant `at` (as analytics-facts
// vacancyStatesAt; analytics-vacancy-states.test.ts holds them to it, one subquery per vacancy):
// its state is that of its last logged change before `at`, else the state its first logged change
// left (open when that says nothing), else its own; its last closing before `at` is the log's last
// change to closed before it, else `closed_at` when before `at` and the vacancy has no log at all.

export async function listVacanciesInPeriod(
  tx: Db,
  r: ReportRange,
  set: VacancySet,
  /** `all`: every vacancy of the set, even one closed before the period or created after it. */
  options: { state?: 'open' | 'hold' | 'closed'; all?: boolean } = {},
) {
  const A = sql`${r.accountId}::int`;
  const state = options.state;
  return selectRows<VacancyPeriodRow>(
    tx,
    sql`
    with sv as (select v.id from vacancies v where ${vacancyPredicate(r.accountId, set)}),
    -- The set's state log read once; its state and last closing per vacancy (as defined above)
    -- from these rows, not from an index probe per vacancy and question.
    logs as materialized (
      select l.vacancy_id, l.changed_at, l.id, l.from_state, l.to_state
      from vacancy_state_log l
      where l.account_id = ${A} and l.vacancy_id in (select id from sv)
    ),
    firsts as (
      select distinct on (g.vacancy_id) g.vacancy_id, g.from_state
      from logs g
      order by g.vacancy_id, g.changed_at, g.id
    ),
    lasts as (
      select g.vacancy_id,
             (array_agg(g.to_state order by g.changed_at desc, g.id desc))[1] as state,
             max(g.changed_at) filter (where g.to_state = 'closed') as last_closed
      from logs g
      where g.changed_at < ${ts(r.to)}
      group by g.vacancy_id
    ),
    events as (
      select g.vacancy_id, g.changed_at as at, g.to_state as state, g.id as seq
      from logs g
      where g.changed_at < ${ts(r.to)}
      union all
      -- Created in the state its first logged change left (open when the log says nothing).
      select v.id, v.created_at, coalesce(f.from_state, 'open'), -1
      from vacancies v
      left join firsts f on f.vacancy_id = v.id
      where v.account_id = ${A} and v.id in (select id from sv)
      union all
      select v.id, v.closed_at, 'closed', 1 from vacancies v
      where v.account_id = ${A} and v.id in (select id from sv) and v.closed_at is not null
        and v.closed_at < ${ts(r.to)}
        and not exists (select 1 from firsts f where f.vacancy_id = v.id)
    ),
    owners as (
      select m.vacancy_id, array_agg(m.user_id order by m.user_id) as ids
      from vacancy_members m
      where m.account_id = ${A} and m.role = 'owner' and m.vacancy_id in (select id from sv)
      group by m.vacancy_id
    ),
    spans as (
      select e.vacancy_id, e.state, e.at,
             coalesce(lead(e.at) over (partition by e.vacancy_id order by e.at, e.seq),
                      ${ts(r.to)}) as until
      from events e
    ),
    per_vacancy as (
      select s.vacancy_id,
             bool_or(s.state <> 'closed' and s.until > ${ts(r.from)}) as alive_in_period,
             -- A vacancy created after the period (asked for by id) was open for no day of it.
             coalesce(sum(greatest(${localDay(sql`s.until`, r.timeZone)} - ${localDay(sql`s.at`, r.timeZone)}, 0))
                        filter (where s.state = 'open'), 0)::int as days_open
      from spans s
      group by s.vacancy_id
    ),
    ${
      r.days && !r.fromLog && !r.noRollup
        ? sql`counted as (${vacancyCountsFromRollup(A, r.days, set.vacancyId)}),
    placed as (select c.vacancy_id, c.placed as n from counted c),
    hired as (select c.vacancy_id, c.hired as n from counted c),`
        : sql`placed as (
      select t.vacancy_id, count(distinct t.applicant_id)::int as n
      from application_transitions t
      where t.account_id = ${A} and t.kind = 'place' and t.vacancy_id in (select id from sv)
        and t.moved_at >= ${ts(r.from)} and t.moved_at < ${ts(r.to)}
      group by t.vacancy_id
    ),
    hired as (
      select t.vacancy_id, count(distinct t.applicant_id)::int as n
      from (${hiresOfSet(A, r)}) t
      group by t.vacancy_id
    ),`
    }
    rows as (
      select v.id as vacancy_id, v.position,
             coalesce(la.state,
                      case when f.vacancy_id is not null then coalesce(f.from_state, 'open') end,
                      v.state) as state,
             d.name as division_name, v.needed, v.created_at,
             coalesce(la.last_closed,
                      case when v.closed_at < ${ts(r.to)} and f.vacancy_id is null
                           then v.closed_at end) as last_closed,
             coalesce(p.days_open, 0) as days_open, coalesce(p.alive_in_period, false) as alive,
             coalesce(o.ids, '{}') as owner_ids,
             coalesce(pl.n, 0) as placed, coalesce(h.n, 0) as hired
      from vacancies v
      left join firsts f on f.vacancy_id = v.id
      left join lasts la on la.vacancy_id = v.id
      left join owners o on o.vacancy_id = v.id
      left join per_vacancy p on p.vacancy_id = v.id
      left join account_divisions d on d.account_id = v.account_id and d.id = v.division_id
      left join placed pl on pl.vacancy_id = v.id
      left join hired h on h.vacancy_id = v.id
      where v.account_id = ${A} and v.id in (select id from sv)
        ${set.vacancyId !== undefined ? sql`and v.id = ${set.vacancyId}::int` : sql``}
        ${options.all ? sql`` : sql`and v.created_at < ${ts(r.to)}`}
    )
    select vacancy_id, position, state, division_name, needed, created_at,
           case when state = 'closed' then last_closed end as closed_at, days_open, owner_ids,
           placed, hired,
           coalesce(state = 'closed' and last_closed >= ${ts(r.from)}, false) as closed_in_period
    from rows
    where ${options.all ? sql`true` : sql`(alive or placed > 0 or hired > 0)`}
      ${state ? sql`and state = ${state}` : sql``}
    order by position, vacancy_id`,
  );
}

/**
 * Per owner: the owned vacancies by their state at the period's end (created before it), those
 * closed in the period (last closing in it), and hires in the period on them (applicants).
 */
export async function listOwnerVacancyCounts(
  tx: Db,
  r: ReportRange,
  set: VacancySet,
  ownerIds: number[],
) {
  const A = sql`${r.accountId}::int`;
  return selectRows<{
    user_id: number;
    open: number;
    hold: number;
    closed: number;
    closed_in_period: number;
    hired: number;
  }>(
    tx,
    sql`
    with sv as materialized (
      select v.id, v.state, v.closed_at from vacancies v
      where ${vacancyPredicate(r.accountId, set)} and v.created_at < ${ts(r.to)}
        and exists (select 1 from vacancy_members m
                    where m.account_id = v.account_id and m.vacancy_id = v.id
                      and m.role = 'owner' and m.user_id = any(${intArray(ownerIds)}))
    ),
    -- Their state log read once; the state and last closing per vacancy (as defined above) from
    -- these rows, not from three index probes per vacancy.
    logs as materialized (
      select l.vacancy_id, l.changed_at, l.id, l.from_state, l.to_state
      from vacancy_state_log l
      where l.account_id = ${A} and l.vacancy_id in (select id from sv)
    ),
    firsts as (
      select distinct on (g.vacancy_id) g.vacancy_id, coalesce(g.from_state, 'open') as state
      from logs g
      order by g.vacancy_id, g.changed_at, g.id
    ),
    lasts as (
      select g.vacancy_id,
             (array_agg(g.to_state order by g.changed_at desc, g.id desc))[1] as state,
             max(g.changed_at) filter (where g.to_state = 'closed') as last_closed
      from logs g
      where g.changed_at < ${ts(r.to)}
      group by g.vacancy_id
    ),
    owned as (
      select m.user_id, v.id, coalesce(la.state, fs.state, v.state) as state,
             coalesce(la.last_closed,
                      case when v.closed_at < ${ts(r.to)} and fs.vacancy_id is null
                           then v.closed_at end) as last_closed
      from sv v
      join vacancy_members m on m.account_id = ${A} and m.vacancy_id = v.id
        and m.role = 'owner' and m.user_id = any(${intArray(ownerIds)})
      left join lasts la on la.vacancy_id = v.id
      left join firsts fs on fs.vacancy_id = v.id
    ),
    -- The period's hires on any owned vacancy read once (not once per owner), then shared out.
    -- By the stages of type hired (application_transitions_stage_idx), not every transition.
    -- Each stage its own short range (offset 0 keeps the planner from folding it into one
    -- scan of every transition of the owned vacancies: 575 ms against 50 s at 1M as the tenant).
    -- The stages are those of owned vacancies, and the transitions' own vacancy is checked after
    -- the loop (the outer offset 0): over a month the planner put that check inside the loop,
    -- hashing the 2,000 owned vacancies again for each of the 2,000 stages (3.6 s against 0.3 s
    -- at 1M, which made a month slower than a year).
    hires as (
      select distinct t.vacancy_id, t.applicant_id
      from (
        select t.vacancy_id, t.applicant_id
        from statuses s
        cross join lateral (
          select t.vacancy_id, t.applicant_id from application_transitions t
          where t.account_id = s.account_id and t.to_status_id = s.id
            and t.kind in ('place', 'move')
            and t.moved_at >= ${ts(r.from)} and t.moved_at < ${ts(r.to)}
          offset 0) t
        where s.account_id = ${A} and s.status_type = 'hired'
          and s.vacancy_id in (select o.id from owned o)
        offset 0) t
      where t.vacancy_id in (select o.id from owned o)
    ),
    hired as materialized (
      select o.user_id, count(distinct h.applicant_id)::int as n
      from owned o join hires h on h.vacancy_id = o.id
      group by o.user_id
    )
    select o.user_id,
           count(*) filter (where o.state = 'open')::int as open,
           count(*) filter (where o.state = 'hold')::int as hold,
           count(*) filter (where o.state = 'closed')::int as closed,
           count(*) filter (where o.state = 'closed' and o.last_closed >= ${ts(r.from)})::int
             as closed_in_period,
           coalesce((select h.n from hired h where h.user_id = o.user_id), 0) as hired
    from owned o
    group by o.user_id`,
  );
}

export type SourceRow = {
  /** 0: applicants without a source. */
  source_id: number;
  name: string | null;
  came: number;
  /** Reached per column (template stage id as text). */
  reached: Record<string, number> | null;
  hired: number;
};

/**
 * The furthest column of the default funnel each applicant of the cohort reached: the largest
 * column position among the stages its applications went through (`stage_map`). From the log:
 * every transition of the cohort (the reference the randomized test compares with).
 */
const furthestFromLog = (A: SQL) => sql`
    furthest as (
      select c.applicant_id, max(m.key_position) as pos
      from cohort c
      join application_transitions t
        on t.account_id = ${A} and t.application_id = c.application_id
      join stage_map m on m.stage_id = t.to_status_id
      group by c.applicant_id
    )`;

/**
 * The same from the summaries where they decide it: an application went through stages of its
 * vacancy at positions up to its furthest one (`furthest_position`), so when the furthest
 * position's stages all map to a column at least as far as every stage before them (the usual
 * copy of the default funnel), that column is the largest; only the applications of the other
 * positions (a reordered or renamed vacancy funnel) read their transitions.
 */
const furthestFromSummaries = (A: SQL) => sql`
    stage_reach as (
      select s.vacancy_id, s.position, m.key_position,
             max(m.key_position) over (partition by s.vacancy_id order by s.position) as upto
      from stage_map m
      join statuses s on s.account_id = ${A} and s.id = m.stage_id
    ),
    position_reach as (
      select vacancy_id, position, max(upto) as upto,
             bool_and(key_position is not null and key_position = upto) as decided
      from stage_reach
      group by vacancy_id, position
    ),
    furthest as (
      select x.applicant_id, max(x.pos) as pos
      from (
        select c.applicant_id, pr.upto as pos
        from cohort c
        join position_reach pr on pr.vacancy_id = c.vacancy_id and pr.position = c.furthest_position
        where pr.decided
        union all
        -- Each undecided application's own transitions (an index range each): none is read
        -- when every position is decided, where a join hashed the whole log first.
        select c.applicant_id, l.pos
        from cohort c
        cross join lateral (
          select max(m.key_position) as pos
          from application_transitions t
          join stage_map m on m.stage_id = t.to_status_id
          where t.account_id = ${A} and t.application_id = c.application_id
          having count(*) > 0) l
        where c.furthest_position is not null
          and not exists (select 1 from position_reach pr
                          where pr.vacancy_id = c.vacancy_id and pr.position = c.furthest_position
                            and pr.decided)
      ) x
      group by x.applicant_id
    )`;

/**
 * Per resume source of the applicant (a deleted applicant's from its tombstone): applicants
 * placed on a vacancy of the set in the period (the drill `placed` with `src`), how many of the
 * cohort reached each column — the stages of the account's default funnel; a vacancy's stage
 * counts in the column it was copied from, else in the one of the same name — and applicants
 * hired in the period (the drill `hired` with `src`). `actorId`: placed, hired by that user.
 *
 * For the whole company (no division, no actor) all three are read from rollups (migration 0092,
 * decision 0080), no log row or summary read: «came» and «hired» from the activity rollup, where
 * each placement and each hire is also counted as kind `placed_source` / `hired_source` with the
 * applicant's source where the actor stands, beside the same applicant's previous one; the reach
 * from `analytics_source_reach_days`, each applicant counted per default-funnel column reached on
 * each placement day of an application that reached it, beside the previous such day. The
 * distinct applicants over the period's whole days are the rows of those days whose previous day
 * is before it. `columns` must then be the default funnel's (as the service passes them). A source
 * shows when it has an applicant who came or was hired: the cohort's applicants all came (a
 * summary is a placement of the period). `r.noRollup` reads them as before (tests, bench).
 */
export async function listSources(
  tx: Db,
  r: ReportRange,
  set: VacancySet,
  columns: { id: number; name: string; position: number }[],
  actorId?: number,
) {
  const A = sql`${r.accountId}::int`;
  const byActor = actorId !== undefined ? sql`and t.moved_by = ${actorId}::int` : sql``;
  const inPeriod = sql`t.moved_at >= ${ts(r.from)} and t.moved_at < ${ts(r.to)}`;
  // The source of each applicant: the cohort's from its summaries (migration 0082, kept by
  // triggers on the applicants and their tombstones); the others (came or hired in the period,
  // placed before it) and the reference path (`fromLog`) look it up.
  const lookup = sql`(select coalesce(
      (select p.account_source_id from applicants p
       where p.account_id = ${A} and p.id = m.applicant_id),
      (select d.account_source_id from analytics_deleted_applicants d
       where d.account_id = ${A} and d.applicant_id = m.applicant_id), 0))`;
  const people = r.fromLog
    ? sql`
    people as (
      select m.applicant_id, m.came, m.hired,
             coalesce(p.account_source_id, d.account_source_id, 0) as source_id
      from marks m
      left join applicants p on p.account_id = ${A} and p.id = m.applicant_id
      left join analytics_deleted_applicants d
        on d.account_id = ${A} and d.applicant_id = m.applicant_id
    )`
    : sql`
    cohort_sources as (
      select c.applicant_id, min(c.source_id) as source_id from cohort c group by c.applicant_id
    ),
    people as (
      select m.applicant_id, m.came, m.hired, coalesce(cs.source_id, ${lookup}) as source_id
      from marks m
      left join cohort_sources cs on cs.applicant_id = m.applicant_id
    )`;
  // Per source and column, the applicants whose furthest column is at or after it: row by row
  // in the reference; from the summaries counted per (source, furthest column) first, then each
  // column sums those at or after it (one row per pair joined with the columns, decision 0069).
  const perColumn = r.fromLog
    ? sql`
      select pe.source_id, c.id as column_id, count(*)::int as n
      from furthest f
      join people pe on pe.applicant_id = f.applicant_id
      join cols c on f.pos >= c.position
      group by pe.source_id, c.id`
    : sql`
      select sp.source_id, c.id as column_id, sum(sp.n)::int as n
      from (select pe.source_id, f.pos, count(*) as n
            from furthest f
            join people pe on pe.applicant_id = f.applicant_id
            group by 1, 2) sp
      join cols c on sp.pos >= c.position
      group by sp.source_id, c.id`;
  const rolledUp =
    !r.fromLog &&
    !r.noRollup &&
    actorId === undefined &&
    set.divisionIds === null &&
    set.vacancyId === undefined &&
    set.statusGroupId === undefined &&
    set.ownerId === undefined;
  const fromDay = localDay(ts(r.from), r.timeZone);
  const toDay = localDay(ts(r.to), r.timeZone);
  // From the rollups: per source and column the applicants who reached it, and per source those
  // who came and were hired, from the rows of the period's days whose previous day of the same
  // applicant (and column) is before it.
  const counted = rolledUp
    ? sql`
    per_column as (
      select f.source_id, f.stage_id as column_id, sum(f.n)::int as n
      from analytics_source_reach_days f
      where f.account_id = ${A} and f.stage_id in (select c.id from cols c)
        and f.day >= ${fromDay} and f.day < ${toDay} and f.prev_day < ${fromDay}
      group by 1, 2
      having sum(f.n) <> 0
    ),
    per_source as (
      select d.actor_id as source_id,
             coalesce(sum(d.n) filter (where d.kind = 'placed_source'), 0)::int as came,
             coalesce(sum(d.n) filter (where d.kind = 'hired_source'), 0)::int as hired
      from analytics_activity_days d
      where d.account_id = ${A} and d.kind in ('placed_source', 'hired_source')
        and d.day >= ${fromDay} and d.day < ${toDay} and d.prev_day < ${fromDay}
      group by d.actor_id
      having sum(d.n) <> 0
    ),`
    : sql`
    came as (
      select distinct t.applicant_id from application_transitions t
      where t.account_id = ${A} and t.kind = 'place' and t.vacancy_id in (select id from sv)
        and ${inPeriod} ${byActor}
    ),
    hires as (
      select distinct t.applicant_id from (${hiresOfSet(A, r, actorId)}) t
    ),
    -- Each applicant once, with whether they came and were hired: flags of one grouping, not
    -- "in (select … from came)" tested per row against the CTEs.
    marks as (
      select x.applicant_id, bool_or(x.came) as came, bool_or(x.hired) as hired
      from (select applicant_id, true as came, false as hired from came
            union all select applicant_id, false, true from hires
            union all select applicant_id, false, false from furthest) x
      group by x.applicant_id
    ),
    ${people},
    per_source as (
      select pe.source_id,
             count(*) filter (where pe.came)::int as came,
             count(*) filter (where pe.hired)::int as hired
      from people pe
      group by pe.source_id
    ),
    per_column as (${perColumn}),`;
  return selectRows<SourceRow>(
    tx,
    sql`
    with ${rolledUp ? sql`` : sql`${cohortCte(r, set, actorId, sql`, c.source_id`)},`}
    cols as (
      select * from jsonb_to_recordset(${JSON.stringify(columns)}::jsonb)
        as c(id int, name text, position int)
    ),
    ${
      rolledUp
        ? sql``
        : sql`stage_map as (
      select s.id as stage_id,
             coalesce((select c.position from cols c where c.id = s.copied_from_id),
                      (select min(c.position) from cols c where lower(c.name) = lower(s.name)))
               as key_position
      from statuses s
      where s.account_id = ${A} and s.vacancy_id in (select id from sv) and not s.is_reject
    ),
    ${r.fromLog ? furthestFromLog(A) : furthestFromSummaries(A)},`
    }
    ${counted}
    -- Once for all sources (a subquery per source joined the cohort again for each).
    per_source_columns as (
      select pc.source_id, jsonb_object_agg(pc.column_id::text, pc.n) as reached
      from per_column pc
      group by pc.source_id
    )
    select ps.source_id, src.name, ps.came, ps.hired, psc.reached
    from per_source ps
    left join per_source_columns psc on psc.source_id = ps.source_id
    left join account_sources src on src.account_id = ${A} and src.id = ps.source_id
    order by ps.came desc, ps.hired desc, src.position nulls last, src.name nulls last,
             ps.source_id`,
  );
}

/** The stages of the account's default funnel (its favourite, else the first), not rejections. */
export async function listDefaultFunnelStages(tx: Db, accountId: number) {
  return selectRows<{ id: number; name: string; position: number }>(
    tx,
    sql`select s.id, s.name, s.position from statuses s
        where s.account_id = ${accountId}::int and not s.is_reject
          and s.status_group_id = (select g.id from status_groups g
                                   where g.account_id = ${accountId}::int
                                   order by g.is_favorite desc, g.position, g.id limit 1)
        order by s.position, s.id`,
  );
}

/** The account's users who may own vacancies (not watchers, not deleted), or the one asked for. */
export async function listRecruiters(tx: Db, accountId: number, userId?: number) {
  return selectRows<{ id: number; name: string }>(
    tx,
    sql`select u.id,
               coalesce(nullif(trim(concat_ws(' ', u.name, u.last_name)), ''), u.email) as name
        from users u
        where u.account_id = ${accountId}::int
          ${
            userId !== undefined
              ? sql`and u.id = ${userId}::int`
              : sql`and u.member_type = 'owner' and u.deleted_at is null`
          }
        order by u.last_name nulls last, u.name nulls last, u.id`,
  );
}

/** How many vacancies of the set existed by the period's end. */
export async function countVacancies(tx: Db, r: ReportRange, set: VacancySet) {
  const [row] = await selectRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from vacancies v
        where ${vacancyPredicate(r.accountId, set)} and v.created_at < ${ts(r.to)}`,
  );
  return row?.n ?? 0;
}

export async function findStatusGroup(tx: Db, accountId: number, statusGroupId: number) {
  const [row] = await selectRows<{ id: number; name: string }>(
    tx,
    sql`select id, name from status_groups
        where account_id = ${accountId}::int and id = ${statusGroupId}::int`,
  );
  return row;
}
