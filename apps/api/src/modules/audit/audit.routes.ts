import { ZAuditEventList, ZAuditEventsQuery } from '@ats/contracts/audit';
import { successEnvelope } from '@ats/contracts/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSession } from '../../platform/auth.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import { tenantFromSession } from '../../platform/tenancy.ts';
import * as auditService from './audit.service.ts';

export function registerAuditRoutes(app: FastifyInstance, deps: AppDeps) {
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
      const session = requireSession(request);
      return success(
        await auditService.listAuditEvents(
          tenantFromSession(deps.database, session),
          session,
          request.query,
        ),
      );
    },
  );
}
