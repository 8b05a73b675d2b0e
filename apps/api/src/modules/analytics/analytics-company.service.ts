import {
  ANALYTICS_INDICATOR_LABELS,
  type TActivityCounts,
  type TAnalyticsBucket,
  type TAnalyticsIndicator,
  type TAnalyticsQuery,
  type TCompanyBaseIndicators,
  type TCountApplicants,
  type TCountByPeriod,
  type TMetric,
  type TPeriodBucket,
  type TReasonsRejection,
} from '@ats/contracts/analytics';
import type { Db } from '@ats/db/connection';
import type { Tenant } from '../../platform/tenancy.ts';
import { type DrillFilters, type DrillKind, encodeDrill } from './analytics-drill.ts';
import * as facts from './analytics-facts.repository.ts';
import {
  type AnalyticsScope,
  type Workdays,
  addDaysIso,
  average,
  dateIn,
  daysBetween,
  loadWorkdays,
  median,
  percent,
  periodOf,
} from './analytics-scope.ts';

/** The filters of a report as facts read them, and as its drills carry them. */
export type ReportFilters = { facts: facts.FactFilters; drill: DrillFilters };

export function companyFilters(scope: AnalyticsScope, extra: Partial<ReportFilters> = {}) {
  return {
    facts: { accountId: scope.accountId, divisionIds: scope.divisionIds, ...extra.facts },
    drill: { ...(scope.divisionId ? { d: scope.divisionId } : {}), ...extra.drill },
  } satisfies ReportFilters;
}

const plain = (value: number | null, before: number | null): TMetric => ({
  value,
  previous: before,
  drill: null,
});

const current = (scope: AnalyticsScope) => ({ from: scope.from, to: scope.to });
const previous = (scope: AnalyticsScope) => ({
  from: scope.previousFromTs,
  to: scope.previousToTs,
});

export const drillOf = (kind: DrillKind, dateFrom: string, dateTo: string, filters: DrillFilters) =>
  encodeDrill({ kind, dateFrom, dateTo, ...filters });

const metricFrom = (
  scope: AnalyticsScope,
  kind: DrillKind | 'moved',
  filters: ReportFilters,
  counts: { value: number; previous: number } | undefined,
): TMetric => ({
  value: counts?.value ?? 0,
  previous: counts?.previous ?? 0,
  drill: kind === 'moved' ? null : drillOf(kind, scope.dateFrom, scope.dateTo, filters.drill),
});

const daysOf = (scope: AnalyticsScope): facts.PeriodDays => ({
  from: scope.dateFrom,
  to: scope.dateTo,
  previousFrom: scope.previousFrom,
  previousTo: scope.previousTo,
});

/**
 * Facts counted now and in the previous period: those the rollup keeps (decision 0042) read from
 * it when the filters allow, offers made and accepted from their days (migration 0106) for the
 * whole company, else from the per-application summaries (migration 0082) when the filters allow,
 * the rest from the log — the three parts in one statement.
 * `fromLog`: all from the log (the reference the rollups are tested against).
 */
export async function countFactsOf(
  tx: Db,
  scope: AnalyticsScope,
  kinds: readonly (DrillKind | 'moved')[],
  f: facts.FactFilters,
  actorIds?: number[],
  fromLog = false,
) {
  const rolled = fromLog || !facts.rollupServes(f) ? [] : kinds.filter(facts.isRollupKind);
  const summarised =
    fromLog || actorIds || !facts.summariesServe(f) ? [] : kinds.filter(facts.isSummaryKind);
  const logged = kinds.filter(
    (k) => !(rolled as string[]).includes(k) && !(summarised as string[]).includes(k),
  );
  const ids = actorIds ?? (f.actorId !== undefined ? [f.actorId] : undefined);
  const rows = await facts.countFactsTogether(tx, [
    ...(rolled.length
      ? [facts.countFactsFromRollupSql(rolled, scope.accountId, daysOf(scope), ids)]
      : []),
    ...(summarised.length
      ? [
          facts.summaryDaysServe(f)
            ? facts.countFactsFromSummaryDaysSql(summarised, scope.accountId, daysOf(scope))
            : facts.countFactsFromSummariesSql(summarised, f, current(scope), previous(scope)),
        ]
      : []),
    ...(logged.length
      ? [facts.countFactsSql(logged, f, current(scope), previous(scope), actorIds)]
      : []),
  ]);
  // One actor asked through the filters is answered as the whole (no actor column).
  return actorIds ? rows : rows.map((r) => ({ ...r, actor_id: null }));
}

