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
 * JSON text of its answer's fields the statement writes (`head`: `{"id":…` up to
 * `"account_division":…}`, `steps`: the route as the answer draws it, `tail`:
 * `,"submitted_at":…,"updated_at":…}`) and the facts the service writes the rest from (the
 * author's name, the reader's permissions). On the one row of an empty page all but the total
 * are null.
 */
export type RequestListRow = {
  total: number;
  head: string | null;
  authorId: number;
  author: TPersonNameParts;
  state: VacancyApplicationState;
  vacancyId: number | null;
  currentStep: number | null;
  /** The reader is an approver of the current step who has not decided yet. */
  decides: boolean;
  steps: string;
  tail: string;
};

/** SQL: a timestamp as the answer writes it (`toISOString`: UTC, milliseconds cut, `Z`). */
const isoText = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * SQL: the white space JavaScript's `trim` removes, for `btrim` (whose default is the space
 * alone): the contract's `boundedText` trims the additional fields it answers.
 */
const JS_TRIMMED =
  ' \t\n\v\f\r\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';
const jsTrimmed = `U&'${[...JS_TRIMMED]
  .map((c) => `\\${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
  .join('')}'`;

/**
 * SQL: the request `r`'s answer from `id` to `account_division` as compact JSON in the contract's
 * key order (`row_to_json`/`array_to_json`, never `json_build_object`/`json_agg`, whose text has
 * spaces): the additional fields as the contract answers them (the name and a text value trimmed,
 * a missing value null), the template's values in the order `JSON.parse` gives their keys (integer
 * keys first, ascending, then jsonb's own order), the files with their addresses. The aliases are
 * names no table has (decision 0110's trap).
 */
const requestHeadText = sql.raw(`(select row_to_json(request_head_row)::text from (
    select r.id, r.template_id, tp.name as template_name, r.state, r.position, r.salary,
           r.salary_from, r.salary_to, r.currency, r.description, r.comment, r.needed,
           r.date_will_close, r.body, r.requirements, r.conditions, r.information, r.priority,
           coalesce((
             select array_to_json(array_agg((
               select row_to_json(extra_field_row) from (
                 select extra_field.v ->> 'type' as type,
                        btrim(extra_field.v ->> 'name', ${jsTrimmed}) as name,
                        case jsonb_typeof(extra_field.v -> 'value')
                          when 'string' then to_json(btrim(extra_field.v ->> 'value', ${jsTrimmed}))
                          when 'number' then (extra_field.v -> 'value')::text::json
                          else 'null'::json end as value) extra_field_row)
               order by extra_field.ord))
             from jsonb_array_elements(r.additional_fields_list) with ordinality extra_field(v, ord)
           ), '[]'::json) as additional_fields_list,
           coalesce((
             select ('{' || string_agg(to_json(template_value.k)::text || ':' || template_value.v::text, ','
                       order by case when template_value.k ~ '^(0|[1-9][0-9]{0,9})$'
                                     then case when template_value.k::bigint < 4294967295
                                               then template_value.k::bigint end end nulls last,
                                template_value.ord) || '}')::json
             from jsonb_each(r.template_values) with ordinality template_value(k, v, ord)
           ), '{}'::json) as template_values,
           coalesce((
             select array_to_json(array_agg((
               select row_to_json(request_file_row) from (
                 select f.id, f.file_name, f.size_bytes as size, f.field_key,
                        '/api/vacancy_applications/' || r.id || '/files/' || f.id as url
               ) request_file_row) order by f.id))
             from vacancy_application_files f
             where f.account_id = r.account_id and f.application_id = r.id
           ), '[]'::json) as files,
           r.days_until_deadline,
           case when r.account_division_id is not null and d.name is not null then (
             select row_to_json(request_division_row) from (
               select r.account_division_id as id, d.name) request_division_row)
           end as account_division
  ) request_head_row)`);

/**
 * SQL: the request `r`'s route as the answer draws it, JSON text in the contract's key order:
 * `toRequestSteps` of request-flow.rules.ts written in SQL (the one-request read keeps that one,
 * and the list's tests compare the two): a step's state from its approvers' decisions, the
 * current step started when the request's step did if it has no time of its own, due its
 * deadline's days of 24 hours after it started, overdue past that while it waits.
 */
