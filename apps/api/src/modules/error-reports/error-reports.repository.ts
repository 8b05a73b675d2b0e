import { type Db, selectRows } from '@ats/db/connection';
import { errorReports } from '@ats/db/schema/public-content';
import { eq, sql } from 'drizzle-orm';

/** Reports come from the error page, signed in or not; they are support's, not an account's. */
export async function insertErrorReportAcrossAccounts(
  db: Db,
  report: typeof errorReports.$inferInsert,
) {
  const [row] = await db.insert(errorReports).values(report).returning({ id: errorReports.id });
  return row!.id;
}

export async function markErrorReportDeliveryAcrossAccounts(
  db: Db,
  id: number,
  error: string | null,
) {
  await db
    .update(errorReports)
    .set(error ? { deliveryError: error.slice(0, 500) } : { deliveredAt: new Date() })
    .where(eq(errorReports.id, id));
}

export async function findReporter(tx: Db, accountId: number, userId: number) {
  const [row] = await selectRows<{ email: string; tariff_name: string | null }>(
    tx,
    sql`
    select u.email,
           (select name from account_tariffs t where t.account_id = u.account_id order by end_at desc limit 1) as tariff_name
    from users u where u.account_id = ${accountId} and u.id = ${userId}`,
  );
  return row ?? null;
}
