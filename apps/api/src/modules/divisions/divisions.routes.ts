import {
  ZCreateDivisionRequest,
  ZDivision,
  ZDivisionTree,
  ZUpdateDivisionRequest,
} from '@ats/contracts/divisions';
import { successEnvelope } from '@ats/contracts/envelope';
import { ZIdParams } from '@ats/contracts/ids';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { partTags } from '../../platform/answer-dependencies.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import { uncachedAnswers } from '../../platform/response-cache.ts';
import { callerOf } from '../../platform/tenancy.ts';
import * as divisionsService from './divisions.service.ts';

/** The company's divisions as a tree (`/api/account_divisions`). */
export function registerDivisionsRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const answers = deps.answers ?? uncachedAnswers;
  const tags = ['Подразделения'];

  r.get(
    '/api/account_divisions',
    {
      schema: {
        tags,
        summary: 'Подразделения деревом',
        response: { 200: successEnvelope(ZDivisionTree) },
      },
    },
    // The same for every user of the account (decision 0078).
    async (request, reply) =>
      answers(
        request,
        reply,
        'account_divisions',
        async () => success(await divisionsService.listDivisions(callerOf(request).tenant)),
        partTags('divisions'),
      ),
  );

  r.get(
    '/api/account_divisions/:id',
    {
      schema: {
        tags,
        summary: 'Подразделение с дочерними',
        params: ZIdParams,
        response: { 200: successEnvelope(ZDivision) },
      },
    },
    async (request) =>
      success(await divisionsService.getDivision(callerOf(request).tenant, request.params.id)),
  );

  r.post(
    '/api/account_divisions',
    {
      schema: {
        tags,
        summary: 'Добавить подразделение',
        body: ZCreateDivisionRequest,
        response: { 200: successEnvelope(ZDivision) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await divisionsService.createDivision(tenant, session, request.body));
    },
  );

  for (const method of ['PUT', 'PATCH'] as const) {
    r.route({
      method,
      url: '/api/account_divisions/:id',
      schema: {
        tags,
        summary: 'Изменить или перенести подразделение',
        params: ZIdParams,
        body: ZUpdateDivisionRequest,
        response: { 200: successEnvelope(ZDivision) },
      },
      handler: async (request) => {
        const { tenant, session } = callerOf(request);
        return success(
          await divisionsService.updateDivision(tenant, session, request.params.id, request.body),
        );
      },
    });
  }

  r.delete(
    '/api/account_divisions/:id',
    {
      schema: {
        tags,
        summary: 'Удалить подразделение с дочерними (вакансии остаются без подразделения)',
        params: ZIdParams,
        response: { 200: successEnvelope(ZDivision) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await divisionsService.deleteDivision(tenant, session, request.params.id));
    },
  );
}
