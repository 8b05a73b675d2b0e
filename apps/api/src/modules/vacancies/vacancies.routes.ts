import { successEnvelope } from '@ats/contracts/envelope';
import { ZIdParams } from '@ats/contracts/ids';
import {
  ZCreateVacancyRequest,
  ZUpdateVacancyRequest,
  ZVacancy,
  ZVacancyListQuery,
  ZVacancyPage,
  ZVacancyStateChangeBody,
  ZVacancyStateLog,
  ZVacancyStatistics,
} from '@ats/contracts/vacancies';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import { callerOf } from '../../platform/tenancy.ts';
import * as statisticsService from './vacancy-statistics.service.ts';
import * as vacanciesService from './vacancies.service.ts';

const STATE_ACTIONS = {
  close: 'Закрыть вакансию (reason_id — причина типа close)',
  hold: 'Поставить вакансию на паузу (reason_id — причина типа hold)',
  reopen: 'Открыть вакансию снова',
} as const;

/** Vacancies (`/api/vacancies`, huntlee-api.md §6.3; update uses PUT, PATCH too). */
export function registerVacanciesRoutes(app: FastifyInstance, _deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Вакансии'];

  for (const url of ['/api/vacancies', '/api/vacancies_with_filters']) {
    r.get(
      url,
      {
        schema: {
          tags,
          summary: 'Вакансии страницей: состояние, подразделение, ответственный, поиск, приоритет',
          querystring: ZVacancyListQuery,
          response: { 200: successEnvelope(ZVacancyPage) },
        },
      },
      async (request) => {
        const { tenant, session } = callerOf(request);
        return success(await vacanciesService.listVacancies(tenant, session, request.query));
      },
    );
  }

  r.get(
    '/api/vacancies/:id',
    {
      schema: {
        tags,
        summary: 'Вакансия',
        params: ZIdParams,
        response: { 200: successEnvelope(ZVacancy) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await vacanciesService.getVacancy(tenant, session, request.params.id));
    },
  );

  r.post(
    '/api/vacancies',
    {
      schema: {
        tags,
        summary: 'Открыть вакансию (из шаблона — vacancy_template_id)',
        body: ZCreateVacancyRequest,
        response: { 200: successEnvelope(ZVacancy) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await vacanciesService.createVacancy(tenant, session, request.body));
    },
  );

  r.post(
    '/api/vacancies/from_template/:id',
    {
      schema: {
        tags,
        summary: 'Открыть вакансию из шаблона; поля запроса заменяют поля шаблона',
        params: ZIdParams,
        body: ZUpdateVacancyRequest.nullish(),
        response: { 200: successEnvelope(ZVacancy) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(
        await vacanciesService.createVacancy(tenant, session, {
          ...request.body,
          vacancy_template_id: request.params.id,
        }),
      );
    },
  );

  for (const method of ['PUT', 'PATCH'] as const) {
    r.route({
      method,
      url: '/api/vacancies/:id',
      schema: {
        tags,
        summary: 'Изменить вакансию',
        params: ZIdParams,
        body: ZUpdateVacancyRequest,
        response: { 200: successEnvelope(ZVacancy) },
      },
      handler: async (request) => {
        const { tenant, session } = callerOf(request);
        return success(
          await vacanciesService.updateVacancy(tenant, session, request.params.id, request.body),
        );
      },
    });
  }

  r.delete(
    '/api/vacancies/:id',
    {
      schema: {
        tags,
        summary: 'Удалить вакансию с её этапами и откликами (кандидаты остаются в базе)',
        params: ZIdParams,
        response: { 200: successEnvelope(ZVacancy) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await vacanciesService.deleteVacancy(tenant, session, request.params.id));
    },
  );

  for (const [action, summary] of Object.entries(STATE_ACTIONS)) {
    r.post(
      `/api/vacancies/:id/${action}`,
      {
        schema: {
          tags,
          summary,
          params: ZIdParams,
          body: ZVacancyStateChangeBody.nullish(),
          response: { 200: successEnvelope(ZVacancy) },
        },
      },
      async (request) => {
        const { tenant, session } = callerOf(request);
        return success(
          await vacanciesService.changeVacancyState(
            tenant,
            session,
            request.params.id,
            action as keyof typeof STATE_ACTIONS,
            request.body ?? {},
          ),
        );
      },
    );
  }

  r.get(
    '/api/vacancies/:id/state_log',
    {
      schema: {
        tags,
        summary: 'История состояний вакансии с причинами',
        params: ZIdParams,
        response: { 200: successEnvelope(ZVacancyStateLog) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(
        await vacanciesService.listVacancyStateLog(tenant, session, request.params.id),
      );
    },
  );

  r.get(
    '/api/vacancies/:id/statistics',
    {
      schema: {
        tags,
        summary: 'Воронка вакансии: по этапам сейчас и всего, конверсия, дни на этапе, отказы',
        params: ZIdParams,
        response: { 200: successEnvelope(ZVacancyStatistics) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(
        await statisticsService.getVacancyStatistics(tenant, session, request.params.id),
      );
    },
  );
}
