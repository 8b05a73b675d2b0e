import { shapedQuery, type StatementShapes, statementName } from '@ats/db/connection';
import { type SQL, sql } from 'drizzle-orm';
import type { StageRight, VacancyAccess } from './pipeline.policy.ts';

/** A stage of the board row: the columns of `statuses` under their Drizzle names. */
export type BoardStageRow = {
  accountId: number;
  id: number;
  statusGroupId: number | null;
  vacancyId: number | null;
  copiedFromId: number | null;
  name: string;
  color: string;
  icon: string | null;
  position: number;
  statusType: string;
  isFavorite: boolean;
  isOffer: boolean;
  isReject: boolean;
  rejectKind: 'reject' | 'refuse' | null;
  isRequired: boolean;
  stayDuration: number | null;
  actions: { name: string; action_params: Record<string, unknown> }[];
  evaluationId: number | null;
  createdAt: Date;
  updatedAt: Date;
  rights: { admin_user_id: number; is_read: boolean; is_write: boolean }[];
};

/** One row per stage (or one row with `stage` null for a vacancy without stages). */
export type BoardColumnRow = {
  state: VacancyAccess['state'];
  is_member: boolean;
  stage: BoardStageRow | null;
  my_right: StageRight;
  count: number;
};

const membership = (userId: number) => sql`exists (
  select 1 from vacancy_members m
  where m.account_id = v.account_id and m.vacancy_id = v.id and m.user_id = ${userId}::int)`;

const myRight = (userId: number) => sql`(
  select json_build_object('isRead', r.is_read, 'isWrite', r.is_write)
  from user_status_rights r
  where r.account_id = s.account_id and r.status_id = s.id and r.user_id = ${userId}::int)`;

const cardTags = sql`coalesce((
  select json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color,
                                    'description', t.description, 'icon', t.icon) order by lower(t.name), t.id)
  from applicant_tags at join tags t on t.account_id = at.account_id and t.id = at.tag_id
  where at.account_id = p.account_id and at.applicant_id = p.id), '[]'::json)`;

/** The card fields of an application `ap` of applicant `p` at stage `s`. */
export const cardColumns = sql`
  ap.id as application_id, p.id as applicant_id, ap.status_id, ap.vacancy_id,
  p.first_name, p.last_name, p.middle_name, p.photo_file_id, p.position, ${cardTags} as tags,
  ap.entered_status_at,
  floor(extract(epoch from now() - ap.entered_status_at) / 86400)::int as days_in_status,
  (s.stay_duration is not null
     and ap.entered_status_at < now() - make_interval(days => s.stay_duration)) as is_overdue,
  ap.reject_reason_id,
  (select rr.name from reasons rr
    where rr.account_id = ap.account_id and rr.id = ap.reject_reason_id) as reject_reason_name,
  ap.reject_comment`;

export type CardRow = {
  application_id: number;
  applicant_id: number;
  status_id: number;
  vacancy_id: number;
  first_name: string | null;
  last_name: string | null;
  middle_name: string | null;
  photo_file_id: number | null;
  position: string | null;
  tags: { id: number; name: string; color: string; description: string | null }[];
  entered_status_at: string | Date;
  days_in_status: number;
  is_overdue: boolean;
  reject_reason_id: number | null;
  reject_reason_name: string | null;
  reject_comment: string | null;
};

/** What the board's filters ask: of the applicant (SQL over `applicants a`) and the placement. */
export type BoardFilter = {
  applicant: SQL | null;
  addedBy?: number | undefined;
  /** Inclusive days in Moscow. */
  addedFrom?: string | undefined;
  addedTo?: string | undefined;
};

const MOSCOW = 'Europe/Moscow';

