import type { Db } from '@ats/db/connection';
import { files } from '@ats/db/schema/applicants';
import { and, eq, inArray } from 'drizzle-orm';

export type FileRow = typeof files.$inferSelect;

export async function insertFile(tx: Db, file: typeof files.$inferInsert) {
  const [row] = await tx.insert(files).values(file).returning();
  return row!;
}

export async function findFileById(tx: Db, accountId: number, id: number) {
  const [row] = await tx
    .select()
    .from(files)
    .where(and(eq(files.accountId, accountId), eq(files.id, id)));
  return row ?? null;
}

export async function listApplicantFileKeys(tx: Db, accountId: number, applicantIds: number[]) {
  if (applicantIds.length === 0) return [];
  return tx
    .select({ id: files.id, storageKey: files.storageKey })
    .from(files)
    .where(and(eq(files.accountId, accountId), inArray(files.applicantId, applicantIds)));
}

export async function deleteFilesByIds(tx: Db, accountId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return tx
    .delete(files)
    .where(and(eq(files.accountId, accountId), inArray(files.id, ids)))
    .returning({ id: files.id, storageKey: files.storageKey });
}
