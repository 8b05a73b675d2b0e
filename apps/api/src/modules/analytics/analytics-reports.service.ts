import type {
  TAnalyticsBySources,
  TAnalyticsByVacancies,
  TAnalyticsQuery,
  TCountApplicants,
  TCountByPeriod,
  TFunnelStage,
  TReasonsRejection,
  TRecruiterCounts,
  TRecruiterVacancies,
  TRecruiterVacanciesDetails,
  TStatusGroupConversion,
  TVacancyAnalytics,
} from '@ats/contracts/analytics';
import { notFound } from '../../platform/errors.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import { listWorkingDays } from '../account-calendar/account-calendar.service.ts';
import {
  type ReportFilters,
  activityCounts,
  activityCountsByActor,
  companyFilters,
  countByPeriod,
  drillOf,
  hireDurations,
  reasonsRejection,
} from './analytics-company.service.ts';
import type { DrillFilters, DrillKind } from './analytics-drill.ts';
import * as facts from './analytics-facts.repository.ts';
import * as repo from './analytics-reports.repository.ts';
import {
  type AnalyticsScope,
  FUNNEL_NOT_FOUND,
  VACANCY_NOT_FOUND,
  addDaysIso,
  average,
  percent,
  periodOf,
  todayIn,
} from './analytics-scope.ts';

// The reports by source, by vacancy, by recruiter, of one vacancy and of one funnel (SPEC.md §7,
// issue 13). Counts that open a list of applicants are the facts of analytics-facts (the drill
// lists them by the same SQL); the funnels, the vacancies' days and the sources' columns are read
// by analytics-reports.repository.

export const NO_SOURCE = 'Без источника';

const rangeOf = (scope: AnalyticsScope): repo.ReportRange => ({
  accountId: scope.accountId,
  timeZone: scope.timeZone,
  from: scope.from,
  to: scope.to,
  days: { from: scope.dateFrom, to: scope.dateTo },
});

const window = (scope: AnalyticsScope) => ({ from: scope.from, to: scope.to });

const toNumber = (value: string | number | null) => (value === null ? null : Number(value));
const isoOf = (value: string | Date) => new Date(value).toISOString();

/**
 * The working days a funnel's stays may span: from the period's first day (the cohort enters
 * then at the earliest) to today or the period's end, whichever is later.
 */
async function workCalendar(tenant: Tenant, scope: AnalyticsScope): Promise<repo.WorkCalendar> {
  const today = todayIn(scope.timeZone);
  const lo = addDaysIso(scope.dateFrom, -1);
  const hi = addDaysIso(today > scope.dateTo ? today : scope.dateTo, 1);
  return { lo, hi, workingDays: await listWorkingDays(tenant, lo, hi) };
}

const drill = (scope: AnalyticsScope, kind: DrillKind, filters: DrillFilters) =>
  drillOf(kind, scope.dateFrom, scope.dateTo, filters);

/** Funnel rows as the contract's stages: conversions from the previous and the first stage. */
function funnelStages(
  rows: repo.FunnelStageRow[],
  drillOfStage: (statusId: number) => string | null,
): TFunnelStage[] {
  const first = rows[0]?.reached ?? 0;
  return rows.map((row, i) => ({
    status_id: row.status_id,
    name: row.name,
    color: row.color,
    order: row.order,
    is_offer: row.is_offer,
    is_hired: row.is_hired,
    reached: row.reached,
    conversion_from_previous: i === 0 ? null : percent(row.reached, rows[i - 1]!.reached),
    conversion_from_first: percent(row.reached, first),
    avg_workdays_in_stage: toNumber(row.avg_workdays),
    avg_days_in_stage: toNumber(row.avg_days),
    drill: drillOfStage(row.status_id),
  }));
}

