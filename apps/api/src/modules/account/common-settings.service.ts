import type { TCommonSettings, ZUpdateCommonSettingsRequest } from '@ats/contracts/account';
import type { z } from 'zod';
import type { Session } from '../../platform/auth.ts';
import { changesBetween, recordAudit } from '../../platform/audit.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import { assertCommonSettingsAction } from './common-settings.policy.ts';
import * as repo from './common-settings.repository.ts';

const ACCOUNT_NOT_FOUND = 'Аккаунт не найден';
const HOURS_ORDER = 'Рабочий день должен заканчиваться позже, чем начинается';

/** PostgreSQL's time is '09:00:00'; the API speaks 'HH:MM'. */
const hhmm = (time: string) => time.slice(0, 5);

const toSettings = (row: repo.CommonSettingsRow): TCommonSettings => ({
  time_zone: row.timeZone,
  currency: row.currency,
  work_days: [...row.workDays].sort((a, b) => a - b),
  work_hours_from: hhmm(row.workHoursFrom),
  work_hours_to: hhmm(row.workHoursTo),
});

export async function getCommonSettings(tenant: Tenant): Promise<TCommonSettings> {
  const row = await tenant.transaction((tx) => repo.findCommonSettings(tx, tenant.accountId));
  if (!row) throw notFound(ACCOUNT_NOT_FOUND);
  return toSettings(row);
}

export async function updateCommonSettings(
  tenant: Tenant,
  session: Pick<Session, 'memberType' | 'isAdmin'>,
  input: z.output<typeof ZUpdateCommonSettingsRequest>,
): Promise<TCommonSettings> {
  assertCommonSettingsAction(session, 'change');
  return tenant.transaction(async (tx) => {
    const current = await repo.findCommonSettings(tx, tenant.accountId);
    if (!current) throw notFound(ACCOUNT_NOT_FOUND);
    const from = input.work_hours_from ?? hhmm(current.workHoursFrom);
    const to = input.work_hours_to ?? hhmm(current.workHoursTo);
    // The contract checks a pair sent together; one end alone is checked against the stored one.
    if (from >= to) throw badRequest(HOURS_ORDER, { work_hours_to: HOURS_ORDER });
    const updated = await repo.updateCommonSettings(tx, tenant.accountId, {
      ...(input.time_zone !== undefined && { timeZone: input.time_zone }),
      ...(input.currency !== undefined && { currency: input.currency }),
      ...(input.work_days !== undefined && { workDays: input.work_days }),
      workHoursFrom: from,
      workHoursTo: to,
    });
    if (!updated) throw notFound(ACCOUNT_NOT_FOUND);
    const changes = changesBetween(toSettings(current), toSettings(updated));
    if (Object.keys(changes).length) {
      await recordAudit(tx, tenant, {
        action: 'account.common_settings_changed',
        target: { type: 'account', id: tenant.accountId },
        summary: 'Изменены общие настройки',
        changes,
      });
    }
    return toSettings(updated);
  });
}
