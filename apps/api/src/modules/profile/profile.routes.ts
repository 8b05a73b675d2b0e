import { successEnvelope } from '@ats/contracts/envelope';
import { ZNotificationSettings, ZUpdateNotificationSettingsRequest } from '@ats/contracts/profile';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import { callerOf } from '../../platform/tenancy.ts';
import { type ProfileAction, assertCanDoProfileAction } from './profile.policy.ts';
import { getNotificationSettings, updateNotificationSettings } from './profile.service.ts';

export function registerProfileRoutes(app: FastifyInstance, _deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Профиль'];
  const tenantFor = (request: FastifyRequest, action: ProfileAction) => {
    const { session, tenant } = callerOf(request);
    assertCanDoProfileAction(session, action);
    return tenant;
  };

  r.get(
    '/api/admin_user_notification_settings',
    {
      schema: {
        tags,
        summary: 'Мои уведомления: какие события по email и в приложении',
        response: { 200: successEnvelope(ZNotificationSettings) },
      },
    },
    async (request) =>
      success(await getNotificationSettings(tenantFor(request, 'view_notifications'))),
  );

  r.put(
    '/api/admin_user_notification_settings',
    {
      schema: {
        tags,
        summary: 'Изменить мои уведомления (переданные события; остальные не меняются)',
        body: ZUpdateNotificationSettingsRequest,
        response: { 200: successEnvelope(ZNotificationSettings) },
      },
    },
    async (request) =>
      success(
        await updateNotificationSettings(
          tenantFor(request, 'change_notifications'),
          request.body.notification_settings,
        ),
      ),
  );
}
