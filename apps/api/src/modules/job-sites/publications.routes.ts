import { successEnvelope } from '@ats/contracts/envelope';
import { ZIdParams } from '@ats/contracts/ids';
import {
  ZCreatePublicationRequest,
  ZPublication,
  ZPublicationSample,
  ZPublicationSampleRequest,
  ZPublicationSamplesQuery,
  ZPublishedVacanciesQuery,
  ZUpdatePublicationRequest,
} from '@ats/contracts/job-site-publications';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import { callerOf } from '../../platform/tenancy.ts';
import { onVacancyClosed } from '../vacancies/vacancies.service.ts';
import { jobSitePublicationReadJob } from './job-sites.jobs.ts';
import type { JobSitesDeps } from './job-sites.service.ts';
import {
  archivePublication,
  archiveVacancyPublications,
  createPublication,
  createPublicationSample,
  deletePublicationSample,
  listPublicationSamples,
  prolongPublication,
  publishedVacancies,
  updatePublication,
  vacancyPublications,
} from './publications.service.ts';

const TAGS = ['Сайты вакансий'];

/** Publishing our vacancies on job sites (decision 0053). */
export function registerPublicationRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const siteDeps: JobSitesDeps = { config: deps.config, database: deps.database, log: deps.log };

  // Closing our vacancy archives its publications on the sites (after the close commits).
  const stop = onVacancyClosed((tenant, vacancyId) =>
    archiveVacancyPublications(siteDeps, tenant, vacancyId).catch((error: unknown) => {
      deps.log.warn({ vacancyId, error: String(error) }, 'archiving publications failed');
    }),
  );
  app.addHook('onClose', async () => stop());

  r.get(
    '/api/vacancies/:id/publications',
    {
      schema: {
        tags: TAGS,
        summary: 'Где опубликована вакансия: публикации на сайтах, состояние прочитано с сайта',
        params: ZIdParams,
        response: { 200: successEnvelope(z.array(ZPublication)) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await vacancyPublications(siteDeps, tenant, session, request.params.id));
    },
  );

  r.post(
    '/api/vacancies/:id/publications',
    {
      schema: {
        tags: TAGS,
        summary: 'Опубликовать вакансию на сайте: уходит на модерацию; ошибки сайта — по полям',
        params: ZIdParams,
        body: ZCreatePublicationRequest,
        response: { 200: successEnvelope(ZPublication) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      const publication = await createPublication(
        siteDeps,
        tenant,
        session,
        request.params.id,
        request.body,
      );
      // Avito creates the vacancy after answering: its state (the link, the first applications)
      // is read at once by the queue instead of waiting for the card or the minute's sweep.
      if (publication.site === 'avito' && publication.state === 'moderation' && deps.queue) {
        await deps.queue
          .enqueue(
            jobSitePublicationReadJob,
            { accountId: tenant.accountId, publicationId: publication.id },
            { singletonKey: `job_site_publication_read_${tenant.accountId}_${publication.id}` },
          )
          .catch((error: unknown) =>
            deps.log.error({ err: error }, 'reading a new publication not enqueued'),
          );
      }
      return success(publication);
    },
  );

  r.put(
    '/api/job_site_publications/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Изменить опубликованную вакансию на сайте',
        params: ZIdParams,
        body: ZUpdatePublicationRequest,
        response: { 200: successEnvelope(ZPublication) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(
        await updatePublication(siteDeps, tenant, session, request.params.id, request.body.fields),
      );
    },
  );

  r.post(
    '/api/job_site_publications/:id/prolong',
    {
      schema: {
        tags: TAGS,
        summary: 'Продлить публикацию на сайте',
        params: ZIdParams,
        response: { 200: successEnvelope(ZPublication) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await prolongPublication(siteDeps, tenant, session, request.params.id));
    },
  );

  r.post(
    '/api/job_site_publications/:id/archive',
    {
      schema: {
        tags: TAGS,
        summary: 'Снять публикацию с сайта (в архив)',
        params: ZIdParams,
        response: { 200: successEnvelope(ZPublication) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await archivePublication(siteDeps, tenant, session, request.params.id));
    },
  );

  r.get(
    '/api/vacancy_sites/published_vacancies',
    {
      schema: {
        tags: ['Вакансии'],
        summary: 'Публикации вакансий компании на сайтах (фильтры: site_name, state)',
        querystring: ZPublishedVacanciesQuery,
        response: { 200: successEnvelope(z.array(ZPublication)) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await publishedVacancies(tenant, session, request.query));
    },
  );

  r.get(
    '/api/job_site_publication_samples',
    {
      schema: {
        tags: TAGS,
        summary: 'Шаблоны публикаций по сайтам',
        querystring: ZPublicationSamplesQuery,
        response: { 200: successEnvelope(z.array(ZPublicationSample)) },
      },
    },
    async (request) => {
      const { tenant } = callerOf(request);
      return success(await listPublicationSamples(tenant, request.query.site));
    },
  );

  r.post(
    '/api/job_site_publication_samples',
    {
      schema: {
        tags: TAGS,
        summary: 'Сохранить форму публикации как шаблон',
        body: ZPublicationSampleRequest,
        response: { 200: successEnvelope(ZPublicationSample) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await createPublicationSample(tenant, session, request.body));
    },
  );

  r.delete(
    '/api/job_site_publication_samples/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Удалить шаблон публикации',
        params: ZIdParams,
        response: { 200: successEnvelope(z.object({ id: z.number().int() })) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      await deletePublicationSample(tenant, session, request.params.id);
      return success({ id: request.params.id });
    },
  );
}
