import type { Db } from '@ats/db/connection';
import { payments } from '@ats/db/schema/billing';
import { and, count, eq, inArray, max, sql } from 'drizzle-orm';

/**
 * The succeeded payments of the referred accounts (other tenants: read with the owner connection,
 * only the totals, only for their referrer), per account.
 */
export async function succeededPaymentTotalsAcrossAccounts(db: Db, accountIds: number[]) {
  if (accountIds.length === 0) return [];
  return db
    .select({
      accountId: payments.accountId,
      count: count(),
      total: sql<string>`sum(${payments.amount})::text`,
      lastPaidAt: max(payments.paidAt),
    })
    .from(payments)
    .where(and(inArray(payments.accountId, accountIds), eq(payments.status, 'succeeded')))
    .groupBy(payments.accountId);
}
