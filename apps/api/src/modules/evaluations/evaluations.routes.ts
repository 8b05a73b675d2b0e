import { successEnvelope } from '@ats/contracts/envelope';
import {
  ZApplicantEvaluation,
  ZApplicantEvaluationList,
  ZApplicantEvaluationsQuery,
  ZCreateApplicantEvaluationRequest,
  ZEvaluationForm,
  ZEvaluationFormList,
  ZEvaluationFormRequest,
  ZFormSummary,
  ZUpdateApplicantEvaluationRequest,
  ZUpdateEvaluationFormRequest,
} from '@ats/contracts/evaluations';
import { ZId, ZIdParams } from '@ats/contracts/ids';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { applicantPartTags, callerKey, partTags } from '../../platform/answer-dependencies.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import { uncachedAnswers } from '../../platform/response-cache.ts';
import { storageFor } from '../../platform/storage.ts';
import { STORED_FILE_CSP } from '../../platform/security-headers.ts';
import { callerOf } from '../../platform/tenancy.ts';
import * as evaluations from './applicant-evaluations.service.ts';
import * as forms from './evaluations.service.ts';

export function registerEvaluationsRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const storage = storageFor(deps.config);
  const answers = deps.answers ?? uncachedAnswers;
  const formTags = ['Формы оценки'];
  const tags = ['Оценки кандидатов'];

  r.get(
    '/api/evaluations',
    {
      schema: {
        tags: formTags,
        summary: 'Формы оценки кандидатов с критериями и этапами, где они используются',
        response: { 200: successEnvelope(ZEvaluationFormList) },
      },
    },
    // The same for every user of the account (decision 0078).
    async (request, reply) =>
      answers(
        request,
        reply,
        'evaluation_forms',
        async () => success(await forms.listForms(callerOf(request).tenant)),
        partTags('evaluationForms'),
      ),
  );

  r.post(
    '/api/evaluations',
    {
      schema: {
        tags: formTags,
        summary: 'Создать форму оценки (администратор)',
        body: ZEvaluationFormRequest,
        response: { 200: successEnvelope(ZEvaluationForm) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await forms.createForm(tenant, session, request.body));
    },
  );

  r.get(
    '/api/evaluations/:id',
    {
      schema: {
        tags: formTags,
        summary: 'Форма оценки',
        params: ZIdParams,
        response: { 200: successEnvelope(ZEvaluationForm) },
      },
    },
    async (request) => success(await forms.getForm(callerOf(request).tenant, request.params.id)),
  );

  r.get(
    '/api/evaluations/:id/summary',
    {
      schema: {
        tags: formTags,
        summary: 'Сводка по форме: средние по шкалам, ответы по вариантам, рекомендации',
        params: ZIdParams,
        response: { 200: successEnvelope(ZFormSummary) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await forms.summarizeFormResults(tenant, session, request.params.id));
    },
  );

  r.patch(
    '/api/evaluations/:id',
    {
      schema: {
        tags: formTags,
        summary: 'Изменить форму оценки; критерии без id добавляются, пропущенные убираются',
        params: ZIdParams,
        body: ZUpdateEvaluationFormRequest,
        response: { 200: successEnvelope(ZEvaluationForm) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await forms.updateForm(tenant, session, request.params.id, request.body));
    },
  );

  r.delete(
    '/api/evaluations/:id',
    {
      schema: {
        tags: formTags,
        summary: 'Удалить форму оценки (сделанные оценки сохраняются)',
        params: ZIdParams,
        response: { 200: successEnvelope(ZEvaluationForm) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await forms.deleteForm(tenant, session, request.params.id));
    },
  );

  r.get(
    '/api/applicant_evaluations',
    {
      schema: {
        tags,
        summary: 'Оценки кандидата, новые первыми, и сводка по каждой форме',
        querystring: ZApplicantEvaluationsQuery,
        response: { 200: successEnvelope(ZApplicantEvaluationList) },
      },
    },
    async (request, reply) => {
      const { tenant, session } = callerOf(request);
      // Per caller: a watcher sees the evaluations of their vacancies (decision 0078). Another
      // applicant's evaluation leaves it (decision 0082).
      return answers(
        request,
        reply,
        `applicant_evaluations:${callerKey(session)}:${request.url}`,
        async () =>
          success(await evaluations.listApplicantEvaluations(tenant, session, request.query)),
        applicantPartTags('applicantEvaluations', request.query.applicant_id),
      );
    },
  );

  r.post(
    '/api/applicant_evaluations',
    {
      schema: {
        tags,
        summary: 'Оценить кандидата по форме',
        body: ZCreateApplicantEvaluationRequest,
        response: { 200: successEnvelope(ZApplicantEvaluation) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(
        await evaluations.createApplicantEvaluation(storage, tenant, session, request.body),
      );
    },
  );

  r.get(
    '/api/applicant_evaluations/:id',
    {
      schema: {
        tags,
        summary: 'Оценка кандидата',
        params: ZIdParams,
        response: { 200: successEnvelope(ZApplicantEvaluation) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await evaluations.getApplicantEvaluation(tenant, session, request.params.id));
    },
  );

  r.patch(
    '/api/applicant_evaluations/:id',
    {
      schema: {
        tags,
        summary: 'Изменить оценку (автор или администратор)',
        params: ZIdParams,
        body: ZUpdateApplicantEvaluationRequest,
        response: { 200: successEnvelope(ZApplicantEvaluation) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(
        await evaluations.updateApplicantEvaluation(
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
    '/api/applicant_evaluations/:id',
    {
      schema: {
        tags,
        summary: 'Удалить оценку (автор или администратор)',
        params: ZIdParams,
        response: { 200: successEnvelope(ZApplicantEvaluation) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(
        await evaluations.deleteApplicantEvaluation(storage, tenant, session, request.params.id),
      );
    },
  );

  r.get(
    '/api/applicant_evaluations/:id/files/:criterionId',
    {
      schema: {
        tags,
        summary: 'Файл, приложенный к ответу оценки',
        params: z.object({ id: ZId, criterionId: ZId }),
      },
    },
    async (request, reply) => {
      const { tenant, session } = callerOf(request);
      const file = await evaluations.openAnswerFile(
        storage,
        tenant,
        session,
        request.params.id,
        request.params.criterionId,
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
