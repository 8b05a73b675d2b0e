import {
  PAID_TARIFFS,
  TARIFF_MESSAGES,
  TRIAL_TARIFF,
  type TActivateTariffRequest,
  type TPayment,
  type TTariffCatalogue,
} from '@ats/contracts/tariffs';
import type { Database, Db } from '@ats/db/connection';
import type { Session } from '../../platform/auth.ts';
import type { Config } from '../../platform/config.ts';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import { startPaidTariffPeriod } from '../account/account.service.ts';
import * as repo from './billing.repository.ts';
import {
  type ProviderPayment,
  type YooKassaClient,
  billingEnabled,
  createYooKassaClient,
  newIdempotenceKey,
} from './yookassa-client.ts';

/** Whether this installation takes payments (YooKassa configured); else tariffs have no end. */
export { billingEnabled };

export type BillingDeps = { config: Config; database: Database; yookassa?: YooKassaClient };

const clientOf = (deps: BillingDeps) => deps.yookassa ?? createYooKassaClient(deps.config);

const tariffOf = (name: string) => PAID_TARIFFS.find((t) => t.name === name);

export function tariffCatalogue(config: Config): TTariffCatalogue {
  return {
    billing_enabled: billingEnabled(config),
    tariffs: [
      {
        name: TRIAL_TARIFF.name,
        title: 'Пробный',
        users: TRIAL_TARIFF.users,
        price_month: null,
        price_year: null,
        days: TRIAL_TARIFF.days,
      },
      ...PAID_TARIFFS.map((t) => ({
        name: t.name,
        title: t.title,
        users: t.users,
        price_month: t.month,
        price_year: t.year,
        days: null,
      })),
    ],
  };
}

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

export function paymentView(row: repo.PaymentRow): TPayment {
  return {
    id: row.id,
    provider_payment_id: row.providerPaymentId,
    tariff_name: row.tariffName,
    tariff_title: tariffOf(row.tariffName)?.title ?? row.tariffName,
    period: row.period,
    amount: Number(row.amount).toFixed(2),
    currency: row.currency,
    status: row.status,
    confirmation_url: row.status === 'pending' ? row.confirmationUrl : null,
    created_at: iso(row.createdAt)!,
    paid_at: iso(row.paidAt),
    payer_email: row.payerEmail,
  };
}

const assertAdmin = (session: Pick<Session, 'isAdmin'>) => {
  if (!session.isAdmin) {
    throw forbidden('Оплачивать тариф и видеть платежи может только администратор');
  }
};

const appUrl = (config: Config) =>
  (config.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/$/, '');

/**
 * POST /api/tariffs/activate_tariff: a payment of the tariff for the period is created here (its
 * Idempotence-Key kept first), then at YooKassa; the answer carries the confirmation page the
 * browser goes to. The tariff changes only when YooKassa says the payment succeeded.
 */
export async function activateTariff(
  deps: BillingDeps,
  tenant: Tenant,
  session: Pick<Session, 'isAdmin'>,
  payerEmail: string,
  input: TActivateTariffRequest,
): Promise<TPayment> {
  assertAdmin(session);
  const tariff = tariffOf(input.tariff_name);
  if (!tariff) {
    throw badRequest(TARIFF_MESSAGES.unknownTariff, { tariff_name: TARIFF_MESSAGES.unknownTariff });
  }
  if (!billingEnabled(deps.config)) throw badRequest(TARIFF_MESSAGES.billingOff);
  const period = input.period ?? 'month';
  const amount = period === 'year' ? tariff.year : tariff.month;
  const row = await tenant.transaction((tx) =>
    repo.insertPayment(tx, {
      accountId: tenant.accountId,
      userId: tenant.userId,
      tariffName: tariff.name,
      period,
      amount,
      idempotenceKey: newIdempotenceKey(),
      payerEmail,
    }),
  );
  const description = `Тариф «${tariff.title}», ${period === 'year' ? '1 год' : '1 месяц'}`;
  let created: ProviderPayment;
  try {
    created = await clientOf(deps).createPayment({
      idempotenceKey: row.idempotenceKey,
      amount,
      description,
      returnUrl: `${appUrl(deps.config)}/payment/success?payment=${row.id}`,
      metadata: { accountId: String(tenant.accountId), paymentId: String(row.id) },
      ...(deps.config.YOOKASSA_RECEIPT_VAT_CODE && {
        receipt: { email: payerEmail, vatCode: deps.config.YOOKASSA_RECEIPT_VAT_CODE },
      }),
    });
  } catch {
    await tenant.transaction((tx) =>
      repo.updatePaymentState(tx, tenant.accountId, row.id, { status: 'canceled' }),
    );
    throw new AppError(503, TARIFF_MESSAGES.providerDown);
  }
  await tenant.transaction((tx) =>
    repo.setProviderPayment(
      tx,
      tenant.accountId,
      row.id,
      created.id,
      created.confirmation?.confirmation_url ?? null,
    ),
  );
  const saved = await tenant.transaction((tx) => repo.findPayment(tx, tenant.accountId, row.id));
  return paymentView(saved!);
}

