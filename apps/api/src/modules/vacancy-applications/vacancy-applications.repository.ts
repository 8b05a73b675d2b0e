import type { Db } from '@ats/db/connection';
import {
  vacancyApplicationEvents,
  vacancyApplicationFiles,
  vacancyApplicationLinks,
  vacancyApplications,
  vacancyApplicationTemplates,
} from '@ats/db/schema/vacancy-applications';
import { intArray } from '@ats/db/sql-arrays';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';

// The SQL of hiring requests and their templates, files, history and outside approvers' links.
// Every function takes the tenant transaction `tx`, except those named …AcrossAccounts.

export type TemplateRow = typeof vacancyApplicationTemplates.$inferSelect;
export type RequestRow = typeof vacancyApplications.$inferSelect;
export type RequestInsert = typeof vacancyApplications.$inferInsert;
export type RequestFileRow = typeof vacancyApplicationFiles.$inferSelect;
export type RequestEventRow = typeof vacancyApplicationEvents.$inferSelect;
export type RequestEventInsert = typeof vacancyApplicationEvents.$inferInsert;
export type RequestLinkRow = typeof vacancyApplicationLinks.$inferSelect;

// ─── Templates ──────────────────────────────────────────────────────────────────────────────

export async function listTemplates(tx: Db, accountId: number) {
  return tx
    .select()
    .from(vacancyApplicationTemplates)
    .where(eq(vacancyApplicationTemplates.accountId, accountId))
    .orderBy(
      asc(sql`lower(${vacancyApplicationTemplates.name})`),
      asc(vacancyApplicationTemplates.id),
    );
}

export async function findTemplate(tx: Db, accountId: number, id: number) {
  const [row] = await tx
    .select()
    .from(vacancyApplicationTemplates)
    .where(
      and(
        eq(vacancyApplicationTemplates.accountId, accountId),
        eq(vacancyApplicationTemplates.id, id),
      ),
    );
  return row ?? null;
}

export async function insertTemplate(tx: Db, row: typeof vacancyApplicationTemplates.$inferInsert) {
  const [created] = await tx.insert(vacancyApplicationTemplates).values(row).returning();
  return created!;
}

export async function updateTemplate(
  tx: Db,
  accountId: number,
  id: number,
  changes: Partial<typeof vacancyApplicationTemplates.$inferInsert>,
) {
  const [row] = await tx
    .update(vacancyApplicationTemplates)
    .set({ ...changes, updatedAt: new Date() })
    .where(
      and(
        eq(vacancyApplicationTemplates.accountId, accountId),
        eq(vacancyApplicationTemplates.id, id),
      ),
    )
    .returning();
  return row ?? null;
}

export async function deleteTemplate(tx: Db, accountId: number, id: number) {
  await tx
    .delete(vacancyApplicationTemplates)
    .where(
      and(
        eq(vacancyApplicationTemplates.accountId, accountId),
        eq(vacancyApplicationTemplates.id, id),
      ),
    );
}

// ─── Requests ───────────────────────────────────────────────────────────────────────────────

const live = (accountId: number, id: number) =>
  and(
    eq(vacancyApplications.accountId, accountId),
    eq(vacancyApplications.id, id),
    isNull(vacancyApplications.deletedAt),
  );

