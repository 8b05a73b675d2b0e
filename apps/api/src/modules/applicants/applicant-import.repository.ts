import type { Db } from '@ats/db/connection';
import { applicantImportFailures, applicantImports } from '@ats/db/schema/applicant-imports';
import { users } from '@ats/db/schema/users';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';

export type ImportRow = typeof applicantImports.$inferSelect;
export type ImportInsert = typeof applicantImports.$inferInsert;
export type FailureInsert = Omit<typeof applicantImportFailures.$inferInsert, 'accountId'>;

const byId = (accountId: number, id: number) =>
  and(eq(applicantImports.accountId, accountId), eq(applicantImports.id, id));

export async function insertImport(tx: Db, values: ImportInsert) {
  const [row] = await tx.insert(applicantImports).values(values).returning();
  return row!;
}

export async function findImport(tx: Db, accountId: number, id: number) {
  const [row] = await tx.select().from(applicantImports).where(byId(accountId, id));
  return row ?? null;
}

/** The import locked for a change: one batch, or one start, at a time. */
export async function lockImport(tx: Db, accountId: number, id: number) {
  const [row] = await tx.select().from(applicantImports).where(byId(accountId, id)).for('update');
  return row ?? null;
}

export async function updateImport(
  tx: Db,
  accountId: number,
  id: number,
  values: Partial<Omit<ImportInsert, 'accountId' | 'id'>>,
) {
  await tx.update(applicantImports).set(values).where(byId(accountId, id));
}

/** Counts move by what one batch did, together with the position it reached. */
export async function advanceImport(
  tx: Db,
  accountId: number,
  id: number,
  batch: { processed: number; imported: number; merged: number; skipped: number; failed: number },
) {
  await tx
    .update(applicantImports)
    .set({
      processed: batch.processed,
      imported: sql`${applicantImports.imported} + ${batch.imported}`,
      merged: sql`${applicantImports.merged} + ${batch.merged}`,
      skipped: sql`${applicantImports.skipped} + ${batch.skipped}`,
      failed: sql`${applicantImports.failed} + ${batch.failed}`,
    })
    .where(byId(accountId, id));
}

export async function insertFailures(tx: Db, accountId: number, failures: FailureInsert[]) {
  if (failures.length === 0) return;
  await tx
    .insert(applicantImportFailures)
    .values(failures.map((failure) => ({ ...failure, accountId })))
    .onConflictDoNothing();
}

export async function listFailures(tx: Db, accountId: number, importId: number, limit?: number) {
  const query = tx
    .select({
      line: applicantImportFailures.line,
      reason: applicantImportFailures.reason,
      cells: applicantImportFailures.cells,
    })
    .from(applicantImportFailures)
    .where(
      and(
        eq(applicantImportFailures.accountId, accountId),
        eq(applicantImportFailures.importId, importId),
      ),
    )
    .orderBy(asc(applicantImportFailures.line));
  return limit === undefined ? query : query.limit(limit);
}

/** Who started the import, as the job acts in their name; null once they are deleted. */
export async function findImporter(tx: Db, accountId: number, userId: number) {
  const [row] = await tx
    .select({ isAdmin: users.isAdmin, memberType: users.memberType, isActive: users.isActive })
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(users.id, userId), isNull(users.deletedAt)));
  return row ?? null;
}