/**
 * Acts on YooKassa's own word about a payment, once: under the payment's lock, a payment already
 * settled is left as it is; a succeeded one starts the paid tariff period in the same transaction.
 * Answers whether this call activated the tariff.
 */
export async function applyProviderPayment(
  database: Database,
  accountId: number,
  paymentId: number,
  provider: ProviderPayment,
) {
  return database.withTenant(accountId, async (tx) => {
    const row = await repo.lockPayment(tx, accountId, paymentId);
    if (!row || row.providerPaymentId !== provider.id) return false;
    const now = new Date();
    if (row.status === 'succeeded' || row.status === 'canceled') {
      await repo.updatePaymentState(tx, accountId, paymentId, { checkedAt: now });
      return false;
    }
    if (provider.status === 'succeeded') {
      const tariff = tariffOf(row.tariffName);
      const sameAmount =
        Number(provider.amount.value) === Number(row.amount) && provider.amount.currency === 'RUB';
      if (!tariff || !sameAmount) return false;
      await startPaidTariffPeriod(tx as Db, accountId, {
        name: tariff.name,
        usersLimit: tariff.users,
        months: row.period === 'year' ? 12 : 1,
        amount: Number(row.amount),
      });
      await repo.updatePaymentState(tx, accountId, paymentId, {
        status: 'succeeded',
        paidAt: provider.captured_at ? new Date(provider.captured_at) : now,
        processedAt: now,
        checkedAt: now,
      });
      return true;
    }
    await repo.updatePaymentState(tx, accountId, paymentId, {
      status: provider.status,
      checkedAt: now,
      ...(provider.status === 'canceled' && { processedAt: now }),
    });
    return false;
  });
}

/**
 * POST /api/payments/yookassa/notification: accepted only from YooKassa's addresses (the route
 * checks), and never believed: the payment is fetched again from YooKassa before anything is done.
 */
export async function handleNotification(deps: BillingDeps, body: unknown) {
  const object = (body as { object?: { id?: unknown } } | null)?.object;
  const providerId = typeof object?.id === 'string' ? object.id : null;
  if (!providerId || !billingEnabled(deps.config)) return { activated: false };
  const local = await repo.findPaymentByProviderIdAcrossAccounts(deps.database.system, providerId);
  if (!local) return { activated: false };
  const provider = await clientOf(deps).getPayment(providerId);
  const activated = await applyProviderPayment(deps.database, local.account_id, local.id, provider);
  return { activated };
}

/**
 * GET /api/payments/{id}: the payment the browser returns from. While it is still open YooKassa
 * is asked, so /payment/success and /payment/fail show the real result even before (or without)
 * the notification.
 */
export async function getPayment(
  deps: BillingDeps,
  tenant: Tenant,
  session: Pick<Session, 'isAdmin'>,
  id: number,
): Promise<TPayment> {
  assertAdmin(session);
  let row = await tenant.transaction((tx) => repo.findPayment(tx, tenant.accountId, id));
  if (!row) throw notFound(TARIFF_MESSAGES.paymentNotFound);
  const open = row.status === 'pending' || row.status === 'waiting_for_capture';
  if (open && row.providerPaymentId && billingEnabled(deps.config)) {
    try {
      const provider = await clientOf(deps).getPayment(row.providerPaymentId);
      await applyProviderPayment(deps.database, tenant.accountId, id, provider);
      row = await tenant.transaction((tx) => repo.findPayment(tx, tenant.accountId, id));
    } catch {
      // YooKassa unreachable: the page shows the payment as still being processed.
    }
  }
  return paymentView(row!);
}

export async function listPayments(tenant: Tenant, session: Pick<Session, 'isAdmin'>) {
  assertAdmin(session);
  const rows = await tenant.transaction((tx) => repo.listPayments(tx, tenant.accountId));
  return rows.map(paymentView);
}

/**
 * The re-check job: every payment still open a while after it was created is fetched from
 * YooKassa and acted upon — a lost notification changes nothing in the end.
 */
export async function recheckOpenPayments(deps: BillingDeps, olderThanMs = 60_000) {
  if (!billingEnabled(deps.config)) return { checked: 0, activated: 0 };
  const open = await repo.openPaymentsAcrossAccounts(
    deps.database.system,
    new Date(Date.now() - olderThanMs),
  );
  const client = clientOf(deps);
  let activated = 0;
  for (const payment of open) {
    try {
      const provider = await client.getPayment(payment.provider_payment_id);
      if (await applyProviderPayment(deps.database, payment.account_id, payment.id, provider)) {
        activated += 1;
      }
    } catch {
      // Asked again on the next run.
    }
  }
  return { checked: open.length, activated };
}
