import type {
  TCreateReasonRequest,
  TReason,
  TReasonType,
  TReorderReasonsRequest,
  TUpdateReasonRequest,
} from '@ats/contracts/pipeline';
import type { Session } from '../../platform/auth.ts';
import { deletionEvent, recordAudit } from '../../platform/audit.ts';
import { conflict, isUniqueViolation, notFound } from '../../platform/errors.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import { getUser } from '../users/users.service.ts';
import { assertCanManageReasons } from './reasons.policy.ts';
import * as repo from './reasons.repository.ts';

const REASON_NOT_FOUND = 'Причина не найдена';
const REASON_TAKEN = 'Такая причина этого типа уже есть';
const LIST_CHANGED = 'Список причин изменился: обновите страницу и повторите';
const REASON_IN_USE =
  'Причина уже указана у кандидатов или вакансий; её можно переименовать, но не удалить';

export const toReason = (row: repo.ReasonRow): TReason => ({
  id: row.id,
  name: row.name,
  reason_type: row.reasonType,
  order: row.position,
});

async function assertManager(tenant: Tenant, session: Session) {
  const user = await getUser(tenant, session.userId);
  assertCanManageReasons(session, user.admin_user_setting.permissions_actions);
}

/** The name is unique per account and type whatever its case (index reasons_name_key). */
async function withUniqueName<T>(work: () => Promise<T>) {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(REASON_TAKEN, { name: REASON_TAKEN });
    throw error;
  }
}

export async function listReasons(tenant: Tenant, reasonType?: TReasonType) {
  const rows = await tenant.transaction((tx) => repo.listReasons(tx, tenant.accountId, reasonType));
  return rows.map(toReason);
}

export async function getReason(tenant: Tenant, id: number) {
  const row = await tenant.transaction((tx) => repo.findReasonById(tx, tenant.accountId, id));
  if (!row) throw notFound(REASON_NOT_FOUND);
  return toReason(row);
}

/** A reason of the given type, or null: for rejections and vacancy state changes. */
export async function findReasonOfType(tenant: Tenant, id: number, reasonType: TReasonType) {
  const row = await tenant.transaction((tx) => repo.findReasonById(tx, tenant.accountId, id));
  return row && row.reasonType === reasonType ? toReason(row) : null;
}

export async function createReason(tenant: Tenant, session: Session, input: TCreateReasonRequest) {
  await assertManager(tenant, session);
  const row = await withUniqueName(() =>
    tenant.transaction(async (tx) =>
      repo.insertReason(tx, {
        accountId: tenant.accountId,
        name: input.name,
        reasonType: input.reason_type,
        position:
          input.order ??
          (await repo.findLastReasonPosition(tx, tenant.accountId, input.reason_type)) + 1,
      }),
    ),
  );
  return toReason(row);
}

export async function updateReason(
  tenant: Tenant,
  session: Session,
  id: number,
  changes: TUpdateReasonRequest,
) {
  await assertManager(tenant, session);
  const row = await withUniqueName(() =>
    tenant.transaction(async (tx) => {
      const current = await repo.findReasonById(tx, tenant.accountId, id);
      if (!current) return null;
      const set = {
        ...(changes.name !== undefined && { name: changes.name }),
        ...(changes.reason_type !== undefined && { reasonType: changes.reason_type }),
        ...(changes.order !== undefined && { position: changes.order }),
      };
      if (Object.keys(set).length === 0) return current;
      return repo.updateReason(tx, tenant.accountId, id, set);
    }),
  );
  if (!row) throw notFound(REASON_NOT_FOUND);
  return toReason(row);
}

/** A reason that history names stays, so reports keep their words. */
export async function deleteReason(tenant: Tenant, session: Session, id: number) {
  await assertManager(tenant, session);
  const row = await tenant.transaction(async (tx) => {
    const current = await repo.findReasonById(tx, tenant.accountId, id);
    if (!current) throw notFound(REASON_NOT_FOUND);
    if (await repo.isReasonUsed(tx, tenant.accountId, id)) throw conflict(REASON_IN_USE);
    await repo.deleteReason(tx, tenant.accountId, id);
    await recordAudit(tx, tenant, deletionEvent('reason', id, `Удалена причина «${current.name}»`));
    return current;
  });
  return toReason(row);
}

/**
 * The new order of one type's reasons. The list must name each of them once: a reason of another
 * account (or another type) is not found, and a list missing one that was added meanwhile is
 * refused rather than guessed at.
 */
export async function reorderReasons(
  tenant: Tenant,
  session: Session,
  input: TReorderReasonsRequest,
) {
  await assertManager(tenant, session);
  const rows = await tenant.transaction(async (tx) => {
    const current = await repo.listReasons(tx, tenant.accountId, input.reason_type);
    const known = new Set(current.map((row) => row.id));
    if (input.ids.some((id) => !known.has(id))) throw notFound(REASON_NOT_FOUND);
    if (input.ids.length !== current.length) throw conflict(LIST_CHANGED);
    await repo.updateReasonPositions(tx, tenant.accountId, input.reason_type, input.ids);
    return repo.listReasons(tx, tenant.accountId, input.reason_type);
  });
  return rows.map(toReason);
}
