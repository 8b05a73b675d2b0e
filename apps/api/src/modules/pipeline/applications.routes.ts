import { successEnvelope } from '@ats/contracts/envelope';
import { ZIdParams } from '@ats/contracts/ids';
import {
  ZApplication,
  ZApplicationWithHistory,
  ZCreateApplicationRequest,
  ZMoveApplicationRequest,
  ZPlaceApplicantsRequest,
  ZPlaceApplicantsResult,
  ZRejectOrRefuseRequest,
} from '@ats/contracts/pipeline';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import { callerOf } from '../../platform/tenancy.ts';
import * as applications from './applications.service.ts';

/** Applicants on vacancies: placing, moving between stages, rejecting, removing. */
export function registerApplicationsRoutes(app: FastifyInstance, _deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Кандидаты на вакансиях'];

  r.get(
    '/api/applications/:id',
    {
      schema: {
        tags,
        summary: 'Кандидат на вакансии и история его переводов',
        params: ZIdParams,
        response: { 200: successEnvelope(ZApplicationWithHistory) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await applications.getApplication(tenant, session, request.params.id));
    },
  );

  r.post(
    '/api/applications',
    {
      schema: {
        tags,
        summary: 'Добавить кандидата на вакансию (на первый этап, если этап не указан)',
        body: ZCreateApplicationRequest,
        response: { 200: successEnvelope(ZApplication) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await applications.placeApplicant(tenant, session, request.body));
    },
  );

  r.post(
    '/api/applications/bulk',
    {
      schema: {
        tags,
        summary: 'Добавить несколько кандидатов на вакансию; уже добавленные пропускаются',
        body: ZPlaceApplicantsRequest,
        response: { 200: successEnvelope(ZPlaceApplicantsResult) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await applications.placeApplicants(tenant, session, request.body));
    },
  );

  r.post(
    '/api/applications/:id/move',
    {
      schema: {
        tags,
        summary: 'Перевести кандидата на другой этап той же вакансии',
        params: ZIdParams,
        body: ZMoveApplicationRequest,
        response: { 200: successEnvelope(ZApplication) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(
        await applications.moveApplication(tenant, session, request.params.id, request.body),
      );
    },
  );

  for (const kind of ['reject', 'refuse'] as const) {
    r.post(
      `/api/applications/:id/${kind}`,
      {
        schema: {
          tags,
          summary:
            kind === 'reject'
              ? 'Отказ компании с причиной: кандидат переходит на этап отказа'
              : 'Отказ кандидата с причиной: кандидат переходит на этап отказа кандидата',
          params: ZIdParams,
          body: ZRejectOrRefuseRequest,
          response: { 200: successEnvelope(ZApplication) },
        },
      },
      async (request) => {
        const { tenant, session } = callerOf(request);
        return success(
          await applications.rejectApplication(
            tenant,
            session,
            request.params.id,
            kind,
            request.body,
          ),
        );
      },
    );
  }

  r.delete(
    '/api/applications/:id',
    {
      schema: {
        tags,
        summary: 'Убрать кандидата с вакансии (рекрутеры и администраторы)',
        params: ZIdParams,
        response: { 200: successEnvelope(ZApplication) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await applications.removeApplication(tenant, session, request.params.id));
    },
  );
}
