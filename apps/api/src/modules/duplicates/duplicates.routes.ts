import {
  MERGE_UNDO_DAYS,
  ZCheckDoublesRequest,
  ZDismissDoubleRequest,
  ZDoubleMatchList,
  ZDoubleScanResponse,
  ZDoublesPage,
  ZDoublesQuery,
  ZMergeList,
  ZMergeParams,
  ZMergePreview,
  ZMergeRequest,
  ZMergeResult,
  ZMergesQuery,
  ZUndoMergeResult,
} from '@ats/contracts/duplicates';
import { successEnvelope, ZTextEnvelope } from '@ats/contracts/envelope';
import { ZIdParams } from '@ats/contracts/ids';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  applicantPartTags,
  callerKey,
  doublesReadTags,
} from '../../platform/answer-dependencies.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import { queueNotStarted } from '../../platform/queue.ts';
import { uncachedAnswers } from '../../platform/response-cache.ts';
import { callerOf } from '../../platform/tenancy.ts';
import * as mergeService from './applicant-merge.service.ts';
import type { DoublesRead } from './double-detection.service.ts';
import * as scanService from './double-scan.service.ts';
import * as duplicatesService from './duplicates.service.ts';

/** Doubles of applicants: checks, the list, «Не дубль», the scan, merge and its undo. */
export function registerDuplicatesRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const answers = deps.answers ?? uncachedAnswers;
  const tags = ['Кандидаты: дубли'];
  const matches = { 200: successEnvelope(ZDoubleMatchList) };
  const scan = { 200: successEnvelope(ZDoubleScanResponse) };

  r.post(
    '/api/applicants/check_doubles',
    {
      schema: {
        tags,
        summary: 'Похожие кандидаты: проверка перед сохранением (exclude_id — при изменении)',
        body: ZCheckDoublesRequest,
        response: matches,
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await duplicatesService.checkApplicantDoubles(tenant, session, request.body));
    },
  );

  r.get(
    '/api/applicants/:id/get_double',
    {
      schema: {
        tags,
        summary: 'Дубли кандидата с оценкой и причинами (пары «Не дубль» не показываются)',
        params: ZIdParams,
        response: matches,
      },
    },
    async (request, reply) => {
      const { tenant, session } = callerOf(request);
      const { id } = request.params;
      // Remembered per caller (what they reach is checked when it is read), dropped by a change
      // of the applicant, of an applicant it was compared with, or of the keys it looked them up
      // by (decisions 0078, 0082).
      const read: DoublesRead = { keys: [], applicantIds: [] };
      return answers(
        request,
        reply,
        `doubles:${callerKey(session)}:${id}`,
        async () => success(await duplicatesService.getApplicantDoubles(tenant, session, id, read)),
        applicantPartTags('doubles', id),
        () => doublesReadTags(read),
      );
    },
  );

  r.get(
    '/api/applicants/doubles',
    {
      schema: {
        tags,
        summary: 'Группы дублей: точные первыми, затем по оценке',
        querystring: ZDoublesQuery,
        response: { 200: successEnvelope(ZDoublesPage) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await duplicatesService.listApplicantDoubles(tenant, session, request.query));
    },
  );

  r.post(
    '/api/applicants/doubles/dismiss',
    {
      schema: {
        tags,
        summary: '«Не дубль»: пара больше не предлагается, в том числе проверкой базы',
        body: ZDismissDoubleRequest,
        response: { 200: ZTextEnvelope },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await duplicatesService.dismissApplicantDouble(tenant, session, request.body));
    },
  );

  r.post(
    '/api/applicants/doubles/scan',
    {
      schema: {
        tags,
        summary: 'Проверить всю базу на дубли в фоне (пока идёт проверка — ответ о ней)',
        response: scan,
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(
        await scanService.startDoubleScan(deps.queue ?? queueNotStarted, tenant, session),
      );
    },
  );

  r.get(
    '/api/applicants/doubles/scan',
    { schema: { tags, summary: 'Последняя проверка базы на дубли и её ход', response: scan } },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await scanService.getLatestDoubleScan(tenant, session));
    },
  );

  r.post(
    '/api/applicants/merge_preview',
    {
      schema: {
        tags,
        summary: 'Каким станет кандидат после объединения (ничего не сохраняется)',
        body: ZMergeRequest,
        response: { 200: successEnvelope(ZMergePreview) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await mergeService.previewApplicantMerge(tenant, session, request.body));
    },
  );

  r.post(
    '/api/applicants/merge',
    {
      schema: {
        tags,
        summary: `Объединить двух кандидатов (отменить можно ${MERGE_UNDO_DAYS} дней)`,
        description:
          'Основной кандидат получает выбранные поля (fields: поле → primary | secondary; ' +
          'не названные — от основного, а если у него пусто — от второго), все контакты, ' +
          'опыт, образование, навыки, теги, файлы, комментарии, историю и вакансии с этапами ' +
          'второго; второй кандидат удаляется.',
        body: ZMergeRequest,
        response: { 200: successEnvelope(ZMergeResult) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await mergeService.mergeApplicants(tenant, session, request.body));
    },
  );

  r.get(
    '/api/applicants/merges',
    {
      schema: {
        tags,
        summary: 'Объединения в кандидата, новые первыми',
        querystring: ZMergesQuery,
        response: { 200: successEnvelope(ZMergeList) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(
        await mergeService.listApplicantMerges(tenant, session, request.query.applicant_id),
      );
    },
  );

  r.post(
    '/api/applicants/merges/:mergeId/undo',
    {
      schema: {
        tags,
        summary: 'Отменить объединение: оба кандидата возвращаются как были',
        params: ZMergeParams,
        response: { 200: successEnvelope(ZUndoMergeResult) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(
        await mergeService.undoApplicantMerge(tenant, session, request.params.mergeId),
      );
    },
  );
}
