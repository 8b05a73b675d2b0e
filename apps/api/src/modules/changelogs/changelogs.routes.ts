import { ZChangelog, ZChangelogIdParams, ZChangelogList } from '@ats/contracts/changelogs';
import { successEnvelope } from '@ats/contracts/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import { getChangelog, listChangelogs } from './changelogs.service.ts';

export function registerChangelogsRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Публичное'];
  r.get(
    '/api/changelogs',
    {
      config: { auth: 'none' },
      schema: {
        tags,
        summary: 'Список изменений продукта',
        response: { 200: successEnvelope(ZChangelogList) },
      },
    },
    async () => success(await listChangelogs(deps.database.system)),
  );
  r.get(
    '/api/changelogs/:id',
    {
      config: { auth: 'none' },
      schema: {
        tags,
        summary: 'Запись списка изменений',
        params: ZChangelogIdParams,
        response: { 200: successEnvelope(ZChangelog.extend({ body: z.string() })) },
      },
    },
    async (request) => success(await getChangelog(deps.database.system, request.params.id)),
  );
}