/** Counted facts as metrics (the period's value, the previous one and the drill), in one statement. */
export async function metricsOf<K extends DrillKind | 'moved'>(
  tx: Db,
  scope: AnalyticsScope,
  kinds: readonly K[],
  filters: ReportFilters,
): Promise<Record<K, TMetric>> {
  const rows = await countFactsOf(tx, scope, kinds, filters.facts);
  const byKind = new Map(rows.map((r) => [r.kind, r]));
  return Object.fromEntries(
    kinds.map((kind) => [kind, metricFrom(scope, kind, filters, byKind.get(kind))]),
  ) as Record<K, TMetric>;
}

const ACTIVITY_KINDS = ['new', 'placed', 'moved', 'hired', 'rejected', 'refused'] as const;

const activityOf = (m: Record<(typeof ACTIVITY_KINDS)[number], TMetric>): TActivityCounts => ({
  applicants_new: m.new,
  placed: m.placed,
  moved: m.moved,
  hired: m.hired,
  rejected: m.rejected,
  refused: m.refused,
});

/** Added to the base, placed, moved, hired, rejected, refused — for the company, a recruiter, a vacancy. */
export async function activityCounts(
  tenant: Tenant,
  scope: AnalyticsScope,
  filters: ReportFilters,
): Promise<TActivityCounts> {
  return tenant.transaction(async (tx) =>
    activityOf(await metricsOf(tx, scope, ACTIVITY_KINDS, filters)),
  );
}

/**
 * The activity counts of each recruiter (who added the applicant, or made the transition), in
 * one statement for the whole team; `filtersOf` gives each one's drill filters.
 */
export async function activityCountsByActor(
  tenant: Tenant,
  scope: AnalyticsScope,
  base: ReportFilters,
  actorIds: number[],
  filtersOf: (actorId: number) => ReportFilters,
): Promise<Map<number, TActivityCounts>> {
  const rows = await tenant.transaction((tx) =>
    countFactsOf(tx, scope, ACTIVITY_KINDS, base.facts, actorIds),
  );
  const byKey = new Map(rows.map((r) => [`${r.actor_id}|${r.kind}`, r]));
  return new Map(
    actorIds.map((id) => {
      const filters = filtersOf(id);
      const m = Object.fromEntries(
        ACTIVITY_KINDS.map((kind) => [
          kind,
          metricFrom(scope, kind, filters, byKey.get(`${id}|${kind}`)),
        ]),
      ) as Record<(typeof ACTIVITY_KINDS)[number], TMetric>;
      return [id, activityOf(m)];
    }),
  );
}

export async function companyCountApplicants(
  tenant: Tenant,
  scope: AnalyticsScope,
  _query: TAnalyticsQuery,
): Promise<TCountApplicants> {
  return {
    period: periodOf(scope),
    counts: await activityCounts(tenant, scope, companyFilters(scope)),
  };
}

const MONTHS = ['янв', 'фев', 'мар', 'апр', 'май', 'июн', 'июл', 'авг', 'сен', 'окт', 'ноя', 'дек'];
const short = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}`;

/** The first day of the bucket holding `iso`. */
export function bucketStart(iso: string, bucket: TAnalyticsBucket) {
  if (bucket === 'day') return iso;
  if (bucket === 'month') return `${iso.slice(0, 7)}-01`;
  const weekday = new Date(`${iso}T00:00:00Z`).getUTCDay() || 7;
  return addDaysIso(iso, 1 - weekday);
}

function bucketEnd(start: string, bucket: TAnalyticsBucket) {
  if (bucket === 'day') return start;
  if (bucket === 'week') return addDaysIso(start, 6);
  const [y, m] = start.split('-').map(Number) as [number, number];
  return addDaysIso(m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`, -1);
}

function bucketLabel(start: string, end: string, bucket: TAnalyticsBucket) {
  if (bucket === 'day') return `${short(start)}.${start.slice(0, 4)}`;
  if (bucket === 'week') return `${short(start)}–${short(end)}`;
  return `${MONTHS[Number(start.slice(5, 7)) - 1]} ${start.slice(0, 4)}`;
}

