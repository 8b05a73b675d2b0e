import {
  type Db,
  selectRows,
  shapedQuery,
  type StatementShapes,
  statementName,
} from '@ats/db/connection';
import {
  accountSources,
  applicantComments,
  applicantTags,
  applicants,
  tags,
} from '@ats/db/schema/applicants';
import { users } from '@ats/db/schema/users';
import type { RowOf } from '@ats/db/rows';
import { intArray } from '@ats/db/sql-arrays';
import type { TPersonNameParts } from '@ats/contracts/person-name';
import { type SQL, and, asc, count, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { userNameParts } from '../../platform/person-name.ts';

export type ApplicantInsert = typeof applicants.$inferInsert;
export type ApplicantColumns = Partial<Omit<ApplicantInsert, 'accountId' | 'id'>>;

type Json<T> = T;
export type ApplicantViewRow = {
  id: number;
  first_name: string | null;
  last_name: string | null;
  middle_name: string | null;
  photo_file_id: number | null;
  lead_type: string | null;
  birthday: string | null;
  gender: 'male' | 'female' | null;
  phone: string | null;
  email: string | null;
  tg: string | null;
  skype: string | null;
  contacts: Json<{ contact_type: string; value: string; is_prefered: boolean }[]>;
  money: string | null;
  currency: string | null;
  about_me: string | null;
  country_id: number | null;
  citizenship: string[];
  total_experience: number | null;
  experience: Json<Record<string, unknown>[]>;
  employments: number[];
  education: Json<Record<string, unknown>[]>;
  skills: string[];
  text_block: string | null;
  position: string | null;
  company: string | null;
  city: string | null;
  admin_user_id: number | null;
  account_source_id: number | null;
  source_name: string | null;
  source_icon: string | null;
  unidentified_info: string | null;
  languages: Json<{ language_id: number; language_level_id: number | null }[]>;
  has_vehicle: boolean | null;
  driver_licenses: Json<{ driver_license_id: number; driver_experience: number | null }[]>;
  resume_urls: string[];
  requested_vacancy_id: number | null;
  requested_status_id: number | null;
  created_at: Date | string;
  updated_at: Date | string;
  archived_at: Date | string | null;
  tags: Json<
    { id: number; name: string; color: string; description: string | null; icon: string | null }[]
  >;
  /** The card's applications; list rows leave it out. */
  vacancies?: Json<CardVacancyRow[]>;
};
export type CardVacancyRow = {
  application_id: number;
  vacancy_id: number;
  vacancy_name: string;
  status_id: number;
  status_name: string;
  status_color: string;
  status_icon: string | null;
  entered_status_at: string;
  reject_kind: 'reject' | 'refuse' | null;
  reject_reason_id: number | null;
  reject_reason_name: string | null;
  reject_comment: string | null;
};
export type WorklogRow = {
  id: number;
  action: string;
  changes: Record<string, unknown>;
  user_id: number | null;
  /** For the display name; see `userNameParts`. */
  user_person: TPersonNameParts;
  created_at: string;
  /** Names of the ids the entry's changes hold, by `kind:id` ('reason:3'); users apart. */
  ref_names: Record<string, string> | null;
  /** Name parts of the users the changes name (`admin_user_id`), by id. */
  ref_users: Record<string, TPersonNameParts> | null;
};
export type CommentRow = {
  id: number;
  description: string;
  author_id: number | null;
  /** For the display name; see `userNameParts`. */
  author_person: TPersonNameParts;
  created_at: string;
  updated_at: string;
};
export type CardFileRow = {
  id: number;
  file_name: string;
  mime_type: string;
  size_bytes: number;
  kind: 'resume' | 'attachment';
  uploaded_by: number | null;
  created_at: string;
};
export type ApplicantCardRow = ApplicantViewRow & {
  worklog: WorklogRow[];
  comments: CommentRow[];
  files: CardFileRow[];
};

/** Shown on the card; the whole history is at /worklog. */
const CARD_WORKLOG_LIMIT = 100;

const viewColumns = sql`
  a.id, a.first_name, a.last_name, a.middle_name, a.photo_file_id, a.lead_type,
  to_char(a.birthday, 'YYYY-MM-DD') as birthday, a.gender, a.phone, a.email, a.tg, a.skype,
  a.contacts, a.money, a.currency, a.about_me, a.country_id, a.citizenship, a.total_experience,
  a.experience, a.employments, a.education, a.skills, a.text_block, a.position, a.company,
  a.city, a.admin_user_id, a.account_source_id, s.name as source_name, s.icon as source_icon,
  a.unidentified_info, a.languages,
  a.has_vehicle, a.driver_licenses, a.resume_urls, a.requested_vacancy_id, a.requested_status_id,
  a.created_at::text as created_at, a.updated_at::text as updated_at,
  a.archived_at::text as archived_at,
  coalesce((
    select json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color,
                                      'description', t.description, 'icon', t.icon) order by lower(t.name), t.id)
    from applicant_tags at join tags t on t.account_id = at.account_id and t.id = at.tag_id
    where at.account_id = a.account_id and at.applicant_id = a.id
  ), '[]'::json) as tags`;

/**
 * SQL: the ids a history entry's `changes` hold under `keys`, as a plain value or the `from` and
 * `to` of a change (`reason_id: 3`, `admin_user_id: {from: 1, to: 2}`).
 */
const idsInChanges = (keys: string[]) =>
  sql.raw(
    `select (v #>> '{}')::int from (values ${keys
      .map((k) => `(l.changes->'${k}'), (l.changes->'${k}'->'from'), (l.changes->'${k}'->'to')`)
      .join(', ')}) e(v) where jsonb_typeof(v) = 'number' and (v #>> '{}') ~ '^[0-9]{1,9}$'`,
  );

/**
 * SQL: the names of the reasons, vacancies, stages, sources and countries a history entry names
 * by id, so the history reads «причина «Не подходит по опыту»», not `reason_id: 1`.
 */
const worklogRefNames = sql`(
  select json_object_agg(r.key, r.name) from (
    select 'reason:' || x.id as key, x.name from reasons x
      where x.account_id = l.account_id and x.id in (${idsInChanges(['reason_id'])})
    union all
    select 'vacancy:' || x.id, x.position from vacancies x
      where x.account_id = l.account_id
        and x.id in (${idsInChanges(['vacancy_id', 'requested_vacancy_id'])})
    union all
    select 'status:' || x.id, x.name from statuses x
      where x.account_id = l.account_id
        and x.id in (${idsInChanges(['status_id', 'requested_status_id'])})
    union all
    select 'source:' || x.id, x.name from account_sources x
      where x.account_id = l.account_id and x.id in (${idsInChanges(['account_source_id'])})
    union all
    select 'country:' || x.id, x.name from ref_countries x
      where x.id in (${idsInChanges(['country'])})
  ) r)`;

const worklogRefUsers = sql`(
  select json_object_agg(x.id, ${userNameParts('x')}) from users x
  where x.account_id = l.account_id and x.id in (${idsInChanges(['admin_user_id'])}))`;

const worklogSelect = (accountId: SQL | number, applicantId: SQL | number, limit: number) => sql`
  select l.id, l.action, l.changes, l.user_id, ${userNameParts('u')} as user_person, l.created_at,
    ${worklogRefNames} as ref_names, ${worklogRefUsers} as ref_users
  from applicant_worklog l
  left join users u on u.account_id = l.account_id and u.id = l.user_id
  where l.account_id = ${accountId} and l.applicant_id = ${applicantId}
  order by l.created_at desc, l.id desc
  limit ${limit}`;

const commentsSelect = (accountId: SQL | number, applicantId: SQL | number) => sql`
  select c.id, c.description, c.author_id, ${userNameParts('u')} as author_person, c.created_at, c.updated_at
  from applicant_comments c
  left join users u on u.account_id = c.account_id and u.id = c.author_id
  where c.account_id = ${accountId} and c.applicant_id = ${applicantId}
  order by c.created_at, c.id`;

/** Résumés and attachments, oldest first; the photo is the card's `photo`. */
const cardFilesSelect = (accountId: SQL, applicantId: SQL) => sql`
  select f.id, f.file_name, f.mime_type, f.size_bytes, f.kind, f.uploaded_by, f.created_at
  from files f
  where f.account_id = ${accountId} and f.applicant_id = ${applicantId}
    and f.kind in ('resume', 'attachment')
  order by f.created_at, f.id`;

/** The applicant's applications: vacancy, stage and rejection, most recent arrival first. */
const cardVacanciesSelect = (accountId: SQL, applicantId: SQL) => sql`
  select ap.id as application_id, ap.vacancy_id, v.position as vacancy_name, ap.status_id,
         s.name as status_name, s.color as status_color, s.icon as status_icon,
         ap.entered_status_at, ap.reject_kind,
         ap.reject_reason_id, r.name as reject_reason_name, ap.reject_comment
  from applications ap
  join vacancies v on v.account_id = ap.account_id and v.id = ap.vacancy_id
  join statuses s on s.account_id = ap.account_id and s.id = ap.status_id
  left join reasons r on r.account_id = ap.account_id and r.id = ap.reject_reason_id
  where ap.account_id = ${accountId} and ap.applicant_id = ${applicantId}
  order by ap.entered_status_at desc, ap.id desc`;

/**
 * The whole card in one statement: the applicant, its source, tags, recent history, comments,
 * files and vacancies.
 */
export const applicantCardStatement = (accountId: number, id: number) => sql`
  select ${viewColumns},
    coalesce((select json_agg(w) from (${worklogSelect(sql`a.account_id`, sql`a.id`, CARD_WORKLOG_LIMIT)}) w), '[]'::json) as worklog,
    coalesce((select json_agg(c) from (${commentsSelect(sql`a.account_id`, sql`a.id`)}) c), '[]'::json) as comments,
    coalesce((select json_agg(f) from (${cardFilesSelect(sql`a.account_id`, sql`a.id`)}) f), '[]'::json) as files,
    coalesce((select json_agg(v) from (${cardVacanciesSelect(sql`a.account_id`, sql`a.id`)}) v), '[]'::json) as vacancies
  from applicants a
  left join account_sources s on s.account_id = a.account_id and s.id = a.account_source_id
  where a.account_id = ${accountId} and a.id = ${id}`;

const cardShapes: StatementShapes = new Map();

/**
 * The card's statement. Its text is the same for every card: drizzle builds it once, and each
 * call fills in its account and applicant (decision 0079).
 */
export const applicantCardQuery = (accountId: number, id: number): SQL =>
  shapedQuery(cardShapes, 'card', { account: accountId, id }, (bind) =>
    applicantCardStatement(bind('account'), bind('id')),
  );

/**
 * The card as a write answers it (read with the write, up to three times for an edit): a named
 * statement, planned once per connection — planning it cost ~4× running it.
 */
export async function findApplicantCard(tx: Db, accountId: number, id: number) {
  const query = applicantCardQuery(accountId, id);
  const [row] = await selectRows<ApplicantCardRow>(tx, query, {
    name: statementName('applicant_card', query),
  });
  return row ?? null;
}

export async function listArchivedApplicants(
  tx: Db,
  accountId: number,
  limit: number,
  offset: number,
) {
  return selectRows<ApplicantViewRow>(
    tx,
    sql`select ${viewColumns}
        from applicants a
        left join account_sources s on s.account_id = a.account_id and s.id = a.account_source_id
        where a.account_id = ${accountId} and a.archived_at is not null
        order by a.archived_at desc, a.id desc
        limit ${limit} offset ${offset}`,
  );
}

export async function countArchivedApplicants(tx: Db, accountId: number) {
  const [row] = await tx
    .select({ n: count() })
    .from(applicants)
    .where(and(eq(applicants.accountId, accountId), isNotNull(applicants.archivedAt)));
  return row?.n ?? 0;
}

/** The few columns rules look at before a change. */
export async function findApplicantHead(tx: Db, accountId: number, id: number) {
  const [row] = await tx
    .select({
      id: applicants.id,
      adminUserId: applicants.adminUserId,
      photoFileId: applicants.photoFileId,
      archivedAt: applicants.archivedAt,
    })
    .from(applicants)
    .where(and(eq(applicants.accountId, accountId), eq(applicants.id, id)))
    .for('update');
  return row ?? null;
}

/**
 * Inserts an applicant; answers its id and, as stored, the fields the duplicate check compares
 * (the check needs no second read of the new row, decision 0111).
 */
export async function insertApplicant(tx: Db, values: ApplicantInsert) {
  const [row] = await tx.insert(applicants).values(values).returning({
    id: applicants.id,
    firstName: applicants.firstName,
    lastName: applicants.lastName,
    middleName: applicants.middleName,
    birthday: applicants.birthday,
    email: applicants.email,
    phone: applicants.phone,
    tg: applicants.tg,
    contacts: applicants.contacts,
    resumeUrls: applicants.resumeUrls,
    city: applicants.city,
    company: applicants.company,
  });
  return row!;
}

export async function updateApplicant(
  tx: Db,
  accountId: number,
  id: number,
  changes: ApplicantColumns,
) {
  await tx
    .update(applicants)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(applicants.accountId, accountId), eq(applicants.id, id)));
}

