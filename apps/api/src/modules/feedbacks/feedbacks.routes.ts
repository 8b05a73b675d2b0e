import { ZTextEnvelope } from '@ats/contracts/envelope';
import { ZFeedbackRequest } from '@ats/contracts/feedbacks';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import { type RateLimit, clientOf, spendAllowance } from '../../platform/throttle.ts';
import { submitFeedback } from './feedbacks.service.ts';

/** Each feedback mails support: a person writes a few an hour, the mailer takes a hundred. */
export const FEEDBACK_LIMIT: RateLimit = {
  name: 'feedback',
  perClient: 5,
  global: 100,
  windowSeconds: 3600,
  message: 'Слишком много сообщений. Попробуйте отправить позже',
};

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
      await spendAllowance(deps, FEEDBACK_LIMIT, clientOf(request));
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
