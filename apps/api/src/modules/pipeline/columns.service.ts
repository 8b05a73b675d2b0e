import {
  type TColumn,
  type TColumnCardPage,
  type TColumnSetting,
  type TUpdateColumnSettingsRequest,
  ZColumnFilters,
  type ZCreateColumnRequest,
  type ZUpdateColumnRequest,
} from '@ats/contracts/pipeline';
import type { Db } from '@ats/db/connection';
import type { z } from 'zod';
import type { Session } from '../../platform/auth.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import { toCard } from './board.service.ts';
import * as repo from './columns.repository.ts';
import { VACANCY_NOT_FOUND, canReadVacancy } from './pipeline.policy.ts';

const COLUMN_NOT_FOUND = 'Колонка не найдена';

type CreateColumn = z.infer<typeof ZCreateColumnRequest>;
type UpdateColumn = z.infer<typeof ZUpdateColumnRequest>;

export const toColumn = (row: repo.ColumnRow): TColumn => ({
  id: row.id,
  name: row.name,
  size: row.size,
  filters: row.filters,
  vacancy_id: row.vacancyId,
  order: row.position,
});

/** The filters a view understands must have the right types; other keys are kept as sent. */
function checkedFilters(filters: Record<string, unknown>) {
  const parsed = ZColumnFilters.safeParse(filters);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join('.');
    const message = `Фильтр колонки «${field}»: ${issue.message}`;
    throw badRequest(message, { [`filters.${field}`]: message });
  }
  return parsed.data;
}

async function readColumn(tx: Db, tenant: Tenant, id: number) {
  const row = await repo.findColumn(tx, tenant.accountId, tenant.userId, id);
  if (!row) throw notFound(COLUMN_NOT_FOUND);
  return row;
}

async function assertVacancy(tx: Db, tenant: Tenant, vacancyId: number | null | undefined) {
  if (vacancyId == null) return;
  if (!(await repo.vacancyExists(tx, tenant.accountId, vacancyId))) {
    throw notFound(VACANCY_NOT_FOUND);
  }
}

export async function listColumns(tenant: Tenant) {
  const rows = await tenant.transaction((tx) =>
    repo.listColumns(tx, tenant.accountId, tenant.userId),
  );
  return rows.map(toColumn);
}

export async function getColumn(tenant: Tenant, id: number) {
  return toColumn(await tenant.transaction((tx) => readColumn(tx, tenant, id)));
}

export async function createColumn(tenant: Tenant, input: CreateColumn) {
  if (input.filters) checkedFilters(input.filters);
  const row = await tenant.transaction(async (tx) => {
    await assertVacancy(tx, tenant, input.vacancy_id);
    return repo.insertColumn(tx, {
      accountId: tenant.accountId,
      userId: tenant.userId,
      name: input.name,
      size: input.size ?? 'M',
      filters: input.filters ?? {},
      vacancyId: input.vacancy_id ?? null,
      position:
        input.order ?? (await repo.findLastColumnPosition(tx, tenant.accountId, tenant.userId)) + 1,
    });
  });
  return toColumn(row);
}

export async function updateColumn(tenant: Tenant, id: number, input: UpdateColumn) {
  if (input.filters) checkedFilters(input.filters);
  const row = await tenant.transaction(async (tx) => {
    await readColumn(tx, tenant, id);
    await assertVacancy(tx, tenant, input.vacancy_id);
    return repo.updateColumn(tx, tenant.accountId, id, {
      ...(input.name !== undefined && { name: input.name }),
      ...(input.size !== undefined && { size: input.size }),
      ...(input.filters !== undefined && { filters: input.filters }),
      ...(input.vacancy_id !== undefined && { vacancyId: input.vacancy_id }),
      ...(input.order !== undefined && { position: input.order }),
    });
  });
  return toColumn(row);
}

export async function deleteColumn(tenant: Tenant, id: number) {
  const row = await tenant.transaction(async (tx) => {
    const current = await readColumn(tx, tenant, id);
    await repo.deleteColumn(tx, tenant.accountId, id);
    return current;
  });
  return toColumn(row);
}

/** The cards a saved view selects, on the vacancies and stages the caller may read. */
export async function listColumnCards(
  tenant: Tenant,
  session: Session,
  query: { id: number; page: number; per_page: number },
): Promise<TColumnCardPage> {
  const result = await tenant.transaction(async (tx) => {
    const column = await readColumn(tx, tenant, query.id);
    const filters = checkedFilters(column.filters);
    if (column.vacancyId !== null) filters.vacancy_id = column.vacancyId;
    return repo.listColumnCards(
      tx,
      tenant.accountId,
      { userId: tenant.userId, seesAllVacancies: canReadVacancy(session, false) },
      filters,
      { limit: query.per_page, offset: (query.page - 1) * query.per_page },
    );
  });
  return {
    applicants: result.cards.map((row) => ({ ...toCard(row), vacancy_id: row.vacancy_id })),
    applicant_count: result.total,
    total: result.total,
    page: query.page,
    per_page: query.per_page,
  };
}

export async function getColumnSettings(tenant: Tenant): Promise<TColumnSetting[]> {
  return tenant.transaction(async (tx) => {
    const rows = await repo.listColumns(tx, tenant.accountId, tenant.userId);
    const hidden = await repo.findHiddenColumnIds(tx, tenant.accountId, tenant.userId);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      size: row.size,
      order: row.position,
      is_visible: !hidden.has(row.id),
    }));
  });
}

/** The caller's views in the order given, each shown or hidden; views not named keep their place after. */
export async function updateColumnSettings(
  tenant: Tenant,
  input: TUpdateColumnSettingsRequest,
): Promise<TColumnSetting[]> {
  await tenant.transaction(async (tx) => {
    const rows = await repo.listColumns(tx, tenant.accountId, tenant.userId);
    const own = new Set(rows.map((r) => r.id));
    if (input.columns.some((c) => !own.has(c.id))) throw notFound(COLUMN_NOT_FOUND);
    const named = new Set(input.columns.map((c) => c.id));
    const order = [
      ...input.columns.map((c) => c.id),
      ...rows.filter((r) => !named.has(r.id)).map((r) => r.id),
    ];
    await repo.setColumnPositions(tx, tenant.accountId, order);
    const previouslyHidden = await repo.findHiddenColumnIds(tx, tenant.accountId, tenant.userId);
    const hidden = [
      ...input.columns.filter((c) => !c.is_visible).map((c) => c.id),
      ...[...previouslyHidden].filter((id) => own.has(id) && !named.has(id)),
    ];
    await repo.setHiddenColumnIds(tx, tenant.accountId, tenant.userId, hidden);
  });
  return getColumnSettings(tenant);
}
