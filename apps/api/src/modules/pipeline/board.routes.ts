import { ZBoardFilters } from '@ats/contracts/applicant-list';
import { successEnvelope } from '@ats/contracts/envelope';
import { ZIdParams } from '@ats/contracts/ids';
import {
  type TBoardCardPage,
  ZBoardCardPage,
  ZBoardCardQuery,
  ZBoardColumnList,
} from '@ats/contracts/pipeline';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerKey, partTags } from '../../platform/answer-dependencies.ts';
import { successText } from '../../platform/answer-text.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import { uncachedAnswers } from '../../platform/response-cache.ts';
import { callerOf } from '../../platform/tenancy.ts';
import * as board from './board.service.ts';

/** The kanban board of a vacancy: its stage columns and each column's cards, page by page. */
export function registerBoardRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const answers = deps.answers ?? uncachedAnswers;
  const tags = ['Доска вакансии'];

  r.get(
    '/api/vacancies/:id/get_status_vacancy_columns',
    {
      schema: {
        tags,
        summary: 'Этапы вакансии по порядку: сколько на каждом кандидатов и права вызывающего',
        params: ZIdParams,
        querystring: ZBoardFilters,
        response: { 200: successEnvelope(ZBoardColumnList) },
      },
    },
    async (request, reply) => {
      const { tenant, session } = callerOf(request);
      const read = async () =>
        success(await board.listBoardColumns(tenant, session, request.params.id, request.query));
      // The board as it opens (no filters) is remembered per caller, like the card: the
      // counts and the caller's rights on each stage (decision 0078). Filtered counts read more.
      if (request.url.includes('?')) return read();
      return answers(
        request,
        reply,
        `board_columns:${callerKey(session)}:${request.params.id}`,
        read,
        partTags('boardColumns'),
      );
    },
  );

  r.get(
    '/api/status_vacancy_columns/get_applicants',
    {
      schema: {
        tags,
        summary:
          'Кандидаты одного этапа вакансии, новые сверху, по страницам; поиск и фильтры необязательны',
        querystring: ZBoardCardQuery,
        response: { 200: successEnvelope(ZBoardCardPage) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      // The page as its statement wrote it, sent as that text (decision 0110).
      return successText<TBoardCardPage>(
        await board.listBoardCards(tenant, session, request.query),
      );
    },
  );
}
