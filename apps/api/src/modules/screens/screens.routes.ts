import { successEnvelope } from '@ats/contracts/envelope';
import { ZIdParams } from '@ats/contracts/ids';
import { ZScreenAnswers } from '@ats/contracts/screens';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';
import { requireSession } from '../../platform/auth.ts';
import { answersFor, SCREEN_PARTS } from './screens.service.ts';

const TAG = 'Экраны';
const response = { 200: successEnvelope(ZScreenAnswers) };

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The screen's envelope, written from its parts' JSON text as the route would serialise it
 * (`success`: code, status, message), not parsed and written again (decision 0078).
 */
function answerScreen(reply: FastifyReply, answers: { json: string }) {
  return reply
    .header('content-type', JSON_TYPE)
    .send(`{"code":200,"status":"success","message":${answers.json}}`);
}

/**
 * A screen of one thing (an applicant, a vacancy) is that thing's: when its first part is not
 * there for the caller (another account's id, a deleted one), the screen answers that part's own
 * error, never 200 with the others.
 */
function answerScreenOf(
  reply: FastifyReply,
  answers: { first: { status: number; json: string }; json: string },
) {
  const { first } = answers;
  if (first.status !== 200) {
    return reply.code(first.status).header('content-type', JSON_TYPE).send(first.json);
  }
  return answerScreen(reply, answers);
}

/**
 * `GET /api/screens/…` (decision 0052): a screen's first paint in one request. Every part is
 * asked of the app's own route as the caller, so it is scoped, checked and shaped exactly as that
 * route answers it (a part the caller may not see is that route's error envelope).
 */
export function registerScreensRoutes(app: FastifyInstance, _deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/screens/applicant/:id',
    {
      schema: {
        tags: [TAG],
        summary: 'Карточка кандидата и всё, что нужно для её первого показа',
        params: ZIdParams,
        response,
      },
    },
    async (request, reply) => {
      requireSession(request);
      return answerScreenOf(
        reply,
        await answersFor(app, request, SCREEN_PARTS.applicant(request.params.id)),
      );
    },
  );
  r.get(
    '/api/screens/applicants',
    { schema: { tags: [TAG], summary: 'Первая страница базы кандидатов', response } },
    async (request, reply) => {
      requireSession(request);
      return answerScreen(reply, await answersFor(app, request, SCREEN_PARTS.applicants()));
    },
  );
  r.get(
    '/api/screens/board/:id',
    {
      schema: {
        tags: [TAG],
        summary: 'Доска вакансии: вакансия и её колонки',
        params: ZIdParams,
        response,
      },
    },
    async (request, reply) => {
      requireSession(request);
      return answerScreenOf(
        reply,
        await answersFor(app, request, SCREEN_PARTS.board(request.params.id)),
      );
    },
  );
  r.get(
    '/api/screens/home',
    { schema: { tags: [TAG], summary: 'Главная: обзор и открытые вакансии', response } },
    async (request, reply) => {
      requireSession(request);
      return answerScreen(reply, await answersFor(app, request, SCREEN_PARTS.home()));
    },
  );
}
