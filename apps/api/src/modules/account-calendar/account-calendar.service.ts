import {
  CALENDAR_MAX_YEAR,
  CALENDAR_MIN_YEAR,
  type TAccountCalendar,
  type TCalendarDay,
  type TDateByWorkdays,
  type ZUpdateCalendarDaysRequest,
} from '@ats/contracts/account-calendar';
import type { Db } from '@ats/db/connection';
import type { z } from 'zod';
import type { Session } from '../../platform/auth.ts';
import { badRequest } from '../../platform/errors.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import { getCommonSettings } from '../account/common-settings.service.ts';
import { assertCalendarAction } from './account-calendar.policy.ts';
import * as repo from './account-calendar.repository.ts';
import {
  DECREED_YEARS,
  type NationalDay,
  addDays,
  isNationalWorkingDay,
  isoWeekday,
  nationalYear,
} from './production-calendar.ts';

const OUT_OF_RANGE = `Срок выходит за пределы календаря (${CALENDAR_MIN_YEAR}–${CALENDAR_MAX_YEAR} годы)`;

type Override = Pick<repo.CalendarOverrideRow, 'isWorking' | 'name'>;

/** What a day is for a company with this week and these decisions of its own. */
export function describeDay(
  date: string,
  workDays: ReadonlySet<number>,
  national: NationalDay | undefined,
  override: Override | undefined,
): TCalendarDay {
  if (override) {
    const usualWorkday = workDays.has(isoWeekday(date));
    return {
      date,
      type: override.isWorking
        ? usualWorkday
          ? 'workday'
          : 'working_weekend'
        : national?.kind === 'holiday'
          ? 'holiday'
          : 'day_off',
      is_working: override.isWorking,
      name:
        override.name ??
        national?.name ??
        (override.isWorking ? 'Рабочий день компании' : 'Выходной компании'),
      is_override: true,
    };
  }
  const isWorking = isNationalWorkingDay(date, workDays);
  return {
    date,
    type: national?.kind ?? (isWorking ? 'workday' : 'weekend'),
    is_working: isWorking,
    name: national?.name ?? null,
    is_override: false,
  };
}

const byDay = (rows: repo.CalendarOverrideRow[]) => new Map(rows.map((row) => [row.day, row]));

/** The year it is now in a time zone (an IANA name, as the account settings keep it). */
export function currentYearIn(timeZone: string, now: Date = new Date()) {
  return Number(new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric' }).format(now));
}

/** The calendar of `year`; without one, of the current year in the account's time zone. */
export async function getAccountCalendar(
  tenant: Tenant,
  requestedYear: number | undefined,
): Promise<TAccountCalendar> {
  const settings = await getCommonSettings(tenant);
  const year = requestedYear ?? currentYearIn(settings.time_zone);
  const overrides = byDay(
    await tenant.transaction((tx) =>
      repo.listOverridesBetween(tx, tenant.accountId, `${year}-01-01`, `${year}-12-31`),
    ),
  );
  const national = nationalYear(year);
  const workDays = new Set(settings.work_days);
  const dates = [...new Set([...national.days.keys(), ...overrides.keys()])].sort();
  return {
    year,
    decree: national.decree,
    is_preliminary: national.decree === null,
    work_days: settings.work_days,
    days: dates.map((date) =>
      describeDay(date, workDays, national.days.get(date), overrides.get(date)),
    ),
  };
}

export async function updateCalendarDays(
  tenant: Tenant,
  session: Pick<Session, 'memberType' | 'isAdmin'>,
  input: z.output<typeof ZUpdateCalendarDaysRequest>,
): Promise<{ days: TCalendarDay[] }> {
  assertCalendarAction(session, 'change');
  const settings = await getCommonSettings(tenant);
  const workDays = new Set(settings.work_days);
  const dates = input.days.map((day) => day.date);
  const sorted = [...dates].sort();
  const overrides = await tenant.transaction(async (tx) => {
    await repo.upsertOverrides(
      tx,
      tenant.accountId,
      tenant.userId,
      input.days.flatMap((day) =>
        day.is_working === null
          ? []
          : [{ day: day.date, isWorking: day.is_working, name: day.name }],
      ),
    );
    await repo.deleteOverrides(
      tx,
      tenant.accountId,
      input.days.filter((day) => day.is_working === null).map((day) => day.date),
    );
    return byDay(await repo.listOverridesBetween(tx, tenant.accountId, sorted[0]!, sorted.at(-1)!));
  });
  return {
    days: dates.map((date) =>
      describeDay(
        date,
        workDays,
        nationalYear(Number(date.slice(0, 4))).days.get(date),
        overrides.get(date),
      ),
    ),
  };
}

/** The company's working days, with its own decisions read a year at a time as the walk needs. */
function workingDayCheck(tx: Db, accountId: number, workDays: ReadonlySet<number>) {
  const years = new Map<number, Map<string, repo.CalendarOverrideRow>>();
  return async (date: string) => {
    const year = Number(date.slice(0, 4));
    if (year < CALENDAR_MIN_YEAR || year > CALENDAR_MAX_YEAR) throw badRequest(OUT_OF_RANGE);
    let overrides = years.get(year);
    if (!overrides) {
      overrides = byDay(
        await repo.listOverridesBetween(tx, accountId, `${year}-01-01`, `${year}-12-31`),
      );
      years.set(year, overrides);
    }
    const override = overrides.get(date);
    return override ? override.isWorking : isNationalWorkingDay(date, workDays);
  };
}

/**
 * The date `days` working days after `from` (before it when negative): `from` itself is not
 * counted, so the next working day is +1 whatever `from` is. Weekends of the company's week,
 * public holidays, moved days off and the company's own days off are skipped; 0 answers `from`.
 */
export async function findDateByWorkdays(
  tenant: Tenant,
  from: string,
  days: number,
): Promise<TDateByWorkdays> {
  const settings = await getCommonSettings(tenant);
  const workDays = new Set(settings.work_days);
  const date = await tenant.transaction(async (tx) => {
    const isWorking = workingDayCheck(tx, tenant.accountId, workDays);
    const step = days < 0 ? -1 : 1;
    let current = from;
    for (let left = Math.abs(days); left > 0;) {
      current = addDays(current, step);
      if (await isWorking(current)) left -= 1;
    }
    return current;
  });
  const [first, last] = [from, date].sort() as [string, string];
  let isPreliminary = false;
  for (let year = Number(first.slice(0, 4)); year <= Number(last.slice(0, 4)); year += 1) {
    if (!DECREED_YEARS.includes(year)) isPreliminary = true;
  }
  return { from, days, date, is_preliminary: isPreliminary };
}

/**
 * The company's working days from `from` to `to` (both included, YYYY-MM-DD), sorted: its week,
 * the country's holidays and moved days off, and its own decisions. Analytics counts working days
 * with it; days outside the calendar's years follow the company's usual week.
 */
export async function listWorkingDays(tenant: Tenant, from: string, to: string) {
  const settings = await getCommonSettings(tenant);
  const workDays = new Set(settings.work_days);
  const overrides = byDay(
    await tenant.transaction((tx) => repo.listOverridesBetween(tx, tenant.accountId, from, to)),
  );
  const days: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const year = Number(date.slice(0, 4));
    const override = overrides.get(date);
    const inCalendar = year >= CALENDAR_MIN_YEAR && year <= CALENDAR_MAX_YEAR;
    const working = override
      ? override.isWorking
      : inCalendar
        ? isNationalWorkingDay(date, workDays)
        : workDays.has(isoWeekday(date));
    if (working) days.push(date);
  }
  return days;
}
