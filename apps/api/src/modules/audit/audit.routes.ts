import { ZAuditEventList, ZAuditEventsQuery } from '@ats/contracts/audit';
import { successEnvelope } from '@ats/contracts/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import { callerOf } from '../../platform/tenancy.ts';
import * as auditService from './audit.service.ts';

export function registerAuditRoutes(app: FastifyInstance, _deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/audit_events',
    {
      schema: {
        tags: ['Журнал действий'],
        summary: 'Журнал действий аккаунта (только администраторам): новые сверху, с фильтрами',
        querystring: ZAuditEventsQuery,
        response: { 200: successEnvelope(ZAuditEventList) },
      },
    },
    async (request) => {
      const { session, tenant } = callerOf(request);
      return success(await auditService.listAuditEvents(tenant, session, request.query));
    },
  );
}
