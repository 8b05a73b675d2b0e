import { type Db, selectRows } from '@ats/db/connection';
import { applications, statuses, userStatusRights } from '@ats/db/schema/pipeline';
import { statusGroups } from '@ats/db/schema/pipeline-settings';
import { users } from '@ats/db/schema/users';
import { vacancies } from '@ats/db/schema/vacancies';
import { intArray } from '@ats/db/sql-arrays';
import { and, asc, count, eq, inArray, isNull, max, ne, sql } from 'drizzle-orm';

export type StageRow = typeof statuses.$inferSelect & {
  rights: { admin_user_id: number; is_read: boolean; is_write: boolean }[];
};
export type StatusGroupRow = typeof statusGroups.$inferSelect;
/** Where stages are copied to: a funnel or a vacancy. */
export type StageTarget = { statusGroupId: number } | { vacancyId: number };
/** Whose stages: a funnel's, a vacancy's, or the account's own, in neither (decision 0018). */
export type StageOwner = StageTarget | { account: true };

/** The owner of a stage row. */
export const ownerOf = (row: {
  statusGroupId: number | null;
  vacancyId: number | null;
}): StageOwner =>
  row.vacancyId !== null
    ? { vacancyId: row.vacancyId }
    : row.statusGroupId !== null
      ? { statusGroupId: row.statusGroupId }
      : { account: true };

export async function insertDefaultPipeline(tx: Db, accountId: number) {
  await tx.execute(sql`select ats_seed_account_pipeline(${accountId})`);
}

const ownerCondition = (owner: StageOwner) =>
  'statusGroupId' in owner
    ? eq(statuses.statusGroupId, owner.statusGroupId)
    : 'vacancyId' in owner
      ? eq(statuses.vacancyId, owner.vacancyId)
      : and(isNull(statuses.statusGroupId), isNull(statuses.vacancyId));

const rightsOf = sql<StageRow['rights']>`coalesce((
  select json_agg(json_build_object('admin_user_id', r.user_id, 'is_read', r.is_read,
                                    'is_write', r.is_write) order by r.user_id)
  from ${userStatusRights} r
  where r.account_id = ${statuses.accountId} and r.status_id = ${statuses.id}), '[]'::json)`;

/**
 * Stages in their order, with everyone's rights. Without an owner: the stages of every funnel
 * and the account's own. `readerId` hides the stages that user may not read.
 */
export async function listStages(
  tx: Db,
  accountId: number,
  filter: { owner?: StageOwner; readerId?: number; ids?: number[] },
) {
  const rows = await tx
    .select({ stage: statuses, rights: rightsOf })
    .from(statuses)
    .where(
      and(
        eq(statuses.accountId, accountId),
        filter.owner ? ownerCondition(filter.owner) : isNull(statuses.vacancyId),
        filter.ids ? inArray(statuses.id, filter.ids) : undefined,
        filter.readerId === undefined
          ? undefined
          : sql`not exists (select 1 from ${userStatusRights} r
                where r.account_id = ${statuses.accountId} and r.status_id = ${statuses.id}
                  and r.user_id = ${filter.readerId} and not r.is_read)`,
      ),
    )
    .orderBy(asc(statuses.statusGroupId), asc(statuses.position), asc(statuses.id));
  return rows.map((r): StageRow => ({ ...r.stage, rights: r.rights }));
}

export async function findStageById(tx: Db, accountId: number, id: number) {
  const [row] = await tx
    .select({ stage: statuses, rights: rightsOf })
    .from(statuses)
    .where(and(eq(statuses.accountId, accountId), eq(statuses.id, id)));
  return row ? ({ ...row.stage, rights: row.rights } satisfies StageRow) : null;
}

/** Stages by id in the account, whatever they belong to (copying into a new funnel). */
export async function findStagesByIds(tx: Db, accountId: number, ids: number[]) {
  return tx
    .select()
    .from(statuses)
    .where(and(eq(statuses.accountId, accountId), inArray(statuses.id, ids)));
}

export async function findLastStagePosition(tx: Db, accountId: number, owner: StageOwner) {
  const [row] = await tx
    .select({ last: max(statuses.position) })
    .from(statuses)
    .where(and(eq(statuses.accountId, accountId), ownerCondition(owner)));
  return row?.last ?? 0;
}