/** `and …` over the application `ap` for the filters, or nothing. */
function andFiltered(filter: BoardFilter | null): SQL {
  if (!filter) return sql``;
  const parts: SQL[] = [];
  if (filter.applicant) {
    parts.push(sql`ap.applicant_id in (select a.id from applicants a where ${filter.applicant})`);
  }
  if (filter.addedBy !== undefined) parts.push(sql`ap.created_by = ${filter.addedBy}::int`);
  if (filter.addedFrom !== undefined) {
    parts.push(
      sql`ap.created_at >= (${filter.addedFrom}::date)::timestamp at time zone ${MOSCOW}::text`,
    );
  }
  if (filter.addedTo !== undefined) {
    parts.push(
      sql`ap.created_at < (${filter.addedTo}::date + 1)::timestamp at time zone ${MOSCOW}::text`,
    );
  }
  return parts.length ? sql`and ${sql.join(parts, sql` and `)}` : sql``;
}

/**
 * The board's columns in one statement: the vacancy's state and the caller's membership, every
 * stage in order with everyone's rights, the caller's own rights row, and how many applicants it
 * holds (counted on the board index).
 */
export const boardColumnsStatement = (
  accountId: number,
  vacancyId: number,
  userId: number,
  filter: BoardFilter | null = null,
): SQL => sql`
  select v.state, ${membership(userId)} as is_member, st.stage, st.my_right, coalesce(st.count, 0) as count
  from vacancies v
  left join lateral (
    select json_build_object(
        'accountId', s.account_id, 'id', s.id, 'statusGroupId', s.status_group_id,
        'vacancyId', s.vacancy_id, 'copiedFromId', s.copied_from_id, 'name', s.name,
        'color', s.color, 'icon', s.icon, 'position', s.position, 'statusType', s.status_type,
        'isFavorite', s.is_favorite, 'isOffer', s.is_offer, 'isReject', s.is_reject,
        'rejectKind', s.reject_kind, 'isRequired', s.is_required,
        'stayDuration', s.stay_duration, 'actions', s.actions, 'evaluationId', s.evaluation_id,
        'rights', coalesce((
          select json_agg(json_build_object('admin_user_id', r.user_id, 'is_read', r.is_read,
                                            'is_write', r.is_write) order by r.user_id)
          from user_status_rights r
          where r.account_id = s.account_id and r.status_id = s.id), '[]'::json)
      ) as stage,
      ${myRight(userId)} as my_right,
      (select count(*)::int from applications ap
        where ap.account_id = s.account_id and ap.vacancy_id = s.vacancy_id
          and ap.status_id = s.id ${andFiltered(filter)}) as count,
      s.position, s.id
    from statuses s
    where s.account_id = v.account_id and s.vacancy_id = v.id
  ) st on true
  where v.account_id = ${accountId}::int and v.id = ${vacancyId}::int
  order by st.position, st.id`;

export type BoardPageRow = {
  state: VacancyAccess['state'];
  is_member: boolean;
  my_right: StageRight;
  total: number;
  /** The page's cards as the answer's JSON text (`cardText`), read as a string. */
  cards: string;
};

/**
 * A tag of the card as the contract writes it (`ZTag`), compact: `row_to_json` and
 * `array_to_json` write no spaces, unlike `json_build_object` and `json_agg` (decision 0110).
 */
const cardTagsText = sql`coalesce((
  select array_to_json(array_agg(row_to_json(tag_row) order by lower(tag_row.name), tag_row.id))
  from (
    select t.id, t.name, t.color, t.description, t.icon
    from applicant_tags at join tags t on t.account_id = at.account_id and t.id = at.tag_id
    where at.account_id = p.account_id and at.applicant_id = p.id
  ) tag_row), '[]'::json)`;

/**
 * The card of application `ap` of applicant `p` at stage `s` as the contract writes it
 * (`ZBoardCard`: its keys in order, the photo's address, the time of arrival as
 * `Date.toISOString` writes it, milliseconds cut as a Date cuts them): its JSON text, byte for byte what `JSON.stringify` of the checked card
 * gives (checked outside production, answer-text.ts).
 */
