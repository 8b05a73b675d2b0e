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

export async function createStatusGroup(
  tenant: Tenant,
  session: Session,
  input: TCreateStatusGroupRequest,
) {
  await assertStageManager(tenant, session);
  return tenant.transaction(async (tx) => {
    const accountId = tenant.accountId;
    const sources = input.status_ids ?? [];
    if (sources.length > 0) {
      const found = await repo.findStagesByIds(tx, accountId, [...new Set(sources)]);
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
    await repo.copyStages(tx, accountId, sources, owner);
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
      if (stages.some((s) => s.statusGroupId !== id)) throw notFound(STAGE_NOT_FOUND);
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
