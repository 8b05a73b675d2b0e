import {
  ZAccountCalendar,
  ZAccountCalendarQuery,
  ZDateByWorkdays,
  ZDateByWorkdaysQuery,
  ZUpdateCalendarDaysRequest,
  ZUpdatedCalendarDays,
} from '@ats/contracts/account-calendar';
import { successEnvelope } from '@ats/contracts/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import { callerOf } from '../../platform/tenancy.ts';
import * as calendar from './account-calendar.service.ts';

export function registerAccountCalendarRoutes(app: FastifyInstance, _deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Производственный календарь'];

  r.get(
    '/api/account_calendar',
    {
      schema: {
        tags,
        summary: 'Календарь года: праздники, переносы, сокращённые дни и дни компании',
        querystring: ZAccountCalendarQuery,
        response: { 200: successEnvelope(ZAccountCalendar) },
      },
    },
    async (request) =>
      success(await calendar.getAccountCalendar(callerOf(request).tenant, request.query.year)),
  );

  r.put(
    '/api/account_calendar/days',
    {
      schema: {
        tags,
        summary:
          'Отметить дни рабочими или выходными (null — как в календаре); только администратор',
        body: ZUpdateCalendarDaysRequest,
        response: { 200: successEnvelope(ZUpdatedCalendarDays) },
      },
    },
    async (request) => {
      const { session, tenant } = callerOf(request);
      return success(await calendar.updateCalendarDays(tenant, session, request.body));
    },
  );

  r.get(
    '/api/account_calendar/date_by_workdays',
    {
      schema: {
        tags,
        summary:
          'Дата через N рабочих дней (до неё, если N < 0); дата как ГГГГ-ММ-ДД или ДД.ММ.ГГГГ',
        querystring: ZDateByWorkdaysQuery,
        response: { 200: successEnvelope(ZDateByWorkdays) },
      },
    },
    async (request) =>
      success(
        await calendar.findDateByWorkdays(
          callerOf(request).tenant,
          request.query.date,
          request.query.days,
        ),
      ),
  );
}
