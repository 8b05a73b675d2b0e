import {
  ZBulkApplicantTagsRequest,
  ZBulkApplicantsResult,
  ZBulkArchiveApplicantsRequest,
} from '@ats/contracts/applicant-list';
import { successEnvelope } from '@ats/contracts/envelope';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSession } from '../../platform/auth.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import { tenantFromSession } from '../../platform/tenancy.ts';
import * as bulkService from './applicant-bulk.service.ts';
import { assertCanReadApplicantBase } from './applicant-list.service.ts';

export function registerApplicantBulkRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Кандидаты: массовые действия'];
  const tenantOf = (request: FastifyRequest) => {
    const session = requireSession(request);
    assertCanReadApplicantBase(session);
    return tenantFromSession(deps.database, session);
  };

  r.post(
    '/api/applicants/bulk/tags',
    {
      schema: {
        tags,
        summary: 'Добавить и снять теги у выбранных кандидатов (всё или ничего)',
        body: ZBulkApplicantTagsRequest,
        response: { 200: successEnvelope(ZBulkApplicantsResult) },
      },
    },
    async (request) =>
      success(await bulkService.changeApplicantTags(tenantOf(request), request.body)),
  );

  r.post(
    '/api/applicants/bulk/archive',
    {
      schema: {
        tags,
        summary: 'Перенести выбранных кандидатов в архив (всё или ничего)',
        body: ZBulkArchiveApplicantsRequest,
        response: { 200: successEnvelope(ZBulkApplicantsResult) },
      },
    },
    async (request) =>
      success(await bulkService.archiveApplicants(tenantOf(request), request.body)),
  );
}
