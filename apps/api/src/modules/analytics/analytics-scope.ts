import {
  ANALYTICS_DEFAULT_DAYS,
  ANALYTICS_MAX_DAYS,
  type TAnalyticsBucket,
  type TAnalyticsPeriod,
  type TAnalyticsQuery,
} from '@ats/contracts/analytics';
import type { Session } from '../../platform/auth.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import { getCommonSettings } from '../account/common-settings.service.ts';
import { listWorkingDays } from '../account-calendar/account-calendar.service.ts';
import { divisionSubtreeIds } from '../divisions/divisions.service.ts';
import * as facts from './analytics-facts.repository.ts';

/** What every report is computed over: the account, the days and the division. */
export type AnalyticsScope = {
  accountId: number;
  userId: number;
  timeZone: string;
  /** The period, inclusive, YYYY-MM-DD in the account's time zone. */
  dateFrom: string;
  dateTo: string;
  /** The same number of days right before. */
  previousFrom: string;
  previousTo: string;
  /** Start of `dateFrom` in the time zone. */
  from: Date;
  /** Exclusive: the start of the day after `dateTo` in the time zone. */
  to: Date;
  previousFromTs: Date;
  previousToTs: Date;
  /** The division asked for and its subtree; null: the whole company. */
  divisionIds: number[] | null;
  /** The division asked for (kept in drills, whose subtree is taken again when opened). */
  divisionId: number | null;
  bucket: TAnalyticsBucket;
};

export const PERIOD_TOO_LONG = 'Период не может быть длиннее 5 лет';
export const USER_NOT_FOUND = 'Сотрудник не найден';
export const VACANCY_NOT_FOUND = 'Вакансия не найдена';
export const FUNNEL_NOT_FOUND = 'Воронка не найдена';

const DAY_MS = 86_400_000;
const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
const isoOfDay = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

export function addDaysIso(iso: string, days: number) {
  return isoOfDay(dayNumber(iso) + days);
}

/** Whole days from `a` to `b` (YYYY-MM-DD), b − a. */
export function daysBetween(a: string, b: string) {
  return dayNumber(b) - dayNumber(a);
}

/**
 * One formatter per time zone: building an Intl.DateTimeFormat costs far more than formatting
 * with it, and the time to hire formats two instants per hire (a year's hires at 200,000
 * applicants made company_base_indicators spend minutes building them under load).
 */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Today's date in a time zone. */
export function todayIn(timeZone: string, now: Date = new Date()) {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(now);
}

/** The date of an instant in a time zone. */
export const dateIn = todayIn;

