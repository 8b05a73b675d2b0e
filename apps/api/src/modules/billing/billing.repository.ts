import { type Db, selectRows } from '@ats/db/connection';
import { payments, tariffLetters } from '@ats/db/schema/billing';
import { and, desc, eq, sql } from 'drizzle-orm';

export type PaymentRow = typeof payments.$inferSelect;

export async function insertPayment(tx: Db, values: typeof payments.$inferInsert) {
  const [row] = await tx.insert(payments).values(values).returning();
  return row!;
}

export async function setProviderPayment(
  tx: Db,
  accountId: number,
  id: number,
  providerPaymentId: string,
  confirmationUrl: string | null,
) {
  await tx
    .update(payments)
    .set({ providerPaymentId, confirmationUrl })
    .where(and(eq(payments.accountId, accountId), eq(payments.id, id)));
}

export async function findPayment(tx: Db, accountId: number, id: number) {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.accountId, accountId), eq(payments.id, id)));
  return row ?? null;
}

export async function lockPayment(tx: Db, accountId: number, id: number) {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.accountId, accountId), eq(payments.id, id)))
    .for('update');
  return row ?? null;
}

export async function listPayments(tx: Db, accountId: number) {
  return tx
    .select()
    .from(payments)
    .where(eq(payments.accountId, accountId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(200);
}

export async function updatePaymentState(
  tx: Db,
  accountId: number,
  id: number,
  changes: Partial<Pick<PaymentRow, 'status' | 'paidAt' | 'processedAt' | 'checkedAt'>>,
) {
  await tx
    .update(payments)
    .set(changes)
    .where(and(eq(payments.accountId, accountId), eq(payments.id, id)));
}

/** A notification names the provider's id only: which account's payment it is. */
export async function findPaymentByProviderIdAcrossAccounts(db: Db, providerPaymentId: string) {
  const [row] = await selectRows<{ account_id: number; id: number }>(
    db,
    sql`select account_id, id from payments where provider_payment_id = ${providerPaymentId}`,
  );
  return row ?? null;
}

/** Payments still open, created before `before`: the re-check job asks YooKassa about them. */
export async function openPaymentsAcrossAccounts(db: Db, before: Date) {
  return selectRows<{ account_id: number; id: number; provider_payment_id: string }>(
    db,
    sql`select account_id, id, provider_payment_id from payments
        where status in ('pending', 'waiting_for_capture') and provider_payment_id is not null
          and created_at < ${before.toISOString()}::timestamptz
        order by created_at limit 500`,
  );
}

/** Claims a letter of a tariff period; false when it was sent already. */
export async function claimTariffLetter(tx: Db, accountId: number, tariffId: number, kind: string) {
  const rows = await tx
    .insert(tariffLetters)
    .values({ accountId, tariffId, kind })
    .onConflictDoNothing()
    .returning({ kind: tariffLetters.kind });
  return rows.length > 0;
}
