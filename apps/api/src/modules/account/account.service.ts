import type { TAccount } from '@ats/contracts/account';
import { EXTENSION_REQUEST_SENT } from '@ats/contracts/tariffs';
import type { AppDeps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import * as repo from './account.repository.ts';

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : '');

export async function getAccount(tenant: Tenant): Promise<TAccount> {
  const row = await tenant.transaction((tx) => repo.findAccount(tx, tenant.accountId));
  if (!row) throw notFound('Аккаунт не найден');
  return {
    id: row.id,
    name: row.name,
    inn: row.inn,
    time_zone: row.time_zone,
    currency: row.currency,
    is_active: row.is_active,
    created_at: iso(row.created_at),
    tariff_name: row.tariff_name ?? '',
    tariff_start_at: iso(row.tariff_start_at),
    tariff_end_at: iso(row.tariff_end_at),
    tariff_is_active: row.tariff_end_at !== null && new Date(row.tariff_end_at) > new Date(),
    tariff_users: row.tariff_users ?? 0,
    users_count: row.users_count,
  };
}

/** The deactivated screen's request: the support team gets a mail naming the account and user. */
export async function requestTariffExtension(deps: AppDeps, tenant: Tenant, userEmail: string) {
  const account = await tenant.transaction((tx) => repo.findAccount(tx, tenant.accountId));
  if (!account) throw notFound('Аккаунт не найден');
  await deps.mailer.send({
    to: deps.config.SUPPORT_EMAIL,
    subject: `Запрос продления тарифа: ${account.name}`,
    text:
      `Компания «${account.name}» (аккаунт ${account.id}) просит продлить тариф.\n` +
      `Тариф: ${account.tariff_name ?? '—'}, до ${iso(account.tariff_end_at) || '—'}.\n` +
      `Пользователь: ${userEmail} (id ${tenant.userId}).\n`,
    kind: 'tariff_extension',
    accountId: tenant.accountId,
  });
  return EXTENSION_REQUEST_SENT;
}
