import { ZAccount } from '@ats/contracts/account';
import { ZTextEnvelope, successEnvelope } from '@ats/contracts/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSession } from '../../platform/auth.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import { tenantFromSession } from '../../platform/tenancy.ts';
import { findUserEmail } from '../users/users.service.ts';
import { getAccount, requestTariffExtension } from './account.service.ts';

export function registerAccountRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // A deactivated account gets 419 here with the inactive text: the app then shows its notice.
  r.get(
    '/api/account',
    {
      schema: {
        tags: ['Аккаунт'],
        summary: 'Аккаунт и его тариф',
        response: { 200: successEnvelope(ZAccount) },
      },
    },
    async (request) =>
      success(await getAccount(tenantFromSession(deps.database, requireSession(request)))),
  );

  r.post(
    '/api/tariffs/send_letter_about_extension_tariff',
    {
      config: { allowInactiveAccount: true },
      schema: {
        tags: ['Аккаунт'],
        summary: 'Запросить продление тарифа',
        response: { 200: ZTextEnvelope },
      },
    },
    async (request) => {
      const tenant = tenantFromSession(deps.database, requireSession(request));
      return success(
        await requestTariffExtension(deps, tenant, await findUserEmail(tenant, tenant.userId)),
      );
    },
  );
}
