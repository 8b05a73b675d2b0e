import type { TPersonNameParts } from '@ats/contracts/person-name';
import type { Db } from '@ats/db/connection';
import { accountDivisions } from '@ats/db/schema/accounts';
import { users } from '@ats/db/schema/users';
import {
  type VacancyApplicationState,
  vacancyApplicationEvents,
  vacancyApplicationFiles,
  vacancyApplicationLinks,
  vacancyApplications,
  vacancyApplicationTemplates,
} from '@ats/db/schema/vacancy-applications';
import { intArray } from '@ats/db/sql-arrays';
import {
  type SQL,
  and,
  arrayContains,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNull,
  or,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { userNameParts } from '../../platform/person-name.ts';
import type { RequestVisibility } from './vacancy-applications.policy.ts';

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

// ─── Reads for answers ──────────────────────────────────────────────────────────────────────

/** Name parts of users of the account, to name approvers and authors. */
export async function findUserNames(tx: Db, accountId: number, ids: number[]) {
  if (ids.length === 0) return new Map<number, TPersonNameParts>();
  const rows = await tx
    .select({ id: users.id, person: sql<TPersonNameParts>`${userNameParts('users')}` })
    .from(users)
    .where(and(eq(users.accountId, accountId), inArray(users.id, ids)));
  return new Map(rows.map((r) => [r.id, r.person]));
}

/** Ids of users of the account who have not been removed, of those asked. */
export async function findActiveUserIds(tx: Db, accountId: number, ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.accountId, accountId), inArray(users.id, ids), isNull(users.deletedAt)));
  return new Set(rows.map((r) => r.id));
}

export async function divisionExists(tx: Db, accountId: number, id: number) {
  const [row] = await tx
    .select({ id: accountDivisions.id })
    .from(accountDivisions)
    .where(and(eq(accountDivisions.accountId, accountId), eq(accountDivisions.id, id)));
  return row !== undefined;
}

const author = alias(users, 'author');

/**
 * SQL: the reader may see the request (RequestVisibility; drafts only to their author or admins).
 * «Those I approve» reads `route_user_ids` (the users named on the route, GIN-indexed), not the
 * route's JSON; the recruiter's divisions are one uncorrelated set, hashed once per query.
 */
function visibleTo(accountId: number, v: RequestVisibility): SQL {
  const me = v.userId;
  const own = eq(vacancyApplications.authorId, me);
  if (v.kind === 'all') return sql`true`;
  const approves = arrayContains(vacancyApplications.routeUserIds, [me]);
  const notDraft = sql`${vacancyApplications.state} <> 'draft'`;
  if (v.kind === 'own') return or(own, and(notDraft, approves))!;
  const ofDivisions = sql`(${vacancyApplications.accountDivisionId} is null
    or ${vacancyApplications.accountDivisionId} in (
      select d.id from account_divisions d
      where d.account_id = ${accountId} and d.head_id = ${me}
      union
      select v.division_id from vacancies v
      join vacancy_members m on m.account_id = v.account_id and m.vacancy_id = v.id
      where v.account_id = ${accountId} and m.user_id = ${me}
        and m.role = 'owner' and v.division_id is not null))`;
  return or(own, and(notDraft, or(ofDivisions, approves)))!;
}

/** SQL: the request's current step waits longer than its deadline. */
const overdue = sql`(${vacancyApplications.state} = 'pending'
  and ${vacancyApplications.currentStep} is not null
  and ${vacancyApplications.stepStartedAt} is not null
  and (${vacancyApplications.route} -> ${vacancyApplications.currentStep} ->> 'deadline_days') is not null
  and ${vacancyApplications.stepStartedAt}
    + make_interval(days => (${vacancyApplications.route} -> ${vacancyApplications.currentStep} ->> 'deadline_days')::int)
    < now())`;

export type RequestFilter = {
  visibility: RequestVisibility;
  tab: 'mine' | 'to_approve' | 'all';
  state?: VacancyApplicationState | undefined;
  divisionId?: number | undefined;
  authorId?: number | undefined;
  templateId?: number | undefined;
  q?: string | undefined;
  overdue?: boolean | undefined;
};

