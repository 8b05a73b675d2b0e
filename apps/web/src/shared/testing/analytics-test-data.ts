// Analytics answers as the API gives them, for the analytics screen's component tests (not
// shipped: only *.test.tsx files import it).
import type {
  TActivityCounts,
  TAnalyticsPeriod,
  TCompanyBaseIndicators,
  TCountByPeriod,
  TFunnelStage,
  TMetric,
  TReasonsRejection,
  TVacancyAnalytics,
} from '@ats/contracts/analytics';

export const analyticsPeriodOf = (
  date_from = '2026-01-02',
  date_to = '2026-01-31',
): TAnalyticsPeriod => ({
  date_from,
  date_to,
  previous_from: '2025-12-03',
  previous_to: '2026-01-01',
  time_zone: 'Europe/Moscow',
});

export const metricOf = (
  value: number | null,
  previous: number | null,
  drill: string | null = null,
) => ({ value, previous, drill }) satisfies TMetric;

export const baseIndicatorsOf = (
  indicators: TCompanyBaseIndicators['indicators'] = [
    { key: 'hired', label: 'Вышли на работу', ...metricOf(5, 3, 'hired|2026-01-02|2026-01-31') },
    { key: 'rejected', label: 'Отказы компании', ...metricOf(4, 6, 'rejected|x') },
  ],
): TCompanyBaseIndicators => ({ period: analyticsPeriodOf(), indicators });

export const activityCountsOf = (value = 1): TActivityCounts => ({
  applicants_new: metricOf(value, 0),
  placed: metricOf(value, 0),
  moved: metricOf(value, 0),
  hired: metricOf(value, 0),
  rejected: metricOf(value, 0),
  refused: metricOf(value, 0),
});

export const byPeriodOf = (buckets: TCountByPeriod['buckets'] = []): TCountByPeriod => ({
  period: analyticsPeriodOf(),
  bucket: 'day',
  buckets,
});

export const reasonsOf = (rows: TReasonsRejection['rows'] = []): TReasonsRejection => ({
  period: analyticsPeriodOf(),
  reject_total: rows.filter((row) => row.kind === 'reject').reduce((n, row) => n + row.count, 0),
  refuse_total: rows.filter((row) => row.kind === 'refuse').reduce((n, row) => n + row.count, 0),
  rows,
});

export const funnelStageOf = (
  status_id: number,
  name: string,
  reached: number,
  extra: Partial<TFunnelStage> = {},
): TFunnelStage => ({
  status_id,
  name,
  color: '#6366f1',
  order: status_id,
  is_offer: false,
  is_hired: false,
  reached,
  conversion_from_previous: null,
  conversion_from_first: null,
  avg_workdays_in_stage: null,
  avg_days_in_stage: null,
  drill: null,
  ...extra,
});

export const vacancyAnalyticsOf = (
  overrides: Partial<TVacancyAnalytics> = {},
): TVacancyAnalytics => ({
  period: analyticsPeriodOf(),
  vacancy_id: 7,
  position: 'Бухгалтер',
  state: 'open',
  needed: 2,
  days_open: 30,
  counts: activityCountsOf(),
  time_to_hire_avg_workdays: 12,
  time_to_hire_avg_days: 16,
  stages: [],
  ...overrides,
});
