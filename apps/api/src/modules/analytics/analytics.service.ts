import type { TAnalyticsCall, TAnalyticsQuery } from '@ats/contracts/analytics';
import type { Session } from '../../platform/auth.ts';
import { badRequest } from '../../platform/errors.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import {
  companyBaseIndicators,
  companyCountApplicants,
  companyCountApplicantsByPeriod,
  companyReasonsRejection,
} from './analytics-company.service.ts';
import * as reports from './analytics-reports.service.ts';
import { type AnalyticsScope, resolveScope } from './analytics-scope.ts';
import { assertCanReadAnalytics } from './analytics.policy.ts';

type Report = (tenant: Tenant, scope: AnalyticsScope, query: TAnalyticsQuery) => Promise<unknown>;

/** The function behind each call (the export of a report calls the same). */
export const ANALYTICS_REPORTS: Record<TAnalyticsCall, Report> = {
  company_base_indicators: companyBaseIndicators,
  company_count_applicants: companyCountApplicants,
  company_count_applicants_by_period: companyCountApplicantsByPeriod,
  company_analytics_by_sources: reports.analyticsBySources,
  company_analytics_by_vacancies: reports.analyticsByVacancies,
  company_reasons_rejection: companyReasonsRejection,
  recruiter_count_applicants: reports.recruiterCountApplicants,
  recruiter_count_applicants_by_period: reports.recruiterCountApplicantsByPeriod,
  recruiter_vacancies: reports.recruiterVacancies,
  recruiter_vacancies_details: reports.recruiterVacanciesDetails,
  vacancy: reports.vacancyAnalytics,
  vacancy_count_applicants: reports.vacancyCountApplicants,
  vacancy_count_applicants_by_period: reports.vacancyCountApplicantsByPeriod,
  vacancy_reasons_rejection: reports.vacancyReasonsRejection,
  status_group_conversion: reports.statusGroupConversion,
};

export const VACANCY_REQUIRED = 'Укажите вакансию (vacancy_id)';
export const FUNNEL_REQUIRED = 'Укажите воронку (status_group_id)';

/** The parameter a call cannot do without, in Russian when it is missing. */
function assertRequired(call: TAnalyticsCall, query: TAnalyticsQuery) {
  if (call.startsWith('vacancy') && !query.vacancy_id) {
    throw badRequest(VACANCY_REQUIRED, { vacancy_id: VACANCY_REQUIRED });
  }
  if (call === 'status_group_conversion' && !query.status_group_id) {
    throw badRequest(FUNNEL_REQUIRED, { status_group_id: FUNNEL_REQUIRED });
  }
}

/** One analytics call: the caller may read analytics, the query is whole, the scope resolved. */
export async function runReport(
  tenant: Tenant,
  session: Session,
  call: TAnalyticsCall,
  query: TAnalyticsQuery,
) {
  assertCanReadAnalytics(session);
  assertRequired(call, query);
  const scope = await resolveScope(tenant, session, query);
  return ANALYTICS_REPORTS[call](tenant, scope, query);
}
