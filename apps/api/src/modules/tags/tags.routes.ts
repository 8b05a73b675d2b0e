import { successEnvelope } from '@ats/contracts/envelope';
import { ZIdParams } from '@ats/contracts/ids';
import {
  ZCreateTagRequest,
  ZTag,
  ZTagList,
  ZTagUsage,
  ZUpdateTagRequest,
} from '@ats/contracts/tags';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSession } from '../../platform/auth.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import { tenantFromSession } from '../../platform/tenancy.ts';
import * as tagsService from './tags.service.ts';

export function registerTagsRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Теги'];
  const caller = (request: FastifyRequest) => {
    const session = requireSession(request);
    return { session, tenant: tenantFromSession(deps.database, session) };
  };

  r.get(
    '/api/tags',
    { schema: { tags, summary: 'Теги аккаунта', response: { 200: successEnvelope(ZTagList) } } },
    async (request) => success(await tagsService.listTags(caller(request).tenant)),
  );

  r.get(
    '/api/tags/usage',
    {
      schema: {
        tags,
        summary: 'Сколько кандидатов с каждым тегом (для настроек тегов)',
        response: { 200: successEnvelope(ZTagUsage) },
      },
    },
    async (request) => {
      const { tenant, session } = caller(request);
      return success(await tagsService.countTagUsage(tenant, session));
    },
  );

  r.post(
    '/api/tags',
    {
      schema: {
        tags,
        summary: 'Создать тег (цвет с # или без)',
        body: ZCreateTagRequest,
        response: { 200: successEnvelope(ZTag) },
      },
    },
    async (request) => {
      const { tenant, session } = caller(request);
      return success(await tagsService.createTag(tenant, session, request.body));
    },
  );

  r.patch(
    '/api/tags/:id',
    {
      schema: {
        tags,
        summary: 'Изменить тег',
        params: ZIdParams,
        body: ZUpdateTagRequest,
        response: { 200: successEnvelope(ZTag) },
      },
    },
    async (request) => {
      const { tenant, session } = caller(request);
      return success(await tagsService.updateTag(tenant, session, request.params.id, request.body));
    },
  );

  r.delete(
    '/api/tags/:id',
    {
      schema: {
        tags,
        summary: 'Удалить тег (снимается со всех кандидатов)',
        params: ZIdParams,
        response: { 200: successEnvelope(ZTag) },
      },
    },
    async (request) => {
      const { tenant, session } = caller(request);
      return success(await tagsService.deleteTag(tenant, session, request.params.id));
    },
  );
}
