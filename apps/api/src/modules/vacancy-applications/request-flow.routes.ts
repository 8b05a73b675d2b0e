import { successEnvelope } from '@ats/contracts/envelope';
import { ZIdParams } from '@ats/contracts/ids';
import {
  ZRequest,
  ZRequestDecision,
  ZRequestDecisionWithComment,
  ZTakeRequestAnswer,
} from '@ats/contracts/vacancy-applications';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import { publicUrlFor } from '../../platform/public-url.ts';
import { callerOf } from '../../platform/tenancy.ts';
import * as flow from './request-flow.service.ts';
import { getRequest } from './vacancy-applications.service.ts';

/** The actions on a hiring request (`POST /api/vacancy_applications/{id}/<action>`). */
export function registerRequestFlowRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Заявки на подбор'];
  const ctx = (request: FastifyRequest) => ({
    deps,
    publicUrl: publicUrlFor(deps.config, request),
  });
  const answer = { 200: successEnvelope(ZRequest) };

  r.post(
    '/api/vacancy_applications/:id/submit',
    {
      schema: {
        tags,
        summary: 'Отправить заявку на согласование (маршрут — из шаблона, с первого шага)',
        params: ZIdParams,
        response: answer,
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      await flow.submitRequest(ctx(request), tenant, session, request.params.id);
      return success(await getRequest(tenant, session, request.params.id));
    },
  );

  r.post(
    '/api/vacancy_applications/:id/approve',
    {
      schema: {
        tags,
        summary: 'Согласовать заявку (согласующий текущего шага)',
        params: ZIdParams,
        body: ZRequestDecision.nullish(),
        response: answer,
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      const { id } = request.params;
      const comment = request.body?.comment || null;
      await flow.decideAsUser(ctx(request), tenant, session, id, 'approved', comment);
      return success(await getRequest(tenant, session, id));
    },
  );

  for (const [action, decision, summary] of [
    ['reject', 'rejected', 'Отклонить заявку с комментарием'],
    ['return', 'returned', 'Вернуть заявку автору на доработку с комментарием'],
  ] as const) {
    r.post(
      `/api/vacancy_applications/:id/${action}`,
      {
        schema: {
          tags,
          summary,
          params: ZIdParams,
          body: ZRequestDecisionWithComment,
          response: answer,
        },
      },
      async (request) => {
        const { tenant, session } = callerOf(request);
        const { id } = request.params;
        await flow.decideAsUser(ctx(request), tenant, session, id, decision, request.body.comment);
        return success(await getRequest(tenant, session, id));
      },
    );
  }

  r.post(
    '/api/vacancy_applications/:id/withdraw',
    {
      schema: {
        tags,
        summary: 'Отозвать заявку (автор; заявка закрывается)',
        params: ZIdParams,
        response: answer,
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      await flow.withdrawRequest(tenant, session, request.params.id);
      return success(await getRequest(tenant, session, request.params.id));
    },
  );

  r.post(
    '/api/vacancy_applications/:id/take',
    {
      schema: {
        tags,
        summary: 'Взять согласованную заявку в работу: создаётся вакансия с полями заявки',
        params: ZIdParams,
        response: { 200: successEnvelope(ZTakeRequestAnswer) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      const { vacancyId } = await flow.takeRequest(tenant, session, request.params.id);
      return success({
        vacancy_id: vacancyId,
        request: await getRequest(tenant, session, request.params.id),
      });
    },
  );

  r.post(
    '/api/vacancy_applications/:id/close',
    {
      schema: {
        tags,
        summary: 'Закрыть заявку',
        params: ZIdParams,
        response: answer,
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      await flow.closeRequest(tenant, session, request.params.id);
      return success(await getRequest(tenant, session, request.params.id));
    },
  );
}
