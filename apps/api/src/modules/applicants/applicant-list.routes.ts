import {
  type TApplicantListResponse,
  ZApplicantListQuery,
  ZApplicantListResponse,
} from '@ats/contracts/applicant-list';
import { successEnvelope } from '@ats/contracts/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { applicantListTags } from '../../platform/answer-dependencies.ts';
import { successText } from '../../platform/answer-text.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { uncachedAnswers } from '../../platform/response-cache.ts';
import { callerOf } from '../../platform/tenancy.ts';
import { drillApplicantIds } from '../analytics/analytics-drill.service.ts';
import { applicantListScope } from './applicant-base.service.ts';
import { listApplicants } from './applicant-list.service.ts';
import { todayInMoscow } from './applicant-view.ts';

export function registerApplicantListRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const answers = deps.answers ?? uncachedAnswers;

  r.get(
    '/api/applicants',
    {
      schema: {
        tags: ['Кандидаты'],
        summary:
          'База кандидатов: страница списка с фильтрами, поиском и сортировкой (drill — кандидаты за числом аналитики)',
        querystring: ZApplicantListQuery,
        response: { 200: successEnvelope(ZApplicantListResponse) },
      },
    },
    async (request, reply) => {
      const { session, tenant } = callerOf(request);
      // A watcher-admin's list is the applicants of their vacancies; other watchers are refused.
      const scope = applicantListScope(tenant, session);
      // The page depends on the caller ("only mine", a watcher's vacancies) and on the day (ages,
      // date filters).
      const key = `applicants:${session.userId}:${todayInMoscow()}:${request.url}`;
      return answers(
        request,
        reply,
        key,
        async () => {
          // `drill`: the applicants behind a count of analytics, by the SQL that counted them.
          const only = request.query.drill
            ? await drillApplicantIds(tenant, session, request.query.drill)
            : null;
          // The page as its statement wrote it, sent as that text (decision 0110).
          return successText<TApplicantListResponse>(
            await listApplicants(tenant, request.query, scope, only),
          );
        },
        applicantListTags(request.query.drill !== undefined),
      );
    },
  );
}
