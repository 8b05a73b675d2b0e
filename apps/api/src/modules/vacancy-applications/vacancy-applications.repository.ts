import { createHash } from 'node:crypto';
import type { TPersonNameParts } from '@ats/contracts/person-name';
import { buildQuery, type Db, statementName, withBuiltQuery } from '@ats/db/connection';
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
  type AnyColumn,
  type SQL,
  and,
  arrayContains,
  asc,
  eq,
  fillPlaceholders,
  inArray,
  is,
  isNull,
  or,
  Param,
  Placeholder,
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
 * A value of the list's statement: the value itself, or, when the statement's text is built once
 * for every list of its shape (`requestListQuery`), a placeholder named for it, filled in for each
 * request.
 */
type Bind = <T>(name: ListValue, value: T) => T | Placeholder;
type ListValue =
  | 'account'
  | 'me'
  | 'meArray'
  | 'state'
  | 'division'
  | 'author'
  | 'template'
  | 'pattern'
  | 'limit'
  | 'offset';
const asValue: Bind = (_name, value) => value;
const asPlaceholder: Bind = (name) => sql.placeholder(name);

/** SQL: the integer array column holds the reader, bound as `arrayContains` binds `[me]`. */
function containsMe(column: AnyColumn, me: number, bind: Bind) {
  const bound = bind('meArray', [me]);
  return is(bound, Placeholder)
    ? arrayContains(column, new Param(bound, column))
    : arrayContains(column, bound);
}

/**
 * The list's statement text depends on which filters are set and on the reader's kind of
 * visibility, not on their values: built once per shape (drizzle's walk of the statement and
 * the hash of its prepared name cost ~89 µs of CPU per list request, decision 0072), filled with each
 * request's values. Bounded: 3 kinds × 3 tabs × 2⁵ filters set or not × 3 overdue states.
 */
type ListShape = { text: string; parts: SQL[]; params: unknown[]; name: string };
const listShapes = new Map<string, ListShape>();
const shapeOf = (f: RequestFilter) =>
  [
    f.visibility.kind,
    f.tab,
    f.state ? 's' : '',
    f.divisionId ? 'd' : '',
    f.authorId ? 'a' : '',
    f.templateId ? 't' : '',
    f.q ? 'q' : '',
    f.overdue === undefined ? '' : String(f.overdue),
  ].join('|');

/**
 * SQL: the reader may see the request (RequestVisibility; drafts only to their author or admins).
 * «Those I approve» reads `route_user_ids` (the users named on the route, GIN-indexed), not the
 * route's JSON; the recruiter's divisions are one uncorrelated set, hashed once per query.
 */
