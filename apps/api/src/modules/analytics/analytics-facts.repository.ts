import { type Db, selectRows } from '@ats/db/connection';
import { type SQL, sql } from 'drizzle-orm';
import type { TAnalyticsBucket } from '@ats/contracts/analytics';
import type { DrillKind } from './analytics-drill.ts';

// The SQL building blocks every report shares (decision 0032). A fact is a set of rows
// (applicant_id, application_id, at) read from the append-only transition log, the applicants
// (and the tombstones of deleted ones) and the vacancies: a count is count(distinct applicant_id)
// over the fact, and the drill behind the count selects the same applicant ids from the same SQL.

export type FactKind = DrillKind | 'moved';

export type FactFilters = {
  accountId: number;
  /** The division's subtree; null: every vacancy (and applicants without one). */
  divisionIds: number[] | null;
  vacancyId?: number;
  /** Funnel template the vacancy was made from. */
  statusGroupId?: number;
  /** Current state of the vacancy. */
  vacancyState?: 'open' | 'hold' | 'closed';
  /** The recruiter who added the applicant (new) or made the transition (the rest). */
  actorId?: number;
  /** Resume source of the applicant (0: none). */
  sourceId?: number;
  /** Reason of a rejection (0: none), with `rejectKind`. */
  reasonId?: number;
  rejectKind?: 'reject' | 'refuse';
  /** Stage for `reached`: a vacancy's stage, or a template's stage when `statusGroupId` is set. */
  stageId?: number;
};

export type Window = { from: Date; to: Date };

const ts = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const ids = (values: number[]) => sql`${`{${values.join(',')}}`}::int[]`;

