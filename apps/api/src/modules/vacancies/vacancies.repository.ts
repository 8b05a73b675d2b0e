import type { TPersonNameParts } from '@ats/contracts/person-name';
import { type Db, selectRows } from '@ats/db/connection';
import { accountDivisions } from '@ats/db/schema/accounts';
import { statusGroups } from '@ats/db/schema/pipeline-settings';
import { statuses } from '@ats/db/schema/pipeline';
import { users } from '@ats/db/schema/users';
import {
  type TemplateStage,
  vacancies,
  vacancyMembers,
  vacancyStateLog,
} from '@ats/db/schema/vacancies';
import { intArray } from '@ats/db/sql-arrays';
import { type SQL, and, eq, inArray, sql } from 'drizzle-orm';
import { userNameParts } from '../../platform/person-name.ts';

export type VacancyInsert = typeof vacancies.$inferInsert;
export type VacancyTableRow = typeof vacancies.$inferSelect;
export type MemberRole = 'owner' | 'watcher';

/** A stage as the read query answers it (json, snake_case). */
export type StageJson = {
  id: number;
  name: string;
  color: string;
  icon: string | null;
  order: number;
  status_type: string;
  is_favorite: boolean;
  is_offer: boolean;
  is_reject: boolean;
  reject_kind: 'reject' | 'refuse' | null;
  is_required: boolean;
  stay_duration: number | null;
  actions: { name: string; action_params: Record<string, unknown> }[];
  evaluation_id: number | null;
  status_group_id: number | null;
  vacancy_id: number | null;
  admin_user_statuses: { admin_user_id: number; is_read: boolean; is_write: boolean }[];
};

/** One vacancy with everything the API answers about it, read in the same statement. */
export type VacancyReadRow = {
  id: number;
  position: string;
  salary_from: number | null;
  salary_to: number | null;
  currency: string;
  needed: number;
  priority: number;
  is_hidden: boolean;
  body: string | null;
  requirements: string | null;
  conditions: string | null;
  information: string | null;
  regions: { site: string; name: string }[];
  country_id: number | null;
  city: string | null;
  status_group_id: number | null;
  vacancy_application_id: number | null;
  date_will_close: string | null;
  days_until_deadline: number | null;
  additional_fields_list: {
    type: 'string' | 'text' | 'number';
    name: string;
    value: string | number | null;
  }[];
  state: 'open' | 'hold' | 'closed';
  state_reason_id: number | null;
  state_changed_at: Date | string;
  created_at: Date | string;
  updated_at: Date | string;
  closed_at: Date | string | null;
  division: { id: number; name: string; icon: string | null } | null;
  /** `person` for the display name; see `userNameParts`. */
  author: { id: number; person: TPersonNameParts } | null;
  members: { id: number; person: TPersonNameParts; role: MemberRole }[];
  stages: StageJson[];
  count_applicants: number;
  hired: number;
  avg_close_seconds: number | string | null;
  stage_counts: { status_id: number; count: number }[];
};

/** Who reads: stages the reader may not read (user_status_rights.is_read = false) stay hidden. */
export type Reader = { userId: number; seesAll: boolean };

/** The stage `s` is readable by the user (no row, or a row with is_read). */
export const stageReadableBy = (userId: number, stage = 's') =>
  sql`not exists (select 1 from user_status_rights r
        where r.account_id = ${sql.raw(stage)}.account_id and r.status_id = ${sql.raw(stage)}.id
          and r.user_id = ${userId} and not r.is_read)`;

/** The vacancy `v` is visible to the reader: recruiters and admins see all, watchers theirs. */
const visibleTo = (reader: Reader) =>
  reader.seesAll
    ? sql`true`
    : sql`exists (select 1 from vacancy_members m
        where m.account_id = v.account_id and m.vacancy_id = v.id and m.user_id = ${reader.userId})`;

