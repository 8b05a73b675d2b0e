import { successEnvelope } from '@ats/contracts/envelope';
import {
  ZGoogleCalendar,
  ZGoogleCallbackQuery,
  ZGoogleChooseCalendar,
  ZGoogleConnectStart,
  ZGoogleStatus,
  ZGoogleSyncResult,
} from '@ats/contracts/google-calendar';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import { publicUrlFor } from '../../platform/public-url.ts';
import { callerOf } from '../../platform/tenancy.ts';
import {
  assertConfigured,
  completeConnect,
  googleStatus,
  listCalendars,
  startConnect,
  type GoogleDeps,
} from './google-connection.service.ts';
import { syncUserJob } from './google-calendar.jobs.ts';
import { listenToEventWrites } from './google-events-listener.ts';
import { acceptNotification, chooseCalendar, disconnect, syncUser } from './google-sync.service.ts';

const TAGS = ['Google Календарь'];

export function registerGoogleCalendarRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const googleDeps: GoogleDeps = { config: deps.config, database: deps.database, log: deps.log };
  const callbackUrl = (request: FastifyRequest) =>
    `${publicUrlFor(deps.config, request)}/api/google/oauth/callback`;
  listenToEventWrites(app, deps.config, deps.queue);

  r.get(
    '/api/google',
    {
      schema: {
        tags: TAGS,
        summary:
          'Google Календарь пользователя: настроен ли, подключён ли, календарь, синхронизация',
        response: { 200: successEnvelope(ZGoogleStatus) },
      },
    },
    async (request) => success(await googleStatus(googleDeps, callerOf(request).tenant)),
  );

  r.post(
    '/api/google/connect',
    {
      schema: {
        tags: TAGS,
        summary: 'Начать подключение: адрес страницы согласия Google (OAuth)',
        response: { 200: successEnvelope(ZGoogleConnectStart) },
      },
    },
    async (request) =>
      success(startConnect(googleDeps, callerOf(request).tenant, callbackUrl(request))),
  );

  // Google sends the browser back here; the signed state names the user, so no session is read.
  r.get(
    '/api/google/oauth/callback',
    {
      config: { auth: 'none' },
      schema: {
        tags: TAGS,
        summary: 'Возврат из Google после согласия: сохраняет доступ и открывает /google',
        querystring: ZGoogleCallbackQuery,
      },
    },
    async (request, reply) => {
      const result = await completeConnect(googleDeps, request.query, callbackUrl(request));
      if (!result.error && result.tenant) {
        const { accountId, userId } = result.tenant;
        await syncUser(googleDeps, accountId, userId).catch((error: unknown) =>
          request.log.warn({ err: error }, 'first google sync failed'),
        );
      }
      const target = result.error
        ? `/google?error=${encodeURIComponent(result.error)}`
        : '/google?connected=1';
      return reply.redirect(target, 302);
    },
  );

  r.get(
    '/api/google/calendars',
    {
      schema: {
        tags: TAGS,
        summary: 'Календари подключённого аккаунта Google',
        response: { 200: successEnvelope(z.array(ZGoogleCalendar)) },
      },
    },
    async (request) => success(await listCalendars(googleDeps, callerOf(request).tenant)),
  );

  r.put(
    '/api/google/calendar',
    {
      schema: {
        tags: TAGS,
        summary: 'Выбрать календарь для синхронизации (синхронизация начинается заново)',
        body: ZGoogleChooseCalendar,
        response: { 200: successEnvelope(ZGoogleStatus) },
      },
    },
    async (request) => {
      const { tenant } = callerOf(request);
      await chooseCalendar(googleDeps, tenant, request.body.calendar_id);
      return success(await googleStatus(googleDeps, tenant));
    },
  );

  r.post(
    '/api/google/sync',
    {
      schema: {
        tags: TAGS,
        summary: 'Синхронизировать сейчас: изменения из Google Календаря',
        response: { 200: successEnvelope(ZGoogleSyncResult) },
      },
    },
    async (request) => {
      const { tenant } = callerOf(request);
      assertConfigured(deps.config);
      return success(await syncUser(googleDeps, tenant.accountId, tenant.userId));
    },
  );

  r.delete(
    '/api/google',
    {
      schema: {
        tags: TAGS,
        summary: 'Отключить Google Календарь: доступ отзывается, связи забываются',
        response: { 200: successEnvelope(ZGoogleStatus) },
      },
    },
    async (request) => {
      const { tenant } = callerOf(request);
      assertConfigured(deps.config);
      await disconnect(googleDeps, tenant);
      return success(await googleStatus(googleDeps, tenant));
    },
  );

  // Google's push notification: no body, the channel's headers; the pull runs as a job.
  r.post(
    '/api/google/notifications',
    {
      config: { auth: 'none' },
      schema: {
        tags: TAGS,
        summary: 'Уведомление Google Календаря об изменениях (push channel)',
        response: { 200: successEnvelope(z.object({ accepted: z.boolean() })) },
      },
    },
    async (request) => {
      const header = (name: string) => {
        const value = request.headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      const target = await acceptNotification(googleDeps, {
        channelId: header('x-goog-channel-id'),
        token: header('x-goog-channel-token'),
        state: header('x-goog-resource-state'),
      });
      if (target) {
        if (deps.queue) {
          await deps.queue.enqueue(syncUserJob, target, {
            singletonKey: `google_sync_${target.accountId}_${target.userId}`,
          });
        } else {
          void syncUser(googleDeps, target.accountId, target.userId).catch(() => undefined);
        }
      }
      return success({ accepted: Boolean(target) });
    },
  );
}