export async function deleteApplicant(tx: Db, accountId: number, id: number) {
  await tx
    .delete(applicants)
    .where(and(eq(applicants.accountId, accountId), eq(applicants.id, id)));
}

export async function isLiveUser(tx: Db, accountId: number, userId: number) {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(users.id, userId), isNull(users.deletedAt)));
  return Boolean(row);
}

export async function isAccountSource(tx: Db, accountId: number, sourceId: number) {
  const [row] = await tx
    .select({ id: accountSources.id })
    .from(accountSources)
    .where(and(eq(accountSources.accountId, accountId), eq(accountSources.id, sourceId)));
  return Boolean(row);
}

export async function findTagsByIds(tx: Db, accountId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(and(eq(tags.accountId, accountId), inArray(tags.id, ids)))
    .orderBy(asc(sql`lower(${tags.name})`), asc(tags.id));
}

export async function findApplicantTagNames(tx: Db, accountId: number, applicantId: number) {
  const rows = await tx
    .select({ name: tags.name })
    .from(applicantTags)
    .innerJoin(
      tags,
      and(eq(tags.accountId, applicantTags.accountId), eq(tags.id, applicantTags.tagId)),
    )
    .where(and(eq(applicantTags.accountId, accountId), eq(applicantTags.applicantId, applicantId)))
    .orderBy(asc(sql`lower(${tags.name})`), asc(tags.id));
  return rows.map((r) => r.name);
}

