import { successEnvelope } from '@ats/contracts/envelope';
import { ZIdParams } from '@ats/contracts/ids';
import {
  ZCreateVacancyTemplateRequest,
  ZUpdateVacancyTemplateRequest,
  ZVacancyTemplate,
  ZVacancyTemplateList,
} from '@ats/contracts/vacancies';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import { callerOf } from '../../platform/tenancy.ts';
import * as templatesService from './vacancy-templates.service.ts';

/** Vacancy templates (`/api/vacancy_templates`): a vacancy's content and stages to start from. */
export function registerVacancyTemplatesRoutes(app: FastifyInstance, _deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Шаблоны вакансий'];

  r.get(
    '/api/vacancy_templates',
    {
      schema: {
        tags,
        summary: 'Шаблоны вакансий по названию',
        response: { 200: successEnvelope(ZVacancyTemplateList) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await templatesService.listTemplates(tenant, session));
    },
  );

  r.get(
    '/api/vacancy_templates/:id',
    {
      schema: {
        tags,
        summary: 'Шаблон вакансии',
        params: ZIdParams,
        response: { 200: successEnvelope(ZVacancyTemplate) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await templatesService.getTemplate(tenant, session, request.params.id));
    },
  );

  r.post(
    '/api/vacancy_templates',
    {
      schema: {
        tags,
        summary: 'Создать шаблон (из вакансии — vacancy_id)',
        body: ZCreateVacancyTemplateRequest,
        response: { 200: successEnvelope(ZVacancyTemplate) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await templatesService.createTemplate(tenant, session, request.body));
    },
  );

  r.post(
    '/api/vacancy_templates/from_vacancy/:id',
    {
      schema: {
        tags,
        summary: 'Создать шаблон из вакансии: её поля и этапы; поля запроса их заменяют',
        params: ZIdParams,
        body: ZUpdateVacancyTemplateRequest.nullish(),
        response: { 200: successEnvelope(ZVacancyTemplate) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(
        await templatesService.createTemplate(tenant, session, {
          ...request.body,
          vacancy_id: request.params.id,
        }),
      );
    },
  );

  for (const method of ['PUT', 'PATCH'] as const) {
    r.route({
      method,
      url: '/api/vacancy_templates/:id',
      schema: {
        tags,
        summary: 'Изменить шаблон вакансии',
        params: ZIdParams,
        body: ZUpdateVacancyTemplateRequest,
        response: { 200: successEnvelope(ZVacancyTemplate) },
      },
      handler: async (request) => {
        const { tenant, session } = callerOf(request);
        return success(
          await templatesService.updateTemplate(tenant, session, request.params.id, request.body),
        );
      },
    });
  }

  r.delete(
    '/api/vacancy_templates/:id',
    {
      schema: {
        tags,
        summary: 'Удалить шаблон вакансии',
        params: ZIdParams,
        response: { 200: successEnvelope(ZVacancyTemplate) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await templatesService.deleteTemplate(tenant, session, request.params.id));
    },
  );
}
