import { type Db, selectRows } from '@ats/db/connection';
import { columns } from '@ats/db/schema/pipeline';
import { users } from '@ats/db/schema/users';
import { intArray } from '@ats/db/sql-arrays';
import type { TColumnFilters } from '@ats/contracts/pipeline';
import { type SQL, and, asc, eq, max, sql } from 'drizzle-orm';
import { type CardRow, cardColumns } from './board.repository.ts';

export type ColumnRow = typeof columns.$inferSelect;

/** The key of users.settings that lists the saved views a user has hidden. */
const HIDDEN_KEY = 'hidden_column_ids';

const mine = (accountId: number, userId: number) =>
  and(eq(columns.accountId, accountId), eq(columns.userId, userId));

export async function listColumns(tx: Db, accountId: number, userId: number) {
  return tx
    .select()
    .from(columns)
    .where(mine(accountId, userId))
    .orderBy(asc(columns.position), asc(columns.id));
}

export async function findColumn(tx: Db, accountId: number, userId: number, id: number) {
  const [row] = await tx
    .select()
    .from(columns)
    .where(and(mine(accountId, userId), eq(columns.id, id)));
  return row ?? null;
}

export async function findLastColumnPosition(tx: Db, accountId: number, userId: number) {
  const [row] = await tx
    .select({ last: max(columns.position) })
    .from(columns)
    .where(mine(accountId, userId));
  return row?.last ?? 0;
}

export async function insertColumn(tx: Db, row: typeof columns.$inferInsert) {
  const [created] = await tx.insert(columns).values(row).returning();
  return created!;
}

export async function updateColumn(
  tx: Db,
  accountId: number,
  id: number,
  changes: Partial<typeof columns.$inferInsert>,
) {
  const [row] = await tx
    .update(columns)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(columns.accountId, accountId), eq(columns.id, id)))
    .returning();
  return row!;
}

export async function deleteColumn(tx: Db, accountId: number, id: number) {
  await tx.delete(columns).where(and(eq(columns.accountId, accountId), eq(columns.id, id)));
}

/** Positions 1…n in the order of `ids`. */
export async function setColumnPositions(tx: Db, accountId: number, ids: number[]) {
  if (ids.length === 0) return;
  await tx.execute(sql`
    update columns c set position = o.position, updated_at = now()
    from unnest(${intArray(ids)}) with ordinality as o(id, position)
    where c.account_id = ${accountId}::int and c.id = o.id`);
}

export async function findHiddenColumnIds(tx: Db, accountId: number, userId: number) {
  const [row] = await tx
    .select({ hidden: sql<number[] | null>`${users.settings} -> ${HIDDEN_KEY}` })
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(users.id, userId)));
  return new Set(row?.hidden ?? []);
}

export async function setHiddenColumnIds(tx: Db, accountId: number, userId: number, ids: number[]) {
  await tx
    .update(users)
    .set({
      settings: sql`jsonb_set(${users.settings}, ${`{${HIDDEN_KEY}}`}::text[], ${JSON.stringify(ids)}::jsonb)`,
    })
    .where(and(eq(users.accountId, accountId), eq(users.id, userId)));
}

export async function vacancyExists(tx: Db, accountId: number, id: number) {
  const [row] = await selectRows<{ id: number }>(
    tx,
    sql`select id from vacancies where account_id = ${accountId}::int and id = ${id}::int`,
  );
  return Boolean(row);
}

/**
 * A saved view's cards in one statement: applications matching its filters on the vacancies the
 * reader may see and at stages the reader may read, newest arrivals first, with the total.
 */
export async function listColumnCards(
  tx: Db,
  accountId: number,
  reader: { userId: number; seesAllVacancies: boolean },
  filters: TColumnFilters,
  page: { limit: number; offset: number },
) {
  const where: SQL[] = [sql`ap.account_id = ${accountId}::int`];
  if (filters.vacancy_id !== undefined) where.push(sql`ap.vacancy_id = ${filters.vacancy_id}::int`);
  const stageIds = [
    ...(filters.status_ids ?? []),
    ...(filters.status_id === undefined ? [] : [filters.status_id]),
  ];
  if (stageIds.length) where.push(sql`ap.status_id = any(${intArray(stageIds)})`);
  if (filters.reject_kind) where.push(sql`ap.reject_kind = ${filters.reject_kind}`);
  if (filters.applicant_name) {
    const pattern = `%${filters.applicant_name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql`concat_ws(' ', p.last_name, p.first_name, p.middle_name) ilike ${pattern}`);
  }
  if (filters.tags?.length) {
    where.push(sql`exists (select 1 from applicant_tags at
      where at.account_id = p.account_id and at.applicant_id = p.id
        and at.tag_id = any(${intArray(filters.tags)}))`);
  }
  if (filters.is_overdue !== undefined) {
    where.push(sql`(s.stay_duration is not null
      and ap.entered_status_at < now() - make_interval(days => s.stay_duration)) = ${filters.is_overdue}`);
  }
  if (!reader.seesAllVacancies) {
    where.push(sql`exists (select 1 from vacancy_members m
      where m.account_id = ap.account_id and m.vacancy_id = ap.vacancy_id
        and m.user_id = ${reader.userId}::int)`);
  }
  where.push(sql`not exists (select 1 from user_status_rights r
    where r.account_id = s.account_id and r.status_id = s.id
      and r.user_id = ${reader.userId}::int and not r.is_read)`);
  const [row] = await selectRows<{ total: number; cards: CardRow[] }>(
    tx,
    sql`
    with matched as (
      select ${cardColumns}
      from applications ap
      join applicants p on p.account_id = ap.account_id and p.id = ap.applicant_id
      join statuses s on s.account_id = ap.account_id and s.id = ap.status_id
      where ${sql.join(where, sql` and `)}
    )
    select (select count(*)::int from matched) as total,
      coalesce((select json_agg(m.* order by m.entered_status_at desc, m.application_id)
                from (select * from matched order by entered_status_at desc, application_id
                      limit ${page.limit}::int offset ${page.offset}::int) m), '[]'::json) as cards`,
  );
  return row!;
}