export async function replaceApplicantTags(
  tx: Db,
  accountId: number,
  applicantId: number,
  tagIds: number[],
) {
  await tx
    .delete(applicantTags)
    .where(and(eq(applicantTags.accountId, accountId), eq(applicantTags.applicantId, applicantId)));
  if (tagIds.length === 0) return;
  await tx.insert(applicantTags).values(tagIds.map((tagId) => ({ accountId, applicantId, tagId })));
}

/**
 * The applicants of `ids` that exist in the account, locked in id order for a change (concurrent
 * changes of the same applicants queue up); missing ones are absent.
 */
export async function lockApplicants(tx: Db, accountId: number, ids: number[]) {
  return selectRows<RowOf<typeof applicants, 'id' | 'adminUserId'> & { archived: boolean }>(
    tx,
    sql`select id, admin_user_id, archived_at is not null as archived from applicants
        where account_id = ${accountId}::int and id = any(${intArray(ids)})
        order by id for update`,
  );
}

export async function listWorklog(tx: Db, accountId: number, applicantId: number, limit: number) {
  return selectRows<WorklogRow>(tx, worklogSelect(accountId, applicantId, limit));
}

export async function listComments(tx: Db, accountId: number, applicantId: number) {
  return selectRows<CommentRow>(tx, commentsSelect(accountId, applicantId));
}

