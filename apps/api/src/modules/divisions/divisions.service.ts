import type {
  TCreateDivisionRequest,
  TDivision,
  TUpdateDivisionRequest,
} from '@ats/contracts/divisions';
import type { Db } from '@ats/db/connection';
import type { Session } from '../../platform/auth.ts';
import { deletionEvent, recordAudit } from '../../platform/audit.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import { clearRequestsDivision } from '../vacancy-applications/vacancy-application-refs.service.ts';
import { assertCanManageDivisions } from './divisions.policy.ts';
import * as repo from './divisions.repository.ts';

const DIVISION_NOT_FOUND = 'Подразделение не найдено';
const PARENT_NOT_FOUND = 'Родительское подразделение не найдено';
export const HEAD_NOT_USER = 'Руководитель подразделения должен быть пользователем компании';
const CYCLE = 'Подразделение нельзя вложить в само себя или в своё дочернее подразделение';

const toNode = (row: repo.DivisionRow): TDivision => ({
  id: row.id,
  name: row.name,
  parent_id: row.parentId,
  description: row.description,
  color: row.color,
  icon: row.icon,
  order: row.position,
  head_id: row.headId,
  additional_fields_list: row.additionalFieldsList,
  children: [],
});

/** Rows in sibling order become the tree; a row whose parent is missing is a root. */
export function buildDivisionTree(rows: repo.DivisionRow[]) {
  const nodes = new Map(rows.map((row) => [row.id, toNode(row)]));
  const roots: TDivision[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent_id === null ? undefined : nodes.get(node.parent_id);
    (parent ? parent.children : roots).push(node);
  }
  return { roots, nodes };
}

async function readDivision(tx: Db, accountId: number, id: number) {
  const { nodes } = buildDivisionTree(await repo.listDivisions(tx, accountId));
  const node = nodes.get(id);
  if (!node) throw notFound(DIVISION_NOT_FOUND);
  return node;
}

async function assertHeadIsUser(tx: Db, accountId: number, headId: number | null | undefined) {
  if (headId != null && !(await repo.activeUserExists(tx, accountId, headId))) {
    throw badRequest(HEAD_NOT_USER, { head_id: HEAD_NOT_USER });
  }
}

async function assertParentExists(tx: Db, accountId: number, parentId: number) {
  if (!(await repo.findDivisionById(tx, accountId, parentId))) {
    throw notFound(PARENT_NOT_FOUND);
  }
}

export async function listDivisions(tenant: Tenant) {
  const rows = await tenant.transaction((tx) => repo.listDivisions(tx, tenant.accountId));
  return buildDivisionTree(rows).roots;
}

/** One division with its subtree. */
export async function getDivision(tenant: Tenant, id: number) {
  return tenant.transaction((tx) => readDivision(tx, tenant.accountId, id));
}

export async function createDivision(
  tenant: Tenant,
  session: Session,
  input: TCreateDivisionRequest,
) {
  assertCanManageDivisions(session);
  return tenant.transaction(async (tx) => {
    const parentId = input.parent_id ?? null;
    if (parentId !== null) await assertParentExists(tx, tenant.accountId, parentId);
    await assertHeadIsUser(tx, tenant.accountId, input.head_id);
    const created = await repo.insertDivision(tx, {
      accountId: tenant.accountId,
      parentId,
      name: input.name,
      description: input.description ?? null,
      color: input.color ?? null,
      icon: input.icon ?? null,
      headId: input.head_id ?? null,
      additionalFieldsList: input.additional_fields_list ?? [],
      position:
        input.order ?? (await repo.findLastSiblingPosition(tx, tenant.accountId, parentId)) + 1,
    });
    return readDivision(tx, tenant.accountId, created.id);
  });
}

export async function updateDivision(
  tenant: Tenant,
  session: Session,
  id: number,
  changes: TUpdateDivisionRequest,
) {
  assertCanManageDivisions(session);
  return tenant.transaction(async (tx) => {
    const current = await repo.findDivisionById(tx, tenant.accountId, id);
    if (!current) throw notFound(DIVISION_NOT_FOUND);
    await assertHeadIsUser(tx, tenant.accountId, changes.head_id);
    if (changes.parent_id != null && changes.parent_id !== current.parentId) {
      await assertParentExists(tx, tenant.accountId, changes.parent_id);
      const subtree = await repo.findSubtreeIds(tx, tenant.accountId, id);
      if (subtree.includes(changes.parent_id)) throw badRequest(CYCLE, { parent_id: CYCLE });
    }
    const set = {
      ...(changes.name !== undefined && { name: changes.name }),
      ...(changes.parent_id !== undefined && { parentId: changes.parent_id }),
      ...(changes.description !== undefined && { description: changes.description }),
      ...(changes.color !== undefined && { color: changes.color }),
      ...(changes.icon !== undefined && { icon: changes.icon }),
      ...(changes.order !== undefined && { position: changes.order }),
      ...(changes.head_id !== undefined && { headId: changes.head_id }),
      ...(changes.additional_fields_list !== undefined && {
        additionalFieldsList: changes.additional_fields_list,
      }),
    };
    if (Object.keys(set).length > 0) await repo.updateDivision(tx, tenant.accountId, id, set);
    return readDivision(tx, tenant.accountId, id);
  });
}

/** Deletes the division and its children; their vacancies and requests stay, without a division. */
export async function deleteDivision(tenant: Tenant, session: Session, id: number) {
  assertCanManageDivisions(session);
  return tenant.transaction(async (tx) => {
    const current = await readDivision(tx, tenant.accountId, id);
    const subtree = await repo.findSubtreeIds(tx, tenant.accountId, id);
    await clearRequestsDivision(tx, tenant.accountId, subtree);
    await repo.deleteDivisionSubtree(tx, tenant.accountId, subtree);
    await recordAudit(
      tx,
      tenant,
      deletionEvent('division', id, `Удалено подразделение «${current.name}»`),
    );
    return current;
  });
}

/** The ids of a division and everything below it; 404 when the account has no such division. */
export async function divisionSubtreeIds(tenant: Tenant, id: number) {
  return tenant.transaction(async (tx) => {
    const ids = await repo.findSubtreeIds(tx, tenant.accountId, id);
    if (ids.length === 0) throw notFound(DIVISION_NOT_FOUND);
    return ids;
  });
}
