import {
  ZBulkApplicantTagsRequest,
  ZBulkApplicantsResult,
  ZBulkArchiveApplicantsRequest,
} from '@ats/contracts/applicant-list';
import { successEnvelope } from '@ats/contracts/envelope';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import { callerOf } from '../../platform/tenancy.ts';
import * as bulkService from './applicant-bulk.service.ts';
import { assertCanReadApplicants } from './applicant-base.service.ts';

export function registerApplicantBulkRoutes(app: FastifyInstance, _deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Кандидаты: массовые действия'];
  const tenantOf = (request: FastifyRequest) => {
    const { session, tenant } = callerOf(request);
    assertCanReadApplicants(session);
    return tenant;
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