const PERIOD_KINDS = ['new', 'placed', 'moved', 'hired', 'rejected', 'refused'] as const;
const FIELD: Record<(typeof PERIOD_KINDS)[number], keyof TPeriodBucket> = {
  new: 'applicants_new',
  placed: 'placed',
  moved: 'moved',
  hired: 'hired',
  rejected: 'rejected',
  refused: 'refused',
};

/** A fact per bucket of the period: from the rollup when it serves (decision 0042), else the log. */
export async function countByBucketOf(
  tx: Db,
  scope: AnalyticsScope,
  kind: DrillKind | 'moved',
  f: facts.FactFilters,
  fromLog = false,
) {
  if (!fromLog && facts.isRollupKind(kind) && facts.rollupServes(f)) {
    return facts.countFactByBucketFromRollup(
      tx,
      kind,
      scope.accountId,
      f.actorId ?? 0,
      scope.dateFrom,
      scope.dateTo,
      scope.bucket,
    );
  }
  return facts.countFactByBucket(tx, kind, f, current(scope), scope.bucket, scope.timeZone);
}

/** Counts per day, week or month of the period; the first and last buckets are cut to it. */
export async function countByPeriod(
  tenant: Tenant,
  scope: AnalyticsScope,
  filters: ReportFilters,
): Promise<TCountByPeriod> {
  const bucket = scope.bucket;
  const buckets: TPeriodBucket[] = [];
  const index = new Map<string, TPeriodBucket>();
  for (
    let start = bucketStart(scope.dateFrom, bucket);
    start <= scope.dateTo;
    start = addDaysIso(bucketEnd(start, bucket), 1)
  ) {
    const from = start < scope.dateFrom ? scope.dateFrom : start;
    const end = bucketEnd(start, bucket);
    const to = end > scope.dateTo ? scope.dateTo : end;
    const drill = (kind: DrillKind) => drillOf(kind, from, to, filters.drill);
    const row: TPeriodBucket = {
      date: start,
      label: bucketLabel(from, to, bucket),
      applicants_new: 0,
      placed: 0,
      moved: 0,
      hired: 0,
      rejected: 0,
      refused: 0,
      drill: {
        applicants_new: drill('new'),
        placed: drill('placed'),
        hired: drill('hired'),
        rejected: drill('rejected'),
        refused: drill('refused'),
      },
    };
    buckets.push(row);
    index.set(start, row);
  }
  await tenant.transaction(async (tx) => {
    const put = (kind: (typeof PERIOD_KINDS)[number], day: string, n: number) => {
      const row = index.get(day);
      if (row) (row[FIELD[kind]] as number) = n;
    };
    if (facts.rollupServes(filters.facts)) {
      // Every kind from the rollups in one statement (decision 0042).
      const rows = await facts.countFactsByBucketFromRollup(
        tx,
        PERIOD_KINDS,
        scope.accountId,
        filters.facts.actorId ?? 0,
        scope.dateFrom,
        scope.dateTo,
        bucket,
      );
      for (const { kind, day, n } of rows) put(kind, day, n);
      return;
    }
    for (const kind of PERIOD_KINDS) {
      for (const { day, n } of await countByBucketOf(tx, scope, kind, filters.facts)) {
        put(kind, day, n);
      }
    }
  });
  return { period: periodOf(scope), bucket, buckets };
}

export async function companyCountApplicantsByPeriod(
  tenant: Tenant,
  scope: AnalyticsScope,
  _query: TAnalyticsQuery,
): Promise<TCountByPeriod> {
  return countByPeriod(tenant, scope, companyFilters(scope));
}

/**
 * Rejections and refusals per reason: from the rollup (migration 0067) for the whole company,
 * else (a division, a vacancy; `fromLog`: the tests' reference) from the log.
 */
export async function countByReasonOf(
  tx: Db,
  scope: AnalyticsScope,
  f: facts.FactFilters,
  fromLog = false,
) {
  return !fromLog && facts.rollupServes(f) && f.actorId === undefined
    ? facts.countByReasonFromRollup(tx, scope.accountId, scope.dateFrom, scope.dateTo)
    : facts.countByReason(tx, f, current(scope));
}

export const NO_REASON = 'Без причины';

