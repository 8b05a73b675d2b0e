import { successEnvelope } from '@ats/contracts/envelope';
import { ZIdParams } from '@ats/contracts/ids';
import {
  ZCreateTagRequest,
  ZTag,
  ZTagList,
  ZTagUsage,
  ZUpdateTagRequest,
} from '@ats/contracts/tags';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import { callerOf } from '../../platform/tenancy.ts';
import * as tagsService from './tags.service.ts';

export function registerTagsRoutes(app: FastifyInstance, _deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Теги'];

  r.get(
    '/api/tags',
    {
      config: { etag: true },
      schema: { tags, summary: 'Теги аккаунта', response: { 200: successEnvelope(ZTagList) } },
    },
    async (request) => success(await tagsService.listTags(callerOf(request).tenant)),
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
      const { tenant, session } = callerOf(request);
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
      const { tenant, session } = callerOf(request);
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
      const { tenant, session } = callerOf(request);
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
      const { tenant, session } = callerOf(request);
      return success(await tagsService.deleteTag(tenant, session, request.params.id));
    },
  );
}
