import { ZTextEnvelope } from '@ats/contracts/envelope';
import { ZFeedbackRequest } from '@ats/contracts/feedbacks';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import { submitFeedback } from './feedbacks.service.ts';

export function registerFeedbacksRoutes(app: FastifyInstance, deps: AppDeps) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/feedbacks',
    {
      config: { auth: 'optional', allowInactiveAccount: true },
      schema: {
        tags: ['Публичное'],
        summary: 'Форма обратной связи',
        body: ZFeedbackRequest,
        response: { 200: ZTextEnvelope },
      },
    },
    async (request) => {
      const s = request.session;
      return success(
        await submitFeedback(
          deps,
          request.body,
          s ? { accountId: s.accountId, userId: s.userId } : null,
        ),
      );
    },
  );
}