/** Rejections and refusals per reason, with each reason's share of its kind. */
export async function reasonsRejection(
  tenant: Tenant,
  scope: AnalyticsScope,
  filters: ReportFilters,
): Promise<TReasonsRejection> {
  const rows = await tenant.transaction((tx) => countByReasonOf(tx, scope, filters.facts));
  const total = (kind: 'reject' | 'refuse') =>
    rows.filter((r) => r.kind === kind).reduce((sum, r) => sum + r.count, 0);
  const totals = { reject: total('reject'), refuse: total('refuse') };
  return {
    period: periodOf(scope),
    reject_total: totals.reject,
    refuse_total: totals.refuse,
    rows: rows.map((r) => ({
      reason_id: r.reason_id,
      name: r.name ?? NO_REASON,
      kind: r.kind,
      count: r.count,
      share: percent(r.count, totals[r.kind]) ?? 0,
      drill: drillOf('reason', scope.dateFrom, scope.dateTo, {
        ...filters.drill,
        r: r.reason_id ?? 0,
        k: r.kind,
      }),
    })),
  };
}

export async function companyReasonsRejection(
  tenant: Tenant,
  scope: AnalyticsScope,
  _query: TAnalyticsQuery,
): Promise<TReasonsRejection> {
  return reasonsRejection(tenant, scope, companyFilters(scope));
}

type Durations = { workdays: number[]; days: number[] };

/**
 * Time to hire of hires (placement → hire), working and calendar days. Reads the calendar, so it
 * runs outside the report's transaction.
 */
export async function hireDurations(
  tenant: Tenant,
  scope: AnalyticsScope,
  hires: facts.HireRow[],
  workdays?: Workdays,
): Promise<Durations> {
  const pairs = hires
    .filter((h) => h.placed_at)
    .map(
      (h) =>
        [
          dateIn(scope.timeZone, new Date(h.placed_at)),
          dateIn(scope.timeZone, new Date(h.hired_at)),
        ] as const,
    );
  if (pairs.length === 0) return { workdays: [], days: [] };
  const calendar =
    workdays ??
    (await loadWorkdays(
      tenant,
      pairs.reduce((min, [a]) => (a < min ? a : min), pairs[0]![0]),
      pairs.reduce((max, [, b]) => (b > max ? b : max), pairs[0]![1]),
    ));
  return {
    workdays: pairs.map(([a, b]) => calendar.between(a, b)),
    days: pairs.map(([a, b]) => daysBetween(a, b)),
  };
}

/** The hold intervals of a vacancy (as dates), from its state log, up to its closing. */
function holdIntervals(row: facts.ClosedVacancyRow, timeZone: string) {
  const intervals: [string, string][] = [];
  let heldSince: string | null = null;
  for (const [at, state] of row.log ?? []) {
    const day = dateIn(timeZone, new Date(at));
    if (state === 'hold' && heldSince === null) {
      heldSince = day;
    } else if (state !== 'hold' && heldSince !== null) {
      intervals.push([heldSince, day]);
      heldSince = null;
    }
  }
  if (heldSince !== null) intervals.push([heldSince, dateIn(timeZone, new Date(row.closed_at))]);
  return intervals;
}

/** Time to close of closed vacancies: creation → closing, hold time left out (outside the transaction). */
export async function closeDurations(
  tenant: Tenant,
  scope: AnalyticsScope,
  rows: facts.ClosedVacancyRow[],
  workdays?: Workdays,
): Promise<Durations> {
  if (rows.length === 0) return { workdays: [], days: [] };
  const spans = rows.map((row) => ({
    open: [
      dateIn(scope.timeZone, new Date(row.created_at)),
      dateIn(scope.timeZone, new Date(row.closed_at)),
    ] as const,
    holds: holdIntervals(row, scope.timeZone),
  }));
  const first = spans.reduce((min, s) => (s.open[0] < min ? s.open[0] : min), spans[0]!.open[0]);
  const last = spans.reduce((max, s) => (s.open[1] > max ? s.open[1] : max), spans[0]!.open[1]);
  const calendar = workdays ?? (await loadWorkdays(tenant, first, last));
  return {
    workdays: spans.map(
      (s) =>
        calendar.between(s.open[0], s.open[1]) -
        s.holds.reduce((sum, [a, b]) => sum + calendar.between(a, b), 0),
    ),
    days: spans.map(
      (s) =>
        daysBetween(s.open[0], s.open[1]) -
        s.holds.reduce((sum, [a, b]) => sum + daysBetween(a, b), 0),
    ),
  };
}

