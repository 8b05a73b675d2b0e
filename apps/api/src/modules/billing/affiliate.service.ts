import type { TAffiliate } from '@ats/contracts/tariffs';
import type { Db } from '@ats/db/connection';
import type { Session } from '../../platform/auth.ts';
import type { Config } from '../../platform/config.ts';
import { forbidden } from '../../platform/errors.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import * as repo from './affiliate.repository.ts';

/** Called by sign-up: the referrer named by a referral link's code, or null. */
export const referrerOfCodeAcrossAccounts = (db: Db, code: string) =>
  repo.findAccountByReferralCodeAcrossAccounts(db, code);

/** GET /api/affiliate: the account's referral link and the companies that came by it (admins). */
export async function getAffiliate(
  config: Config,
  system: Db,
  tenant: Tenant,
  session: Pick<Session, 'isAdmin'>,
): Promise<TAffiliate> {
  if (!session.isAdmin) throw forbidden('Партнёрскую ссылку и приглашённых видит администратор');
  const code = await tenant.transaction((tx) => repo.findReferralCode(tx, tenant.accountId));
  const base = (config.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/$/, '');
  const rows = await repo.referralsOfAcrossAccounts(system, tenant.accountId);
  return {
    referral_code: code ?? '',
    referral_link: `${base}/auth/signup?ref=${encodeURIComponent(code ?? '')}`,
    referrals: rows.map((r) => ({
      company: r.company,
      signed_up_at: new Date(r.created_at).toISOString(),
      payments_count: r.payments_count,
      paid_total: Number(r.paid_total ?? 0).toFixed(2),
      last_paid_at: r.last_paid_at ? new Date(r.last_paid_at).toISOString() : null,
    })),
  };
}
