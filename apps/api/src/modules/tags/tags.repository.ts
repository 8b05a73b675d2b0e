import type { Db } from '@ats/db/connection';
import { applicantTags, tags } from '@ats/db/schema/applicants';
import { and, asc, count, eq, sql } from 'drizzle-orm';

export type TagRow = typeof tags.$inferSelect;

export async function listTags(tx: Db, accountId: number) {
  return tx
    .select()
    .from(tags)
    .where(eq(tags.accountId, accountId))
    .orderBy(asc(sql`lower(${tags.name})`), asc(tags.id));
}

export async function findTagById(tx: Db, accountId: number, id: number) {
  const [row] = await tx
    .select()
    .from(tags)
    .where(and(eq(tags.accountId, accountId), eq(tags.id, id)));
  return row ?? null;
}

export async function insertTag(tx: Db, tag: typeof tags.$inferInsert) {
  const [row] = await tx.insert(tags).values(tag).returning();
  return row!;
}

export async function updateTag(
  tx: Db,
  accountId: number,
  id: number,
  changes: Partial<typeof tags.$inferInsert>,
) {
  const [row] = await tx
    .update(tags)
    .set(changes)
    .where(and(eq(tags.accountId, accountId), eq(tags.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteTag(tx: Db, accountId: number, id: number) {
  const [row] = await tx
    .delete(tags)
    .where(and(eq(tags.accountId, accountId), eq(tags.id, id)))
    .returning();
  return row ?? null;
}

/** Applicants per tag: an index-only walk of applicant_tags_tag_idx. */
export async function countApplicantsByTag(tx: Db, accountId: number) {
  return tx
    .select({ tagId: applicantTags.tagId, applicantsCount: count() })
    .from(applicantTags)
    .where(eq(applicantTags.accountId, accountId))
    .groupBy(applicantTags.tagId);
}