const readColumns = (reader: Reader) => sql`
  v.id, v.position, v.salary_from, v.salary_to, v.currency, v.needed, v.priority, v.is_hidden,
  v.body, v.requirements, v.conditions, v.information, v.regions, v.country_id, v.city,
  v.status_group_id, v.vacancy_application_id, v.date_will_close::text as date_will_close,
  v.days_until_deadline, v.additional_fields_list, v.state, v.state_reason_id, v.state_changed_at,
  v.created_at, v.updated_at, v.closed_at,
  (select json_build_object('id', d.id, 'name', d.name, 'icon', d.icon) from account_divisions d
    where d.account_id = v.account_id and d.id = v.division_id) as division,
  (select json_build_object('id', u.id, 'person', ${userNameParts('u')}) from users u
    where u.account_id = v.account_id and u.id = v.author_id) as author,
  coalesce((select json_agg(json_build_object('id', u.id, 'person', ${userNameParts('u')}, 'role', m.role)
                            order by m.created_at, u.id)
            from vacancy_members m join users u on u.account_id = m.account_id and u.id = m.user_id
            where m.account_id = v.account_id and m.vacancy_id = v.id), '[]') as members,
  coalesce((select json_agg(json_build_object(
              'id', s.id, 'name', s.name, 'color', s.color, 'icon', s.icon, 'order', s.position,
              'status_type', s.status_type, 'is_favorite', s.is_favorite, 'is_offer', s.is_offer,
              'is_reject', s.is_reject, 'reject_kind', s.reject_kind, 'is_required', s.is_required,
              'stay_duration', s.stay_duration, 'actions', s.actions,
              'evaluation_id', s.evaluation_id, 'status_group_id', s.status_group_id,
              'vacancy_id', s.vacancy_id,
              'admin_user_statuses', coalesce((
                select json_agg(json_build_object('admin_user_id', r.user_id,
                                                  'is_read', r.is_read, 'is_write', r.is_write)
                                order by r.user_id)
                from user_status_rights r
                where r.account_id = s.account_id and r.status_id = s.id), '[]'))
            order by s.position, s.id)
            from statuses s
            where s.account_id = v.account_id and s.vacancy_id = v.id
              and ${stageReadableBy(reader.userId)}), '[]') as stages,
  c.count_applicants, c.hired, c.avg_close_seconds, c.stage_counts`;

/**
 * Counts of applications at the stages the reader may read, one row per vacancy: a grouped count
 * per readable stage (zero included, in stage order) and the totals summed from it.
 */
const countsJoin = (reader: Reader) => sql`
  cross join lateral (
    select coalesce(sum(g.n), 0)::int as count_applicants,
           coalesce(sum(g.n) filter (where g.status_type = 'hired'), 0)::int as hired,
           sum(g.close_seconds) filter (where g.status_type = 'hired')
             / nullif(sum(g.n) filter (where g.status_type = 'hired'), 0) as avg_close_seconds,
           coalesce(json_agg(json_build_object('status_id', g.id, 'count', g.n)
                             order by g.position, g.id), '[]') as stage_counts
    from (
      select s.id, s.position, s.status_type, count(a.id)::int as n,
             sum(extract(epoch from a.entered_status_at - a.created_at)) as close_seconds
      from statuses s
      left join applications a
        on a.account_id = s.account_id and a.vacancy_id = s.vacancy_id and a.status_id = s.id
      where s.account_id = v.account_id and s.vacancy_id = v.id
        and ${stageReadableBy(reader.userId)}
      group by s.id, s.position, s.status_type) g) c`;

export async function findVacancyForReader(tx: Db, accountId: number, id: number, reader: Reader) {
  const [row] = await selectRows<VacancyReadRow>(
    tx,
    sql`select ${readColumns(reader)} from vacancies v ${countsJoin(reader)}
        where v.account_id = ${accountId} and v.id = ${id} and ${visibleTo(reader)}`,
  );
  return row ?? null;
}

export type VacancyFilter = {
  states?: ('open' | 'hold' | 'closed')[] | undefined;
  divisionId?: number | undefined;
  ownerId?: number | undefined;
  priority?: number | undefined;
  search?: string | undefined;
};

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Every filter but the state: the state tabs count under these. */
function filterConditions(accountId: number, filter: VacancyFilter, reader: Reader) {
  const parts: SQL[] = [sql`v.account_id = ${accountId}`, visibleTo(reader)];
  if (filter.divisionId !== undefined) {
    // A division shows the vacancies of its sub-divisions too.
    parts.push(sql`v.division_id in (
      with recursive subtree(id) as (
        select id from account_divisions where account_id = ${accountId} and id = ${filter.divisionId}
        union
        select d.id from account_divisions d join subtree t on d.parent_id = t.id
        where d.account_id = ${accountId}
      ) select id from subtree)`);
  }
  if (filter.ownerId !== undefined) {
    parts.push(sql`exists (select 1 from vacancy_members o
      where o.account_id = v.account_id and o.vacancy_id = v.id
        and o.user_id = ${filter.ownerId} and o.role = 'owner')`);
  }
  if (filter.priority !== undefined) parts.push(sql`v.priority = ${filter.priority}`);
  if (filter.search) {
    // Substrings, and whole words with a typo through trigrams.
    parts.push(sql`(v.position ilike ${likePattern(filter.search)}
                    or ${filter.search} <% v.position)`);
  }
  return sql.join(parts, sql` and `);
}