export async function insertStages(tx: Db, rows: (typeof statuses.$inferInsert)[]) {
  if (rows.length === 0) return [];
  return tx.insert(statuses).values(rows).returning({ id: statuses.id });
}

export async function updateStage(
  tx: Db,
  accountId: number,
  id: number,
  changes: Partial<typeof statuses.$inferInsert>,
) {
  await tx
    .update(statuses)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(statuses.accountId, accountId), eq(statuses.id, id)));
}

export async function deleteStage(tx: Db, accountId: number, id: number) {
  await tx.delete(statuses).where(and(eq(statuses.accountId, accountId), eq(statuses.id, id)));
}

/** Positions 1…n in the order of `ids`, in one statement. */
export async function setStagePositions(tx: Db, accountId: number, ids: number[]) {
  await tx.execute(sql`
    update statuses s set position = o.position, updated_at = now()
    from unnest(${intArray(ids)}) with ordinality as o(id, position)
    where s.account_id = ${accountId} and s.id = o.id`);
}

export async function countApplicationsAtStage(tx: Db, accountId: number, statusId: number) {
  const [row] = await tx
    .select({ n: count() })
    .from(applications)
    .where(and(eq(applications.accountId, accountId), eq(applications.statusId, statusId)));
  return row?.n ?? 0;
}

/** Replaces every user's rights on the stage with `rights`. */
export async function replaceStageRights(
  tx: Db,
  accountId: number,
  statusId: number,
  rights: { userId: number; isRead: boolean; isWrite: boolean }[],
) {
  await tx
    .delete(userStatusRights)
    .where(and(eq(userStatusRights.accountId, accountId), eq(userStatusRights.statusId, statusId)));
  if (rights.length === 0) return;
  await tx.insert(userStatusRights).values(rights.map((r) => ({ accountId, statusId, ...r })));
}

/** The ids among `ids` that are users of the account (deleted ones too: history names them). */
export async function findUserIds(tx: Db, accountId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.accountId, accountId), inArray(users.id, ids)));
  return rows.map((r) => r.id);
}

export async function vacancyExists(tx: Db, accountId: number, vacancyId: number) {
  const [row] = await tx
    .select({ id: vacancies.id })
    .from(vacancies)
    .where(and(eq(vacancies.accountId, accountId), eq(vacancies.id, vacancyId)));
  return Boolean(row);
}

// Funnels

export async function listStatusGroups(tx: Db, accountId: number) {
  return tx
    .select()
    .from(statusGroups)
    .where(eq(statusGroups.accountId, accountId))
    .orderBy(asc(statusGroups.position), asc(statusGroups.id));
}

export async function findStatusGroupById(tx: Db, accountId: number, id: number) {
  const [row] = await tx
    .select()
    .from(statusGroups)
    .where(and(eq(statusGroups.accountId, accountId), eq(statusGroups.id, id)));
  return row ?? null;
}

/** The funnel a new vacancy uses when none is named: the favourite, else the first active. */
export async function findDefaultStatusGroup(tx: Db, accountId: number) {
  const [row] = await tx
    .select()
    .from(statusGroups)
    .where(and(eq(statusGroups.accountId, accountId), eq(statusGroups.isActive, true)))
    .orderBy(sql`${statusGroups.isFavorite} desc`, asc(statusGroups.position), asc(statusGroups.id))
    .limit(1);
  return row ?? null;
}

export async function findLastStatusGroupPosition(tx: Db, accountId: number) {
  const [row] = await tx
    .select({ last: max(statusGroups.position) })
    .from(statusGroups)
    .where(eq(statusGroups.accountId, accountId));
  return row?.last ?? 0;
}

export async function countStatusGroups(tx: Db, accountId: number) {
  const [row] = await tx
    .select({ n: count() })
    .from(statusGroups)
    .where(eq(statusGroups.accountId, accountId));
  return row?.n ?? 0;
}

export async function insertStatusGroup(tx: Db, row: typeof statusGroups.$inferInsert) {
  const [created] = await tx.insert(statusGroups).values(row).returning();
  return created!;
}

