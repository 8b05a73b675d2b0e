import { successEnvelope } from '@ats/contracts/envelope';
import { ZIdParams } from '@ats/contracts/ids';
import {
  JOB_SITE_CALLS,
  ZJobSiteCallResult,
  ZJobSiteCallbackQuery,
  ZJobSiteConnectRequest,
  ZJobSiteConnectStart,
  ZJobSiteConnection,
  ZJobSitesOverview,
  ZLinkVacancyRequest,
  ZRemoteVacancy,
  ZResponseVacancy,
  ZVacancyLink,
} from '@ats/contracts/job-sites';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import { publicUrlFor } from '../../platform/public-url.ts';
import { callerOf } from '../../platform/tenancy.ts';
import { getApplicantCard } from '../applicants/applicants.service.ts';
import { jobSiteSyncJob } from './job-sites.jobs.ts';
import { assertCanManageJobSites } from './job-sites.policy.ts';
import {
  type JobSitesDeps,
  completeConnect,
  connectionOf,
  disconnect,
  jobSitesOverview,
  linkVacancy,
  remoteVacancies,
  responseVacanciesOf,
  siteCall,
  startConnect,
  toConnection,
} from './job-sites.service.ts';
import { registerPublicationRoutes } from './publications.routes.ts';
import { registerRemoteVacancyRoutes } from './remote-vacancies.routes.ts';
import { markSyncQueued, syncConnection } from './responses-sync.service.ts';
import { connectAvito } from './avito/avito-connect.ts';
import {
  ZAvitoMessengerDelivery,
  unsubscribeAvitoMessenger,
} from './avito/avito-messenger-hook.ts';
import { receiveAvitoApplicationsHook } from './avito/avito-applications-hook.service.ts';
import { receiveAvitoMessengerHook } from './avito/avito-messenger-hook.service.ts';
import { registerHhWebhook } from './hh/hh-webhook.service.ts';

const TAGS = ['Сайты вакансий'];

