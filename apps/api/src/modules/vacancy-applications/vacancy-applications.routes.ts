import { successEnvelope } from '@ats/contracts/envelope';
import { ZIdParams } from '@ats/contracts/ids';
import {
  ZCreateRequest,
  ZCreateRequestTemplate,
  ZRequest,
  ZRequestFileParams,
  ZRequestListQuery,
  ZRequestPage,
  ZRequestTemplate,
  ZRequestTemplateList,
  type TRequestPage,
  ZUpdateRequest,
  ZUpdateRequestTemplate,
} from '@ats/contracts/vacancy-applications';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';
import { successText } from '../../platform/answer-text.ts';
import { success } from '../../platform/envelope.ts';
import { STORED_FILE_CSP } from '../../platform/security-headers.ts';
import { storageFor } from '../../platform/storage.ts';
import { callerOf } from '../../platform/tenancy.ts';
import * as templatesService from './vacancy-application-templates.service.ts';
import * as requestsService from './vacancy-applications.service.ts';

/**
 * Hiring requests (`/api/vacancy_applications`, huntlee-api.md §6.4) and their templates
 * (`/api/vacancy_application_templates`). The actions (submit, approve, …) are registered by
 * their own routes file.
 */
export function registerVacancyApplicationsRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const storage = storageFor(deps.config);

  const templateTags = ['Шаблоны заявок'];
  r.get(
    '/api/vacancy_application_templates',
    {
      schema: {
        tags: templateTags,
        summary: 'Шаблоны заявок на подбор',
        response: { 200: successEnvelope(ZRequestTemplateList) },
      },
    },
    async (request) => success(await templatesService.listTemplates(callerOf(request).tenant)),
  );
  r.get(
    '/api/vacancy_application_templates/:id',
    {
      schema: {
        tags: templateTags,
        summary: 'Шаблон заявки: поля формы и маршрут согласования',
        params: ZIdParams,
        response: { 200: successEnvelope(ZRequestTemplate) },
      },
    },
    async (request) =>
      success(await templatesService.getTemplate(callerOf(request).tenant, request.params.id)),
  );
  r.post(
    '/api/vacancy_application_templates',
    {
      schema: {
        tags: templateTags,
        summary: 'Создать шаблон заявки (администратор)',
        body: ZCreateRequestTemplate,
        response: { 200: successEnvelope(ZRequestTemplate) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await templatesService.createTemplate(tenant, session, request.body));
    },
  );
  for (const method of ['PUT', 'PATCH'] as const) {
    r.route({
      method,
      url: '/api/vacancy_application_templates/:id',
      schema: {
        tags: templateTags,
        summary: 'Изменить шаблон заявки (администратор)',
        params: ZIdParams,
        body: ZUpdateRequestTemplate,
        response: { 200: successEnvelope(ZRequestTemplate) },
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
    '/api/vacancy_application_templates/:id',
    {
      schema: {
        tags: templateTags,
        summary: 'Удалить шаблон заявки (заявки по нему остаются)',
        params: ZIdParams,
        response: { 200: successEnvelope(ZRequestTemplate) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await templatesService.deleteTemplate(tenant, session, request.params.id));
    },
  );

  const tags = ['Заявки на подбор'];
  r.get(
    '/api/vacancy_applications',
    {
      schema: {
        tags,
        summary: 'Заявки на подбор: вкладки (мои, на моём согласовании, все) и фильтры',
        querystring: ZRequestListQuery,
        response: { 200: successEnvelope(ZRequestPage) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      // The page as its statement wrote it, sent as that text (decisions 0110, 0113).
      return successText<TRequestPage>(
        await requestsService.listRequests(tenant, session, request.query),
      );
    },
  );
  r.get(
    '/api/vacancy_applications/:id',
    {
      schema: {
        tags,
        summary: 'Заявка на подбор с маршрутом согласования и историей',
        params: ZIdParams,
        response: { 200: successEnvelope(ZRequest) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await requestsService.getRequest(tenant, session, request.params.id));
    },
  );
  r.post(
    '/api/vacancy_applications',
    {
      schema: {
        tags,
        summary: 'Создать заявку на подбор (черновик); файлы — data URL',
        body: ZCreateRequest,
        response: { 200: successEnvelope(ZRequest) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await requestsService.createRequest(storage, tenant, session, request.body));
    },
  );
  for (const method of ['PUT', 'PATCH'] as const) {
    r.route({
      method,
      url: '/api/vacancy_applications/:id',
      schema: {
        tags,
        summary: 'Изменить черновик или заявку на доработке',
        params: ZIdParams,
        body: ZUpdateRequest,
        response: { 200: successEnvelope(ZRequest) },
      },
      handler: async (request) => {
        const { tenant, session } = callerOf(request);
        return success(
          await requestsService.updateRequest(
            storage,
            tenant,
            session,
            request.params.id,
            request.body,
          ),
        );
      },
    });
  }
  r.delete(
    '/api/vacancy_applications/:id',
    {
      schema: {
        tags,
        summary: 'Удалить черновик заявки (автор или администратор)',
        params: ZIdParams,
        response: { 200: successEnvelope(ZRequest) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await requestsService.deleteRequest(tenant, session, request.params.id));
    },
  );
  r.get(
    '/api/vacancy_applications/:id/files/:fileId',
    {
      schema: {
        tags,
        summary: 'Скачать файл заявки',
        params: ZRequestFileParams,
      },
    },
    async (request, reply) => {
      const { tenant, session } = callerOf(request);
      const file = await requestsService.openRequestFile(
        storage,
        tenant,
        session,
        request.params.id,
        request.params.fileId,
      );
      return reply
        .header('content-type', file.mimeType)
        .header('content-length', String(file.size))
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', STORED_FILE_CSP)
        .header('content-disposition', file.contentDisposition)
        .send(file.stream);
    },
  );
}
