import { type Db, selectRows } from '@ats/db/connection';
import { applicationTransitions, applications } from '@ats/db/schema/pipeline';
import { type ReasonType, reasons } from '@ats/db/schema/pipeline-settings';
import { vacancies, vacancyStateLog } from '@ats/db/schema/vacancies';
import { intArray } from '@ats/db/sql-arrays';
import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';

export type ReasonRow = typeof reasons.$inferSelect;

export async function listReasons(tx: Db, accountId: number, reasonType?: ReasonType) {
  return tx
    .select()
    .from(reasons)
    .where(
      and(
        eq(reasons.accountId, accountId),
        reasonType === undefined ? undefined : eq(reasons.reasonType, reasonType),
      ),
    )
    .orderBy(asc(reasons.reasonType), asc(reasons.position), asc(reasons.id));
}

export async function findReasonById(tx: Db, accountId: number, id: number) {
  const [row] = await tx
    .select()
    .from(reasons)
    .where(and(eq(reasons.accountId, accountId), eq(reasons.id, id)));
  return row ?? null;
}

export async function findLastReasonPosition(tx: Db, accountId: number, reasonType: ReasonType) {
  const [row] = await tx
    .select({ last: max(reasons.position) })
    .from(reasons)
    .where(and(eq(reasons.accountId, accountId), eq(reasons.reasonType, reasonType)));
  return row?.last ?? 0;
}

export async function insertReason(tx: Db, row: typeof reasons.$inferInsert) {
  const [created] = await tx.insert(reasons).values(row).returning();
  return created!;
}

export async function updateReason(
  tx: Db,
  accountId: number,
  id: number,
  changes: Partial<typeof reasons.$inferInsert>,
) {
  const [row] = await tx
    .update(reasons)
    .set(changes)
    .where(and(eq(reasons.accountId, accountId), eq(reasons.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteReason(tx: Db, accountId: number, id: number) {
  await tx.delete(reasons).where(and(eq(reasons.accountId, accountId), eq(reasons.id, id)));
}

/** Whether a rejection, a vacancy state or the history names the reason. */
export async function isReasonUsed(tx: Db, accountId: number, id: number) {
  const [row] = await selectRows<{ used: boolean }>(
    tx,
    sql`
    select exists (select 1 from ${applications} where account_id = ${accountId} and reject_reason_id = ${id})
        or exists (select 1 from ${vacancies} where account_id = ${accountId} and state_reason_id = ${id})
        or exists (select 1 from ${vacancyStateLog} where account_id = ${accountId} and reason_id = ${id})
        or exists (select 1 from ${applicationTransitions} where account_id = ${accountId} and reason_id = ${id})
       as used`,
  );
  return row?.used ?? false;
}

/** Sets the positions of one type's reasons to 1, 2, … in the order of `ids`. */
export async function updateReasonPositions(
  tx: Db,
  accountId: number,
  reasonType: ReasonType,
  ids: number[],
) {
  if (ids.length === 0) return;
  await tx
    .update(reasons)
    .set({ position: sql`array_position(${intArray(ids)}, ${reasons.id})` })
    .where(
      and(
        eq(reasons.accountId, accountId),
        eq(reasons.reasonType, reasonType),
        inArray(reasons.id, ids),
      ),
    );
}