function groupBy<T>(rows: T[], key: (row: T) => number) {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = groups.get(k);
    if (list) list.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

/** The drill filters of a report: the division asked for, and what else narrows it. */
const divisionDrill = (scope: AnalyticsScope): DrillFilters =>
  scope.divisionId ? { d: scope.divisionId } : {};

// ---- Company: by source, by vacancy ---------------------------------------------------------

export async function analyticsBySources(
  tenant: Tenant,
  scope: AnalyticsScope,
  query: TAnalyticsQuery,
): Promise<TAnalyticsBySources> {
  const actorId = query.admin_user_id;
  const { columns, rows } = await tenant.transaction(async (tx) => {
    const columns = await repo.listDefaultFunnelStages(tx, scope.accountId);
    const rows = await repo.listSources(
      tx,
      rangeOf(scope),
      { divisionIds: scope.divisionIds },
      columns,
      actorId,
    );
    return { columns, rows };
  });
  const base: DrillFilters = { ...divisionDrill(scope), ...(actorId ? { u: actorId } : {}) };
  return {
    period: periodOf(scope),
    stages: columns.map((c) => ({ key: String(c.id), name: c.name })),
    rows: rows.map((row) => ({
      account_source_id: row.source_id === 0 ? null : row.source_id,
      name: row.source_id === 0 ? NO_SOURCE : (row.name ?? NO_SOURCE),
      came: row.came,
      reached: columns.map((c) => row.reached?.[String(c.id)] ?? 0),
      hired: row.hired,
      conversion: percent(row.hired, row.came),
      drill: {
        came: drill(scope, 'placed', { ...base, src: row.source_id }),
        hired: drill(scope, 'hired', { ...base, src: row.source_id }),
      },
    })),
  };
}

export async function analyticsByVacancies(
  tenant: Tenant,
  scope: AnalyticsScope,
  query: TAnalyticsQuery,
): Promise<TAnalyticsByVacancies> {
  const set: repo.VacancySet = { divisionIds: scope.divisionIds, ownerId: query.admin_user_id };
  const cal = await workCalendar(tenant, scope);
  const { vacancies, stages } = await tenant.transaction(async (tx) => ({
    vacancies: await repo.listVacanciesInPeriod(tx, rangeOf(scope), set, { state: query.state }),
    stages: await repo.listFunnelStages(tx, rangeOf(scope), set, { kind: 'vacancy' }, cal),
  }));
  const byVacancy = groupBy(stages, (s) => s.group_key);
  return {
    period: periodOf(scope),
    rows: vacancies.map((v) => ({
      vacancy_id: v.vacancy_id,
      position: v.position,
      state: v.state,
      division_name: v.division_name,
      days_open: v.days_open,
      needed: v.needed,
      hired: v.hired,
      stages: funnelStages(byVacancy.get(v.vacancy_id) ?? [], (st) =>
        drill(scope, 'reached', { v: v.vacancy_id, st }),
      ),
      drill: {
        placed: drill(scope, 'placed', { v: v.vacancy_id }),
        hired: drill(scope, 'hired', { v: v.vacancy_id }),
      },
    })),
  };
}

// ---- Recruiters -----------------------------------------------------------------------------

const recruiterFilters = (scope: AnalyticsScope, userId: number): ReportFilters =>
  companyFilters(scope, {
    facts: { accountId: scope.accountId, divisionIds: scope.divisionIds, actorId: userId },
    drill: { ...divisionDrill(scope), u: userId },
  });

export async function recruiterCountApplicants(
  tenant: Tenant,
  scope: AnalyticsScope,
  query: TAnalyticsQuery,
): Promise<TRecruiterCounts> {
  const { recruiters, owned } = await tenant.transaction(async (tx) => {
    const recruiters = await repo.listRecruiters(tx, scope.accountId, query.admin_user_id);
    const owned = await repo.listOwnerVacancyCounts(
      tx,
      rangeOf(scope),
      { divisionIds: scope.divisionIds },
      recruiters.map((r) => r.id),
    );
    return { recruiters, owned };
  });
  const openOf = new Map(owned.map((o) => [o.user_id, o.open]));
  const counts = await activityCountsByActor(
    tenant,
    scope,
    companyFilters(scope),
    recruiters.map((r) => r.id),
    (id) => recruiterFilters(scope, id),
  );
  const rows: TRecruiterCounts['rows'] = recruiters.map((recruiter) => ({
    admin_user_id: recruiter.id,
    name: recruiter.name,
    counts: counts.get(recruiter.id)!,
    vacancies_open: openOf.get(recruiter.id) ?? 0,
  }));
  return { period: periodOf(scope), rows };
}

/** One recruiter's counts per bucket; without `admin_user_id`, the whole team's (the company's). */
export async function recruiterCountApplicantsByPeriod(
  tenant: Tenant,
  scope: AnalyticsScope,
  query: TAnalyticsQuery,
): Promise<TCountByPeriod> {
  const filters = query.admin_user_id
    ? recruiterFilters(scope, query.admin_user_id)
    : companyFilters(scope);
  return countByPeriod(tenant, scope, filters);
}

export async function recruiterVacancies(
  tenant: Tenant,
  scope: AnalyticsScope,
  query: TAnalyticsQuery,
): Promise<TRecruiterVacancies> {
  const { recruiters, owned } = await tenant.transaction(async (tx) => {
    const recruiters = await repo.listRecruiters(tx, scope.accountId, query.admin_user_id);
    const owned = await repo.listOwnerVacancyCounts(
      tx,
      rangeOf(scope),
      { divisionIds: scope.divisionIds },
      recruiters.map((r) => r.id),
    );
    return { recruiters, owned };
  });
  const byUser = new Map(owned.map((o) => [o.user_id, o]));
  return {
    period: periodOf(scope),
    rows: recruiters.map((r) => {
      const o = byUser.get(r.id);
      return {
        admin_user_id: r.id,
        name: r.name,
        open: o?.open ?? 0,
        hold: o?.hold ?? 0,
        closed: o?.closed ?? 0,
        closed_in_period: o?.closed_in_period ?? 0,
        hired: o?.hired ?? 0,
      };
    }),
  };
}

export async function recruiterVacanciesDetails(
  tenant: Tenant,
  scope: AnalyticsScope,
  query: TAnalyticsQuery,
): Promise<TRecruiterVacanciesDetails> {
  const set: repo.VacancySet = { divisionIds: scope.divisionIds, ownerId: query.admin_user_id };
  const vacancies = await tenant.transaction((tx) =>
    repo.listVacanciesInPeriod(tx, rangeOf(scope), set, { state: query.state }),
  );
  return {
    period: periodOf(scope),
    rows: vacancies.map((v) => ({
      vacancy_id: v.vacancy_id,
      position: v.position,
      state: v.state,
      owner_ids: v.owner_ids,
      created_at: isoOf(v.created_at),
      closed_at: v.closed_at === null ? null : isoOf(v.closed_at),
      days_open: v.days_open,
      needed: v.needed,
      placed: v.placed,
      hired: v.hired,
      drill: {
        placed: drill(scope, 'placed', { v: v.vacancy_id }),
        hired: drill(scope, 'hired', { v: v.vacancy_id }),
      },
    })),
  };
}

// ---- One vacancy ----------------------------------------------------------------------------

// runReport (analytics.service) answers 400 before a report runs without its vacancy or funnel.
function vacancyIdOf(query: TAnalyticsQuery) {
  if (!query.vacancy_id) throw notFound(VACANCY_NOT_FOUND);
  return query.vacancy_id;
}

/** A vacancy's reports read all of it, whatever division the query names. */
const vacancyFilters = (scope: AnalyticsScope, vacancyId: number): ReportFilters => ({
  facts: { accountId: scope.accountId, divisionIds: null, vacancyId },
  drill: { v: vacancyId },
});

export async function vacancyAnalytics(
  tenant: Tenant,
  scope: AnalyticsScope,
  query: TAnalyticsQuery,
): Promise<TVacancyAnalytics> {
  const vacancyId = vacancyIdOf(query);
  const set: repo.VacancySet = { divisionIds: null, vacancyId };
  const filters = vacancyFilters(scope, vacancyId);
  const cal = await workCalendar(tenant, scope);
  const read = await tenant.transaction(async (tx) => ({
    vacancy: (await repo.listVacanciesInPeriod(tx, rangeOf(scope), set, { all: true }))[0],
    stages: await repo.listFunnelStages(tx, rangeOf(scope), set, { kind: 'vacancy' }, cal),
    hires: await facts.hiresWithPlacement(tx, filters.facts, window(scope)),
  }));
  const counts = await activityCounts(tenant, scope, filters);
  const durations = await hireDurations(tenant, scope, read.hires);
  const v = read.vacancy;
  return {
    period: periodOf(scope),
    vacancy_id: vacancyId,
    position: v?.position ?? '',
    state: v?.state ?? 'open',
    needed: v?.needed ?? 0,
    days_open: v?.days_open ?? 0,
    counts,
    time_to_hire_avg_workdays: average(durations.workdays),
    time_to_hire_avg_days: average(durations.days),
    stages: funnelStages(read.stages, (st) => drill(scope, 'reached', { v: vacancyId, st })),
  };
}

export async function vacancyCountApplicants(
  tenant: Tenant,
  scope: AnalyticsScope,
  query: TAnalyticsQuery,
): Promise<TCountApplicants> {
  const filters = vacancyFilters(scope, vacancyIdOf(query));
  return { period: periodOf(scope), counts: await activityCounts(tenant, scope, filters) };
}

export async function vacancyCountApplicantsByPeriod(
  tenant: Tenant,
  scope: AnalyticsScope,
  query: TAnalyticsQuery,
): Promise<TCountByPeriod> {
  return countByPeriod(tenant, scope, vacancyFilters(scope, vacancyIdOf(query)));
}

export async function vacancyReasonsRejection(
  tenant: Tenant,
  scope: AnalyticsScope,
  query: TAnalyticsQuery,
): Promise<TReasonsRejection> {
  return reasonsRejection(tenant, scope, vacancyFilters(scope, vacancyIdOf(query)));
}

// ---- One funnel -----------------------------------------------------------------------------

export async function statusGroupConversion(
  tenant: Tenant,
  scope: AnalyticsScope,
  query: TAnalyticsQuery,
): Promise<TStatusGroupConversion> {
  const statusGroupId = query.status_group_id;
  if (!statusGroupId) throw notFound(FUNNEL_NOT_FOUND);
  const set: repo.VacancySet = { divisionIds: scope.divisionIds, statusGroupId };
  const cal = await workCalendar(tenant, scope);
  const read = await tenant.transaction(async (tx) => ({
    group: await repo.findStatusGroup(tx, scope.accountId, statusGroupId),
    vacancies: await repo.countVacancies(tx, rangeOf(scope), set),
    stages: await repo.listFunnelStages(
      tx,
      rangeOf(scope),
      set,
      { kind: 'group', statusGroupId },
      cal,
    ),
  }));
  const base = { ...divisionDrill(scope), g: statusGroupId };
  return {
    period: periodOf(scope),
    status_group_id: statusGroupId,
    name: read.group?.name ?? '',
    vacancies: read.vacancies,
    stages: funnelStages(read.stages, (st) => drill(scope, 'reached', { ...base, st })),
  };
}
