import { successEnvelope } from '@ats/contracts/envelope';
import { ZIdParams } from '@ats/contracts/ids';
import { ZPublication } from '@ats/contracts/job-site-publications';
import {
  ZImportSiteVacancyRequest,
  ZUnlinkedVacanciesPage,
  ZUnlinkedVacanciesQuery,
} from '@ats/contracts/job-site-remote-vacancies';
import { ZLinkVacancyRequest } from '@ats/contracts/job-sites';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import { callerOf } from '../../platform/tenancy.ts';
import type { JobSitesDeps } from './job-sites.service.ts';
import {
  getPublication,
  importSiteVacancy,
  linkSiteVacancy,
  unlinkedVacancies,
} from './remote-vacancies.service.ts';

const TAGS = ['Сайты вакансий'];

/** The site's vacancies not linked to ours yet: list, link, import (decision 0060). */
export function registerRemoteVacancyRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const siteDeps: JobSitesDeps = { config: deps.config, database: deps.database, log: deps.log };

  r.get(
    '/api/job_sites/:id/unlinked_vacancies',
    {
      schema: {
        tags: TAGS,
        summary:
          'Вакансии работодателя на сайте, ещё не связанные с нашими: страница списка сайта (активные или архивные)',
        params: ZIdParams,
        querystring: ZUnlinkedVacanciesQuery,
        response: { 200: successEnvelope(ZUnlinkedVacanciesPage) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(
        await unlinkedVacancies(siteDeps, tenant, session, request.params.id, request.query),
      );
    },
  );

  r.post(
    '/api/job_sites/:id/unlinked_vacancies/link',
    {
      schema: {
        tags: TAGS,
        summary:
          'Связать вакансию сайта с нашей: она становится публикацией нашей вакансии, отклики идут на её доску',
        params: ZIdParams,
        body: ZLinkVacancyRequest,
        response: { 200: successEnvelope(ZPublication) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(
        await linkSiteVacancy(siteDeps, tenant, session, request.params.id, request.body),
      );
    },
  );

  r.post(
    '/api/job_sites/:id/unlinked_vacancies/import',
    {
      schema: {
        tags: TAGS,
        summary:
          'Импортировать вакансию сайта: создаёт нашу вакансию из её полей и связывает (повтор не создаёт вторую)',
        params: ZIdParams,
        body: ZImportSiteVacancyRequest,
        response: { 200: successEnvelope(ZPublication) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(
        await importSiteVacancy(siteDeps, tenant, session, request.params.id, request.body),
      );
    },
  );

  r.get(
    '/api/job_site_publications/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Публикация вакансии на сайте (для формы изменения)',
        params: ZIdParams,
        response: { 200: successEnvelope(ZPublication) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await getPublication(tenant, session, request.params.id));
    },
  );
}