const stateCondition = (states: VacancyFilter['states']) =>
  states && states.length > 0 ? sql`v.state = any(${`{${states.join(',')}}`}::text[])` : sql`true`;

/** One page of vacancies, newest first, with everything they answer: one statement. */
export async function listVacanciesForReader(
  tx: Db,
  accountId: number,
  filter: VacancyFilter,
  reader: Reader,
  page: { limit: number; offset: number },
) {
  return selectRows<VacancyReadRow>(
    tx,
    sql`with page as (
          select v.* from vacancies v
          where ${filterConditions(accountId, filter, reader)} and ${stateCondition(filter.states)}
          order by v.created_at desc, v.id desc
          limit ${page.limit} offset ${page.offset})
        select ${readColumns(reader)} from page v ${countsJoin(reader)}
        order by v.created_at desc, v.id desc`,
  );
}

/** How many vacancies each state holds under the other filters. */
export async function countVacanciesByState(
  tx: Db,
  accountId: number,
  filter: VacancyFilter,
  reader: Reader,
) {
  return selectRows<{ state: 'open' | 'hold' | 'closed'; n: number }>(
    tx,
    sql`select v.state, count(*)::int as n from vacancies v
        where ${filterConditions(accountId, filter, reader)} group by v.state`,
  );
}

export async function findVacancyRow(tx: Db, accountId: number, id: number) {
  const [row] = await tx
    .select()
    .from(vacancies)
    .where(and(eq(vacancies.accountId, accountId), eq(vacancies.id, id)));
  return row ?? null;
}

/** The caller's role on the vacancy, or null. */
export async function findMemberRole(tx: Db, accountId: number, vacancyId: number, userId: number) {
  const [row] = await tx
    .select({ role: vacancyMembers.role })
    .from(vacancyMembers)
    .where(
      and(
        eq(vacancyMembers.accountId, accountId),
        eq(vacancyMembers.vacancyId, vacancyId),
        eq(vacancyMembers.userId, userId),
      ),
    );
  return row?.role ?? null;
}

export async function insertVacancy(tx: Db, row: VacancyInsert) {
  const [created] = await tx.insert(vacancies).values(row).returning({ id: vacancies.id });
  return created!.id;
}

export async function updateVacancy(
  tx: Db,
  accountId: number,
  id: number,
  changes: Partial<VacancyInsert>,
) {
  await tx
    .update(vacancies)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(vacancies.accountId, accountId), eq(vacancies.id, id)));
}

export async function deleteVacancy(tx: Db, accountId: number, id: number) {
  await tx.delete(vacancies).where(and(eq(vacancies.accountId, accountId), eq(vacancies.id, id)));
}

/** Replaces the members of one role with `userIds`. */
export async function replaceMembers(
  tx: Db,
  accountId: number,
  vacancyId: number,
  role: MemberRole,
  userIds: number[],
) {
  await tx
    .delete(vacancyMembers)
    .where(
      and(
        eq(vacancyMembers.accountId, accountId),
        eq(vacancyMembers.vacancyId, vacancyId),
        eq(vacancyMembers.role, role),
      ),
    );
  if (userIds.length === 0) return;
  await tx
    .insert(vacancyMembers)
    .values(userIds.map((userId) => ({ accountId, vacancyId, userId, role })))
    .onConflictDoUpdate({
      target: [vacancyMembers.accountId, vacancyMembers.vacancyId, vacancyMembers.userId],
      set: { role },
    });
}

export async function insertStateLog(tx: Db, row: typeof vacancyStateLog.$inferInsert) {
  await tx.insert(vacancyStateLog).values(row);
}

