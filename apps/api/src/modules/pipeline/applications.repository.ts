import { type Db, selectRows, statementName } from '@ats/db/connection';
import type { RowOf } from '@ats/db/rows';
import { applicationTransitions, applications } from '@ats/db/schema/pipeline';
import { intArray } from '@ats/db/sql-arrays';
import { type SQL, sql } from 'drizzle-orm';
import type { TPersonNameParts } from '@ats/contracts/person-name';
import { applicantNameParts } from '../../platform/person-name.ts';
import type { StageRight, VacancyAccess } from './pipeline.policy.ts';

export type ApplicationRow = RowOf<
  typeof applications,
  | 'id'
  | 'vacancyId'
  | 'applicantId'
  | 'statusId'
  | 'enteredStatusAt'
  | 'rejectReasonId'
  | 'rejectKind'
  | 'rejectComment'
  | 'createdBy'
  | 'createdAt'
  | 'updatedAt'
>;

export type TransitionRow = RowOf<
  typeof applicationTransitions,
  | 'id'
  | 'applicationId'
  | 'vacancyId'
  | 'applicantId'
  | 'fromStatusId'
  | 'toStatusId'
  | 'movedBy'
  | 'movedAt'
  | 'secondsInFrom'
  | 'reasonId'
  | 'comment'
  | 'kind'
>;

/** A stage of one vacancy with the caller's rights row on it (null: none). */
export type VacancyStageRow = {
  id: number;
  name: string;
  position: number;
  is_reject: boolean;
  reject_kind: 'reject' | 'refuse' | null;
  right: StageRight;
};

const applicationColumns = sql.raw(`ap.id, ap.vacancy_id, ap.applicant_id, ap.status_id,
  ap.entered_status_at, ap.reject_reason_id, ap.reject_kind, ap.reject_comment, ap.created_by,
  ap.created_at, ap.updated_at`);

const rightOf = (accountId: number, userId: number, stage: string) => sql`(
  select json_build_object('isRead', r.is_read, 'isWrite', r.is_write)
  from user_status_rights r
  where r.account_id = ${accountId}::int and r.status_id = ${sql.raw(stage)}
    and r.user_id = ${userId}::int)`;

const membershipOf = (accountId: number, userId: number, vacancy: string) => sql`exists (
  select 1 from vacancy_members m
  where m.account_id = ${accountId}::int and m.vacancy_id = ${sql.raw(vacancy)}
    and m.user_id = ${userId}::int)`;

/** The active owners (responsible recruiters) of the vacancy `vacancy`: who hears of its news. */
const ownersOf = (vacancy: string) => sql`array(
  select m.user_id from vacancy_members m
  join users u on u.account_id = m.account_id and u.id = m.user_id
  where m.account_id = ${sql.raw(vacancy)}.account_id and m.vacancy_id = ${sql.raw(vacancy)}.id
    and m.role = 'owner' and u.is_active and u.deleted_at is null
  order by m.user_id)`;

/** The vacancy's state and whether the caller follows it; null when it is not in the account. */
export async function findVacancyAccess(
  tx: Db,
  accountId: number,
  vacancyId: number,
  userId: number,
): Promise<(VacancyAccess & { position: string; ownerIds: number[] }) | null> {
  const [row] = await selectRows<{
    state: VacancyAccess['state'];
    position: string;
    member: boolean;
    owner_ids: number[];
  }>(
    tx,
    sql`select v.state, v.position, ${membershipOf(accountId, userId, 'v.id')} as member,
               ${ownersOf('v')} as owner_ids
        from vacancies v where v.account_id = ${accountId}::int and v.id = ${vacancyId}::int`,
  );
  return row
    ? {
        state: row.state,
        position: row.position,
        isMember: row.member,
        ownerIds: row.owner_ids.map(Number),
      }
    : null;
}

/** The vacancy's stages in order, each with the caller's rights row. */
export async function listVacancyStages(
  tx: Db,
  accountId: number,
  vacancyId: number,
  userId: number,
) {
  return selectRows<VacancyStageRow>(
    tx,
    sql`select s.id, s.name, s.position, s.is_reject, s.reject_kind,
               ${rightOf(accountId, userId, 's.id')} as "right"
        from statuses s
        where s.account_id = ${accountId}::int and s.vacancy_id = ${vacancyId}::int
        order by s.position, s.id`,
  );
}

/** The application locked for a change, with what the rules of a move need to know. */
export type LockedApplication = ApplicationRow & {
  vacancy_state: VacancyAccess['state'];
  vacancy_position: string;
  is_member: boolean;
  /** The vacancy's active owners, who hear of the move (decision 0066). */
  owner_ids: number[];
  applicant_name: TPersonNameParts;
  from_name: string;
  from_right: StageRight;
  /** The vacancy's stages in order, each with the caller's rights row. */
  stages: VacancyStageRow[];
};

