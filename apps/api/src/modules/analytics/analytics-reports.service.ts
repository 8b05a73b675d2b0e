// STUB (api-core's branch only): api-reports' analytics-reports.service.ts replaces this file at
// merge. Each report answers 501-free placeholders so the routes can be registered and typed.
import type {
  TAnalyticsBySources,
  TAnalyticsByVacancies,
  TAnalyticsQuery,
  TCountApplicants,
  TCountByPeriod,
  TReasonsRejection,
  TRecruiterCounts,
  TRecruiterVacancies,
  TRecruiterVacanciesDetails,
  TStatusGroupConversion,
  TVacancyAnalytics,
} from '@ats/contracts/analytics';
import { notFound } from '../../platform/errors.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import type { AnalyticsScope } from './analytics-scope.ts';

type Report<T> = (tenant: Tenant, scope: AnalyticsScope, query: TAnalyticsQuery) => Promise<T>;

const NOT_YET = 'Отчёт ещё не готов';
const pending = async (): Promise<never> => {
  throw notFound(NOT_YET);
};

export const analyticsBySources: Report<TAnalyticsBySources> = pending;
export const analyticsByVacancies: Report<TAnalyticsByVacancies> = pending;
export const recruiterCountApplicants: Report<TRecruiterCounts> = pending;
export const recruiterCountApplicantsByPeriod: Report<TCountByPeriod> = pending;
export const recruiterVacancies: Report<TRecruiterVacancies> = pending;
export const recruiterVacanciesDetails: Report<TRecruiterVacanciesDetails> = pending;
export const vacancyAnalytics: Report<TVacancyAnalytics> = pending;
export const vacancyCountApplicants: Report<TCountApplicants> = pending;
export const vacancyCountApplicantsByPeriod: Report<TCountByPeriod> = pending;
export const vacancyReasonsRejection: Report<TReasonsRejection> = pending;
export const statusGroupConversion: Report<TStatusGroupConversion> = pending;
