import { successEnvelope } from '@ats/contracts/envelope';
import { ZMe } from '@ats/contracts/me';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { partTags } from '../../platform/answer-dependencies.ts';
import { setSessionCookie } from '../../platform/auth.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import { uncachedAnswers } from '../../platform/response-cache.ts';
import { callerOf } from '../../platform/tenancy.ts';
import { extendsSession, getCurrentUser } from './me.service.ts';

export function registerMeRoutes(app: FastifyInstance, deps: AppDeps) {
  const answers = deps.answers ?? uncachedAnswers;
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
      if (session.via === 'cookie') setSessionCookie(reply, request, session.token);
      const read = async () => success(await getCurrentUser(tenant, session, deps.database.system));
      // Once a minute the read extends the session (a write): that one is computed. Otherwise
      // the answer is remembered per session (it shows the session's token and source) and per
      // the account's state at this request (decision 0078): `tariff_is_active` is that state,
      // as the session look-up computed it from the same tariff.
      if (extendsSession(session)) return read();
      const key = `me:${session.sessionId}:${session.source}:${session.accountIsActive}`;
      return answers(request, reply, key, read, partTags('me'));
    },
  );
}