/** A request that is not deleted; `lock` holds it for the rest of the transaction. */
export async function findRequest(tx: Db, accountId: number, id: number, lock = false) {
  const query = tx.select().from(vacancyApplications).where(live(accountId, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertRequest(tx: Db, row: RequestInsert) {
  const [created] = await tx.insert(vacancyApplications).values(row).returning();
  return created!;
}

export async function updateRequest(
  tx: Db,
  accountId: number,
  id: number,
  changes: Partial<RequestInsert>,
) {
  const [row] = await tx
    .update(vacancyApplications)
    .set({ ...changes, updatedAt: new Date() })
    .where(live(accountId, id))
    .returning();
  return row ?? null;
}

/** A draft is removed from every list; its history stays for the audit. */
export async function markRequestDeleted(tx: Db, accountId: number, id: number) {
  await tx.update(vacancyApplications).set({ deletedAt: new Date() }).where(live(accountId, id));
}

/** Whether a request of the account with this id exists (the vacancy's link is checked). */
export async function requestExists(tx: Db, accountId: number, id: number) {
  const [row] = await tx
    .select({ id: vacancyApplications.id })
    .from(vacancyApplications)
    .where(live(accountId, id));
  return row !== undefined;
}

/** The divisions' service clears the link of requests in divisions it removes. */
export async function clearDivision(tx: Db, accountId: number, divisionIds: number[]) {
  await tx.execute(sql`
    update vacancy_applications set account_division_id = null
    where account_id = ${accountId} and account_division_id = any(${intArray(divisionIds)})`);
}

// ─── Files ──────────────────────────────────────────────────────────────────────────────────

export async function insertFile(tx: Db, row: typeof vacancyApplicationFiles.$inferInsert) {
  const [created] = await tx.insert(vacancyApplicationFiles).values(row).returning();
  return created!;
}

export async function listFiles(tx: Db, accountId: number, applicationIds: number[]) {
  if (applicationIds.length === 0) return [];
  return tx
    .select()
    .from(vacancyApplicationFiles)
    .where(
      and(
        eq(vacancyApplicationFiles.accountId, accountId),
        inArray(vacancyApplicationFiles.applicationId, applicationIds),
      ),
    )
    .orderBy(asc(vacancyApplicationFiles.id));
}

export async function findFile(tx: Db, accountId: number, applicationId: number, id: number) {
  const [row] = await tx
    .select()
    .from(vacancyApplicationFiles)
    .where(
      and(
        eq(vacancyApplicationFiles.accountId, accountId),
        eq(vacancyApplicationFiles.applicationId, applicationId),
        eq(vacancyApplicationFiles.id, id),
      ),
    );
  return row ?? null;
}

// ─── History ────────────────────────────────────────────────────────────────────────────────

export async function insertEvent(tx: Db, row: RequestEventInsert) {
  const [created] = await tx.insert(vacancyApplicationEvents).values(row).returning();
  return created!;
}

export async function listEvents(tx: Db, accountId: number, applicationId: number) {
  return tx
    .select()
    .from(vacancyApplicationEvents)
    .where(
      and(
        eq(vacancyApplicationEvents.accountId, accountId),
        eq(vacancyApplicationEvents.applicationId, applicationId),
      ),
    )
    .orderBy(asc(vacancyApplicationEvents.id));
}

// ─── Outside approvers' links ───────────────────────────────────────────────────────────────

export async function insertLink(tx: Db, row: typeof vacancyApplicationLinks.$inferInsert) {
  const [created] = await tx.insert(vacancyApplicationLinks).values(row).returning();
  return created!;
}

/** The public page knows only the token: its hash finds the link and so the account. */
export async function findLinkByTokenHashAcrossAccounts(db: Db, tokenHash: string) {
  const [row] = await db
    .select()
    .from(vacancyApplicationLinks)
    .where(eq(vacancyApplicationLinks.tokenHash, tokenHash));
  return row ?? null;
}

export async function listLinks(tx: Db, accountId: number, applicationId: number) {
  return tx
    .select()
    .from(vacancyApplicationLinks)
    .where(
      and(
        eq(vacancyApplicationLinks.accountId, accountId),
        eq(vacancyApplicationLinks.applicationId, applicationId),
      ),
    )
    .orderBy(asc(vacancyApplicationLinks.id));
}

export async function updateLink(
  tx: Db,
  accountId: number,
  id: number,
  changes: Partial<typeof vacancyApplicationLinks.$inferInsert>,
) {
  const [row] = await tx
    .update(vacancyApplicationLinks)
    .set(changes)
    .where(
      and(eq(vacancyApplicationLinks.accountId, accountId), eq(vacancyApplicationLinks.id, id)),
    )
    .returning();
  return row ?? null;
}