export function registerJobSitesRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const siteDeps: JobSitesDeps = { config: deps.config, database: deps.database, log: deps.log };
  /**
   * A sync's wish is left on the connection when it is asked for (the button's before this, by
   * markSyncQueued), so whichever sync begins a pass after that answers it: the one at work,
   * with another pass that reads the links again (one just made included), or this job, which
   * finds nothing left when the other did (decision 0077). This is the button's; the webhooks'
   * go through queueWebhookSync (job-sites.jobs.ts), which folds deliveries while one waits.
   */
  const enqueueSync = async (accountId: number, connectionId: number) => {
    const payload = { accountId, connectionId, asked: true };
    if (deps.queue) {
      await deps.queue.enqueue(jobSiteSyncJob, payload);
    } else {
      void syncConnection(siteDeps, accountId, connectionId, undefined, { asked: true }).catch(
        () => undefined,
      );
    }
  };
  const callbackUrl = (request: FastifyRequest) =>
    `${publicUrlFor(deps.config, request)}/api/job_sites/oauth/callback`;

  r.get(
    '/api/job_sites',
    {
      schema: {
        tags: TAGS,
        summary: 'Сайты вакансий и подключённые аккаунты компании (без токенов)',
        response: { 200: successEnvelope(ZJobSitesOverview) },
      },
    },
    async (request) => success(await jobSitesOverview(siteDeps, callerOf(request).tenant)),
  );

  r.post(
    '/api/job_sites/connect',
    {
      schema: {
        tags: TAGS,
        summary: 'Начать подключение сайта: адрес страницы согласия (OAuth)',
        body: ZJobSiteConnectRequest,
        response: { 200: successEnvelope(ZJobSiteConnectStart) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      // Avito connects with the company's client credentials, checked here (decision 0055).
      if (request.body.site === 'avito') {
        return success(await connectAvito(siteDeps, tenant, session, request.body));
      }
      return success(
        startConnect(siteDeps, tenant, session, request.body.site, callbackUrl(request)),
      );
    },
  );

  // The site sends the browser back here; the signed state names the account and user.
  r.get(
    '/api/job_sites/oauth/callback',
    {
      config: { auth: 'none' },
      schema: {
        tags: TAGS,
        summary: 'Возврат с сайта после согласия: сохраняет доступ и открывает страницу сайта',
        querystring: ZJobSiteCallbackQuery,
      },
    },
    async (request, reply) => {
      const result = await completeConnect(siteDeps, request.query, callbackUrl(request));
      if (result.connectionId !== null && result.tenant && result.site === 'hh') {
        await registerHhWebhook(siteDeps, result.tenant.accountId, result.connectionId);
      }
      const page = `/${result.site === 'hh' ? 'hh' : result.site}`;
      return reply.redirect(
        result.error ? `${page}?error=${encodeURIComponent(result.error)}` : `${page}?connected=1`,
        302,
      );
    },
  );

  r.delete(
    '/api/job_sites/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Отключить аккаунт сайта: токены удаляются, связи вакансий забываются',
        params: ZIdParams,
        response: { 200: successEnvelope(z.object({ id: z.number().int() })) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      assertCanManageJobSites(session);
      // Avito stops pushing its messages first: the token in the address goes with the row.
      const row = await connectionOf(tenant, request.params.id);
      if (row.site === 'avito') await unsubscribeAvitoMessenger(siteDeps, tenant, row);
      await disconnect(tenant, session, request.params.id);
      return success({ id: request.params.id });
    },
  );

  for (const name of JOB_SITE_CALLS) {
    r.get(
      `/api/job_sites/${name}/:id`,
      {
        schema: {
          tags: TAGS,
          summary: `Данные сайта (${name}); result — null, если сайт ответил не 200`,
          params: ZIdParams,
          response: { 200: successEnvelope(ZJobSiteCallResult) },
        },
      },
      async (request) => {
        const { tenant, session } = callerOf(request);
        return success(await siteCall(siteDeps, tenant, session, request.params.id, name));
      },
    );
  }

  r.get(
    '/api/job_sites/:id/remote_vacancies',
    {
      schema: {
        tags: TAGS,
        summary: 'Активные вакансии работодателя на сайте и наши, с которыми они связаны',
        params: ZIdParams,
        response: { 200: successEnvelope(z.array(ZRemoteVacancy)) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await remoteVacancies(siteDeps, tenant, session, request.params.id));
    },
  );

  r.post(
    '/api/job_sites/:id/links',
    {
      schema: {
        tags: TAGS,
        summary: 'Связать вакансию сайта с нашей: её отклики попадут на первый этап',
        params: ZIdParams,
        body: ZLinkVacancyRequest,
        response: { 200: successEnvelope(ZVacancyLink) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await linkVacancy(siteDeps, tenant, session, request.params.id, request.body));
    },
  );

  r.post(
    '/api/job_sites/:id/sync',
    {
      schema: {
        tags: TAGS,
        summary: 'Синхронизировать сейчас: новые отклики связанных вакансий',
        params: ZIdParams,
        response: { 200: successEnvelope(ZJobSiteConnection) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      assertCanManageJobSites(session);
      const row = await connectionOf(tenant, request.params.id);
      await markSyncQueued(tenant, row);
      await enqueueSync(row.accountId, row.id);
      return success(toConnection(await connectionOf(tenant, row.id)));
    },
  );

  // Avito's applications webhook: the signed token names the connection; a delivery (however
  // often it comes) only asks for a sync of the vacancy it names, which reads and dedupes by the
  // application's id.
  r.post(
    '/api/job_sites/webhooks/avito/:token',
    {
      config: { auth: 'none' },
      schema: {
        tags: TAGS,
        summary: 'Вебхук откликов Авито: запускает синхронизацию подключения',
        params: z.object({ token: z.string().min(1).max(512) }),
        response: { 200: successEnvelope(z.object({ ok: z.boolean() })) },
      },
    },
    async (request) =>
      success(
        await receiveAvitoApplicationsHook(
          { ...siteDeps, queue: deps.queue },
          request.params.token,
          request.body,
        ),
      ),
  );

  // Avito's messenger webhook (decision 0076): the connection's unguessable token names it.
  r.post(
    '/api/job_sites/webhooks/avito/messenger/:token',
    {
      config: { auth: 'none' },
      schema: {
        tags: TAGS,
        summary: 'Вебхук мессенджера Авито: сообщения кандидатов попадают в переписку',
        params: z.object({ token: z.string().min(1).max(512) }),
        body: ZAvitoMessengerDelivery,
        response: { 200: successEnvelope(z.object({ ok: z.boolean() })) },
      },
    },
    async (request) =>
      success(
        await receiveAvitoMessengerHook(
          { ...siteDeps, queue: deps.queue },
          request.params.token,
          request.body,
        ),
      ),
  );

  r.get(
    '/api/applicants/:id/vacancies_from_response_hh',
    {
      schema: {
        tags: ['Кандидаты'],
        summary: 'Вакансии hh.ru, на которые откликался кандидат',
        params: ZIdParams,
        response: { 200: successEnvelope(z.array(ZResponseVacancy)) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      await getApplicantCard(tenant, session, request.params.id);
      return success(await responseVacanciesOf(tenant, request.params.id, 'hh'));
    },
  );

  registerPublicationRoutes(app, deps);
  registerRemoteVacancyRoutes(app, deps);
}
