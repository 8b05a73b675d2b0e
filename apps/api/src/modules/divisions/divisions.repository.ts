import { type Db, selectRows } from '@ats/db/connection';
import { accountDivisions } from '@ats/db/schema/accounts';
import { intArray } from '@ats/db/sql-arrays';
import { and, asc, eq, isNull, max, sql } from 'drizzle-orm';

export type DivisionRow = typeof accountDivisions.$inferSelect;

export async function listDivisions(tx: Db, accountId: number) {
  return tx
    .select()
    .from(accountDivisions)
    .where(eq(accountDivisions.accountId, accountId))
    .orderBy(asc(accountDivisions.position), asc(accountDivisions.id));
}

export async function findDivisionById(tx: Db, accountId: number, id: number) {
  const [row] = await tx
    .select()
    .from(accountDivisions)
    .where(and(eq(accountDivisions.accountId, accountId), eq(accountDivisions.id, id)));
  return row ?? null;
}

/** The division and everything below it. */
export async function findSubtreeIds(tx: Db, accountId: number, id: number) {
  const rows = await selectRows<{ id: number }>(
    tx,
    sql`
    with recursive subtree(id) as (
      select id from account_divisions where account_id = ${accountId} and id = ${id}
      union
      select d.id from account_divisions d join subtree s on d.parent_id = s.id
      where d.account_id = ${accountId}
    )
    select id from subtree`,
  );
  return rows.map((r) => r.id);
}

/** A head must be a user of the account who has not been removed. */
export async function activeUserExists(tx: Db, accountId: number, userId: number) {
  const rows = await selectRows<{ id: number }>(
    tx,
    sql`select id from users
    where account_id = ${accountId} and id = ${userId} and deleted_at is null`,
  );
  return rows.length > 0;
}

export async function findLastSiblingPosition(tx: Db, accountId: number, parentId: number | null) {
  const [row] = await tx
    .select({ last: max(accountDivisions.position) })
    .from(accountDivisions)
    .where(
      and(
        eq(accountDivisions.accountId, accountId),
        parentId === null
          ? isNull(accountDivisions.parentId)
          : eq(accountDivisions.parentId, parentId),
      ),
    );
  return row?.last ?? 0;
}

export async function insertDivision(tx: Db, row: typeof accountDivisions.$inferInsert) {
  const [created] = await tx.insert(accountDivisions).values(row).returning();
  return created!;
}

export async function updateDivision(
  tx: Db,
  accountId: number,
  id: number,
  changes: Partial<typeof accountDivisions.$inferInsert>,
) {
  const [row] = await tx
    .update(accountDivisions)
    .set(changes)
    .where(and(eq(accountDivisions.accountId, accountId), eq(accountDivisions.id, id)))
    .returning();
  return row!;
}

/** Deletes the division with its children; their vacancies stay, without a division. */
export async function deleteDivisionSubtree(tx: Db, accountId: number, ids: number[]) {
  await tx.execute(sql`
    update vacancies set division_id = null
    where account_id = ${accountId} and division_id = any(${intArray(ids)})`);
  await tx.execute(sql`
    delete from account_divisions where account_id = ${accountId} and id = any(${intArray(ids)})`);
}
