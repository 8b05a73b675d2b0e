import {
  type TApplicantFilter,
  type TApplicantListFilters,
  type TCreateApplicantFilterRequest,
  type TUpdateApplicantFilterRequest,
  ZApplicantListFilters,
} from '@ats/contracts/applicant-list';
import type { Session } from '../../platform/auth.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import * as repo from './applicant-filters.repository.ts';

const FILTER_NOT_FOUND = 'Набор фильтров не найден';
const ONLY_AUTHOR_OR_ADMIN = 'Изменять набор фильтров может только его автор или администратор';

function toFilter(row: repo.ApplicantFilterRow, userId: number): TApplicantFilter {
  // Stored sets were normalised on the way in; parsing again drops anything a future version
  // no longer knows instead of failing the whole list.
  const parsed = ZApplicantListFilters.safeParse(row.filters);
  return {
    id: row.id,
    name: row.name,
    filters: parsed.success ? parsed.data : {},
    is_shared: row.isShared,
    user_id: row.userId,
    is_own: row.userId === userId,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listApplicantFilters(tenant: Tenant) {
  const rows = await tenant.transaction((tx) =>
    repo.listVisibleFilters(tx, tenant.accountId, tenant.userId),
  );
  return rows.map((row) => toFilter(row, tenant.userId));
}

export async function createApplicantFilter(tenant: Tenant, input: TCreateApplicantFilterRequest) {
  const row = await tenant.transaction((tx) =>
    repo.insertFilter(tx, {
      accountId: tenant.accountId,
      userId: tenant.userId,
      name: input.name,
      filters: input.filters satisfies TApplicantListFilters,
      isShared: input.is_shared,
    }),
  );
  return toFilter(row, tenant.userId);
}

/**
 * A set is visible to its author, and to everyone when shared; only its author or an admin
 * changes it. A private set of someone else is not found, as if it did not exist.
 */
async function findEditableFilter(
  tx: Parameters<typeof repo.findFilterById>[0],
  tenant: Tenant,
  session: Session,
  id: number,
) {
  const row = await repo.findFilterById(tx, tenant.accountId, id);
  const visible = row && (row.userId === tenant.userId || row.isShared || session.isAdmin);
  if (!row || !visible) throw notFound(FILTER_NOT_FOUND);
  if (row.userId !== tenant.userId && !session.isAdmin) throw forbidden(ONLY_AUTHOR_OR_ADMIN);
  return row;
}

export async function updateApplicantFilter(
  tenant: Tenant,
  session: Session,
  id: number,
  changes: TUpdateApplicantFilterRequest,
) {
  const row = await tenant.transaction(async (tx) => {
    await findEditableFilter(tx, tenant, session, id);
    return repo.updateFilter(tx, tenant.accountId, id, {
      ...(changes.name !== undefined && { name: changes.name }),
      ...(changes.filters !== undefined && { filters: changes.filters }),
      ...(changes.is_shared !== undefined && { isShared: changes.is_shared }),
    });
  });
  return toFilter(row, tenant.userId);
}

export async function deleteApplicantFilter(tenant: Tenant, session: Session, id: number) {
  const row = await tenant.transaction(async (tx) => {
    const found = await findEditableFilter(tx, tenant, session, id);
    await repo.deleteFilter(tx, tenant.accountId, id);
    return found;
  });
  return toFilter(row, tenant.userId);
}
