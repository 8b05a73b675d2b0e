import type {
  TCreateStageRequest,
  TRejectKind,
  TStage,
  TUpdateStageRequest,
} from '@ats/contracts/pipeline';
import type { Db } from '@ats/db/connection';
import type { Session } from '../../platform/auth.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import { assertFormOfAccount } from '../evaluations/evaluations.service.ts';
import { getUser } from '../users/users.service.ts';
import { assertCanManageStages } from './statuses.policy.ts';
import * as repo from './statuses.repository.ts';

export const STAGE_NOT_FOUND = 'Этап не найден';
export const FUNNEL_NOT_FOUND = 'Воронка не найдена';
const VACANCY_NOT_FOUND = 'Вакансия не найдена';
const USER_NOT_FOUND = 'Пользователь не найден';
const NOT_ALL_STAGES =
  'Передайте все этапы одной воронки или одной вакансии, каждый по одному разу';
export const LAST_VACANCY_STAGE =
  'Это единственный этап вакансии: добавьте другой, затем удалите этот';
const stageInUse = (n: number) =>
  `На этапе есть кандидаты (${n}); переведите их на другой этап, затем удалите его`;

export const toStage = (row: repo.StageRow): TStage => ({
  id: row.id,
  name: row.name,
  color: row.color,
  icon: row.icon,
  order: row.position,
  status_type: row.statusType,
  is_favorite: row.isFavorite,
  is_offer: row.isOffer,
  is_reject: row.isReject,
  reject_kind: row.rejectKind,
  is_required: row.isRequired,
  stay_duration: row.stayDuration,
  actions: row.actions,
  evaluation_id: row.evaluationId,
  status_group_id: row.statusGroupId,
  vacancy_id: row.vacancyId,
  admin_user_statuses: row.rights,
});

export async function assertStageManager(tenant: Tenant, session: Session) {
  const user = await getUser(tenant, session.userId);
  assertCanManageStages(session, user.admin_user_setting.permissions_actions);
}

/** A reject kind makes a rejection stage; a rejection stage without a kind is the company's. */
function rejectFields(input: {
  is_reject?: boolean | undefined;
  reject_kind?: TRejectKind | null;
}) {
  if (input.reject_kind) return { isReject: true, rejectKind: input.reject_kind };
  if (input.is_reject === true) return { isReject: true, rejectKind: 'reject' as const };
  if (input.is_reject === false) return { isReject: false, rejectKind: null };
  return {};
}

type StageFields = Omit<TUpdateStageRequest, 'admin_user_statuses'>;
export const stageColumns = (input: StageFields) => ({
  ...(input.name !== undefined && { name: input.name }),
  ...(input.color !== undefined && { color: input.color }),
  ...(input.icon !== undefined && { icon: input.icon }),
  ...(input.order !== undefined && { position: input.order }),
  ...(input.status_type !== undefined && { statusType: input.status_type }),
  ...(input.is_favorite !== undefined && { isFavorite: input.is_favorite }),
  ...(input.is_offer !== undefined && { isOffer: input.is_offer }),
  ...(input.is_required !== undefined && { isRequired: input.is_required }),
  ...(input.stay_duration !== undefined && { stayDuration: input.stay_duration }),
  ...(input.actions !== undefined && { actions: input.actions }),
  ...(input.evaluation_id !== undefined && { evaluationId: input.evaluation_id }),
  ...rejectFields(input),
});

/** Writes a stage's rights; every user named must be a user of the account. */
export async function writeStageRights(
  tx: Db,
  accountId: number,
  statusId: number,
  rights: NonNullable<TUpdateStageRequest['admin_user_statuses']>,
) {
  const ids = [...new Set(rights.map((r) => r.admin_user_id))];
  if (ids.length !== rights.length) {
    throw badRequest('Пользователь указан в правах этапа дважды', {
      admin_user_statuses: 'Пользователь указан дважды',
    });
  }
  const known = new Set(await repo.findUserIds(tx, accountId, ids));
  if (ids.some((id) => !known.has(id))) throw notFound(USER_NOT_FOUND);
  await repo.replaceStageRights(
    tx,
    accountId,
    statusId,
    rights.map((r) => ({ userId: r.admin_user_id, isRead: r.is_read, isWrite: r.is_write })),
  );
}

