import { successEnvelope } from '@ats/contracts/envelope';
import {
  TARIFF_MESSAGES,
  ZActivateTariffRequest,
  ZAffiliate,
  ZPayment,
  ZPaymentIdParams,
  ZTariffCatalogue,
} from '@ats/contracts/tariffs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import { AppError, forbidden } from '../../platform/errors.ts';
import { callerOf } from '../../platform/tenancy.ts';
import { findUserEmail } from '../users/users.service.ts';
import {
  activateTariff,
  getPayment,
  handleNotification,
  listPayments,
  tariffCatalogue,
  type BillingDeps,
} from './billing.service.ts';
import { getAffiliate } from './affiliate.service.ts';
import { notificationSources } from './yookassa-client.ts';

export function registerBillingRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  billing: Partial<BillingDeps> = {},
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const billingDeps: BillingDeps = { config: deps.config, database: deps.database, ...billing };
  const fromYooKassa = notificationSources(deps.config);

  r.get(
    '/api/tariffs',
    {
      config: { allowInactiveAccount: true },
      schema: {
        tags: ['Тарифы'],
        summary: 'Тарифы: пробный и платные, пользователи и цены за месяц и год',
        response: { 200: successEnvelope(ZTariffCatalogue) },
      },
    },
    async () => success(tariffCatalogue(deps.config)),
  );

  // Also for a deactivated account: a payment is what brings it back.
  r.post(
    '/api/tariffs/activate_tariff',
    {
      config: { allowInactiveAccount: true },
      schema: {
        tags: ['Тарифы'],
        summary:
          'Оплатить тариф (tariff_name, period month|year): платёж в ЮKassa, в ответе — confirmation_url страницы оплаты',
        body: ZActivateTariffRequest,
        response: { 200: successEnvelope(ZPayment) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      const email = session.isAdmin ? await findUserEmail(tenant, tenant.userId) : '';
      return success(await activateTariff(billingDeps, tenant, session, email, request.body));
    },
  );

  r.get(
    '/api/payments',
    {
      config: { allowInactiveAccount: true },
      schema: {
        tags: ['Тарифы'],
        summary: 'Счета и платежи компании (только администратор)',
        response: { 200: successEnvelope(z.array(ZPayment)) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await listPayments(tenant, session));
    },
  );

  r.get(
    '/api/payments/:id',
    {
      config: { allowInactiveAccount: true },
      schema: {
        tags: ['Тарифы'],
        summary:
          'Платёж и его результат по данным ЮKassa (страницы /payment/success и /payment/fail)',
        params: ZPaymentIdParams,
        response: { 200: successEnvelope(ZPayment) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await getPayment(billingDeps, tenant, session, request.params.id));
    },
  );

  r.get(
    '/api/affiliate',
    {
      schema: {
        tags: ['Тарифы'],
        summary:
          'Партнёрская программа: реферальная ссылка компании и компании, зарегистрированные по ней, с их оплатами (только администратор)',
        response: { 200: successEnvelope(ZAffiliate) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await getAffiliate(deps.config, deps.database.system, tenant, session));
    },
  );

  r.post(
    '/api/payments/yookassa/notification',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['Тарифы'],
        summary:
          'Уведомление ЮKassa: принимается только с её адресов, платёж перечитывается из ЮKassa',
        body: z.unknown(),
        response: { 200: successEnvelope(z.object({ activated: z.boolean() })) },
      },
    },
    async (request) => {
      if (!fromYooKassa(request.ip)) {
        request.log.warn({ ip: request.ip }, 'payment notification from a foreign address');
        throw forbidden(TARIFF_MESSAGES.wrongSource);
      }
      try {
        return success(await handleNotification(billingDeps, request.body));
      } catch (error) {
        if (error instanceof AppError) throw error;
        request.log.error({ err: error }, 'payment notification not processed');
        // Not 200: YooKassa sends it again later.
        throw new AppError(503, TARIFF_MESSAGES.providerDown);
      }
    },
  );
}