export const cardText = sql`(select row_to_json(card_row) from (select
  ap.id as application_id, p.id as applicant_id, ap.status_id,
  p.first_name, p.last_name, p.middle_name,
  case when p.photo_file_id is null then null else '/api/files/' || p.photo_file_id end as photo,
  p.position, ${cardTagsText} as tags,
  to_char(ap.entered_status_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    as entered_status_at,
  floor(extract(epoch from now() - ap.entered_status_at) / 86400)::int as days_in_status,
  (s.stay_duration is not null
     and ap.entered_status_at < now() - make_interval(days => s.stay_duration)) as is_overdue,
  ap.reject_reason_id,
  (select rr.name from reasons rr
    where rr.account_id = ap.account_id and rr.id = ap.reject_reason_id) as reject_reason_name,
  ap.reject_comment) card_row)`;

/**
 * One column's page in one statement: the vacancy and stage (no row when the stage is not the
 * vacancy's), the caller's access, the column's size, and the page of cards, newest arrivals
 * first, read along the board index — the cards as the answer's JSON text (decision 0110).
 */
export const boardPageStatement = (
  accountId: number,
  input: {
    vacancyId: number;
    statusId: number;
    userId: number;
    limit: number;
    offset: number;
    filter?: BoardFilter | null;
  },
): SQL => sql`
  select v.state, ${membership(input.userId)} as is_member, ${myRight(input.userId)} as my_right,
    (select count(*)::int from applications ap
      where ap.account_id = s.account_id and ap.vacancy_id = s.vacancy_id and ap.status_id = s.id
        ${andFiltered(input.filter ?? null)}) as total,
    coalesce((
      select array_to_json(array_agg(page.card order by page.arrived desc, page.id))
      from (
        select ap.entered_status_at as arrived, ap.id, ${cardText} as card
        from applications ap
        join applicants p on p.account_id = ap.account_id and p.id = ap.applicant_id
        where ap.account_id = s.account_id and ap.vacancy_id = s.vacancy_id and ap.status_id = s.id
          ${andFiltered(input.filter ?? null)}
        order by ap.entered_status_at desc, ap.id
        limit ${input.limit}::int offset ${input.offset}::int
      ) page), '[]'::json)::text as cards
  from vacancies v
  join statuses s on s.account_id = v.account_id and s.vacancy_id = v.id and s.id = ${input.statusId}::int
  where v.account_id = ${accountId}::int and v.id = ${input.vacancyId}::int`;

const boardShapes: StatementShapes = new Map();

/**
 * The board's columns. Unfiltered (the board as it opens) its text is the same for every board:
 * drizzle builds it once and each call fills in its account, vacancy and user (decision 0079).
 */
export const boardColumnsQuery = (
  accountId: number,
  vacancyId: number,
  userId: number,
  filter: BoardFilter | null = null,
): SQL =>
  filter
    ? boardColumnsStatement(accountId, vacancyId, userId, filter)
    : shapedQuery(boardShapes, 'columns', { accountId, vacancyId, userId }, (bind) =>
        boardColumnsStatement(bind('accountId'), bind('vacancyId'), bind('userId')),
      );

/** A column's page; unfiltered, built once like the columns (decision 0079). */
export const boardPageQuery = (
  accountId: number,
  input: Parameters<typeof boardPageStatement>[1],
): SQL => {
  if (input.filter) return boardPageStatement(accountId, input);
  const { vacancyId, statusId, userId, limit, offset } = input;
  return shapedQuery(
    boardShapes,
    'page',
    { accountId, vacancyId, statusId, userId, limit, offset },
    (bind) =>
      boardPageStatement(bind('accountId'), {
        vacancyId: bind('vacancyId'),
        statusId: bind('statusId'),
        userId: bind('userId'),
        limit: bind('limit'),
        offset: bind('offset'),
      }),
  );
};

/** The prepared statement's name: the plain one, or one per shape of the filtered statement. */
export function boardStatementName(base: string, query: SQL, filter: BoardFilter | null) {
  if (!filter) return base;
  return statementName(base, query);
}
