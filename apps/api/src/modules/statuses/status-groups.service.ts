import type {
  TCreateStatusGroupRequest,
  TStatusGroup,
  TUpdateStatusGroupRequest,
} from '@ats/contracts/pipeline';
import type { Db } from '@ats/db/connection';
import type { Session } from '../../platform/auth.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import * as repo from './statuses.repository.ts';
import {
  FUNNEL_NOT_FOUND,
  STAGE_NOT_FOUND,
  assertStageManager,
  reorderStagesIn,
  stageColumns,
  toStage,
  writeStageRights,
} from './statuses.service.ts';

const LAST_FUNNEL = 'Нельзя удалить единственную воронку аккаунта';
const STAGE_TAKEN = 'Этап только что добавлен в другую воронку; обновите список и повторите';

/** Takes the account's stages `ids` into the funnel, all of them or none (409). */
async function takeIntoFunnel(tx: Db, accountId: number, ids: number[], statusGroupId: number) {
  const taken = await repo.takeAccountStagesIntoFunnel(tx, accountId, ids, statusGroupId);
  if (taken !== ids.length) throw conflict(STAGE_TAKEN);
}

const toStatusGroup = (row: repo.StatusGroupRow, stages: repo.StageRow[]): TStatusGroup => ({
  id: row.id,
  name: row.name,
  order: row.position,
  is_active: row.isActive,
  is_favorite: row.isFavorite,
  status_ids: stages.map((s) => s.id),
  statuses: stages.map(toStage),
});

async function readStatusGroup(tx: Db, accountId: number, id: number, readerId?: number) {
  const row = await repo.findStatusGroupById(tx, accountId, id);
  if (!row) throw notFound(FUNNEL_NOT_FOUND);
  const stages = await repo.listStages(tx, accountId, {
    owner: { statusGroupId: id },
    ...(readerId !== undefined && { readerId }),
  });
  return toStatusGroup(row, stages);
}

/** Every funnel with its stages, in order. */
export async function listStatusGroups(tenant: Tenant) {
  return tenant.transaction(async (tx) => {
    const groups = await repo.listStatusGroups(tx, tenant.accountId);
    const stages = await repo.listStages(tx, tenant.accountId, { readerId: tenant.userId });
    return groups.map((g) =>
      toStatusGroup(
        g,
        stages.filter((s) => s.statusGroupId === g.id),
      ),
    );
  });
}

export async function getStatusGroup(tenant: Tenant, id: number) {
  return tenant.transaction((tx) => readStatusGroup(tx, tenant.accountId, id, tenant.userId));
}

/**
 * Gives a new funnel the stages `sources`, in that order (decision 0018): a stage of the account
 * (in no funnel or vacancy) is taken in under its own id, so a client reads back the ids it sent;
 * a stage of another funnel or of a vacancy stays there, and the funnel gets a copy.
 */
async function placeStages(
  tx: Db,
  accountId: number,
  statusGroupId: number,
  sources: number[],
  found: { id: number; statusGroupId: number | null; vacancyId: number | null }[],
) {
  if (sources.length === 0) return;
  const free = new Set(found.filter((s) => 'account' in repo.ownerOf(s)).map((s) => s.id));
  const taken = new Set<number>();
  const copied: number[] = []; // indexes into sources
  for (const [index, id] of sources.entries()) {
    if (free.has(id) && !taken.has(id)) taken.add(id);
    else copied.push(index);
  }
  await takeIntoFunnel(tx, accountId, [...taken], statusGroupId);
  const copies = await repo.copyStages(
    tx,
    accountId,
    copied.map((index) => sources[index]!),
    { statusGroupId },
  );
  const order = [...sources];
  copied.forEach((index, k) => {
    order[index] = copies[k]!;
  });
  await repo.setStagePositions(tx, accountId, order);
}

export async function createStatusGroup(
  tenant: Tenant,
  session: Session,
  input: TCreateStatusGroupRequest,
) {
  await assertStageManager(tenant, session);
  return tenant.transaction(async (tx) => {
    const accountId = tenant.accountId;
    const sources = input.status_ids ?? [];
    let found: Awaited<ReturnType<typeof repo.findStagesByIds>> = [];
    if (sources.length > 0) {
      found = await repo.findStagesByIds(tx, accountId, [...new Set(sources)]);
      if (found.length !== new Set(sources).size) throw notFound(STAGE_NOT_FOUND);
    }
    const group = await repo.insertStatusGroup(tx, {
      accountId,
      name: input.name,
      position: input.order ?? (await repo.findLastStatusGroupPosition(tx, accountId)) + 1,
      isActive: input.is_active ?? true,
      isFavorite: input.is_favorite ?? false,
    });
    if (group.isFavorite) await repo.clearOtherFavoriteStatusGroups(tx, accountId, group.id);
    const owner = { statusGroupId: group.id };
    await placeStages(tx, accountId, group.id, sources, found);
    let next = (await repo.findLastStagePosition(tx, accountId, owner)) + 1;
    for (const stage of input.statuses ?? []) {
      const [created] = await repo.insertStages(tx, [
        {
          accountId,
          ...owner,
          ...stageColumns(stage),
          name: stage.name,
          position: stage.order ?? next,
        },
      ]);
      next += 1;
      if (stage.admin_user_statuses) {
        await writeStageRights(tx, accountId, created!.id, stage.admin_user_statuses);
      }
    }
    return readStatusGroup(tx, accountId, group.id);
  });
}

export async function updateStatusGroup(
  tenant: Tenant,
  session: Session,
  id: number,
  changes: TUpdateStatusGroupRequest,
) {
  await assertStageManager(tenant, session);
  return tenant.transaction(async (tx) => {
    const accountId = tenant.accountId;
    const current = await repo.findStatusGroupById(tx, accountId, id);
    if (!current) throw notFound(FUNNEL_NOT_FOUND);
    const set = {
      ...(changes.name !== undefined && { name: changes.name }),
      ...(changes.order !== undefined && { position: changes.order }),
      ...(changes.is_active !== undefined && { isActive: changes.is_active }),
      ...(changes.is_favorite !== undefined && { isFavorite: changes.is_favorite }),
    };
    if (Object.keys(set).length > 0) await repo.updateStatusGroup(tx, accountId, id, set);
    if (changes.is_favorite) await repo.clearOtherFavoriteStatusGroups(tx, accountId, id);
    if (changes.status_ids) {
      const stages = await repo.findStagesByIds(tx, accountId, changes.status_ids);
      const free = stages.filter((s) => 'account' in repo.ownerOf(s)).map((s) => s.id);
      if (stages.some((s) => s.statusGroupId !== id && !free.includes(s.id))) {
        throw notFound(STAGE_NOT_FOUND);
      }
      // The account's stages named here join the funnel, then the whole funnel takes the order.
      await takeIntoFunnel(tx, accountId, free, id);
      await reorderStagesIn(tx, accountId, changes.status_ids);
    }
    return readStatusGroup(tx, accountId, id);
  });
}

/** Deletes the funnel and its stages; vacancies made from it keep their own copies. */
export async function deleteStatusGroup(tenant: Tenant, session: Session, id: number) {
  await assertStageManager(tenant, session);
  return tenant.transaction(async (tx) => {
    const current = await readStatusGroup(tx, tenant.accountId, id);
    if ((await repo.countStatusGroups(tx, tenant.accountId)) <= 1) throw conflict(LAST_FUNNEL);
    await repo.deleteStatusGroup(tx, tenant.accountId, id);
    return current;
  });
}