/** One comment with its author's name, as the list shows it. */
export async function findCommentWithAuthor(
  tx: Db,
  accountId: number,
  applicantId: number,
  id: number,
) {
  const [row] = await selectRows<CommentRow>(
    tx,
    sql`select * from (${commentsSelect(accountId, applicantId)}) c where c.id = ${id}`,
  );
  return row ?? null;
}

export async function findComment(tx: Db, accountId: number, applicantId: number, id: number) {
  const [row] = await tx
    .select()
    .from(applicantComments)
    .where(
      and(
        eq(applicantComments.accountId, accountId),
        eq(applicantComments.applicantId, applicantId),
        eq(applicantComments.id, id),
      ),
    );
  return row ?? null;
}

export async function insertComment(
  tx: Db,
  comment: { accountId: number; applicantId: number; authorId: number; description: string },
) {
  const [row] = await tx
    .insert(applicantComments)
    .values(comment)
    .returning({ id: applicantComments.id });
  return row!.id;
}

export async function updateComment(tx: Db, accountId: number, id: number, description: string) {
  await tx
    .update(applicantComments)
    .set({ description, updatedAt: new Date() })
    .where(and(eq(applicantComments.accountId, accountId), eq(applicantComments.id, id)));
}

export async function deleteComment(tx: Db, accountId: number, id: number) {
  await tx
    .delete(applicantComments)
    .where(and(eq(applicantComments.accountId, accountId), eq(applicantComments.id, id)));
}