export async function listStateLog(tx: Db, accountId: number, vacancyId: number) {
  return selectRows<{
    id: number;
    from_state: 'open' | 'hold' | 'closed' | null;
    to_state: 'open' | 'hold' | 'closed';
    reason_id: number | null;
    reason_name: string | null;
    comment: string | null;
    changed_by: number | null;
    changed_at: Date | string;
  }>(
    tx,
    sql`select l.id, l.from_state, l.to_state, l.reason_id, r.name as reason_name, l.comment,
               l.changed_by, l.changed_at
        from vacancy_state_log l
        left join reasons r on r.account_id = l.account_id and r.id = l.reason_id
        where l.account_id = ${accountId} and l.vacancy_id = ${vacancyId}
        order by l.changed_at, l.id`,
  );
}

/** Users of the account among `ids`, with their member type. */
export async function findUsers(tx: Db, accountId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: users.id, memberType: users.memberType })
    .from(users)
    .where(and(eq(users.accountId, accountId), inArray(users.id, ids)));
}

export async function divisionExists(tx: Db, accountId: number, id: number) {
  const [row] = await tx
    .select({ id: accountDivisions.id })
    .from(accountDivisions)
    .where(and(eq(accountDivisions.accountId, accountId), eq(accountDivisions.id, id)));
  return Boolean(row);
}

export async function statusGroupExists(tx: Db, accountId: number, id: number) {
  const [row] = await tx
    .select({ id: statusGroups.id })
    .from(statusGroups)
    .where(and(eq(statusGroups.accountId, accountId), eq(statusGroups.id, id)));
  return Boolean(row);
}

/** Stages of the account among `ids`, with what owns them. */
export async function findStages(tx: Db, accountId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(statuses)
    .where(and(eq(statuses.accountId, accountId), inArray(statuses.id, ids)));
}

/** The vacancy's own stages in order (all of them, whoever reads). */
export async function listVacancyStages(tx: Db, accountId: number, vacancyId: number) {
  return tx
    .select()
    .from(statuses)
    .where(and(eq(statuses.accountId, accountId), eq(statuses.vacancyId, vacancyId)))
    .orderBy(statuses.position, statuses.id);
}

/**
 * Copies stages (any funnel's or vacancy's, with their rights) to a vacancy in the order of
 * `sourceIds`: one statement for the stages and one for the rights.
 */
export async function copyStagesToVacancy(
  tx: Db,
  accountId: number,
  sourceIds: number[],
  vacancyId: number,
) {
  if (sourceIds.length === 0) return;
  await tx.execute(sql`
    with source as (
      select s.*, o.n
      from unnest(${intArray(sourceIds)}) with ordinality as o(id, n)
      join statuses s on s.account_id = ${accountId} and s.id = o.id
    ), copied as (
      insert into statuses (account_id, vacancy_id, copied_from_id, name, color, icon,
                            position, status_type, is_favorite, is_offer, is_reject, reject_kind,
                            is_required, stay_duration, actions, evaluation_id)
      select ${accountId}, ${vacancyId}::int, coalesce(copied_from_id, id), name, color,
             icon, n, status_type, is_favorite, is_offer, is_reject, reject_kind, is_required,
             stay_duration, actions, evaluation_id
      from source order by n
      returning id, position
    )
    insert into user_status_rights (account_id, user_id, status_id, is_read, is_write)
    select r.account_id, r.user_id, c.id, r.is_read, r.is_write
    from copied c
    join source on source.n = c.position
    join user_status_rights r on r.account_id = ${accountId} and r.status_id = source.id`);
}

/** A template's stages become the vacancy's own. */
export async function insertTemplateStages(
  tx: Db,
  accountId: number,
  vacancyId: number,
  stages: TemplateStage[],
) {
  if (stages.length === 0) return;
  await tx.insert(statuses).values(
    [...stages]
      .sort((a, b) => a.order - b.order)
      .map((s, i) => ({
        accountId,
        vacancyId,
        name: s.name,
        color: s.color,
        position: i + 1,
        statusType: s.status_type ?? 'user',
        isOffer: s.is_offer,
        isReject: s.is_reject,
        rejectKind: s.is_reject ? (s.reject_kind ?? 'reject') : null,
        isRequired: s.is_required,
        stayDuration: s.stay_duration,
      })),
  );
}

export async function findReason(tx: Db, accountId: number, id: number) {
  const [row] = await selectRows<{ id: number; reason_type: string }>(
    tx,
    sql`select id, reason_type from reasons where account_id = ${accountId} and id = ${id}`,
  );
  return row ?? null;
}