/** The vacancy conditions over a row with `account_id` and `vacancy_id` (alias `t`). */
function vacancyCondition(f: FactFilters, alias: string): SQL {
  const t = sql.raw(alias);
  const parts: SQL[] = [];
  if (f.vacancyId !== undefined) parts.push(sql`${t}.vacancy_id = ${f.vacancyId}::int`);
  const inner: SQL[] = [];
  if (f.divisionIds) inner.push(sql`v.division_id = any(${ids(f.divisionIds)})`);
  if (f.statusGroupId !== undefined) inner.push(sql`v.status_group_id = ${f.statusGroupId}::int`);
  if (f.vacancyState) inner.push(sql`v.state = ${f.vacancyState}`);
  if (inner.length) {
    parts.push(sql`exists (select 1 from vacancies v
      where v.account_id = ${t}.account_id and v.id = ${t}.vacancy_id and ${sql.join(inner, sql` and `)})`);
  }
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

const vacancyFiltered = (f: FactFilters) =>
  f.vacancyId !== undefined ||
  f.divisionIds !== null ||
  f.statusGroupId !== undefined ||
  f.vacancyState !== undefined;

const stageIs = (alias: string, condition: SQL) =>
  sql`exists (select 1 from statuses s where s.account_id = ${sql.raw(alias)}.account_id
      and s.id = ${sql.raw(alias)}.to_status_id and ${condition})`;

function sourceCondition(f: FactFilters, applicantId: SQL): SQL {
  if (f.sourceId === undefined) return sql`true`;
  return sql`coalesce(
      (select a.account_source_id from applicants a where a.account_id = ${f.accountId}::int and a.id = ${applicantId}),
      (select d.account_source_id from analytics_deleted_applicants d
       where d.account_id = ${f.accountId}::int and d.applicant_id = ${applicantId}), 0) = ${f.sourceId}::int`;
}

/** A transition fact: rows of the log in the window with the kind's condition. */
function transitionFact(f: FactFilters, w: Window, condition: SQL): SQL {
  return sql`select t.applicant_id, t.application_id, t.moved_at as at, t.moved_by as actor_id
    from application_transitions t
    where t.account_id = ${f.accountId}::int
      and t.moved_at >= ${ts(w.from)} and t.moved_at < ${ts(w.to)}
      and ${condition}
      and ${vacancyCondition(f, 't')}
      ${f.actorId !== undefined ? sql`and t.moved_by = ${f.actorId}::int` : sql``}
      and ${sourceCondition(f, sql`t.applicant_id`)}`;
}

const HIRED = sql`s.status_type = 'hired'`;
const OFFER = sql`s.is_offer`;

/** The rows of a fact in a window: select applicant_id, application_id, at, actor_id. */
export function factSql(kind: FactKind, f: FactFilters, w: Window): SQL {
  switch (kind) {
    case 'new': {
      const placed = vacancyFiltered(f)
        ? sql`and exists (select 1 from application_transitions t
            where t.account_id = x.account_id and t.applicant_id = x.id and t.kind = 'place'
              and ${vacancyCondition(f, 't')})`
        : sql``;
      const actor = f.actorId !== undefined ? sql`and x.created_by = ${f.actorId}::int` : sql``;
      return sql`select x.id as applicant_id, null::int as application_id, x.created_at as at,
                 x.created_by as actor_id
          from applicants x
          where x.account_id = ${f.accountId}::int
            and x.created_at >= ${ts(w.from)} and x.created_at < ${ts(w.to)}
            ${actor} ${placed} and ${sourceCondition(f, sql`x.id`)}
        union all
        select x.applicant_id, null::int, x.created_at, x.created_by
          from (select account_id, applicant_id as id, applicant_id, created_at, created_by
                from analytics_deleted_applicants) x
          where x.account_id = ${f.accountId}::int
            and x.created_at >= ${ts(w.from)} and x.created_at < ${ts(w.to)}
            ${actor} ${placed} and ${sourceCondition(f, sql`x.id`)}`;
    }
    case 'placed':
      return transitionFact(f, w, sql`t.kind = 'place'`);
    case 'moved':
      return transitionFact(f, w, sql`t.kind = 'move'`);
    case 'hired':
      return transitionFact(f, w, sql`t.kind in ('place', 'move') and ${stageIs('t', HIRED)}`);
    case 'rejected':
      return transitionFact(f, w, sql`t.kind = 'reject'`);
    case 'refused':
      return transitionFact(f, w, sql`t.kind = 'refuse'`);
    case 'reason':
      return transitionFact(
        f,
        w,
        sql`t.kind = ${f.rejectKind ?? 'reject'} and coalesce(t.reason_id, 0) = ${f.reasonId ?? 0}::int`,
      );
    case 'offers':
      // The first time the application reached an offer stage.
      return transitionFact(
        f,
        w,
        sql`t.kind in ('place', 'move') and ${stageIs('t', OFFER)}
          and not exists (select 1 from application_transitions p
            where p.account_id = t.account_id and p.application_id = t.application_id
              and (p.moved_at, p.id) < (t.moved_at, t.id) and ${stageIs('p', OFFER)})`,
      );
    case 'accepted':
      // Hired after an offer stage on the same application.
      return transitionFact(
        f,
        w,
        sql`t.kind in ('place', 'move') and ${stageIs('t', HIRED)}
          and exists (select 1 from application_transitions p
            where p.account_id = t.account_id and p.application_id = t.application_id
              and p.moved_at <= t.moved_at and p.id <> t.id and ${stageIs('p', OFFER)})`,
      );
    case 'reached':
      return cohortSql(f, w, f.stageId);
  }
}

/**
 * The cohort: applications whose first placement is in the window; with `stageId`, only those
 * that ever reached that stage or a later one that is not a rejection (a skip counts).
 */
export function cohortSql(f: FactFilters, w: Window, stageId?: number): SQL {
  const stagePosition =
    f.statusGroupId !== undefined
      ? sql`(select c.position from statuses c
             where c.account_id = t.account_id and c.vacancy_id = t.vacancy_id
               and c.copied_from_id = ${stageId ?? 0}::int limit 1)`
      : sql`(select c.position from statuses c
             where c.account_id = t.account_id and c.vacancy_id = t.vacancy_id
               and c.id = ${stageId ?? 0}::int)`;
  const reached =
    stageId === undefined
      ? sql``
      : sql`and exists (select 1 from application_transitions x
          join statuses s on s.account_id = x.account_id and s.id = x.to_status_id
          where x.account_id = t.account_id and x.application_id = t.application_id
            and s.vacancy_id = t.vacancy_id and not s.is_reject
            and s.position >= ${stagePosition})`;
  return transitionFact(
    { ...f, actorId: undefined },
    w,
    sql`t.kind = 'place'
      and not exists (select 1 from application_transitions p
        where p.account_id = t.account_id and p.application_id = t.application_id
          and p.kind = 'place' and (p.moved_at, p.id) < (t.moved_at, t.id))
      ${reached}`,
  );
}

/** How many applicants a fact holds now and in the previous period (moves: how many moves). */
export async function countFact(
  tx: Db,
  kind: FactKind,
  f: FactFilters,
  current: Window,
  previous: Window,
) {
  const counted = kind === 'moved' ? sql`count(*)` : sql`count(distinct f.applicant_id)`;
  const [row] = await selectRows<{ value: number; previous: number }>(
    tx,
    sql`select (${counted} filter (where f.at >= ${ts(current.from)}))::int as value,
               (${counted} filter (where f.at < ${ts(previous.to)}))::int as previous
        from (${factSql(kind, f, { from: previous.from, to: current.to })}) f`,
  );
  return { value: row?.value ?? 0, previous: row?.previous ?? 0 };
}

export type FactCount = {
  kind: FactKind;
  actor_id: number | null;
  value: number;
  previous: number;
};

/** The statement of countFacts: kind, actor_id, value, previous. */
export function countFactsSql(
  kinds: readonly FactKind[],
  f: FactFilters,
  current: Window,
  previous: Window,
  actorIds?: number[],
): SQL {
  const w = { from: previous.from, to: current.to };
  const union = sql.join(
    kinds.map((kind) => sql`select ${kind}::text as kind, x.* from (${factSql(kind, f, w)}) x`),
    sql` union all `,
  );
  const counted = (condition: SQL) => sql`(case when f.kind = 'moved'
      then count(*) filter (where ${condition})
      else count(distinct f.applicant_id) filter (where ${condition}) end)::int`;
  return sql`select f.kind, ${actorIds ? sql`f.actor_id` : sql`null::int`} as actor_id,
               ${counted(sql`f.at >= ${ts(current.from)}`)} as value,
               ${counted(sql`f.at < ${ts(previous.to)}`)} as previous
        from (${union}) f
        ${actorIds ? sql`where f.actor_id = any(${ids(actorIds)})` : sql``}
        group by 1, 2`;
}

/**
 * Several facts counted now and in the previous period in one statement (as countFact counts
 * each); with `actorIds`, per actor (who added the applicant, or made the transition) of those.
 */
export async function countFacts(
  tx: Db,
  kinds: readonly FactKind[],
  f: FactFilters,
  current: Window,
  previous: Window,
  actorIds?: number[],
) {
  return selectRows<FactCount>(tx, countFactsSql(kinds, f, current, previous, actorIds));
}

/** The counts of several statements of the kind above (same columns) read in one. */
export async function countFactsTogether(tx: Db, statements: SQL[]) {
  if (statements.length === 0) return [];
  return selectRows<FactCount>(
    tx,
    sql.join(
      statements.map((s) => sql`(${s})`),
      sql` union all `,
    ),
  );
}

/**
 * The kinds the rollups count (decision 0042): the log's events in `analytics_activity_days`
 * (migration 0049), and «Новые кандидаты» (`new`) in `analytics_applicant_days` (migration 0057).
 */
export const ROLLUP_KINDS = ['new', 'placed', 'moved', 'hired', 'rejected', 'refused'] as const;
export type RollupKind = (typeof ROLLUP_KINDS)[number];
export const isRollupKind = (kind: FactKind): kind is RollupKind =>
  (ROLLUP_KINDS as readonly string[]).includes(kind);

/** Whether a fact's filters leave it to the rollup: the whole company, or one actor of it. */
export const rollupServes = (f: FactFilters) =>
  !vacancyFiltered(f) && f.sourceId === undefined && f.reasonId === undefined;

/** The inclusive days of the account's time zone a report and its previous period cover. */
export type PeriodDays = { from: string; to: string; previousFrom: string; previousTo: string };

const DAY_MS = 86_400_000;
const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
const isoOfDay = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
const plusDays = (iso: string, days: number) => isoOfDay(dayNumber(iso) + days);
const lastOfMonth = (iso: string) => {
  const [y, m] = iso.split('-').map(Number) as [number, number];
  return plusDays(m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`, -1);
};
const isMonday = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay() === 1;

/**
 * Days [from, to] cut into what the rollups hold whole (migration 0094): calendar months, weeks
 * from Monday, and the days left at the edges as runs of days. A week is not taken when it would
 * cross into a month the days hold whole, so that month is read as one.
 */
export type Piece = { span: 'day' | 'week' | 'month'; from: string; to: string };
export function piecesOf(from: string, to: string): Piece[] {
  const pieces: Piece[] = [];
  const add = (span: Piece['span'], a: string, b: string) => {
    const last = pieces.at(-1);
    if (span === 'day' && last?.span === 'day' && plusDays(last.to, 1) === a) last.to = b;
    else pieces.push({ span, from: a, to: b });
  };
  for (let x = from; x <= to;) {
    const monthEnd = lastOfMonth(x);
    const weekEnd = plusDays(x, 6);
    if (x.endsWith('-01') && monthEnd <= to) {
      add('month', x, monthEnd);
      x = plusDays(monthEnd, 1);
    } else if (
      isMonday(x) &&
      weekEnd <= to &&
      (weekEnd <= monthEnd || lastOfMonth(plusDays(monthEnd, 1)) > to)
    ) {
      add('week', x, weekEnd);
      x = plusDays(weekEnd, 1);
    } else {
      add('day', x, x);
      x = plusDays(x, 1);
    }
  }
  return pieces;
}

/** Days [from, to] counted as one: the applicants with an event in them, labelled `key`. */
export type Cut = { key: string; from: string; to: string };

const textArray = (values: string[]) =>
  sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}`;

/**
 * The rollups' counts per cut as (key, kind, actor_id, n) of the given actors (0: the whole
 * company): the applicants with an event in the cut's days are the events of those days whose
 * previous one (same applicant, kind and actor) is before its first day, read from the days at
 * its edges and the weeks and months it holds whole (`analytics_activity_spans`); moves are all
 * the events. The applicants added are the rows of `analytics_applicant_days` (each counted once;
 * the company's are every creator's rows) and their weeks and months kept as kind `new`.
 */
function rollupCounts(
  kinds: readonly RollupKind[],
  accountId: number,
  cuts: Cut[],
  actorIds: number[],
): SQL {
  const actors = actorIds.length === 1 ? sql`= ${actorIds[0]}::int` : sql`= any(${ids(actorIds)})`;
  const creators = actorIds.filter((id) => id !== 0);
  const parts: SQL[] = [];
  const pieces = cuts.flatMap((c) => piecesOf(c.from, c.to).map((p) => ({ ...p, cut: c })));
  const eventArm = (events: string[], prev: (alias: string) => SQL) =>
    sql`select x.key, r.kind, r.actor_id, r.n
        from unnest(${textArray(pieces.map((p) => p.cut.key))}::text[],
                    ${textArray(pieces.map((p) => p.cut.from))}::date[],
                    ${textArray(pieces.map((p) => p.span))}::text[],
                    ${textArray(pieces.map((p) => p.from))}::date[],
                    ${textArray(pieces.map((p) => p.to))}::date[])
               as x(key, cutoff, span, first_day, last_day)
        cross join lateral (
          select d.kind, d.actor_id, d.n from analytics_activity_days d
          where x.span = 'day' and d.account_id = ${accountId}::int
            and d.kind = any(${`{${events.join(',')}}`}::text[]) and d.actor_id ${actors}
            and d.day between x.first_day and x.last_day and ${prev('d')}
          union all
          select s.kind, s.actor_id, s.n from analytics_activity_spans s
          where x.span <> 'day' and s.account_id = ${accountId}::int
            and s.kind = any(${`{${events.join(',')}}`}::text[]) and s.actor_id ${actors}
            and s.span = x.span and s.start = x.first_day and ${prev('s')}) r`;
  const counted = kinds.filter((k) => k !== 'new' && k !== 'moved');
  if (counted.length) parts.push(eventArm(counted, (a) => sql`${sql.raw(a)}.prev_day < x.cutoff`));
  if (kinds.includes('moved')) parts.push(eventArm(['moved'], () => sql`true`));
  // «Новые кандидаты»: each applicant one row (no previous day); the days read per source and
  // creator, the spans per actor (0: the company).
  const newArm = (actor: SQL, condition: SQL, spanActors: SQL) =>
    sql`select x.key, 'new'::text as kind, r.actor_id, r.n
        from unnest(${textArray(pieces.map((p) => p.cut.key))}::text[],
                    ${textArray(pieces.map((p) => p.span))}::text[],
                    ${textArray(pieces.map((p) => p.from))}::date[],
                    ${textArray(pieces.map((p) => p.to))}::date[])
               as x(key, span, first_day, last_day)
        cross join lateral (
          select ${actor} as actor_id, d.n from analytics_applicant_days d
          where x.span = 'day' and d.account_id = ${accountId}::int and ${condition}
            and d.day between x.first_day and x.last_day
          union all
          select s.actor_id, s.n from analytics_activity_spans s
          where x.span <> 'day' and s.account_id = ${accountId}::int and s.kind = 'new'
            and s.actor_id ${spanActors} and s.span = x.span and s.start = x.first_day) r`;
  if (kinds.includes('new') && actorIds.includes(0)) {
    parts.push(newArm(sql`0`, sql`true`, sql`= 0`));
  }
  if (kinds.includes('new') && creators.length) {
    parts.push(
      newArm(
        sql`d.actor_id`,
        sql`d.actor_id = any(${ids(creators)})`,
        sql`= any(${ids(creators)})`,
      ),
    );
  }
  return sql.join(parts, sql` union all `);
}

/**
 * countFacts of rollup kinds read from the rollups: the applicants with an event in the days
 * [a, b] are the events of those days whose previous one (same applicant, kind and actor) is
 * before a; moves are all the events. Actor 0 is the whole company.
 */
export async function countFactsFromRollup(
  tx: Db,
  kinds: readonly RollupKind[],
  accountId: number,
  days: PeriodDays,
  actorIds?: number[],
) {
  return selectRows<FactCount>(tx, countFactsFromRollupSql(kinds, accountId, days, actorIds));
}

/** The statement of countFactsFromRollup: kind, actor_id, value, previous. */
export function countFactsFromRollupSql(
  kinds: readonly RollupKind[],
  accountId: number,
  days: PeriodDays,
  actorIds?: number[],
): SQL {
  const cuts = [
    { key: 'now', from: days.from, to: days.to },
    { key: 'before', from: days.previousFrom, to: days.previousTo },
  ];
  return sql`select r.kind, ${actorIds ? sql`r.actor_id` : sql`null::int`} as actor_id,
               coalesce(sum(r.n) filter (where r.key = 'now'), 0)::int as value,
               coalesce(sum(r.n) filter (where r.key = 'before'), 0)::int as previous
        from (${rollupCounts(kinds, accountId, cuts, actorIds ?? [0])}) r
        group by 1, 2`;
}

/**
 * The buckets (day, week from Monday, month) of the days [from, to], each cut to them and named
 * by its first day (uncut).
 */
export function bucketCuts(from: string, to: string, bucket: TAnalyticsBucket): Cut[] {
  const cuts: Cut[] = [];
  for (let x = from; x <= to;) {
    const start =
      bucket === 'day'
        ? x
        : bucket === 'month'
          ? `${x.slice(0, 7)}-01`
          : plusDays(x, 1 - (new Date(`${x}T00:00:00Z`).getUTCDay() || 7));
    const end = bucket === 'day' ? x : bucket === 'month' ? lastOfMonth(x) : plusDays(start, 6);
    cuts.push({ key: start, from: x, to: end < to ? end : to });
    x = plusDays(end, 1);
  }
  return cuts;
}

/**
 * countFactByBucket of a rollup kind from the rollups: per bucket (cut to the period), the events
 * of its days whose previous one is before the bucket's first day.
 */
export async function countFactByBucketFromRollup(
  tx: Db,
  kind: RollupKind,
  accountId: number,
  actorId: number,
  from: string,
  to: string,
  bucket: TAnalyticsBucket,
) {
  const rows = await countFactsByBucketFromRollup(tx, [kind], accountId, actorId, from, to, bucket);
  return rows.map(({ day, n }) => ({ day, n }));
}

/** countFactByBucketFromRollup of several kinds in one statement: kind, day, n. */
export async function countFactsByBucketFromRollup(
  tx: Db,
  kinds: readonly RollupKind[],
  accountId: number,
  actorId: number,
  from: string,
  to: string,
  bucket: TAnalyticsBucket,
) {
  if (bucket === 'day') return countFactsByDayFromRollup(tx, kinds, accountId, actorId, from, to);
  return selectRows<{ kind: RollupKind; day: string; n: number }>(
    tx,
    sql`select r.kind, r.key as day, coalesce(sum(r.n), 0)::int as n
        from (${rollupCounts(kinds, accountId, bucketCuts(from, to, bucket), [actorId])}) r
        group by 1, 2`,
  );
}

/**
 * Per day no week or month is whole: one range of the days, each row counted when its previous
 * event is before its own day (the applicants added: every row). The events and the applicants
 * added are two statements: as one `union all` the planner took parallel workers for a month's
 * few thousand rows, slower than both apart under load.
 */
async function countFactsByDayFromRollup(
  tx: Db,
  kinds: readonly RollupKind[],
  accountId: number,
  actorId: number,
  from: string,
  to: string,
) {
  type Row = { kind: RollupKind; day: string; n: number };
  const events = kinds.filter((k) => k !== 'new');
  const rows: Row[] = [];
  if (events.length) {
    rows.push(
      ...(await selectRows<Row>(
        tx,
        sql`select r.kind, to_char(r.day, 'YYYY-MM-DD') as day,
                   coalesce(sum(r.n) filter (where r.kind = 'moved' or r.prev_day < r.day), 0)::int as n
            from analytics_activity_days r
            where r.account_id = ${accountId}::int
              and r.kind = any(${`{${events.join(',')}}`}::text[]) and r.actor_id = ${actorId}::int
              and r.day between ${from}::date and ${to}::date
            group by r.kind, r.day`,
      )),
    );
  }
  if (kinds.includes('new')) {
    rows.push(
      ...(await selectRows<Row>(
        tx,
        sql`select 'new'::text as kind, to_char(r.day, 'YYYY-MM-DD') as day, sum(r.n)::int as n
            from analytics_applicant_days r
            where r.account_id = ${accountId}::int
              ${actorId === 0 ? sql`` : sql`and r.actor_id = ${actorId}::int`}
              and r.day between ${from}::date and ${to}::date
            group by r.day`,
      )),
    );
  }
  return rows;
}

/** The applicants a fact holds in a window: the drill's id set. */
export async function factApplicantIds(tx: Db, kind: FactKind, f: FactFilters, w: Window) {
  const rows = await selectRows<{ applicant_id: number }>(
    tx,
    sql`select distinct f.applicant_id from (${factSql(kind, f, w)}) f`,
  );
  return rows.map((r) => r.applicant_id);
}

/** A fact counted per bucket (day, week from Monday, month) of days in the time zone. */
export async function countFactByBucket(
  tx: Db,
  kind: FactKind,
  f: FactFilters,
  w: Window,
  bucket: TAnalyticsBucket,
  timeZone: string,
) {
  const counted = kind === 'moved' ? sql`count(*)` : sql`count(distinct f.applicant_id)`;
  return selectRows<{ day: string; n: number }>(
    tx,
    sql`select to_char(date_trunc(${bucket}, f.at at time zone ${timeZone}), 'YYYY-MM-DD') as day,
               ${counted}::int as n
        from (${factSql(kind, f, w)}) f
        group by 1`,
  );
}

export type ReasonCount = {
  kind: 'reject' | 'refuse';
  reason_id: number | null;
  name: string | null;
  count: number;
};

/** Rejections and refusals in the window per reason: how many applicants got each. */
export async function countByReason(tx: Db, f: FactFilters, w: Window) {
  return selectRows<ReasonCount>(
    tx,
    sql`select f.kind, f.reason_id, r.name, count(distinct f.applicant_id)::int as count
        from (select t.applicant_id, t.kind, t.reason_id
              from application_transitions t
              where t.account_id = ${f.accountId}::int
                and t.moved_at >= ${ts(w.from)} and t.moved_at < ${ts(w.to)}
                and t.kind in ('reject', 'refuse')
                and ${vacancyCondition(f, 't')}) f
        left join reasons r on r.account_id = ${f.accountId}::int and r.id = f.reason_id
        group by f.kind, f.reason_id, r.name
        order by f.kind, count desc, r.name nulls last`,
  );
}

/**
 * countByReason for the whole company from the activity rollup (migration 0067): each rejection
 * or refusal is counted as kind `reject_reason` / `refuse_reason` with its reason (0: none) where
 * the actor stands, beside the previous one of the same applicant, kind and reason — so the
 * applicants per reason over the days [from, to] are the rows of those days whose previous one is
 * before `from`, as every count of the rollup (decision 0042).
 */
export async function countByReasonFromRollup(tx: Db, accountId: number, from: string, to: string) {
  return selectRows<ReasonCount>(
    tx,
    sql`select f.kind, f.reason_id, r.name, f.count
        from (select case d.kind when 'reject_reason' then 'reject' else 'refuse' end as kind,
                     nullif(d.actor_id, 0) as reason_id, sum(d.n)::int as count
              from analytics_activity_days d
              where d.account_id = ${accountId}::int
                and d.kind in ('reject_reason', 'refuse_reason')
                and d.day between ${from}::date and ${to}::date
                and d.prev_day < ${from}::date
              group by 1, 2
              having sum(d.n) <> 0) f
        left join reasons r on r.account_id = ${accountId}::int and r.id = f.reason_id
        order by f.kind, f.count desc, r.name nulls last`,
  );
}

export type HireRow = { applicant_id: number; placed_at: string; hired_at: string };

/**
 * The summaries (migration 0082) of the applications with a hire in the window, each with its
 * hires in it (`at`): those whose first hire is in it (`analytics_application_summaries_hired_idx`)
 * and those hired before it and again later (`_rehired_idx`: a hire after a move back is rare).
 * `instants` names the array read: every hire (`hired_at`) or those the fact `accepted` counts.
 */
function summaryHires(f: FactFilters, w: Window, instants: 'hired_at' | 'accepted_at'): SQL {
  const of = (condition: SQL) => sql`
    select s.application_id, s.applicant_id, s.placed_at, h.at
    from analytics_application_summaries s
    cross join lateral unnest(s.${sql.raw(instants)}) as h(at)
    where s.account_id = ${f.accountId}::int and ${condition}
      and ${vacancyCondition(f, 's')}
      and h.at >= ${ts(w.from)} and h.at < ${ts(w.to)}`;
  return sql`${of(sql`s.first_hired_at >= ${ts(w.from)} and s.first_hired_at < ${ts(w.to)}`)}
    union all
    ${of(sql`s.hire_count > 1 and s.first_hired_at < ${ts(w.from)}`)}`;
}

/** Whether the summaries answer a fact's filters: all but an actor, a source or a reason. */
export const summariesServe = (f: FactFilters) =>
  f.actorId === undefined && f.sourceId === undefined && f.reasonId === undefined;

/** The facts the summaries hold (migration 0082): offers made and accepted. */
export const SUMMARY_KINDS = ['offers', 'accepted'] as const;
export type SummaryKind = (typeof SUMMARY_KINDS)[number];
export const isSummaryKind = (kind: FactKind): kind is SummaryKind =>
  (SUMMARY_KINDS as readonly string[]).includes(kind);

/** The rows of `offers` or `accepted` in a window from the summaries: applicant_id, at. */
function summaryFactSql(kind: SummaryKind, f: FactFilters, w: Window): SQL {
  if (kind === 'accepted') {
    return sql`select x.applicant_id, x.at from (${summaryHires(f, w, 'accepted_at')}) x`;
  }
  return sql`select s.applicant_id, s.offered_at as at
    from analytics_application_summaries s
    where s.account_id = ${f.accountId}::int
      and s.offered_at >= ${ts(w.from)} and s.offered_at < ${ts(w.to)}
      and ${vacancyCondition(f, 's')}`;
}

/** countFacts of offers and accepted read from the summaries (the filters summariesServe). */
export async function countFactsFromSummaries(
  tx: Db,
  kinds: readonly SummaryKind[],
  f: FactFilters,
  current: Window,
  previous: Window,
) {
  return selectRows<FactCount>(tx, countFactsFromSummariesSql(kinds, f, current, previous));
}

/** The statement of countFactsFromSummaries: kind, actor_id (null), value, previous. */
export function countFactsFromSummariesSql(
  kinds: readonly SummaryKind[],
  f: FactFilters,
  current: Window,
  previous: Window,
): SQL {
  const w = { from: previous.from, to: current.to };
  const union = sql.join(
    kinds.map(
      (kind) => sql`select ${kind}::text as kind, x.* from (${summaryFactSql(kind, f, w)}) x`,
    ),
    sql` union all `,
  );
  return sql`select f.kind, null::int as actor_id,
               count(distinct f.applicant_id) filter (where f.at >= ${ts(current.from)})::int as value,
               count(distinct f.applicant_id) filter (where f.at < ${ts(previous.to)})::int as previous
        from (${union}) f
        group by 1`;
}

/**
 * Hires of the window (an application's first hire in it) with the application's placement:
 * from the summaries (migration 0082) when they serve the filters, else (`fromLog`: the tests'
 * reference) from the log. An application without a placement has no summary; its hires have no
 * time to hire either way (hireDurations leaves out a hire without `placed_at`).
 */
export async function hiresWithPlacement(tx: Db, f: FactFilters, w: Window, fromLog = false) {
  if (!fromLog && summariesServe(f)) {
    return selectRows<HireRow>(
      tx,
      sql`select distinct on (h.application_id) h.applicant_id, h.placed_at, h.at as hired_at
          from (${summaryHires(f, w, 'hired_at')}) h
          order by h.application_id, h.at`,
    );
  }
  return selectRows<HireRow>(
    tx,
    sql`select distinct on (h.application_id) h.applicant_id,
               (select min(p.moved_at) from application_transitions p
                where p.account_id = ${f.accountId}::int and p.application_id = h.application_id
                  and p.kind = 'place') as placed_at,
               h.at as hired_at
        from (${factSql('hired', f, w)}) h
        order by h.application_id, h.at`,
  );
}

export type HireDaysRow = { now: boolean; placed_day: string; hired_day: string; n: number };

/**
 * hiresWithPlacement of the period and of the previous one, in one statement and as days: each
 * application's first hire in each of the two windows with its placement, as days of the time
 * zone, counted per (window, day placed, day hired) — all the time to hire needs, in far fewer
 * rows than one per hire (the summaries' path: the filters must be those summariesServe).
 */
export async function hireDaysWithPlacement(
  tx: Db,
  f: FactFilters,
  current: Window,
  previous: Window,
  timeZone: string,
) {
  // Grouped by dates, named after: sorting text by the collation costs more than the rest.
  const day = (at: SQL) => sql`((${at}) at time zone ${timeZone})::date`;
  return selectRows<HireDaysRow>(
    tx,
    sql`select h.now, to_char(h.placed_day, 'YYYY-MM-DD') as placed_day,
               to_char(h.hired_day, 'YYYY-MM-DD') as hired_day, h.n
        from (select h.now, ${day(sql`h.placed_at`)} as placed_day, ${day(sql`h.at`)} as hired_day,
                     count(*)::int as n
              from (select h.application_id, h.placed_at, h.at >= ${ts(current.from)} as now,
                           min(h.at) as at
                    from (${summaryHires(f, { from: previous.from, to: current.to }, 'hired_at')}) h
                    group by 1, 2, 3) h
              group by 1, 2, 3) h`,
  );
}

/**
 * Whether `analytics_summary_days` (migration 0106) answers a fact's filters: the whole company
 * (no vacancy filter, actor, source or reason).
 */
export const summaryDaysServe = (f: FactFilters) => rollupServes(f) && summariesServe(f);

/** The period's and the previous period's days, each with its own first day as the bound. */
const periodCuts = (days: PeriodDays) =>
  sql`(values (true, ${days.from}::date, ${days.to}::date),
              (false, ${days.previousFrom}::date, ${days.previousTo}::date)) as x(now, a, b)`;

/**
 * countFactsFromSummaries for the whole company from `analytics_summary_days`: the applicants with
 * an offer (an accepted offer) in the days [a, b] are the rows of those days whose previous one is
 * before a, as every count of the rollups (decision 0042).
 */
export function countFactsFromSummaryDaysSql(
  kinds: readonly SummaryKind[],
  accountId: number,
  days: PeriodDays,
): SQL {
  return sql`select d.kind, null::int as actor_id,
               coalesce(sum(d.n) filter (where x.now), 0)::int as value,
               coalesce(sum(d.n) filter (where not x.now), 0)::int as previous
        from ${periodCuts(days)}
        join analytics_summary_days d
          on d.account_id = ${accountId}::int
         and d.kind = any(${`{${kinds.join(',')}}`}::text[])
         and d.day between x.a and x.b and d.prev_day < x.a
        group by d.kind`;
}

/**
 * hireDaysWithPlacement for the whole company from `analytics_summary_days`: an application's
 * first hire in the days [a, b] is its hire day there whose previous hire day is before a, kept
 * with its placement day — a few thousand rows a year instead of every hire's summary.
 */
export async function hireDaysFromRollup(tx: Db, accountId: number, days: PeriodDays) {
  return selectRows<HireDaysRow>(
    tx,
    sql`select x.now, to_char(d.placed_day, 'YYYY-MM-DD') as placed_day,
               to_char(d.day, 'YYYY-MM-DD') as hired_day, sum(d.n)::int as n
        from ${periodCuts(days)}
        join analytics_summary_days d
          on d.account_id = ${accountId}::int and d.kind = 'hired'
         and d.day between x.a and x.b and d.prev_day < x.a
        group by x.now, d.placed_day, d.day
        having sum(d.n) <> 0`,
  );
}

export type ClosedVacancyRow = {
  id: number;
  /** Closed in the period (else in the previous one). */
  now: boolean;
  created_at: string;
  closed_at: string;
  log: [string, string][] | null;
};

function vacancyRowCondition(f: FactFilters): SQL {
  const parts: SQL[] = [sql`v.account_id = ${f.accountId}::int`];
  if (f.divisionIds) parts.push(sql`v.division_id = any(${ids(f.divisionIds)})`);
  if (f.vacancyId !== undefined) parts.push(sql`v.id = ${f.vacancyId}::int`);
  if (f.statusGroupId !== undefined) parts.push(sql`v.status_group_id = ${f.statusGroupId}::int`);
  if (f.actorId !== undefined) {
    parts.push(sql`exists (select 1 from vacancy_members m where m.account_id = v.account_id
      and m.vacancy_id = v.id and m.user_id = ${f.actorId}::int and m.role = 'owner')`);
  }
  return sql.join(parts, sql` and `);
}

/**
 * Vacancies whose last closing is in the period or the previous one (`now`: in the period), with
 * their state log (for the hold time): both periods in one statement. The last closing is the
 * log's last change to closed, else `closed_at`. The set's log is read once (its rows for the
 * closed vacancies), not probed twice per vacancy.
 */
export async function closedVacancies(tx: Db, f: FactFilters, current: Window, previous: Window) {
  return selectRows<ClosedVacancyRow>(
    tx,
    sql`with sv as materialized (
          select v.id, v.created_at, v.closed_at from vacancies v
          where ${vacancyRowCondition(f)} and v.state = 'closed'
        ),
        logs as (
          select l.vacancy_id,
                 max(l.changed_at) filter (where l.to_state = 'closed') as last_closed,
                 json_agg(json_build_array(l.changed_at, l.to_state) order by l.changed_at, l.id) as log
          from vacancy_state_log l
          where l.account_id = ${f.accountId}::int and l.vacancy_id in (select id from sv)
          group by l.vacancy_id
        )
        select v.id, v.created_at, c.closed_at, c.closed_at >= ${ts(current.from)} as now, g.log
        from sv v
        left join logs g on g.vacancy_id = v.id
        cross join lateral (select coalesce(g.last_closed, v.closed_at) as closed_at) c
        where c.closed_at >= ${ts(previous.from)} and c.closed_at < ${ts(current.to)}`,
  );
}

/**
 * How many vacancies were open and on hold at each instant, by the state log (one statement): a
 * vacancy created before the instant is in the state of its last logged change before it, else
 * in the state its first logged change left, else in its own. The set's log is read once.
 */
export async function vacancyStatesAt(tx: Db, f: FactFilters, instants: Date[]) {
  const rows = await selectRows<{ i: number; open: number; hold: number }>(
    tx,
    sql`with sv as materialized (
          select v.id, v.state, v.created_at from vacancies v where ${vacancyRowCondition(f)}
        ),
        logs as materialized (
          select l.vacancy_id, l.changed_at, l.id, l.from_state, l.to_state
          from vacancy_state_log l
          where l.account_id = ${f.accountId}::int and l.vacancy_id in (select id from sv)
        ),
        firsts as (
          select distinct on (g.vacancy_id) g.vacancy_id, coalesce(g.from_state, 'open') as state
          from logs g
          order by g.vacancy_id, g.changed_at, g.id
        ),
        instants as (
          select i.at, i.i
          from unnest(${`{${instants.map((at) => `"${at.toISOString()}"`).join(',')}}`}::timestamptz[])
            with ordinality as i(at, i)
        ),
        lasts as (
          select distinct on (i.i, g.vacancy_id) i.i, g.vacancy_id, g.to_state as state
          from instants i
          join logs g on g.changed_at < i.at
          order by i.i, g.vacancy_id, g.changed_at desc, g.id desc
        )
        select i.i::int as i,
               count(*) filter (where coalesce(l.state, fs.state, v.state) = 'open')::int as open,
               count(*) filter (where coalesce(l.state, fs.state, v.state) = 'hold')::int as hold
        from instants i
        join sv v on v.created_at < i.at
        left join lasts l on l.i = i.i and l.vacancy_id = v.id
        left join firsts fs on fs.vacancy_id = v.id
        group by i.i
        order by i.i`,
  );
  return instants.map((_, k) => {
    const row = rows.find((r) => r.i === k + 1);
    return { open: row?.open ?? 0, hold: row?.hold ?? 0 };
  });
}

export async function userExists(tx: Db, accountId: number, id: number) {
  const rows = await selectRows(
    tx,
    sql`select 1 from users where account_id = ${accountId}::int and id = ${id}::int`,
  );
  return rows.length > 0;
}

export async function vacancyExists(tx: Db, accountId: number, id: number) {
  const rows = await selectRows(
    tx,
    sql`select 1 from vacancies where account_id = ${accountId}::int and id = ${id}::int`,
  );
  return rows.length > 0;
}

export async function funnelExists(tx: Db, accountId: number, id: number) {
  const rows = await selectRows(
    tx,
    sql`select 1 from status_groups where account_id = ${accountId}::int and id = ${id}::int`,
  );
  return rows.length > 0;
}

/** Remembers a deleted applicant without personal data (decision 0032), before the delete. */
export async function insertTombstone(tx: Db, accountId: number, applicantId: number) {
  await tx.execute(sql`insert into analytics_deleted_applicants
      (account_id, applicant_id, account_source_id, created_by, created_at)
    select account_id, id, account_source_id, created_by, created_at from applicants
    where account_id = ${accountId}::int and id = ${applicantId}::int
    on conflict do nothing`);
}