function visibleTo(accountId: number, v: RequestVisibility, bind: Bind = asValue): SQL {
  const me = bind('me', v.userId);
  const account = bind('account', accountId);
  const own = eq(vacancyApplications.authorId, me);
  if (v.kind === 'all') return sql`true`;
  const approves = containsMe(vacancyApplications.routeUserIds, v.userId, bind);
  const notDraft = sql`${vacancyApplications.state} <> 'draft'`;
  if (v.kind === 'own') return or(own, and(notDraft, approves))!;
  const ofDivisions = sql`(${vacancyApplications.accountDivisionId} is null
    or ${vacancyApplications.accountDivisionId} in (
      select d.id from account_divisions d
      where d.account_id = ${account} and d.head_id = ${me}
      union
      select v.division_id from vacancies v
      join vacancy_members m on m.account_id = v.account_id and m.vacancy_id = v.id
      where v.account_id = ${account} and m.user_id = ${me}
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

function filterWhere(accountId: number, f: RequestFilter, visible?: SQL, bind: Bind = asValue) {
  const me = bind('me', f.visibility.userId);
  const conditions: (SQL | undefined)[] = [
    eq(vacancyApplications.accountId, bind('account', accountId)),
    isNull(vacancyApplications.deletedAt),
    visible ?? visibleTo(accountId, f.visibility, bind),
    f.tab === 'mine' ? eq(vacancyApplications.authorId, me) : undefined,
    // Read from the state index, which carries `current_approver_ids` (migration 0050): the
    // pending requests of the account are scanned in the list's order without the table.
    f.tab === 'to_approve'
      ? and(
          eq(vacancyApplications.state, 'pending'),
          containsMe(vacancyApplications.currentApproverIds, f.visibility.userId, bind),
        )
      : undefined,
    f.state ? eq(vacancyApplications.state, bind('state', f.state)) : undefined,
    f.divisionId
      ? eq(vacancyApplications.accountDivisionId, bind('division', f.divisionId))
      : undefined,
    f.authorId ? eq(vacancyApplications.authorId, bind('author', f.authorId)) : undefined,
    f.templateId ? eq(vacancyApplications.templateId, bind('template', f.templateId)) : undefined,
    f.overdue === undefined ? undefined : f.overdue ? overdue : sql`not ${overdue}`,
  ];
  return and(...conditions);
}

/**
 * SQL (a FROM item named `vacancy_applications`): the requests whose position contains the text,
 * case-insensitively, as `vacancy_application_position_matches` finds them on the trigram index of
 * `lower(position)` (RLS keeps LIKE off the index; migrations 0037, 0050, 0074). The function
 * returns every column the list's filters and visibility rules read, from the rows it has read
 * anyway to recheck the pattern, so `filterWhere` applies to its rows unchanged and the search no
 * longer joins its ids to an index scan of every request of the account.
 */
const positionMatches = (q: string, bind: Bind) =>
  sql`vacancy_application_position_matches(${bind('pattern', `%${escapeLike(q)}%`)}::text) as vacancy_applications`;

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
 * The columns of a request its answer reads (`toRequest`). The rest (the account, the route's user
 * ids, the current approvers, the deletion) never reach the answer.
 */
type AnsweredColumn =
  | 'id'
  | 'templateId'
  | 'authorId'
  | 'accountDivisionId'
  | 'state'
  | 'position'
  | 'salary'
  | 'salaryFrom'
  | 'salaryTo'
  | 'currency'
  | 'description'
  | 'comment'
  | 'needed'
  | 'dateWillClose'
  | 'body'
  | 'requirements'
  | 'conditions'
  | 'information'
  | 'priority'
  | 'daysUntilDeadline'
  | 'additionalFieldsList'
  | 'templateValues'
  | 'route'
  | 'currentStep'
  | 'stepStartedAt'
  | 'vacancyId'
  | 'submittedAt'
  | 'createdAt'
  | 'updatedAt';

/**
 * A request as its answer reads it: the columns above, its timestamps a Date (drizzle) or
 * PostgreSQL's text of them.
 */
export type AnsweredRequest = {
  [K in AnsweredColumn]: RequestRow[K] extends Date
    ? Date | string
    : RequestRow[K] extends Date | null
      ? Date | string | null
      : RequestRow[K];
};

/** A request with its author's, division's and template's names, as `toRequest` answers it. */
export type AnsweredRequestWithNames = {
  request: AnsweredRequest;
  author: TPersonNameParts;
  divisionName: string | null;
  templateName: string | null;
};

export type RequestListFile = Pick<
  RequestFileRow,
  'id' | 'applicationId' | 'fileName' | 'sizeBytes' | 'fieldKey'
>;

/**
 * A row of the list's statement (decision 0113): the total, and for each request of the page the
 * JSON text of the answer's fields the statement writes — `head`: `{"id":…,"priority":…}`,
 * `middle`: `{"files":[…],"days_until_deadline":…,"account_division":…}` — and the facts the
 * service writes the rest from in TypeScript: the additional fields and the template's values
 * (as the contract writes them), the author's name, the route drawn as steps, the reader's
 * permissions and the times (PostgreSQL's text of them, as `isoTimestamp` reads it). On the one
 * row of an empty page all but the total are null.
 */
export type RequestListRow = Pick<
  AnsweredRequest,
  | 'authorId'
  | 'state'
  | 'vacancyId'
  | 'currentStep'
  | 'route'
  | 'stepStartedAt'
  | 'additionalFieldsList'
  | 'templateValues'
  | 'submittedAt'
  | 'createdAt'
  | 'updatedAt'
> & {
  total: number;
  head: string | null;
  middle: string;
  author: TPersonNameParts;
};

/**
 * SQL: two parts of the request `r`'s answer as compact JSON in the contract's key order
 * (`row_to_json`/`array_to_json`, never `json_build_object`/`json_agg`, whose text has spaces;
 * the aliases are names no table has, decision 0110's trap). No set-returning function over the
 * request's JSON: drawing the route in SQL cost PostgreSQL ~50 µs a request (decision 0113).
 */
const requestTextParts = sql.raw(`
  (select row_to_json(request_head_row)::text from (
     select r.id, r.template_id, tp.name as template_name, r.state, r.position, r.salary,
            r.salary_from, r.salary_to, r.currency, r.description, r.comment, r.needed,
            r.date_will_close, r.body, r.requirements, r.conditions, r.information, r.priority
   ) request_head_row) as head,
  (select row_to_json(request_middle_row)::text from (
     select coalesce((
              select array_to_json(array_agg(row_to_json(request_file_row)))
              from (
                select f.id, f.file_name, f.size_bytes as size, f.field_key,
                       '/api/vacancy_applications/' || r.id || '/files/' || f.id as url
                from vacancy_application_files f
                where f.account_id = r.account_id and f.application_id = r.id
                order by f.id
              ) request_file_row
            ), '[]'::json) as files,
            r.days_until_deadline,
            case when r.account_division_id is not null and d.name is not null then (
              select row_to_json(request_division_row) from (
                select r.account_division_id as id, d.name) request_division_row)
            end as account_division
   ) request_middle_row) as middle`);

/**
 * A page of the requests the filter lets through, newest first, and how many there are, as ONE
 * statement for the single-trip tenant read (decision 0031): the count and the page's ids are
 * found on narrow columns (each its own subquery, planned on its own indexes); only the page's
 * rows are read whole, joined to the names, with their files. It always answers one row at least
 * (the total; the request's columns null when the page is empty). Prepared once per connection
 * under a name derived from its text, so each filter combination has its own plan.
 */
export function requestListQuery(
  accountId: number,
  filter: RequestFilter,
  page: { limit: number; offset: number },
): { query: SQL; name: string } {
  const key = shapeOf(filter);
  let shape = listShapes.get(key);
  if (!shape) {
    const built = buildQuery(requestListStatement(accountId, filter, page, asPlaceholder));
    const parts = built.sql.split(/\$\d+/);
    // Each parameter is written once, in order ($1, $2, …): the text splits at them. A text
    // that does not (none today) is built afresh for every request instead.
    if (parts.length !== built.params.length + 1) {
      const query = requestListStatement(accountId, filter, page);
      return { query, name: statementName('request_list', query) };
    }
    shape = {
      text: built.sql,
      parts: parts.map((part) => sql.raw(part)),
      params: built.params,
      name: `request_list_${createHash('sha1').update(built.sql).digest('hex').slice(0, 16)}`,
    };
    listShapes.set(key, shape);
  }
  const values = fillPlaceholders(shape.params, {
    account: accountId,
    me: filter.visibility.userId,
    meArray: [filter.visibility.userId],
    state: filter.state,
    division: filter.divisionId,
    author: filter.authorId,
    template: filter.templateId,
    pattern: filter.q ? `%${escapeLike(filter.q)}%` : undefined,
    limit: page.limit,
    offset: page.offset,
  });
  const chunks: SQL[] = [shape.parts[0]!];
  values.forEach((value, i) => chunks.push(sql`${value}`, shape.parts[i + 1]!));
  // The statement as drizzle would render it (tests, EXPLAIN); the tenant read sends the text.
  return {
    query: withBuiltQuery(sql.join(chunks), { sql: shape.text, params: values }),
    name: shape.name,
  };
}

/**
 * The list's statement as drizzle builds it from the filter: its text depends only on which
 * filters are set (`shapeOf`), its parameters on their values.
 */
export function requestListStatement(
  accountId: number,
  filter: RequestFilter,
  page: { limit: number; offset: number },
  bind: Bind = asValue,
): SQL {
  // «Мои» of a watcher: their own requests are all they may see of it, no OR to test.
  const mineOnly = filter.visibility.kind === 'own' && filter.tab === 'mine';
  const where = filterWhere(
    accountId,
    filter,
    mineOnly ? eq(vacancyApplications.authorId, bind('me', filter.visibility.userId)) : undefined,
    bind,
  );
  // The search finds its rows through a function (a GIN index behind it, migration 0074):
  // matched once, filtered on the columns it returns, then counted and paged from memory,
  // instead of calling it for each subquery. Every other list
  // is counted and paged by index-only scans of the indexes of migration 0050, which carry the
  // columns of every filter and of the visibility rules.
  const shared = Boolean(filter.q);
  const matched = shared
    ? sql`matched`
    : filter.visibility.kind === 'own' && !mineOnly
      ? ownOrApproved(accountId, filter, bind)
      : sql`(select vacancy_applications.id, vacancy_applications.created_at
           from vacancy_applications where ${where}) matched`;
  const query = sql`
    ${filter.q ? sql`with matched as materialized (select vacancy_applications.id, vacancy_applications.created_at from ${positionMatches(filter.q, bind)} where ${where})` : sql``}
    select t.total, x.head, x.middle, x."submittedAt", x."createdAt", x."updatedAt", x."authorId", x.author, x.state, x."vacancyId",
           x."currentStep", x.route, x."stepStartedAt", x."additionalFieldsList",
           x."templateValues" from (
      select (select count(*)::int from ${matched}) as total
    ) t
    left join lateral (
      select r.created_at as sort_at, r.id as sort_id, ${requestTextParts},
             r.author_id as "authorId", ${userNameParts('author')} as author, r.state,
             r.vacancy_id as "vacancyId", r.current_step as "currentStep", r.route,
             r.step_started_at::text as "stepStartedAt", r.submitted_at::text as "submittedAt",
             r.created_at::text as "createdAt", r.updated_at::text as "updatedAt",
             r.additional_fields_list as "additionalFieldsList",
             r.template_values as "templateValues"
      from (
        select matched.id from ${matched}
        order by matched.created_at desc, matched.id desc
        limit ${bind('limit', page.limit)}::int offset ${bind('offset', page.offset)}::int
      ) p
      join vacancy_applications r on r.account_id = ${bind('account', accountId)}::int and r.id = p.id
      join users author on author.account_id = r.account_id and author.id = r.author_id
      left join account_divisions d
        on d.account_id = r.account_id and d.id = r.account_division_id
      left join vacancy_application_templates tp
        on tp.account_id = r.account_id and tp.id = r.template_id
      -- Kept a subquery of its own (offset 0): pulled up into the outer join, its texts became
      -- placeholders computed at the scan of the requests, for every row read before the page's
      -- ids are joined (1,620 times for a page of 30 in read-cpu's account, decision 0113).
      offset 0
    ) x on true
    order by x.sort_at desc, x.sort_id desc`;
  return query;
}

/**
 * SQL (a FROM item `matched`): a watcher's list (visibility `own`; «Мои» is their own alone and
 * needs no second part) as two disjoint parts instead of
 * one OR tested on every request of the account: their own requests (a range of the author index)
 * and the others they approve, found by `vacancy_application_route_matches` on the GIN index of
 * `route_user_ids` (migration 0074) and filtered on the columns it returns. Same rows as
 * `visibleTo` gives for `own`.
 */
function ownOrApproved(accountId: number, filter: RequestFilter, bind: Bind) {
  const me = bind('me', filter.visibility.userId);
  const own = filterWhere(accountId, filter, eq(vacancyApplications.authorId, me), bind);
  const approved = filterWhere(
    accountId,
    filter,
    sql`${vacancyApplications.authorId} <> ${me}::int and ${vacancyApplications.state} <> 'draft'
        and ${containsMe(vacancyApplications.routeUserIds, filter.visibility.userId, bind)}`,
    bind,
  );
  return sql`(select vacancy_applications.id, vacancy_applications.created_at
           from vacancy_applications where ${own}
         union all
         select vacancy_applications.id, vacancy_applications.created_at
           from vacancy_application_route_matches(${me}::int) as vacancy_applications
           where ${approved}) matched`;
}

/** The total and the page's rows out of the rows of `requestListQuery`. */
export function requestListPage(rows: RequestListRow[]) {
  const total = rows[0]?.total ?? 0;
  return { total, page: rows.filter((row) => row.head !== null) };
}
