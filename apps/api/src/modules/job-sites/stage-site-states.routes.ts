import { successEnvelope } from '@ats/contracts/envelope';
import { ZIdParams } from '@ats/contracts/ids';
import {
  ZJobSiteStateChange,
  ZSaveStageSiteState,
  ZStageSiteState,
  ZStageSiteStatesQuery,
} from '@ats/contracts/job-site-states';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import { callerOf } from '../../platform/tenancy.ts';
import { getApplicantCard } from '../applicants/applicants.service.ts';
import { ZHhWebhookDelivery } from './hh/hh-webhook.ts';
import { receiveHhWebhook } from './hh/hh-webhook.service.ts';
import {
  listenForSiteStates,
  saveStageSiteState,
  stageSiteStates,
  stateChangesOf,
} from './stage-site-states.service.ts';

/** States out (decision 0054): the stage ↔ hh.ru state mapping, and what was sent per applicant. */
export function registerStageSiteStatesRoutes(app: FastifyInstance, deps: AppDeps) {
  const stopListening = listenForSiteStates(deps);
  app.addHook('onClose', async () => stopListening());
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Сайты работы'];

  r.get(
    '/api/job_sites/stage_states',
    {
      schema: {
        tags,
        summary: 'Что значит этап воронки (или вакансии) на hh.ru: приглашение, отказ или ничего',
        querystring: ZStageSiteStatesQuery,
        response: { 200: successEnvelope(z.array(ZStageSiteState)) },
      },
    },
    async (request) => {
      const { tenant } = callerOf(request);
      return success(await stageSiteStates(tenant, request.query));
    },
  );

  r.put(
    '/api/job_sites/stage_states/:id',
    {
      schema: {
        tags,
        summary: 'Выбрать статус на hh.ru для этапа и сообщение по умолчанию',
        params: ZIdParams,
        body: ZSaveStageSiteState,
        response: { 200: successEnvelope(ZStageSiteState) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await saveStageSiteState(tenant, session, request.params.id, request.body));
    },
  );

  r.get(
    '/api/applicants/:id/job_site_states',
    {
      schema: {
        tags: ['Кандидаты'],
        summary: 'Изменения статуса откликов на сайтах работы: отправлено или ошибка',
        params: ZIdParams,
        response: { 200: successEnvelope(z.array(ZJobSiteStateChange)) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      await getApplicantCard(tenant, session, request.params.id);
      return success(await stateChangesOf(tenant, request.params.id));
    },
  );

  // hh.ru's notifications (decision 0054): no session, the unguessable token names the connection.
  r.post(
    '/api/job_sites/webhooks/hh/:token',
    {
      config: { auth: 'none' },
      schema: {
        tags,
        summary: 'Уведомление hh.ru (вебхук): синхронизирует вакансию отклика',
        params: z.object({ token: z.string().min(16).max(100) }),
        body: ZHhWebhookDelivery,
        response: { 200: successEnvelope(z.object({ accepted: z.boolean() })) },
      },
    },
    async (request) => {
      const siteDeps = {
        config: deps.config,
        database: deps.database,
        log: deps.log,
        queue: deps.queue,
      };
      return success(await receiveHhWebhook(siteDeps, request.params.token, request.body));
    },
  );
}
