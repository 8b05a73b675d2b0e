import { type Db, selectRows } from '@ats/db/connection';
import { accountTariffs, accounts } from '@ats/db/schema/accounts';
import { desc, eq, sql } from 'drizzle-orm';

export type AccountRow = {
  id: number;
  name: string;
  inn: string | null;
  time_zone: string;
  currency: string;
  is_active: boolean;
  created_at: Date | string;
  tariff_name: string | null;
  tariff_start_at: Date | string | null;
  tariff_end_at: Date | string | null;
  tariff_users: number | null;
  users_count: number;
  logo_file_id: number | null;
};

export async function findAccount(tx: Db, accountId: number) {
  const [row] = await selectRows<AccountRow>(
    tx,
    sql`
    select a.id, a.name, a.inn, a.time_zone, a.currency, a.is_active, a.created_at, a.logo_file_id,
           t.name as tariff_name, t.start_at as tariff_start_at, t.end_at as tariff_end_at,
           t.users_limit as tariff_users,
           (select count(*)::int from users u
             where u.account_id = a.id and u.deleted_at is null and u.is_active) as users_count
    from accounts a
    left join lateral (
      select name, start_at, end_at, users_limit from account_tariffs
      where account_id = a.id order by end_at desc limit 1
    ) t on true
    where a.id = ${accountId}`,
  );
  return row ?? null;
}

export type AccountSettingsChanges = Partial<{
  name: string;
  inn: string | null;
  timeZone: string;
  logoFileId: number | null;
}>;

/** Changes the account's own row; returns the logo it had before, to clean up a replaced one. */
export async function updateAccountSettings(
  tx: Db,
  accountId: number,
  changes: AccountSettingsChanges,
) {
  const [before] = await tx
    .select({ logoFileId: accounts.logoFileId })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .for('update');
  if (!before) return null;
  if (Object.keys(changes).length > 0) {
    await tx.update(accounts).set(changes).where(eq(accounts.id, accountId));
  }
  return before;
}

export type TariffPeriodRow = {
  id: number;
  name: string;
  start_at: Date | string;
  end_at: Date | string;
  users_limit: number;
  balance: string | number;
};

/** The account's current tariff period (the one ending last), locked for a change. */
export async function lockCurrentTariff(tx: Db, accountId: number) {
  const [row] = await selectRows<TariffPeriodRow>(
    tx,
    sql`select id, name, start_at, end_at, users_limit, balance from account_tariffs
        where account_id = ${accountId} order by end_at desc limit 1 for update`,
  );
  return row ?? null;
}

export async function insertTariffPeriod(
  tx: Db,
  accountId: number,
  period: { name: string; startAt: Date; endAt: Date; usersLimit: number; balance: number },
) {
  const [row] = await tx
    .insert(accountTariffs)
    .values({ accountId, ...period })
    .returning({ id: accountTariffs.id });
  return row!.id;
}

export type EndingTariffRow = {
  account_id: number;
  tariff_id: number;
  name: string;
  end_at: Date | string;
  company: string;
};

/** Every account's current period ending before `before` (ended ones too): the letters' job. */
export async function currentTariffsEndingBeforeAcrossAccounts(db: Db, before: Date) {
  return selectRows<EndingTariffRow>(
    db,
    sql`select a.id as account_id, t.id as tariff_id, t.name, t.end_at, a.name as company
        from accounts a
        join lateral (
          select id, name, end_at from account_tariffs
          where account_id = a.id order by end_at desc limit 1
        ) t on true
        where t.end_at < ${before.toISOString()}::timestamptz`,
  );
}

/** Sign-up happens before any tenant: the account a referral code belongs to. */
export async function findAccountByReferralCodeAcrossAccounts(db: Db, code: string) {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.referralCode, code));
  return row?.id ?? null;
}

export async function findReferralCode(tx: Db, accountId: number) {
  const [row] = await tx
    .select({ code: accounts.referralCode })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row?.code ?? null;
}

/**
 * The accounts that signed up through `referrerId`'s link, newest first. They are other tenants:
 * read with the owner connection, only these columns, only for the referrer.
 */
export async function referredAccountsAcrossAccounts(db: Db, referrerId: number) {
  return db
    .select({ id: accounts.id, name: accounts.name, createdAt: accounts.createdAt })
    .from(accounts)
    .where(eq(accounts.referredByAccountId, referrerId))
    .orderBy(desc(accounts.createdAt))
    .limit(500);
}
