import type { Db } from '@ats/db/connection';
import { files } from '@ats/db/schema/applicants';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';

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

export function findFilesByIds(tx: Db, accountId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([] as FileRow[]);
  return tx
    .select()
    .from(files)
    .where(and(eq(files.accountId, accountId), inArray(files.id, ids)));
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

const applicantFileColumns = {
  id: files.id,
  file_name: files.fileName,
  mime_type: files.mimeType,
  size_bytes: files.sizeBytes,
  kind: sql<'resume' | 'attachment'>`${files.kind}`,
  uploaded_by: files.uploadedBy,
  created_at: files.createdAt,
};
const ofApplicantListed = (accountId: number, applicantId: number) =>
  and(
    eq(files.accountId, accountId),
    eq(files.applicantId, applicantId),
    inArray(files.kind, ['resume', 'attachment']),
  );

/** Résumés and attachments of one applicant, oldest first (the photo is listed separately). */
export async function listApplicantFiles(tx: Db, accountId: number, applicantId: number) {
  return tx
    .select(applicantFileColumns)
    .from(files)
    .where(ofApplicantListed(accountId, applicantId))
    .orderBy(asc(files.createdAt), asc(files.id));
}

export async function findApplicantFile(
  tx: Db,
  accountId: number,
  applicantId: number,
  id: number,
) {
  const [row] = await tx
    .select(applicantFileColumns)
    .from(files)
    .where(and(ofApplicantListed(accountId, applicantId), eq(files.id, id)));
  return row ?? null;
}