const requestStepsText = sql.raw(`coalesce((
    select array_to_json(array_agg((
      select row_to_json(request_step_row) from (
        select step.ord - 1 as index, step.v ->> 'name' as name, step.v ->> 'mode' as mode,
               (step.v ->> 'deadline_days')::int as deadline_days,
               case when decided.rejected then 'rejected'
                    when decided.returned then 'returned'
                    when step_waits.pending then 'pending'
                    when decided.passed and coalesce(step_start.at, '') <> '' then 'approved'
                    else 'waiting' end as state,
               step_start.at as started_at,
               ${isoText('step_due.at')} as due_at,
               step_waits.pending and step_due.at is not null and now() > step_due.at as overdue,
               coalesce((
                 select array_to_json(array_agg((
                   select row_to_json(request_approver_row) from (
                     select approver.v ->> 'type' as type,
                            (approver.v ->> 'user_id')::int as user_id,
                            approver.v ->> 'email' as email, approver.v ->> 'name' as name,
                            approver.v ->> 'decision' as decision,
                            approver.v ->> 'decided_at' as decided_at,
                            approver.v ->> 'comment' as comment) request_approver_row)
                   order by approver.ord))
                 from jsonb_array_elements(step.v -> 'approvers') with ordinality approver(v, ord)
               ), '[]'::json) as approvers
      ) request_step_row) order by step.ord))
    from jsonb_array_elements(r.route) with ordinality step(v, ord)
    cross join lateral (
      select coalesce(r.state = 'pending' and r.current_step = step.ord - 1, false) as pending
    ) step_waits
    cross join lateral (
      select case when r.current_step = step.ord - 1 and coalesce(step.v ->> 'started_at', '') = ''
                  then ${isoText('r.step_started_at')}
                  else step.v ->> 'started_at' end as at) step_start
    cross join lateral (
      select case when coalesce(step_start.at, '') <> ''
                   and coalesce((step.v ->> 'deadline_days')::int, 0) <> 0
                  then step_start.at::timestamptz
                       + (step.v ->> 'deadline_days')::int * interval '24 hours' end as at) step_due
    cross join lateral (
      select coalesce(bool_or(decision.v ->> 'decision' = 'rejected'), false) as rejected,
             coalesce(bool_or(decision.v ->> 'decision' = 'returned'), false) as returned,
             case when step.v ->> 'mode' = 'any'
                  then count(*) filter (where decision.v ->> 'decision' = 'approved') > 0
                  else count(*) filter (where decision.v ->> 'decision' = 'approved') = count(*)
             end as passed
      from jsonb_array_elements(step.v -> 'approvers') decision(v)) decided
  ), '[]'::json)::text`);

/** SQL: the request `r`'s three times, the end of its answer's text (`,"submitted_at":…}`). */
const requestTailText = sql.raw(`',' || substr((select row_to_json(request_tail_row)::text from (
    select ${isoText('r.submitted_at')} as submitted_at, ${isoText('r.created_at')} as created_at,
           ${isoText('r.updated_at')} as updated_at) request_tail_row), 2)`);

/** SQL: the reader `me` awaits a decision on `r`'s current step (`awaitsDecisionFrom`). */
const decidesSql = (me: unknown) => sql`coalesce(r.state = 'pending' and r.current_step >= 0
    and exists (
      select 1 from jsonb_array_elements(r.route -> r.current_step -> 'approvers') approver(v)
      where approver.v -> 'user_id' = to_jsonb(${me}::int)
        and jsonb_typeof(approver.v -> 'decision') = 'null'), false)`;

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
    select t.total, x.head, x."authorId", x.author, x.state, x."vacancyId", x."currentStep",
           x.decides, x.steps, x.tail from (
      select (select count(*)::int from ${matched}) as total
    ) t
    left join lateral (
      select r.created_at as sort_at, r.id as sort_id,
             ${requestHeadText} as head,
             r.author_id as "authorId",
             ${userNameParts('author')} as author,
             r.state, r.vacancy_id as "vacancyId", r.current_step as "currentStep",
             ${decidesSql(bind('me', filter.visibility.userId))} as decides,
             ${requestStepsText} as steps,
             ${requestTailText} as tail
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
