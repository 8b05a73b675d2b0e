import { successEnvelope } from '@ats/contracts/envelope';
import { ZIdParams } from '@ats/contracts/ids';
import { ZScreenAnswers } from '@ats/contracts/screens';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';
import { requireSession } from '../../platform/auth.ts';
import { SCREEN_PARTS, screenAnswerFor } from './screens.service.ts';

const TAG = 'Экраны';
const response = { 200: successEnvelope(ZScreenAnswers) };

const JSON_TYPE = 'application/json; charset=utf-8';

/** The screen's envelope, sent as the JSON text it was put together in (decision 0078). */
const send = (reply: FastifyReply, answer: { status: number; json: string }) =>
  reply.code(answer.status).header('content-type', JSON_TYPE).send(answer.json);

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
      return send(
        reply,
        await screenAnswerFor(app, request, SCREEN_PARTS.applicant(request.params.id), true),
      );
    },
  );
  r.get(
    '/api/screens/applicants',
    { schema: { tags: [TAG], summary: 'Первая страница базы кандидатов', response } },
    async (request, reply) => {
      requireSession(request);
      return send(reply, await screenAnswerFor(app, request, SCREEN_PARTS.applicants(), false));
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
      return send(
        reply,
        await screenAnswerFor(app, request, SCREEN_PARTS.board(request.params.id), true),
      );
    },
  );
  r.get(
    '/api/screens/home',
    { schema: { tags: [TAG], summary: 'Главная: обзор и открытые вакансии', response } },
    async (request, reply) => {
      requireSession(request);
      return send(reply, await screenAnswerFor(app, request, SCREEN_PARTS.home(), false));
    },
  );
}