async function readStage(tx: Db, accountId: number, id: number) {
  const row = await repo.findStageById(tx, accountId, id);
  if (!row) throw notFound(STAGE_NOT_FOUND);
  return row;
}

/**
 * The stages of a vacancy or a funnel; when neither is named, the funnels' stages and the
 * account's own (those in no funnel yet).
 */
export async function listStages(
  tenant: Tenant,
  query: { vacancy_id?: number | undefined; status_group_id?: number | undefined },
) {
  const rows = await tenant.transaction(async (tx) => {
    let owner: repo.StageOwner | undefined;
    if (query.vacancy_id !== undefined) {
      if (!(await repo.vacancyExists(tx, tenant.accountId, query.vacancy_id))) {
        throw notFound(VACANCY_NOT_FOUND);
      }
      owner = { vacancyId: query.vacancy_id };
    } else if (query.status_group_id !== undefined) {
      if (!(await repo.findStatusGroupById(tx, tenant.accountId, query.status_group_id))) {
        throw notFound(FUNNEL_NOT_FOUND);
      }
      owner = { statusGroupId: query.status_group_id };
    }
    return repo.listStages(tx, tenant.accountId, {
      ...(owner && { owner }),
      readerId: tenant.userId,
    });
  });
  return rows.map(toStage);
}

export async function getStage(tenant: Tenant, id: number) {
  const row = await tenant.transaction((tx) => readStage(tx, tenant.accountId, id));
  if (row.rights.some((r) => r.admin_user_id === tenant.userId && !r.is_read)) {
    throw notFound(STAGE_NOT_FOUND);
  }
  return toStage(row);
}

export async function createStage(tenant: Tenant, session: Session, input: TCreateStageRequest) {
  await assertStageManager(tenant, session);
  const row = await tenant.transaction(async (tx) => {
    // Neither a vacancy nor a funnel: a stage of the account, for a funnel to take (0018).
    const owner: repo.StageOwner =
      input.vacancy_id != null
        ? { vacancyId: input.vacancy_id }
        : input.status_group_id != null
          ? { statusGroupId: input.status_group_id }
          : { account: true };
    if (
      'vacancyId' in owner &&
      !(await repo.vacancyExists(tx, tenant.accountId, owner.vacancyId))
    ) {
      throw notFound(VACANCY_NOT_FOUND);
    }
    if (
      'statusGroupId' in owner &&
      !(await repo.findStatusGroupById(tx, tenant.accountId, owner.statusGroupId))
    ) {
      throw notFound(FUNNEL_NOT_FOUND);
    }
    if (input.evaluation_id != null) {
      await assertFormOfAccount(tx, tenant.accountId, input.evaluation_id);
    }
    const position =
      input.order ?? (await repo.findLastStagePosition(tx, tenant.accountId, owner)) + 1;
    const [created] = await repo.insertStages(tx, [
      {
        accountId: tenant.accountId,
        ...owner,
        ...stageColumns(input),
        name: input.name,
        position,
      },
    ]);
    if (input.admin_user_statuses) {
      await writeStageRights(tx, tenant.accountId, created!.id, input.admin_user_statuses);
    }
    return readStage(tx, tenant.accountId, created!.id);
  });
  return toStage(row);
}