function zoneOffsetMs(instant: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant a day starts in a time zone. */
export function startOfDayIn(iso: string, timeZone: string): Date {
  const guess = Date.parse(`${iso}T00:00:00Z`);
  const first = guess - zoneOffsetMs(guess, timeZone);
  return new Date(guess - zoneOffsetMs(first, timeZone));
}

/** Day up to 62 days, week up to a year, month beyond. */
export function defaultBucket(dateFrom: string, dateTo: string): TAnalyticsBucket {
  const days = daysBetween(dateFrom, dateTo) + 1;
  return days <= 62 ? 'day' : days <= 366 ? 'week' : 'month';
}

/** The period of explicit days, as a drill names them (no division look-up, no checks). */
export function periodScope(
  base: Pick<AnalyticsScope, 'accountId' | 'userId' | 'timeZone'>,
  dateFrom: string,
  dateTo: string,
  divisionIds: number[] | null = null,
  divisionId: number | null = null,
  bucket?: TAnalyticsBucket,
): AnalyticsScope {
  const length = daysBetween(dateFrom, dateTo) + 1;
  const previousTo = addDaysIso(dateFrom, -1);
  const previousFrom = addDaysIso(dateFrom, -length);
  return {
    ...base,
    dateFrom,
    dateTo,
    previousFrom,
    previousTo,
    from: startOfDayIn(dateFrom, base.timeZone),
    to: startOfDayIn(addDaysIso(dateTo, 1), base.timeZone),
    previousFromTs: startOfDayIn(previousFrom, base.timeZone),
    previousToTs: startOfDayIn(dateFrom, base.timeZone),
    divisionIds,
    divisionId,
    bucket: bucket ?? defaultBucket(dateFrom, dateTo),
  };
}

export async function accountTimeZone(tenant: Tenant) {
  return (await getCommonSettings(tenant)).time_zone || 'Europe/Moscow';
}

/**
 * The scope of a report: the period (by default the last 30 days, today included, in the
 * account's time zone), the division's subtree, and the ids the query names checked against the
 * account (404 in Russian for another account's or unknown ones).
 */
export async function resolveScope(
  tenant: Tenant,
  session: Pick<Session, 'userId'>,
  query: TAnalyticsQuery,
): Promise<AnalyticsScope> {
  const timeZone = await accountTimeZone(tenant);
  const today = todayIn(timeZone);
  const dateTo =
    query.date_to ?? (query.date_from && query.date_from > today ? query.date_from : today);
  const dateFrom = query.date_from ?? addDaysIso(dateTo, -(ANALYTICS_DEFAULT_DAYS - 1));
  if (daysBetween(dateFrom, dateTo) + 1 > ANALYTICS_MAX_DAYS) {
    throw badRequest(PERIOD_TOO_LONG, { date_from: PERIOD_TOO_LONG });
  }
  const divisionIds = query.division_id
    ? await divisionSubtreeIds(tenant, query.division_id)
    : null;
  const named = query.admin_user_id || query.vacancy_id || query.status_group_id;
  // The whole company's reports name no id: no transaction (two round trips) for nothing.
  if (named) {
    await tenant.transaction(async (tx) => {
      if (
        query.admin_user_id &&
        !(await facts.userExists(tx, tenant.accountId, query.admin_user_id))
      ) {
        throw notFound(USER_NOT_FOUND);
      }
      if (
        query.vacancy_id &&
        !(await facts.vacancyExists(tx, tenant.accountId, query.vacancy_id))
      ) {
        throw notFound(VACANCY_NOT_FOUND);
      }
      if (
        query.status_group_id &&
        !(await facts.funnelExists(tx, tenant.accountId, query.status_group_id))
      ) {
        throw notFound(FUNNEL_NOT_FOUND);
      }
    });
  }
  return periodScope(
    { accountId: tenant.accountId, userId: session.userId, timeZone },
    dateFrom,
    dateTo,
    divisionIds,
    query.division_id ?? null,
    query.period,
  );
}

export function periodOf(scope: AnalyticsScope): TAnalyticsPeriod {
  return {
    date_from: scope.dateFrom,
    date_to: scope.dateTo,
    previous_from: scope.previousFrom,
    previous_to: scope.previousTo,
    time_zone: scope.timeZone,
  };
}

/**
 * Working days on the company's production calendar between two days: the days d with
 * from < d ≤ to (the start day is not counted, as «через N рабочих дней» counts), read once for
 * the whole range a report needs.
 */
export type Workdays = { between: (from: string, to: string) => number };

export async function loadWorkdays(
  tenant: Tenant,
  from: string,
  to: string,
  list: typeof listWorkingDays = listWorkingDays,
): Promise<Workdays> {
  const days = from <= to ? await list(tenant, from, to) : [];
  // count of working days ≤ date, by binary search over the sorted list
  const upTo = (date: string) => {
    let lo = 0;
    let hi = days.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (days[mid]! <= date) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return { between: (a, b) => (b <= a ? 0 : upTo(b) - upTo(a)) };
}

/** Percent with one decimal; null when the base is 0. */
export const percent = (part: number, whole: number) =>
  whole === 0 ? null : Math.round((part / whole) * 1000) / 10;

/** One decimal. */
export const round1 = (value: number) => Math.round(value * 10) / 10;

export function average(values: number[]) {
  return values.length === 0 ? null : round1(values.reduce((a, b) => a + b, 0) / values.length);
}

export function median(values: number[]) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return round1(sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2);
}