/**
 * Locks the application row (`for update`): two moves of one card run one after the other. The
 * vacancy's stages with the caller's rights come in the same statement, so a move makes one round
 * trip fewer; the stage the card stands at is one of them.
 */
export async function lockApplication(
  tx: Db,
  accountId: number,
  id: number,
  userId: number,
): Promise<LockedApplication | null> {
  // The lock is taken on the application alone: a join locked with it would be re-checked
  // against the stage it had before a concurrent move, and the row would vanish. The stages
  // come from a subquery on the locked row, outside the lock.
  const query = sql`with ap as (
          select * from applications
          where account_id = ${accountId}::int and id = ${id}::int
          for update)
        select ${applicationColumns}, v.state as vacancy_state, v.position as vacancy_position,
               ${membershipOf(accountId, userId, 'v.id')} as is_member,
               ${ownersOf('v')} as owner_ids,
               (select ${applicantNameParts('p')} from applicants p
                where p.account_id = ap.account_id and p.id = ap.applicant_id) as applicant_name,
               coalesce((
                 select json_agg(json_build_object(
                          'id', s.id, 'name', s.name, 'position', s.position,
                          'is_reject', s.is_reject, 'reject_kind', s.reject_kind,
                          'right', ${rightOf(accountId, userId, 's.id')})
                        order by s.position, s.id)
                 from statuses s
                 where s.account_id = ap.account_id and s.vacancy_id = ap.vacancy_id), '[]') as stages
        from ap
        join vacancies v on v.account_id = ap.account_id and v.id = ap.vacancy_id`;
  // Named: planned once per connection (decision 0095), as every move and rejection sends it.
  const [row] = await selectRows<Omit<LockedApplication, 'from_name' | 'from_right'>>(tx, query, {
    name: statementName('application_lock', query),
  });
  if (!row) return null;
  const from = row.stages.find((s) => s.id === row.status_id);
  // The foreign key keeps the card on a stage of its vacancy; a stage created after this
  // statement began (and the card moved to it meanwhile) is not in its snapshot.
  if (!from) return null;
  return {
    ...row,
    owner_ids: row.owner_ids.map(Number),
    from_name: from.name,
    from_right: from.right,
  };
}

export async function findApplication(tx: Db, accountId: number, id: number) {
  const [row] = await selectRows<ApplicationRow & { vacancy_state: VacancyAccess['state'] }>(
    tx,
    sql`select ${applicationColumns}, v.state as vacancy_state
        from applications ap
        join vacancies v on v.account_id = ap.account_id and v.id = ap.vacancy_id
        where ap.account_id = ${accountId}::int and ap.id = ${id}::int`,
  );
  return row ?? null;
}

export async function listTransitions(tx: Db, accountId: number, applicationId: number) {
  return selectRows<TransitionRow>(
    tx,
    sql`select id, application_id, vacancy_id, applicant_id, from_status_id, to_status_id,
               moved_by, moved_at, seconds_in_from, reason_id, comment, kind
        from application_transitions
        where account_id = ${accountId}::int and application_id = ${applicationId}::int
        order by moved_at, id`,
  );
}

/**
 * Places applicants on a vacancy at a stage, skipping those already on it and ids that name no
 * applicant of the account; the placement is logged as a transition in the same statement.
 */
export async function insertApplications(
  tx: Db,
  accountId: number,
  input: { vacancyId: number; statusId: number; applicantIds: number[]; userId: number },
) {
  return selectRows<ApplicationRow & { applicant_name: TPersonNameParts }>(
    tx,
    sql`
    with placed as (
      insert into applications (account_id, vacancy_id, applicant_id, status_id, created_by)
      select ${accountId}::int, ${input.vacancyId}::int, p.id, ${input.statusId}::int, ${input.userId}::int
      from applicants p
      where p.account_id = ${accountId}::int
        and p.id = any(${intArray(input.applicantIds)})
      order by p.id
      on conflict (account_id, vacancy_id, applicant_id) do nothing
      returning *
    ), logged as (
      insert into application_transitions (account_id, application_id, vacancy_id, applicant_id,
                                           to_status_id, moved_by, moved_at, kind)
      select account_id, id, vacancy_id, applicant_id, status_id, ${input.userId}::int,
             entered_status_at, 'place'
      from placed
    )
    select ${applicationColumns}, ${applicantNameParts('p')} as applicant_name
    from placed ap
    join applicants p on p.account_id = ap.account_id and p.id = ap.applicant_id
    order by ap.applicant_id`,
  );
}