export async function updateStage(
  tenant: Tenant,
  session: Session,
  id: number,
  changes: TUpdateStageRequest,
) {
  await assertStageManager(tenant, session);
  const row = await tenant.transaction(async (tx) => {
    await readStage(tx, tenant.accountId, id);
    if (changes.evaluation_id != null) {
      await assertFormOfAccount(tx, tenant.accountId, changes.evaluation_id);
    }
    const set = stageColumns(changes);
    if (Object.keys(set).length > 0) await repo.updateStage(tx, tenant.accountId, id, set);
    if (changes.admin_user_statuses) {
      await writeStageRights(tx, tenant.accountId, id, changes.admin_user_statuses);
    }
    return readStage(tx, tenant.accountId, id);
  });
  return toStage(row);
}

/**
 * A stage that holds applicants stays until they are moved elsewhere, and a vacancy keeps at least
 * one stage (an applicant is placed on its first).
 */
export async function deleteStage(tenant: Tenant, session: Session, id: number) {
  await assertStageManager(tenant, session);
  const row = await tenant.transaction(async (tx) => {
    const current = await readStage(tx, tenant.accountId, id);
    const held = await repo.countApplicationsAtStage(tx, tenant.accountId, id);
    if (held > 0) throw conflict(stageInUse(held));
    if (current.vacancyId !== null) {
      const owner = { vacancyId: current.vacancyId };
      const siblings = await repo.listStages(tx, tenant.accountId, { owner });
      if (siblings.length <= 1) throw conflict(LAST_VACANCY_STAGE);
    }
    await repo.deleteStage(tx, tenant.accountId, id);
    return current;
  });
  return toStage(row);
}

/**
 * Positions 1…n in the order of `ids`. The statuses module owns the stages' order; the caller has
 * checked that `ids` are every stage of one funnel, one vacancy or of the account's own
 * (reorderStagesIn, a vacancy's edit).
 */
export const setStagePositions = (tx: Db, accountId: number, ids: number[]) =>
  repo.setStagePositions(tx, accountId, ids);

/** Puts every stage of one funnel, one vacancy or of the account's own in the given order. */
export async function reorderStagesIn(tx: Db, accountId: number, ids: number[]) {
  const found = await repo.findStagesByIds(tx, accountId, ids);
  if (found.length !== ids.length) throw notFound(STAGE_NOT_FOUND);
  const owner = repo.ownerOf(found[0]!);
  const all = await repo.listStages(tx, accountId, { owner });
  if (all.length !== ids.length || found.some((s) => !all.some((a) => a.id === s.id))) {
    throw badRequest(NOT_ALL_STAGES, { status_ids: NOT_ALL_STAGES });
  }
  await repo.setStagePositions(tx, accountId, ids);
  return owner;
}

export async function reorderStages(tenant: Tenant, session: Session, ids: number[]) {
  await assertStageManager(tenant, session);
  const rows = await tenant.transaction(async (tx) => {
    const owner = await reorderStagesIn(tx, tenant.accountId, ids);
    return repo.listStages(tx, tenant.accountId, { owner });
  });
  return rows.map(toStage);
}

/**
 * Gives a vacancy its own stages: copies of the funnel's (with their rights), in order. For the
 * vacancies module, inside its transaction that creates the vacancy.
 */
export async function copyFunnelStagesToVacancy(
  tx: Db,
  accountId: number,
  statusGroupId: number,
  vacancyId: number,
) {
  const stages = await repo.listStages(tx, accountId, { owner: { statusGroupId } });
  await repo.copyStages(
    tx,
    accountId,
    stages.map((s) => s.id),
    { vacancyId },
  );
}

/** The funnel a new vacancy copies when none is named (the favourite), or null. */
export async function findDefaultFunnelId(tx: Db, accountId: number) {
  return (await repo.findDefaultStatusGroup(tx, accountId))?.id ?? null;
}

/** Each stage's funnel stage (a vacancy's copy → its template's stage); absent when none. */
export async function stageSourcesOf(tenant: Tenant, ids: number[]) {
  const rows = await tenant.transaction((tx) => repo.stageSources(tx, tenant.accountId, ids));
  return new Map(
    rows.filter((r) => r.copiedFromId !== null).map((r) => [r.id, r.copiedFromId!] as const),
  );
}
