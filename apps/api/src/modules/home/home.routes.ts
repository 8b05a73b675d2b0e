import { successEnvelope } from '@ats/contracts/envelope';
import { ZHome } from '@ats/contracts/home';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import { callerOf } from '../../platform/tenancy.ts';
import * as homeService from './home.service.ts';

/** `GET /api/home`: the recruiter's start page. */
export function registerHomeRoutes(app: FastifyInstance, _deps: AppDeps) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/home',
    {
      schema: {
        tags: ['Главная'],
        summary: 'Мои открытые вакансии по этапам, кандидаты дольше срока на этапе, события дня',
        response: { 200: successEnvelope(ZHome) },
      },
    },
    async (request) => {
      return success(await homeService.getHome(callerOf(request).tenant));
    },
  );
}
