import type { Db } from '@ats/db/connection';
import { vacancyTemplates } from '@ats/db/schema/vacancies';
import { and, asc, eq, sql } from 'drizzle-orm';

export type TemplateRow = typeof vacancyTemplates.$inferSelect;
export type TemplateInsert = typeof vacancyTemplates.$inferInsert;

export async function listTemplates(tx: Db, accountId: number) {
  return tx
    .select()
    .from(vacancyTemplates)
    .where(eq(vacancyTemplates.accountId, accountId))
    .orderBy(asc(sql`lower(${vacancyTemplates.name})`), asc(vacancyTemplates.id));
}

export async function findTemplate(tx: Db, accountId: number, id: number) {
  const [row] = await tx
    .select()
    .from(vacancyTemplates)
    .where(and(eq(vacancyTemplates.accountId, accountId), eq(vacancyTemplates.id, id)));
  return row ?? null;
}

export async function insertTemplate(tx: Db, row: TemplateInsert) {
  const [created] = await tx.insert(vacancyTemplates).values(row).returning();
  return created!;
}

export async function updateTemplate(
  tx: Db,
  accountId: number,
  id: number,
  changes: Partial<TemplateInsert>,
) {
  const [row] = await tx
    .update(vacancyTemplates)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(vacancyTemplates.accountId, accountId), eq(vacancyTemplates.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteTemplate(tx: Db, accountId: number, id: number) {
  const [row] = await tx
    .delete(vacancyTemplates)
    .where(and(eq(vacancyTemplates.accountId, accountId), eq(vacancyTemplates.id, id)))
    .returning();
  return row ?? null;
}
