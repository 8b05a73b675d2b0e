import type { Db } from '@ats/db/connection';
import { accountSources, applicants } from '@ats/db/schema/applicants';
import { users } from '@ats/db/schema/users';
import { intArray } from '@ats/db/sql-arrays';
import { and, asc, count, eq, inArray, max, ne, sql } from 'drizzle-orm';

export type AccountSourceRow = typeof accountSources.$inferSelect;

export async function listAccountSources(tx: Db, accountId: number) {
  return tx
    .select()
    .from(accountSources)
    .where(eq(accountSources.accountId, accountId))
    .orderBy(asc(accountSources.position), asc(accountSources.id));
}

export async function findAccountSourceById(tx: Db, accountId: number, id: number) {
  const [row] = await tx
    .select()
    .from(accountSources)
    .where(and(eq(accountSources.accountId, accountId), eq(accountSources.id, id)));
  return row ?? null;
}

/** Another source of the account with this name, whatever its case. */
export async function findAccountSourceByName(
  tx: Db,
  accountId: number,
  name: string,
  exceptId?: number,
) {
  const [row] = await tx
    .select({ id: accountSources.id })
    .from(accountSources)
    .where(
      and(
        eq(accountSources.accountId, accountId),
        sql`lower(${accountSources.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(accountSources.id, exceptId),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function findLastAccountSourcePosition(tx: Db, accountId: number) {
  const [row] = await tx
    .select({ last: max(accountSources.position) })
    .from(accountSources)
    .where(eq(accountSources.accountId, accountId));
  return row?.last ?? 0;
}

export async function insertAccountSources(tx: Db, rows: (typeof accountSources.$inferInsert)[]) {
  return tx.insert(accountSources).values(rows).returning();
}

export async function updateAccountSource(
  tx: Db,
  accountId: number,
  id: number,
  changes: Partial<typeof accountSources.$inferInsert>,
) {
  const [row] = await tx
    .update(accountSources)
    .set(changes)
    .where(and(eq(accountSources.accountId, accountId), eq(accountSources.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteAccountSource(tx: Db, accountId: number, id: number) {
  const [row] = await tx
    .delete(accountSources)
    .where(and(eq(accountSources.accountId, accountId), eq(accountSources.id, id)))
    .returning();
  return row ?? null;
}

export async function countApplicantsFromSource(tx: Db, accountId: number, sourceId: number) {
  const [row] = await tx
    .select({ n: count() })
    .from(applicants)
    .where(and(eq(applicants.accountId, accountId), eq(applicants.accountSourceId, sourceId)));
  return row?.n ?? 0;
}

export async function findUserSettings(tx: Db, accountId: number, userId: number) {
  const [row] = await tx
    .select({ settings: users.settings })
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(users.id, userId)));
  return row?.settings ?? null;
}

/** Sets the sources' positions to 1, 2, … in the order of `ids`. */
export async function updateAccountSourcePositions(tx: Db, accountId: number, ids: number[]) {
  if (ids.length === 0) return;
  await tx
    .update(accountSources)
    .set({ position: sql`array_position(${intArray(ids)}, ${accountSources.id})` })
    .where(and(eq(accountSources.accountId, accountId), inArray(accountSources.id, ids)));
}
