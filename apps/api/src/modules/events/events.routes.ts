import { successEnvelope } from '@ats/contracts/envelope';
import {
  ZCalendarUserList,
  ZEvent,
  ZEventDeleteQuery,
  ZEventInput,
  ZEventList,
  ZEventListQuery,
  ZEventPatch,
} from '@ats/contracts/events';
import { ZIdParams } from '@ats/contracts/ids';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import { callerOf } from '../../platform/tenancy.ts';
import * as eventsService from './events.service.ts';

/** The calendar: `/api/events` (research/huntlee-api.md §6.9; the Huntlee client updates by PUT). */
export function registerEventsRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['События'];

  r.get(
    '/api/events',
    {
      schema: {
        tags,
        summary:
          'События за период (по умолчанию — сегодня и 30 дней вперёд) по календарям пользователей, кандидату, вакансии',
        querystring: ZEventListQuery,
        response: { 200: successEnvelope(ZEventList) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await eventsService.listEvents(tenant, session, request.query));
    },
  );

  r.get(
    '/api/events/users_with_viewable_calendars',
    {
      schema: {
        tags,
        summary:
          'Пользователи, чьи календари можно открыть (все — с правом can_view_work_calendars, иначе только свой)',
        response: { 200: successEnvelope(ZCalendarUserList) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await eventsService.listUsersWithViewableCalendars(tenant, session));
    },
  );

  r.post(
    '/api/events',
    {
      schema: {
        tags,
        summary:
          'Создать событие (data_mitting ДД.ММ.ГГГГ или ISO, time_begin/time_end ЧЧ:ММ в часовом поясе аккаунта); приглашения .ics участникам, гостям и кандидату; 409 при пересечении без allow_overlap',
        body: ZEventInput,
        response: { 200: successEnvelope(ZEvent) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await eventsService.createEvent(deps, tenant, session, request.body));
    },
  );

  r.get(
    '/api/events/:id',
    {
      schema: {
        tags,
        summary: 'Событие',
        params: ZIdParams,
        response: { 200: successEnvelope(ZEvent) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await eventsService.getEvent(tenant, session, request.params.id));
    },
  );

  r.put(
    '/api/events/:id',
    {
      schema: {
        tags,
        summary:
          'Изменить событие целиком (как клиент Huntlee); SEQUENCE растёт, приглашённым уходит обновление',
        params: ZIdParams,
        body: ZEventInput,
        response: { 200: successEnvelope(ZEvent) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(
        await eventsService.updateEvent(
          deps,
          tenant,
          session,
          request.params.id,
          request.body,
          true,
        ),
      );
    },
  );

  r.patch(
    '/api/events/:id',
    {
      schema: {
        tags,
        summary:
          'Изменить поля события (перенос, участники, место); приглашённым уходит обновление',
        params: ZIdParams,
        body: ZEventPatch,
        response: { 200: successEnvelope(ZEvent) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(
        await eventsService.updateEvent(
          deps,
          tenant,
          session,
          request.params.id,
          request.body,
          false,
        ),
      );
    },
  );

  r.delete(
    '/api/events/:id',
    {
      schema: {
        tags,
        summary: 'Удалить событие; приглашённым уходит отмена (METHOD:CANCEL)',
        params: ZIdParams,
        querystring: ZEventDeleteQuery,
        response: { 200: successEnvelope(ZEvent) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(
        await eventsService.deleteEvent(deps, tenant, session, request.params.id, {
          sendInvitations: request.query.send_invitations,
        }),
      );
    },
  );
}