function filterWhere(accountId: number, f: RequestFilter) {
  const me = f.visibility.userId;
  const conditions: (SQL | undefined)[] = [
    eq(vacancyApplications.accountId, accountId),
    isNull(vacancyApplications.deletedAt),
    visibleTo(accountId, f.visibility),
    f.tab === 'mine' ? eq(vacancyApplications.authorId, me) : undefined,
    f.tab === 'to_approve'
      ? and(
          eq(vacancyApplications.state, 'pending'),
          arrayContains(vacancyApplications.currentApproverIds, [me]),
          // The same set through its GIN index (RLS keeps @> off the index; migration 0037).
          sql`${vacancyApplications.id} in (select vacancy_application_awaiting_ids(${me}::int))`,
        )
      : undefined,
    f.state ? eq(vacancyApplications.state, f.state) : undefined,
    f.divisionId ? eq(vacancyApplications.accountDivisionId, f.divisionId) : undefined,
    f.authorId ? eq(vacancyApplications.authorId, f.authorId) : undefined,
    f.templateId ? eq(vacancyApplications.templateId, f.templateId) : undefined,
    f.q ? positionMatches(`%${escapeLike(f.q)}%`) : undefined,
    f.overdue === undefined ? undefined : f.overdue ? overdue : sql`not ${overdue}`,
  ];
  return and(...conditions);
}

/**
 * SQL: the position contains the pattern, case-insensitively. The ids come from the trigram index
 * through `vacancy_application_position_ids` (RLS keeps ILIKE off the index; migration 0037).
 */
const positionMatches = (pattern: string) =>
  and(
    sql`${vacancyApplications.id} in (select vacancy_application_position_ids(${pattern}::text))`,
    ilike(vacancyApplications.position, pattern),
  );

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function selectWithNames(tx: Db) {
  return tx
    .select({
      request: vacancyApplications,
      author: sql<TPersonNameParts>`${userNameParts('author')}`,
      divisionName: accountDivisions.name,
      templateName: vacancyApplicationTemplates.name,
    })
    .from(vacancyApplications)
    .innerJoin(
      author,
      and(
        eq(author.accountId, vacancyApplications.accountId),
        eq(author.id, vacancyApplications.authorId),
      ),
    )
    .leftJoin(
      accountDivisions,
      and(
        eq(accountDivisions.accountId, vacancyApplications.accountId),
        eq(accountDivisions.id, vacancyApplications.accountDivisionId),
      ),
    )
    .leftJoin(
      vacancyApplicationTemplates,
      and(
        eq(vacancyApplicationTemplates.accountId, vacancyApplications.accountId),
        eq(vacancyApplicationTemplates.id, vacancyApplications.templateId),
      ),
    );
}

export type RequestWithNames = NonNullable<Awaited<ReturnType<typeof findRequestForReader>>>;

/** One request with its author's, division's and template's names, if the reader may see it. */
export async function findRequestForReader(
  tx: Db,
  accountId: number,
  id: number,
  visibility: RequestVisibility,
) {
  const [row] = await selectWithNames(tx).where(
    and(
      eq(vacancyApplications.accountId, accountId),
      eq(vacancyApplications.id, id),
      isNull(vacancyApplications.deletedAt),
      visibleTo(accountId, visibility),
    ),
  );
  return row ?? null;
}

/**
 * A page of the requests the filter lets through, newest first, and how many there are. The
 * page's ids (and the count) are found on narrow columns first; only those rows are then read
 * whole and joined to the names, so a deep page does not walk routes and texts it skips.
 */
export async function listRequests(
  tx: Db,
  accountId: number,
  filter: RequestFilter,
  page: { limit: number; offset: number },
) {
  const where = filterWhere(accountId, filter);
  const ids = await tx
    .select({ id: vacancyApplications.id })
    .from(vacancyApplications)
    .where(where)
    .orderBy(desc(vacancyApplications.createdAt), desc(vacancyApplications.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await tx.select({ count: count() }).from(vacancyApplications).where(where);
  if (ids.length === 0) return { rows: [], total: total?.count ?? 0 };
  const found = await selectWithNames(tx).where(
    and(
      eq(vacancyApplications.accountId, accountId),
      inArray(
        vacancyApplications.id,
        ids.map((r) => r.id),
      ),
    ),
  );
  const byId = new Map(found.map((row) => [row.request.id, row]));
  const rows = ids.flatMap((r) => {
    const row = byId.get(r.id);
    return row ? [row] : [];
  });
  return { rows, total: total?.count ?? 0 };
}
