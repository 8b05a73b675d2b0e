import {
  ZApplicantFilter,
  ZApplicantFilterList,
  ZCreateApplicantFilterRequest,
  ZUpdateApplicantFilterRequest,
} from '@ats/contracts/applicant-list';
import { successEnvelope } from '@ats/contracts/envelope';
import { ZIdParams } from '@ats/contracts/ids';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerKey, partTags } from '../../platform/answer-dependencies.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import { uncachedAnswers } from '../../platform/response-cache.ts';
import { callerOf } from '../../platform/tenancy.ts';
import * as filtersService from './applicant-filters.service.ts';
import { assertCanReadApplicants } from './applicant-base.service.ts';

export function registerApplicantFiltersRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const answers = deps.answers ?? uncachedAnswers;
  const tags = ['Кандидаты: наборы фильтров'];
  const caller = (request: FastifyRequest) => {
    const found = callerOf(request);
    assertCanReadApplicants(found.session);
    return found;
  };

  r.get(
    '/api/applicant_filters',
    {
      schema: {
        tags,
        summary: 'Свои и общие наборы фильтров списка кандидатов',
        response: { 200: successEnvelope(ZApplicantFilterList) },
      },
    },
    // The caller's own and the shared sets: remembered per caller (decision 0078).
    async (request, reply) => {
      const { session, tenant } = caller(request);
      return answers(
        request,
        reply,
        `applicant_filters:${callerKey(session)}`,
        async () => success(await filtersService.listApplicantFilters(tenant)),
        partTags('applicantFilters'),
      );
    },
  );

  r.post(
    '/api/applicant_filters',
    {
      schema: {
        tags,
        summary: 'Сохранить набор фильтров',
        body: ZCreateApplicantFilterRequest,
        response: { 200: successEnvelope(ZApplicantFilter) },
      },
    },
    async (request) =>
      success(await filtersService.createApplicantFilter(caller(request).tenant, request.body)),
  );

  r.patch(
    '/api/applicant_filters/:id',
    {
      schema: {
        tags,
        summary: 'Изменить набор фильтров (автор или администратор)',
        params: ZIdParams,
        body: ZUpdateApplicantFilterRequest,
        response: { 200: successEnvelope(ZApplicantFilter) },
      },
    },
    async (request) => {
      const { session, tenant } = caller(request);
      return success(
        await filtersService.updateApplicantFilter(
          tenant,
          session,
          request.params.id,
          request.body,
        ),
      );
    },
  );

  r.delete(
    '/api/applicant_filters/:id',
    {
      schema: {
        tags,
        summary: 'Удалить набор фильтров (автор или администратор)',
        params: ZIdParams,
        response: { 200: successEnvelope(ZApplicantFilter) },
      },
    },
    async (request) => {
      const { session, tenant } = caller(request);
      return success(
        await filtersService.deleteApplicantFilter(tenant, session, request.params.id),
      );
    },
  );
}
