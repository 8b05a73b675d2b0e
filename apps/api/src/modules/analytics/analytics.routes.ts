import {
  ANALYTICS_ANSWERS,
  ANALYTICS_CALLS,
  type TAnalyticsCall,
  type TAnalyticsQuery,
  ZAnalyticsQuery,
} from '@ats/contracts/analytics';
import { successEnvelope } from '@ats/contracts/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import { callerOf } from '../../platform/tenancy.ts';
import { runReport } from './analytics.service.ts';

const SUMMARIES: Record<TAnalyticsCall, string> = {
  company_base_indicators: 'Главные показатели компании за период и за предыдущий период',
  company_count_applicants: 'Кандидаты компании: добавлены, перемещены, наняты, отказы',
  company_count_applicants_by_period: 'Кандидаты компании по дням, неделям или месяцам',
  company_analytics_by_sources: 'Источники резюме: пришли, дошли до этапов, наняты, конверсия',
  company_analytics_by_vacancies: 'Вакансии: кандидаты по этапам, дни открыта, нанято из нужных',
  company_reasons_rejection: 'Причины отказов и самоотказов с долями',
  recruiter_count_applicants: 'Рекрутеры: добавили, переместили, наняли',
  recruiter_count_applicants_by_period: 'Действия рекрутеров по дням, неделям или месяцам',
  recruiter_vacancies: 'Вакансии рекрутеров по состояниям',
  recruiter_vacancies_details: 'Вакансии рекрутеров: список с состоянием',
  vacancy: 'Вакансия: сводка и воронка (когорта)',
  vacancy_count_applicants: 'Кандидаты вакансии: добавлены, перемещены, наняты, отказы',
  vacancy_count_applicants_by_period: 'Кандидаты вакансии по дням, неделям или месяцам',
  vacancy_reasons_rejection: 'Причины отказов по вакансии',
  status_group_conversion: 'Воронка шаблона по всем её вакансиям (когорта)',
};

/** GET /api/analytics/<call> for each of the 15 calls of SPEC.md §7, one handler for all. */
export function registerAnalyticsRoutes(app: FastifyInstance, _deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Аналитика'];
  for (const call of Object.keys(ANALYTICS_CALLS) as TAnalyticsCall[]) {
    const params = ANALYTICS_CALLS[call].join(', ');
    r.get(
      `/api/analytics/${call}`,
      {
        schema: {
          tags,
          summary: `${SUMMARIES[call]} (date_from, date_to, ${params})`,
          querystring: ZAnalyticsQuery,
          response: { 200: successEnvelope(ANALYTICS_ANSWERS[call] as z.ZodType) },
        },
      },
      async (request) => {
        const { session, tenant } = callerOf(request);
        return success(await runReport(tenant, session, call, request.query as TAnalyticsQuery));
      },
    );
  }
}
