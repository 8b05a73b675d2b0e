import { ZCommonSettings, ZUpdateCommonSettingsRequest } from '@ats/contracts/account';
import { successEnvelope } from '@ats/contracts/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import { callerOf } from '../../platform/tenancy.ts';
import { getCommonSettings, updateCommonSettings } from './common-settings.service.ts';

export function registerCommonSettingsRoutes(app: FastifyInstance, _deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Аккаунт'];

  r.get(
    '/api/account/common_settings',
    {
      schema: {
        tags,
        summary: 'Общие настройки компании: часовой пояс, валюта, рабочая неделя и часы',
        response: { 200: successEnvelope(ZCommonSettings) },
      },
    },
    async (request) => success(await getCommonSettings(callerOf(request).tenant)),
  );

  r.patch(
    '/api/account/common_settings',
    {
      schema: {
        tags,
        summary: 'Изменить общие настройки (только администратор)',
        body: ZUpdateCommonSettingsRequest,
        response: { 200: successEnvelope(ZCommonSettings) },
      },
    },
    async (request) => {
      const { session, tenant } = callerOf(request);
      return success(await updateCommonSettings(tenant, session, request.body));
    },
  );
}