export async function updateStatusGroup(
  tx: Db,
  accountId: number,
  id: number,
  changes: Partial<typeof statusGroups.$inferInsert>,
) {
  await tx
    .update(statusGroups)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(statusGroups.accountId, accountId), eq(statusGroups.id, id)));
}

/** Only one funnel is the favourite (the default for new vacancies). */
export async function clearOtherFavoriteStatusGroups(tx: Db, accountId: number, exceptId: number) {
  await tx
    .update(statusGroups)
    .set({ isFavorite: false })
    .where(
      and(
        eq(statusGroups.accountId, accountId),
        ne(statusGroups.id, exceptId),
        eq(statusGroups.isFavorite, true),
      ),
    );
}

/** Vacancies keep their own stages; they only forget which funnel those came from. */
export async function deleteStatusGroup(tx: Db, accountId: number, id: number) {
  await tx
    .update(vacancies)
    .set({ statusGroupId: null })
    .where(and(eq(vacancies.accountId, accountId), eq(vacancies.statusGroupId, id)));
  await tx
    .delete(statusGroups)
    .where(and(eq(statusGroups.accountId, accountId), eq(statusGroups.id, id)));
}

/**
 * Takes stages of the account (in no funnel or vacancy) into a funnel; their ids stay. Answers
 * how many it took: fewer than asked when a concurrent request took one first.
 */
export async function takeAccountStagesIntoFunnel(
  tx: Db,
  accountId: number,
  ids: number[],
  statusGroupId: number,
) {
  if (ids.length === 0) return 0;
  const taken = await tx
    .update(statuses)
    .set({ statusGroupId, updatedAt: new Date() })
    .where(
      and(
        eq(statuses.accountId, accountId),
        inArray(statuses.id, ids),
        isNull(statuses.statusGroupId),
        isNull(statuses.vacancyId),
      ),
    )
    .returning({ id: statuses.id });
  return taken.length;
}

/**
 * Copies stages (with their rights) to a funnel or a vacancy, in the order of `sourceIds`,
 * after the target's existing stages. One statement each for the stages and the rights.
 * Answers the copies' ids in the order of `sourceIds`.
 */
export async function copyStages(
  tx: Db,
  accountId: number,
  sourceIds: number[],
  target: StageTarget,
): Promise<number[]> {
  if (sourceIds.length === 0) return [];
  const groupId = 'statusGroupId' in target ? target.statusGroupId : null;
  const vacancyId = 'vacancyId' in target ? target.vacancyId : null;
  const start = await findLastStagePosition(tx, accountId, target);
  const copied = await selectRows<{ id: number; source_id: number; n: number }>(
    tx,
    sql`
    with source as (
      select s.*, o.n
      from unnest(${intArray(sourceIds)}) with ordinality as o(id, n)
      join statuses s on s.account_id = ${accountId} and s.id = o.id
    ), inserted as (
      insert into statuses (account_id, status_group_id, vacancy_id, copied_from_id, name, color,
                            icon, position, status_type, is_favorite, is_offer, is_reject, reject_kind,
                            is_required, stay_duration, actions, evaluation_id)
      select ${accountId}, ${groupId}::int, ${vacancyId}::int, source.id, name, color,
             icon, ${start} + n, status_type, is_favorite, is_offer, is_reject, reject_kind,
             is_required, stay_duration, actions, evaluation_id
      from source order by n
      returning id, copied_from_id as source_id, position
    )
    select id, source_id, (position - ${start})::int as n from inserted`,
  );
  await tx.execute(sql`
    insert into user_status_rights (account_id, user_id, status_id, is_read, is_write)
    select r.account_id, r.user_id, c.id, r.is_read, r.is_write
    from unnest(${intArray(copied.map((c) => c.id))},
                ${intArray(copied.map((c) => c.source_id))}) as c(id, source_id)
    join user_status_rights r on r.account_id = ${accountId} and r.status_id = c.source_id`);
  return copied.sort((a, b) => a.n - b.n).map((c) => c.id);
}

/** The funnel stage each of these (a vacancy's own copies) was copied from, if any. */
export const stageSources = (tx: Db, accountId: number, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : tx
        .select({ id: statuses.id, copiedFromId: statuses.copiedFromId })
        .from(statuses)
        .where(and(eq(statuses.accountId, accountId), inArray(statuses.id, ids)));