/**
 * The time to hire of hires counted per (day placed, day hired) (hireDaysWithPlacement), working
 * and calendar days, each pair as many times as it was counted.
 */
export function hireDayDurations(rows: facts.HireDaysRow[], calendar: Workdays): Durations {
  const durations: Durations = { workdays: [], days: [] };
  for (const row of rows) {
    const workdays = calendar.between(row.placed_day, row.hired_day);
    const days = daysBetween(row.placed_day, row.hired_day);
    for (let i = 0; i < row.n; i++) {
      durations.workdays.push(workdays);
      durations.days.push(days);
    }
  }
  return durations;
}

export async function companyBaseIndicators(
  tenant: Tenant,
  scope: AnalyticsScope,
  _query: TAnalyticsQuery,
): Promise<TCompanyBaseIndicators> {
  const filters = companyFilters(scope);
  const f = filters.facts;
  // Four statements, each for both periods.
  const values = await tenant.transaction(async (tx) => {
    const [statesNow, statesBefore] = (await facts.vacancyStatesAt(tx, f, [
      scope.to,
      scope.previousToTs,
    ])) as [{ open: number; hold: number }, { open: number; hold: number }];
    const closed = await facts.closedVacancies(tx, f, current(scope), previous(scope));
    const hires = facts.summaryDaysServe(f)
      ? await facts.hireDaysFromRollup(tx, scope.accountId, daysOf(scope))
      : await facts.hireDaysWithPlacement(tx, f, current(scope), previous(scope), scope.timeZone);
    const m = await metricsOf(
      tx,
      scope,
      ['new', 'placed', 'hired', 'rejected', 'refused', 'offers', 'accepted'] as const,
      filters,
    );
    const closedNow = closed.filter((c) => c.now);
    const closedBefore = closed.filter((c) => !c.now);
    const counted = {
      vacancies_open: plain(statesNow.open, statesBefore.open),
      vacancies_held: plain(statesNow.hold, statesBefore.hold),
      vacancies_closed: plain(closedNow.length, closedBefore.length),
      applicants_new: m.new,
      placed: m.placed,
      hired: m.hired,
      rejected: m.rejected,
      refused: m.refused,
      offers_made: m.offers,
      offers_accepted: m.accepted,
    };
    return { counted, hires, closedNow, closedBefore };
  });
  // One read of the calendar for the four durations.
  const days = [
    ...values.hires.flatMap((h) => [h.placed_day, h.hired_day]),
    ...[...values.closedNow, ...values.closedBefore].flatMap((c) => [
      dateIn(scope.timeZone, new Date(c.created_at)),
      dateIn(scope.timeZone, new Date(c.closed_at)),
    ]),
  ].sort();
  const workdays =
    days.length > 0 ? await loadWorkdays(tenant, days[0]!, days.at(-1)!) : { between: () => 0 };
  const hireNow = hireDayDurations(
    values.hires.filter((h) => h.now),
    workdays,
  );
  const hireBefore = hireDayDurations(
    values.hires.filter((h) => !h.now),
    workdays,
  );
  const closeNow = await closeDurations(tenant, scope, values.closedNow, workdays);
  const closeBefore = await closeDurations(tenant, scope, values.closedBefore, workdays);
  const result: Record<TAnalyticsIndicator, TMetric> = {
    ...values.counted,
    time_to_hire_avg_workdays: plain(average(hireNow.workdays), average(hireBefore.workdays)),
    time_to_hire_median_workdays: plain(median(hireNow.workdays), median(hireBefore.workdays)),
    time_to_hire_avg_days: plain(average(hireNow.days), average(hireBefore.days)),
    time_to_hire_median_days: plain(median(hireNow.days), median(hireBefore.days)),
    time_to_close_avg_workdays: plain(average(closeNow.workdays), average(closeBefore.workdays)),
    time_to_close_median_workdays: plain(median(closeNow.workdays), median(closeBefore.workdays)),
    time_to_close_avg_days: plain(average(closeNow.days), average(closeBefore.days)),
    time_to_close_median_days: plain(median(closeNow.days), median(closeBefore.days)),
  };

  return {
    period: periodOf(scope),
    indicators: (Object.keys(ANALYTICS_INDICATOR_LABELS) as TAnalyticsIndicator[]).map((key) => ({
      key,
      label: ANALYTICS_INDICATOR_LABELS[key],
      ...result[key],
    })),
  };
}
