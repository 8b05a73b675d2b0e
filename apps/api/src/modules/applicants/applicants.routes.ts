import {
  ZApplicantArchivePage,
  ZApplicantCard,
  ZApplicantCardQuery,
  ZApplicantCommentParams,
  ZComment,
  ZCommentList,
  ZCreateApplicantRequest,
  ZCreateCommentRequest,
  ZDeleteApplicantQuery,
  ZUpdateApplicantRequest,
  ZUpdateTagsRequest,
  ZWorklogList,
} from '@ats/contracts/applicants';
import { ZCreatedApplicant } from '@ats/contracts/duplicates';
import { ZTextEnvelope, successEnvelope } from '@ats/contracts/envelope';
import { ZIdParams } from '@ats/contracts/ids';
import { ZPageQuery } from '@ats/contracts/pagination';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cardTags } from '../../platform/answer-dependencies.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import { uncachedAnswers } from '../../platform/response-cache.ts';
import { storageFor } from '../../platform/storage.ts';
import { callerOf } from '../../platform/tenancy.ts';
import * as commentsService from './applicant-comments.service.ts';
import { todayInMoscow } from './applicant-view.ts';
import { seesApplicantBase } from './applicant-base.service.ts';
import * as applicantsService from './applicants.service.ts';

/** One applicant: create, card, edit, tags, archive, delete, comments and history. */
export function registerApplicantsRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Кандидаты'];
  const storage = storageFor(deps.config);
  const card = { 200: successEnvelope(ZApplicantCard) };
  const answers = deps.answers ?? uncachedAnswers;

  r.post(
    '/api/applicants',
    {
      schema: {
        tags,
        summary: 'Создать кандидата (поля плагина; фото — data URL); в ответе — найденные дубли',
        body: ZCreateApplicantRequest,
        response: { 200: successEnvelope(ZCreatedApplicant) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(
        await applicantsService.createApplicant(storage, tenant, session, request.body),
      );
    },
  );

  // Registered before /:id so the static segment wins (Fastify prefers static routes anyway).
  r.get(
    '/api/applicants/archive',
    {
      schema: {
        tags,
        summary: 'Архив кандидатов, недавно архивированные первыми',
        querystring: ZPageQuery,
        response: { 200: successEnvelope(ZApplicantArchivePage) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(
        await applicantsService.listArchivedApplicants(tenant, session, request.query),
      );
    },
  );

  r.get(
    '/api/applicants/:id',
    {
      schema: {
        tags,
        summary: 'Карточка кандидата; с vacancy_id — его место на этой вакансии первым',
        params: ZIdParams,
        querystring: ZApplicantCardQuery,
        response: card,
      },
    },
    async (request, reply) => {
      const { tenant, session } = callerOf(request);
      const { id } = request.params;
      const { vacancy_id: vacancyId } = request.query;
      // The vacancy is part of the key: the card seen from it is another answer. Those who see
      // the base share one card; a watcher's card is their own (what they reach is checked when
      // it is read, and shows only their vacancies), so it is never served to anyone else, nor
      // anyone else's to them. Rights and memberships are tables the card depends on: a change
      // of them retires every stored card (answer-dependencies.ts, decision 0050).
      const reader = seesApplicantBase(session) ? 'base' : `watcher-${session.userId}`;
      const key = `applicant:${id}:${vacancyId ?? ''}:${todayInMoscow()}:${reader}`;
      return answers(
        request,
        reply,
        key,
        async () =>
          success(await applicantsService.getApplicantCard(tenant, session, id, vacancyId)),
        cardTags(id),
      );
    },
  );

  r.patch(
    '/api/applicants/:id',
    {
      schema: {
        tags,
        summary: 'Изменить кандидата (изменённые поля попадают в историю)',
        params: ZIdParams,
        body: ZUpdateApplicantRequest,
        response: card,
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(
        await applicantsService.updateApplicant(
          storage,
          tenant,
          session,
          request.params.id,
          request.body,
        ),
      );
    },
  );

  r.delete(
    '/api/applicants/:id',
    {
      schema: {
        tags,
        summary: 'Удалить кандидата навсегда (только администратор)',
        params: ZIdParams,
        querystring: ZDeleteApplicantQuery,
        response: { 200: ZTextEnvelope },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(
        await applicantsService.deleteApplicant(storage, tenant, session, request.params.id),
      );
    },
  );

  r.post(
    '/api/applicants/:id/update_tags',
    {
      schema: {
        tags,
        summary: 'Заменить теги кандидата',
        params: ZIdParams,
        body: ZUpdateTagsRequest,
        response: card,
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(
        await applicantsService.updateApplicantTags(
          tenant,
          session,
          request.params.id,
          request.body.tags,
        ),
      );
    },
  );

  for (const [path, archived] of [
    ['/api/applicants/:id/archive', true],
    ['/api/applicants/:id/restore', false],
  ] as const) {
    r.post(
      path,
      {
        schema: {
          tags,
          summary: archived ? 'Перенести кандидата в архив' : 'Вернуть кандидата из архива',
          params: ZIdParams,
          response: card,
        },
      },
      async (request) => {
        const { tenant, session } = callerOf(request);
        return success(
          await applicantsService.setApplicantArchived(
            tenant,
            session,
            request.params.id,
            archived,
          ),
        );
      },
    );
  }

  r.get(
    '/api/applicants/:id/worklog',
    {
      schema: {
        tags,
        summary: 'История изменений кандидата, новые первыми',
        params: ZIdParams,
        response: { 200: successEnvelope(ZWorklogList) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(
        await applicantsService.listApplicantWorklog(tenant, session, request.params.id),
      );
    },
  );

  r.get(
    '/api/applicants/:id/comments',
    {
      schema: {
        tags,
        summary: 'Комментарии к кандидату',
        params: ZIdParams,
        response: { 200: successEnvelope(ZCommentList) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(
        await commentsService.listApplicantComments(tenant, session, request.params.id),
      );
    },
  );

  r.post(
    '/api/applicants/:id/comments',
    {
      schema: {
        tags,
        summary: 'Добавить комментарий',
        params: ZIdParams,
        body: ZCreateCommentRequest,
        response: { 200: successEnvelope(ZComment) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(
        await commentsService.addApplicantComment(
          tenant,
          session,
          request.params.id,
          request.body.description,
        ),
      );
    },
  );

  r.patch(
    '/api/applicants/:id/comments/:commentId',
    {
      schema: {
        tags,
        summary: 'Изменить комментарий (автор или администратор)',
        params: ZApplicantCommentParams,
        body: ZCreateCommentRequest,
        response: { 200: successEnvelope(ZComment) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(
        await commentsService.updateApplicantComment(
          tenant,
          session,
          request.params.id,
          request.params.commentId,
          request.body.description,
        ),
      );
    },
  );

  r.delete(
    '/api/applicants/:id/comments/:commentId',
    {
      schema: {
        tags,
        summary: 'Удалить комментарий (автор или администратор)',
        params: ZApplicantCommentParams,
        response: { 200: ZTextEnvelope },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(
        await commentsService.deleteApplicantComment(
          tenant,
          session,
          request.params.id,
          request.params.commentId,
        ),
      );
    },
  );
}
