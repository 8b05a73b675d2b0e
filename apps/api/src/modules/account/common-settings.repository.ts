import type { Db } from '@ats/db/connection';
import { accounts } from '@ats/db/schema/accounts';
import { eq } from 'drizzle-orm';

const columns = {
  timeZone: accounts.timeZone,
  currency: accounts.currency,
  workDays: accounts.workDays,
  workHoursFrom: accounts.workHoursFrom,
  workHoursTo: accounts.workHoursTo,
};

export type CommonSettingsRow = {
  timeZone: string;
  currency: string;
  workDays: number[];
  workHoursFrom: string;
  workHoursTo: string;
};

export async function findCommonSettings(tx: Db, accountId: number) {
  const [row] = await tx.select(columns).from(accounts).where(eq(accounts.id, accountId));
  return (row as CommonSettingsRow | undefined) ?? null;
}

export async function updateCommonSettings(
  tx: Db,
  accountId: number,
  changes: Partial<CommonSettingsRow>,
) {
  const [row] = await tx
    .update(accounts)
    .set(changes)
    .where(eq(accounts.id, accountId))
    .returning(columns);
  return (row as CommonSettingsRow | undefined) ?? null;
}
