import type { TAffiliate } from '@ats/contracts/tariffs';
import type { Db } from '@ats/db/connection';
import type { Session } from '../../platform/auth.ts';
import type { Config } from '../../platform/config.ts';
import { forbidden } from '../../platform/errors.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import {
  findAccountByReferralCodeAcrossAccounts,
  findReferralCode,
  referredAccountsAcrossAccounts,
} from '../account/account.service.ts';
import * as repo from './affiliate.repository.ts';

/** Called by sign-up: the referrer named by a referral link's code, or null. */
export const referrerOfCodeAcrossAccounts = (db: Db, code: string) =>
  findAccountByReferralCodeAcrossAccounts(db, code);

/** GET /api/affiliate: the account's referral link and the companies that came by it (admins). */
export async function getAffiliate(
  config: Config,
  system: Db,
  tenant: Tenant,
  session: Pick<Session, 'isAdmin'>,
): Promise<TAffiliate> {
  if (!session.isAdmin) throw forbidden('Партнёрскую ссылку и приглашённых видит администратор');
  const code = await tenant.transaction((tx) => findReferralCode(tx, tenant.accountId));
  const base = (config.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/$/, '');
  const referred = await referredAccountsAcrossAccounts(system, tenant.accountId);
  const totals = new Map(
    (
      await repo.succeededPaymentTotalsAcrossAccounts(
        system,
        referred.map((a) => a.id),
      )
    ).map((t) => [t.accountId, t]),
  );
  return {
    referral_code: code ?? '',
    referral_link: `${base}/auth/signup?ref=${encodeURIComponent(code ?? '')}`,
    referrals: referred.map((a) => {
      const paid = totals.get(a.id);
      return {
        company: a.name,
        signed_up_at: new Date(a.createdAt).toISOString(),
        payments_count: paid?.count ?? 0,
        paid_total: Number(paid?.total ?? 0).toFixed(2),
        last_paid_at: paid?.lastPaidAt ? new Date(paid.lastPaidAt).toISOString() : null,
      };
    }),
  };
}