/** Which of `ids` name applicants of the account. */
export async function countApplicants(tx: Db, accountId: number, ids: number[]) {
  const [row] = await selectRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from applicants
        where account_id = ${accountId}::int and id = any(${intArray(ids)})`,
  );
  return row?.n ?? 0;
}

/**
 * Moves the locked application to a stage and appends the transition (with the seconds spent in
 * the stage left) in one statement. A move to an ordinary stage clears a former rejection.
 */
export async function moveApplication(
  tx: Db,
  accountId: number,
  from: ApplicationRow,
  change: {
    statusId: number;
    kind: TransitionRow['kind'];
    userId: number;
    reasonId: number | null;
    comment: string | null;
    rejectKind: 'reject' | 'refuse' | null;
  },
) {
  const query = sql`
    with moved as (
      update applications ap
      -- The moment of the move, after the row lock: now() is the transaction's start, and a
      -- move that waited for a concurrent one would be logged before it.
      set status_id = ${change.statusId}::int, entered_status_at = clock_timestamp(), updated_at = clock_timestamp(),
          reject_kind = ${change.rejectKind}::text,
          reject_reason_id = ${change.reasonId}::int,
          reject_comment = ${change.rejectKind === null ? null : change.comment}::text
      where ap.account_id = ${accountId}::int and ap.id = ${from.id}::int
      returning ${applicationColumns}
    ), logged as (
      insert into application_transitions (account_id, application_id, vacancy_id, applicant_id,
        from_status_id, to_status_id, moved_by, moved_at, seconds_in_from, reason_id, comment, kind)
      select ${accountId}::int, id, vacancy_id, applicant_id, ${from.status_id}::int, status_id,
             ${change.userId}::int, entered_status_at,
             greatest(0, extract(epoch from entered_status_at - ${new Date(from.entered_status_at).toISOString()}::timestamptz))::int,
             ${change.reasonId}::int, ${change.comment}::text, ${change.kind}::text
      from moved
    )
    select * from moved`;
  const [row] = await selectRows<ApplicationRow>(tx, query, {
    name: statementName('application_move', query),
  });
  return row!;
}

export async function deleteApplication(tx: Db, accountId: number, id: number) {
  await tx.execute(
    sql`delete from applications where account_id = ${accountId}::int and id = ${id}::int`,
  );
}

/** A reason of the account of the given type, or null. */
export async function findReasonOfType(
  tx: Db,
  accountId: number,
  id: number,
  reasonType: 'reject' | 'refuse',
) {
  const query = sql`select id, name from reasons
      where account_id = ${accountId}::int and id = ${id}::int and reason_type = ${reasonType}::text`;
  const [row] = await selectRows<{ id: number; name: string }>(tx, query, {
    name: statementName('reason_of_type', query),
  });
  return row ?? null;
}

/**
 * The condition that applicant `applicant` (an SQL expression) stands, at a stage the user may
 * read, on a vacancy the user may open: the vacancies they follow, or every one for an admin.
 */
export function standsWhereUserSees(
  accountId: number,
  user: { userId: number; isAdmin: boolean },
  applicant: SQL,
  vacancyIds?: 'select',
) {
  const followed = user.isAdmin
    ? sql``
    : sql`and exists (select 1 from vacancy_members m
                      where m.account_id = ap.account_id and m.vacancy_id = ap.vacancy_id
                        and m.user_id = ${user.userId}::int)`;
  return sql`${vacancyIds === 'select' ? sql`select ap.vacancy_id` : sql`select 1`}
    from applications ap
    where ap.account_id = ${accountId}::int and ap.applicant_id = ${applicant}
      ${followed}
      and not exists (select 1 from user_status_rights r
                      where r.account_id = ap.account_id and r.status_id = ap.status_id
                        and r.user_id = ${user.userId}::int and not r.is_read)`;
}

/** `exists (…)` of `standsWhereUserSees`, for a WHERE over applicants. */
export const reachedCondition = (
  accountId: number,
  user: { userId: number; isAdmin: boolean },
  applicant: SQL,
) => sql`exists (${standsWhereUserSees(accountId, user, applicant)})`;

/** The vacancies where the user sees the applicant (as `standsWhereUserSees`), lowest id first. */
export async function listVacanciesWhereUserSees(
  tx: Db,
  accountId: number,
  user: { userId: number; isAdmin: boolean },
  applicantId: number,
) {
  const rows = await selectRows<{ vacancy_id: number }>(
    tx,
    sql`${standsWhereUserSees(accountId, user, sql`${applicantId}::int`, 'select')}
        order by ap.vacancy_id`,
  );
  return rows.map((r) => r.vacancy_id);
}
