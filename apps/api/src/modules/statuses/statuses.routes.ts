import { successEnvelope } from '@ats/contracts/envelope';
import { ZIdParams } from '@ats/contracts/ids';
import {
  ZCreateStageRequest,
  ZCreateStatusGroupRequest,
  ZReorderStagesRequest,
  ZStage,
  ZStageList,
  ZStageListQuery,
  ZStatusGroup,
  ZStatusGroupList,
  ZUpdateStageRequest,
  ZUpdateStatusGroupRequest,
} from '@ats/contracts/pipeline';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import { callerOf } from '../../platform/tenancy.ts';
import * as groups from './status-groups.service.ts';
import * as stages from './statuses.service.ts';

/** Stages (`/api/statuses`) and funnels (`/api/status_groups`). */
export function registerStatusesRoutes(app: FastifyInstance, _deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const stageTags = ['Этапы'];
  const groupTags = ['Воронки'];

  r.get(
    '/api/statuses',
    {
      schema: {
        tags: stageTags,
        summary: 'Этапы вакансии (vacancy_id) или воронки (status_group_id)',
        querystring: ZStageListQuery,
        response: { 200: successEnvelope(ZStageList) },
      },
    },
    async (request) => success(await stages.listStages(callerOf(request).tenant, request.query)),
  );

  r.get(
    '/api/statuses/:id',
    {
      schema: {
        tags: stageTags,
        summary: 'Этап',
        params: ZIdParams,
        response: { 200: successEnvelope(ZStage) },
      },
    },
    async (request) => success(await stages.getStage(callerOf(request).tenant, request.params.id)),
  );

  r.post(
    '/api/statuses',
    {
      schema: {
        tags: stageTags,
        summary: 'Добавить этап в воронку или вакансию',
        body: ZCreateStageRequest,
        response: { 200: successEnvelope(ZStage) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await stages.createStage(tenant, session, request.body));
    },
  );

  r.post(
    '/api/statuses/reorder',
    {
      schema: {
        tags: stageTags,
        summary: 'Новый порядок всех этапов одной воронки или вакансии',
        body: ZReorderStagesRequest,
        response: { 200: successEnvelope(ZStageList) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await stages.reorderStages(tenant, session, request.body.status_ids));
    },
  );

  for (const method of ['PATCH', 'PUT'] as const) {
    r.route({
      method,
      url: '/api/statuses/:id',
      schema: {
        tags: stageTags,
        summary: 'Изменить этап и права пользователей на него',
        params: ZIdParams,
        body: ZUpdateStageRequest,
        response: { 200: successEnvelope(ZStage) },
      },
      handler: async (request) => {
        const { tenant, session } = callerOf(request);
        return success(await stages.updateStage(tenant, session, request.params.id, request.body));
      },
    });
  }

  r.delete(
    '/api/statuses/:id',
    {
      schema: {
        tags: stageTags,
        summary: 'Удалить этап, на котором нет кандидатов',
        params: ZIdParams,
        response: { 200: successEnvelope(ZStage) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await stages.deleteStage(tenant, session, request.params.id));
    },
  );

  r.get(
    '/api/status_groups',
    {
      schema: {
        tags: groupTags,
        summary: 'Воронки с их этапами',
        response: { 200: successEnvelope(ZStatusGroupList) },
      },
    },
    async (request) => success(await groups.listStatusGroups(callerOf(request).tenant)),
  );

  r.get(
    '/api/status_groups/:id',
    {
      schema: {
        tags: groupTags,
        summary: 'Воронка с её этапами',
        params: ZIdParams,
        response: { 200: successEnvelope(ZStatusGroup) },
      },
    },
    async (request) =>
      success(await groups.getStatusGroup(callerOf(request).tenant, request.params.id)),
  );

  r.post(
    '/api/status_groups',
    {
      schema: {
        tags: groupTags,
        summary: 'Создать воронку: копии этапов status_ids и новые этапы statuses',
        body: ZCreateStatusGroupRequest,
        response: { 200: successEnvelope(ZStatusGroup) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await groups.createStatusGroup(tenant, session, request.body));
    },
  );

  for (const method of ['PATCH', 'PUT'] as const) {
    r.route({
      method,
      url: '/api/status_groups/:id',
      schema: {
        tags: groupTags,
        summary: 'Изменить воронку; status_ids — новый порядок её этапов',
        params: ZIdParams,
        body: ZUpdateStatusGroupRequest,
        response: { 200: successEnvelope(ZStatusGroup) },
      },
      handler: async (request) => {
        const { tenant, session } = callerOf(request);
        return success(
          await groups.updateStatusGroup(tenant, session, request.params.id, request.body),
        );
      },
    });
  }

  r.delete(
    '/api/status_groups/:id',
    {
      schema: {
        tags: groupTags,
        summary: 'Удалить воронку (вакансии сохраняют свои этапы)',
        params: ZIdParams,
        response: { 200: successEnvelope(ZStatusGroup) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await groups.deleteStatusGroup(tenant, session, request.params.id));
    },
  );
}
