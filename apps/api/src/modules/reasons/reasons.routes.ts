import { successEnvelope } from '@ats/contracts/envelope';
import { ZIdParams } from '@ats/contracts/ids';
import {
  ZCreateReasonRequest,
  ZReason,
  ZReasonList,
  ZReasonListQuery,
  ZReorderReasonsRequest,
  ZUpdateReasonRequest,
} from '@ats/contracts/pipeline';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import { callerOf } from '../../platform/tenancy.ts';
import * as reasonsService from './reasons.service.ts';

/** Reasons of rejections, refusals, closing and holding (`/api/reasons`; update uses PUT). */
export function registerReasonsRoutes(app: FastifyInstance, _deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Причины'];

  r.get(
    '/api/reasons',
    {
      schema: {
        tags,
        summary: 'Причины аккаунта, все или одного типа (reason_type)',
        querystring: ZReasonListQuery,
        response: { 200: successEnvelope(ZReasonList) },
      },
    },
    async (request) =>
      success(
        await reasonsService.listReasons(callerOf(request).tenant, request.query.reason_type),
      ),
  );

  r.get(
    '/api/reasons/:id',
    {
      schema: {
        tags,
        summary: 'Причина',
        params: ZIdParams,
        response: { 200: successEnvelope(ZReason) },
      },
    },
    async (request) =>
      success(await reasonsService.getReason(callerOf(request).tenant, request.params.id)),
  );

  r.post(
    '/api/reasons',
    {
      schema: {
        tags,
        summary: 'Добавить причину',
        body: ZCreateReasonRequest,
        response: { 200: successEnvelope(ZReason) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await reasonsService.createReason(tenant, session, request.body));
    },
  );

  r.post(
    '/api/reasons/reorder',
    {
      schema: {
        tags,
        summary: 'Новый порядок причин одного типа (все причины этого типа по порядку)',
        body: ZReorderReasonsRequest,
        response: { 200: successEnvelope(ZReasonList) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await reasonsService.reorderReasons(tenant, session, request.body));
    },
  );

  for (const method of ['PUT', 'PATCH'] as const) {
    r.route({
      method,
      url: '/api/reasons/:id',
      schema: {
        tags,
        summary: 'Изменить причину',
        params: ZIdParams,
        body: ZUpdateReasonRequest,
        response: { 200: successEnvelope(ZReason) },
      },
      handler: async (request) => {
        const { tenant, session } = callerOf(request);
        return success(
          await reasonsService.updateReason(tenant, session, request.params.id, request.body),
        );
      },
    });
  }

  r.delete(
    '/api/reasons/:id',
    {
      schema: {
        tags,
        summary: 'Удалить причину, которую ещё никто не указал',
        params: ZIdParams,
        response: { 200: successEnvelope(ZReason) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await reasonsService.deleteReason(tenant, session, request.params.id));
    },
  );
}
