import {
  ANALYTICS_BUCKETS,
  ANALYTICS_CALLS,
  ANALYTICS_VACANCY_STATES,
  type TAnalyticsBucket,
  type TAnalyticsCall,
} from '@ats/contracts/analytics';
import { applicantsDrillHref } from '../../shared/applicants-drill-link';

// What the analytics screen shows is all in its address (tab, period, filters), so a link or a
// reload opens the same reports, and «назад» from the applicants behind a count returns here.

export const ANALYTICS_TABS = ['company', 'recruiters', 'vacancies', 'funnels'] as const;
export type AnalyticsTab = (typeof ANALYTICS_TABS)[number];
export const ANALYTICS_TAB_LABELS: Record<AnalyticsTab, string> = {
  company: 'Компания',
  recruiters: 'Рекрутеры',
  vacancies: 'Вакансии',
  funnels: 'Воронки',
};

export const PERIOD_PRESETS = ['week', 'month', 'quarter', 'year', 'custom'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];
export const PERIOD_PRESET_LABELS: Record<PeriodPreset, string> = {
  week: 'Неделя',
  month: 'Месяц',
  quarter: 'Квартал',
  year: 'Год',
  custom: 'Свой период',
};
/** Days of each preset, today included (the month is the API's default of 30 days). */
const PRESET_DAYS: Record<Exclude<PeriodPreset, 'custom'>, number> = {
  week: 7,
  month: 30,
  quarter: 91,
  year: 365,
};

type VacancyState = (typeof ANALYTICS_VACANCY_STATES)[number];

export type AnalyticsParams = {
  tab: AnalyticsTab;
  preset: PeriodPreset;
  /** Only for «свой период»: the days typed, YYYY-MM-DD. */
  date_from?: string;
  date_to?: string;
  division_id?: number;
  admin_user_id?: number;
  vacancy_id?: number;
  status_group_id?: number;
  state?: VacancyState;
  period?: TAnalyticsBucket;
};

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

const idOf = (value: string | null) => {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : undefined;
};
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  (values as readonly (string | null)[]).includes(value) ? (value as T) : undefined;

export function analyticsParamsOf(search: URLSearchParams): AnalyticsParams {
  const dayOf = (key: string) => {
    const value = search.get(key);
    return value && ISO_DAY.test(value) ? value : undefined;
  };
  return {
    tab: oneOf(ANALYTICS_TABS, search.get('tab')) ?? 'company',
    preset: oneOf(PERIOD_PRESETS, search.get('preset')) ?? 'month',
    date_from: dayOf('date_from'),
    date_to: dayOf('date_to'),
    division_id: idOf(search.get('division_id')),
    admin_user_id: idOf(search.get('admin_user_id')),
    vacancy_id: idOf(search.get('vacancy_id')),
    status_group_id: idOf(search.get('status_group_id')),
    state: oneOf(ANALYTICS_VACANCY_STATES, search.get('state')),
    period: oneOf(ANALYTICS_BUCKETS, search.get('period')),
  };
}

export function searchOfAnalyticsParams(params: AnalyticsParams): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === '') continue;
    if (key === 'tab' && value === 'company') continue;
    if (key === 'preset' && value === 'month') continue;
    if ((key === 'date_from' || key === 'date_to') && params.preset !== 'custom') continue;
    search.set(key, String(value));
  }
  return search;
}

/** Today in the account's time zone, YYYY-MM-DD. */
export function todayIn(timeZone: string | undefined, now = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', {
      timeZone: timeZone || undefined,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The days of the chosen period; none for a «свой период» not yet typed (the API's default). */
export function periodDays(
  params: Pick<AnalyticsParams, 'preset' | 'date_from' | 'date_to'>,
  today: string,
): { date_from?: string; date_to?: string } {
  if (params.preset === 'custom') return { date_from: params.date_from, date_to: params.date_to };
  return { date_from: addDays(today, 1 - PRESET_DAYS[params.preset]), date_to: today };
}

export type AnalyticsQuery = Record<string, string | number | undefined>;

/** The query one call is sent: the period and those of the filters the call takes. */
export function queryOfCall(
  call: TAnalyticsCall,
  params: AnalyticsParams,
  today: string,
): AnalyticsQuery {
  const query: AnalyticsQuery = { ...periodDays(params, today) };
  for (const name of ANALYTICS_CALLS[call]) {
    const value = params[name as keyof AnalyticsParams];
    if (value !== undefined) query[name] = value;
  }
  return query;
}

export function queryString(query: AnalyticsQuery): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) search.set(key, String(value));
  }
  return search.toString();
}

/** The file of a report (a plain link: the server answers with Content-Disposition). */
export const exportUrlOf = (call: TAnalyticsCall, query: AnalyticsQuery) => {
  const text = queryString(query);
  return `/api/analytics/${call}/export${text ? `?${text}` : ''}`;
};

/**
 * The applicants behind a count: the list screen takes the drill as its filter and shows the
 * label on its chip «Из аналитики: …» (shared/applicants-drill-link).
 */
export const drillHref = (drill: string, label = '') => applicantsDrillHref(drill, label);
