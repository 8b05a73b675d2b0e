import { successEnvelope } from '@ats/contracts/envelope';
import {
  ZCompanyList,
  ZCountryList,
  ZDriverLicenseList,
  ZFieldDefinitionList,
  ZFieldsModelQuery,
  ZLanguageLevelList,
  ZLanguageList,
  ZReferenceList,
  ZReferenceSearchQuery,
} from '@ats/contracts/references';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { partTags } from '../../platform/answer-dependencies.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import { uncachedAnswers } from '../../platform/response-cache.ts';
import * as referencesService from './references.service.ts';

/** Dictionaries shared by every account; any signed-in user reads them. */
export function registerReferencesRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Справочники'];
  const db = deps.database.system;
  const answers = deps.answers ?? uncachedAnswers;
  /**
   * The whole lists the card's page carries (decision 0078): read once per process (the
   * service), and their answers, written once, served from memory like the card's.
   */
  const whole = <T>(request: FastifyRequest, reply: FastifyReply, list: () => Promise<T>) =>
    answers(request, reply, `references:${request.url}`, list, partTags('references'));

  r.get(
    '/api/references/get_languages',
    {
      config: { etag: true },
      schema: {
        tags,
        summary: 'Языки (поиск по русскому и английскому названию)',
        querystring: ZReferenceSearchQuery,
        response: { 200: successEnvelope(ZLanguageList) },
      },
    },
    async (request, reply) => {
      const read = async () => success(await referencesService.listLanguages(db, request.query));
      // A search is answered from the database.
      return request.query.search ? read() : whole(request, reply, read);
    },
  );

  r.get(
    '/api/references/get_language_levels',
    {
      config: { etag: true },
      schema: {
        tags,
        summary: 'Уровни владения языком',
        response: { 200: successEnvelope(ZLanguageLevelList) },
      },
    },
    async (request, reply) =>
      whole(request, reply, async () => success(await referencesService.listLanguageLevels(db))),
  );

  r.get(
    '/api/references/get_driver_licenses',
    {
      config: { etag: true },
      schema: {
        tags,
        summary: 'Категории водительских прав',
        response: { 200: successEnvelope(ZDriverLicenseList) },
      },
    },
    async (request, reply) =>
      whole(request, reply, async () => success(await referencesService.listDriverLicenses(db))),
  );

  r.get(
    '/api/references/get_countries',
    {
      config: { etag: true },
      schema: {
        tags,
        summary: 'Страны: Россия, затем по алфавиту',
        response: { 200: successEnvelope(ZCountryList) },
      },
    },
    async (request, reply) =>
      whole(request, reply, async () => success(await referencesService.listCountries(db))),
  );

  r.get(
    '/api/references/get_jobs',
    {
      config: { etag: true },
      schema: {
        tags,
        summary: 'Профессиональные области',
        response: { 200: successEnvelope(ZReferenceList) },
      },
    },
    async () => success(await referencesService.listJobs(db)),
  );

  r.get(
    '/api/references/get_positions',
    {
      schema: {
        tags,
        summary: 'Должности',
        querystring: ZReferenceSearchQuery,
        response: { 200: successEnvelope(ZReferenceList) },
      },
    },
    async (request) => success(await referencesService.listPositions(db, request.query)),
  );

  r.get(
    '/api/references/get_companies',
    {
      schema: {
        tags,
        summary: 'Компании-работодатели',
        querystring: ZReferenceSearchQuery,
        response: { 200: successEnvelope(ZCompanyList) },
      },
    },
    async (request) => success(await referencesService.listCompanies(db, request.query)),
  );

  r.get(
    '/api/hard_skills/get_hard_skill_items',
    {
      schema: {
        tags,
        summary: 'Профессиональные навыки',
        querystring: ZReferenceSearchQuery,
        response: { 200: successEnvelope(ZReferenceList) },
      },
    },
    async (request) => success(await referencesService.listHardSkills(db, request.query)),
  );

  r.get(
    '/api/references/get_default_fields',
    {
      config: { etag: true },
      schema: {
        tags,
        summary: 'Поля карточки кандидата по умолчанию',
        response: { 200: successEnvelope(ZFieldDefinitionList) },
      },
    },
    async () => success(referencesService.listFieldDefinitions('applicant')),
  );

  r.get(
    '/api/references/get_fields_model',
    {
      schema: {
        tags,
        summary: 'Поля модели: кандидата или вакансии',
        querystring: ZFieldsModelQuery,
        response: { 200: successEnvelope(ZFieldDefinitionList) },
      },
    },
    async (request) => success(referencesService.listFieldDefinitions(request.query.name)),
  );
}
