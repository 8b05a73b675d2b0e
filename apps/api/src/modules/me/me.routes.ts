import { successEnvelope } from '@ats/contracts/envelope';
import { ZMe } from '@ats/contracts/me';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { setSessionCookie } from '../../platform/auth.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import { callerOf } from '../../platform/tenancy.ts';
import { getCurrentUser } from './me.service.ts';

export function registerMeRoutes(app: FastifyInstance, deps: AppDeps) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/me',
    {
      config: { allowInactiveAccount: true },
      schema: {
        tags: ['Авторизация'],
        summary: 'Текущий пользователь; продлевает сессию и cookie',
        response: { 200: successEnvelope(ZMe) },
      },
    },
    async (request, reply) => {
      const { session, tenant } = callerOf(request);
      const me = await getCurrentUser(tenant, session, deps.database.system);
      if (session.via === 'cookie') setSessionCookie(reply, request, session.token);
      return success(me);
    },
  );
}
