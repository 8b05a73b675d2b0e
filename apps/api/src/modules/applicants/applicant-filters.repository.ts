import type { Db } from '@ats/db/connection';
import { applicantFilters } from '@ats/db/schema/applicants';
import { and, asc, eq, or } from 'drizzle-orm';

export type ApplicantFilterRow = typeof applicantFilters.$inferSelect;

/** The caller's own sets and the ones shared with the team. */
export async function listVisibleFilters(tx: Db, accountId: number, userId: number) {
  return tx
    .select()
    .from(applicantFilters)
    .where(
      and(
        eq(applicantFilters.accountId, accountId),
        or(eq(applicantFilters.userId, userId), eq(applicantFilters.isShared, true)),
      ),
    )
    .orderBy(asc(applicantFilters.name), asc(applicantFilters.id));
}

export async function findFilterById(tx: Db, accountId: number, id: number) {
  const [row] = await tx
    .select()
    .from(applicantFilters)
    .where(and(eq(applicantFilters.accountId, accountId), eq(applicantFilters.id, id)))
    .for('update');
  return row ?? null;
}

export async function insertFilter(tx: Db, filter: typeof applicantFilters.$inferInsert) {
  const [row] = await tx.insert(applicantFilters).values(filter).returning();
  return row!;
}

export async function updateFilter(
  tx: Db,
  accountId: number,
  id: number,
  changes: Partial<Pick<ApplicantFilterRow, 'name' | 'filters' | 'isShared'>>,
) {
  const [row] = await tx
    .update(applicantFilters)
    .set(changes)
    .where(and(eq(applicantFilters.accountId, accountId), eq(applicantFilters.id, id)))
    .returning();
  return row!;
}

export async function deleteFilter(tx: Db, accountId: number, id: number) {
  await tx
    .delete(applicantFilters)
    .where(and(eq(applicantFilters.accountId, accountId), eq(applicantFilters.id, id)));
}