/** One worklog entry written by the signed-in user of `tenant`: who, what, which fields. */
export const logApplicantChange = (
  tx: Db,
  tenant: { accountId: number; userId: number },
  applicantId: number,
  action: string,
  changes: Record<string, unknown>,
) => logApplicantsChanges(tx, tenant, [{ applicantId, action, changes }]);

/**
 * History entries of several applicants written by the same user, in one statement: the one
 * insert into `applicant_worklog` (other modules reach it through recordApplicantsHistory).
 */
export async function logApplicantsChanges(
  tx: Db,
  tenant: { accountId: number; userId: number | null },
  entries: { applicantId: number; action: string; changes: Record<string, unknown> }[],
) {
  if (entries.length === 0) return;
  const rows = entries.map((e) => ({ a: e.applicantId, x: e.action, c: e.changes }));
  const query = sql`
    insert into applicant_worklog (account_id, applicant_id, user_id, action, changes)
    select ${tenant.accountId}::int, e.a, ${tenant.userId}::int, e.x, e.c
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as e(a int, x text, c jsonb)`;
  // Named: every move, rejection and edit logs through it (decision 0095).
  await selectRows(tx, query, { name: statementName('applicant_worklog_insert', query) });
}

/** Name parts and contacts of the applicants among `ids` (a letter to each). */
export async function findApplicantContacts(tx: Db, accountId: number, ids: number[]) {
  return selectRows<{
    id: number;
    first_name: string | null;
    last_name: string | null;
    middle_name: string | null;
    position: string | null;
    email: string | null;
    phone: string | null;
  }>(
    tx,
    sql`select id, first_name, last_name, middle_name, position, email, phone
        from applicants
        where account_id = ${accountId} and id = any(${`{${ids.map(Number).join(',')}}`}::int[])`,
  );
}
