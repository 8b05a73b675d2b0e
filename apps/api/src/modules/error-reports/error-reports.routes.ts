import { ZTextEnvelope } from '@ats/contracts/envelope';
import { ZErrorReportRequest } from '@ats/contracts/error-reports';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import { tenantFromSession } from '../../platform/tenancy.ts';
import { submitErrorReport } from './error-reports.service.ts';

export function registerErrorReportsRoutes(app: FastifyInstance, deps: AppDeps) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/error_reports',
    {
      config: { auth: 'optional', allowInactiveAccount: true },
      schema: {
        tags: ['Публичное'],
        summary: 'Сообщить об ошибке',
        body: ZErrorReportRequest,
        response: { 200: ZTextEnvelope },
      },
    },
    async (request) => {
      const reporter = request.session ? tenantFromSession(deps.database, request.session) : null;
      return success(await submitErrorReport(deps, request.body, reporter));
    },
  );
}
