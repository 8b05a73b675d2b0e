import { type Db, selectRows } from '@ats/db/connection';
import { sql } from 'drizzle-orm';

/** Sign-up happens before any tenant: the account a referral code belongs to. */
export async function findAccountByReferralCodeAcrossAccounts(db: Db, code: string) {
  const [row] = await selectRows<{ id: number }>(
    db,
    sql`select id from accounts where referral_code = ${code}`,
  );
  return row?.id ?? null;
}

export async function findReferralCode(tx: Db, accountId: number) {
  const [row] = await selectRows<{ referral_code: string }>(
    tx,
    sql`select referral_code from accounts where id = ${accountId}`,
  );
  return row?.referral_code ?? null;
}

export type ReferralRow = {
  account_id: number;
  company: string;
  created_at: Date | string;
  payments_count: number;
  paid_total: string | null;
  last_paid_at: Date | string | null;
};

/**
 * The accounts that signed up through `referrerId`'s link and their succeeded payments. They are
 * other tenants: read with the owner connection, only these columns, only for the referrer.
 */
export async function referralsOfAcrossAccounts(db: Db, referrerId: number) {
  return selectRows<ReferralRow>(
    db,
    sql`select a.id as account_id, a.name as company, a.created_at,
               count(p.id)::int as payments_count, sum(p.amount)::text as paid_total,
               max(p.paid_at) as last_paid_at
        from accounts a
        left join payments p on p.account_id = a.id and p.status = 'succeeded'
        where a.referred_by_account_id = ${referrerId}
        group by a.id
        order by a.created_at desc
        limit 500`,
  );
}
