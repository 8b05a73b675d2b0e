import { ZTextEnvelope } from '@ats/contracts/envelope';
import { ZErrorReportRequest } from '@ats/contracts/error-reports';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import { tenantFromSession } from '../../platform/tenancy.ts';
import { type RateLimit, clientOf, spendAllowance } from '../../platform/throttle.ts';
import { submitErrorReport } from './error-reports.service.ts';

/**
 * A report is sent by hand from the error screen (apps/web features/errors), one per error seen;
 * twenty in ten minutes is far beyond a bad session. Each may post to the support chat.
 */
export const ERROR_REPORT_LIMIT: RateLimit = {
  name: 'error-report',
  perClient: 20,
  global: 300,
  windowSeconds: 600,
  message: 'Слишком много сообщений об ошибках. Попробуйте отправить позже',
};

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
      await spendAllowance(deps, ERROR_REPORT_LIMIT, clientOf(request));
      const reporter = request.session ? tenantFromSession(deps.database, request.session) : null;
      return success(await submitErrorReport(deps, request.body, reporter));
    },
  );
}
