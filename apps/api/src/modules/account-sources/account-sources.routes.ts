import {
  ZAccountSource,
  ZAccountSourceList,
  ZCreateAccountSourceRequest,
  ZReorderAccountSourcesRequest,
  ZUpdateAccountSourceRequest,
} from '@ats/contracts/account-sources';
import { successEnvelope } from '@ats/contracts/envelope';
import { ZIdParams } from '@ats/contracts/ids';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { partTags } from '../../platform/answer-dependencies.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import { uncachedAnswers } from '../../platform/response-cache.ts';
import { callerOf } from '../../platform/tenancy.ts';
import * as sourcesService from './account-sources.service.ts';

export function registerAccountSourcesRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const answers = deps.answers ?? uncachedAnswers;
  const tags = ['Источники резюме'];

  r.get(
    '/api/account_sources',
    {
      config: { etag: true },
      schema: {
        tags,
        summary: 'Источники резюме аккаунта',
        response: { 200: successEnvelope(ZAccountSourceList) },
      },
    },
    // The same for every user of the account (decision 0078).
    async (request, reply) =>
      answers(
        request,
        reply,
        'account_sources',
        async () => success(await sourcesService.listAccountSources(callerOf(request).tenant)),
        partTags('accountSources'),
      ),
  );

  r.post(
    '/api/account_sources',
    {
      schema: {
        tags,
        summary: 'Добавить источник',
        body: ZCreateAccountSourceRequest,
        response: { 200: successEnvelope(ZAccountSource) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await sourcesService.createAccountSource(tenant, session, request.body));
    },
  );

  r.post(
    '/api/account_sources/reorder',
    {
      schema: {
        tags,
        summary: 'Новый порядок источников (все источники аккаунта по порядку)',
        body: ZReorderAccountSourcesRequest,
        response: { 200: successEnvelope(ZAccountSourceList) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await sourcesService.reorderAccountSources(tenant, session, request.body));
    },
  );

  r.patch(
    '/api/account_sources/:id',
    {
      schema: {
        tags,
        summary: 'Изменить источник',
        params: ZIdParams,
        body: ZUpdateAccountSourceRequest,
        response: { 200: successEnvelope(ZAccountSource) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(
        await sourcesService.updateAccountSource(tenant, session, request.params.id, request.body),
      );
    },
  );

  r.delete(
    '/api/account_sources/:id',
    {
      schema: {
        tags,
        summary: 'Удалить источник, который не указан ни у одного кандидата',
        params: ZIdParams,
        response: { 200: successEnvelope(ZAccountSource) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await sourcesService.deleteAccountSource(tenant, session, request.params.id));
    },
  );
}
