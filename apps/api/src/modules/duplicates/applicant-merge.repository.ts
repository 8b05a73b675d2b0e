import type { TPersonNameParts } from '@ats/contracts/person-name';
import { type Db, selectRows } from '@ats/db/connection';
import { intArray } from '@ats/db/sql-arrays';
import { type SQL, sql } from 'drizzle-orm';
import { userNameParts } from '../../platform/person-name.ts';
import type { MovedTable } from './applicant-references.ts';
import type { ApplicantRecord } from './merge-fields.ts';

// All SQL of merges and their undo. Rows are copied whole (to_jsonb) into the merge's snapshot
// and written back with jsonb_populate_record, so a column added later is kept without a change.

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/** The tables a snapshot may write back: names come from here, never from data. */
export type RestorableTable =
  'applicants' | 'applications' | 'applicant_tags' | 'applicant_double_dismissals';

const columnCache = new Map<string, string[]>();

/** The table's own columns (not generated ones), in order. */
async function writableColumns(tx: Db, table: RestorableTable) {
  const cached = columnCache.get(table);
  if (cached) return cached;
  const rows = await selectRows<{ column_name: string }>(
    tx,
    sql`select column_name from information_schema.columns
        where table_schema = current_schema() and table_name = ${table}
          and is_generated = 'NEVER'
        order by ordinal_position`,
  );
  const columns = rows.map((r) => r.column_name);
  columnCache.set(table, columns);
  return columns;
}

const list = (columns: string[], prefix?: string) =>
  sql.join(
    columns.map((c) =>
      prefix ? sql`${sql.identifier(prefix)}.${sql.identifier(c)}` : sql.identifier(c),
    ),
    sql`, `,
  );

/** Rows put back exactly as they were, ids included; a row already there is left alone. */
export async function restoreRows(tx: Db, table: RestorableTable, rows: ApplicantRecord[]) {
  if (rows.length === 0) return;
  const columns = await writableColumns(tx, table);
  await tx.execute(sql`
    insert into ${sql.identifier(table)} (${list(columns)}) overriding system value
    select ${list(columns, 'r')} from jsonb_populate_recordset(null::${sql.identifier(table)}, ${json(rows)}) r
    on conflict do nothing`);
}

export async function findApplicantRecords(tx: Db, accountId: number, ids: number[]) {
  const rows = await selectRows<{ row: ApplicantRecord }>(
    tx,
    sql`select to_jsonb(a) as row from applicants a
        where a.account_id = ${accountId} and a.id = any(${intArray(ids)})`,
  );
  return new Map(rows.map((r) => [r.row.id as number, r.row]));
}

/** Sets the named columns of one applicant to the values of `values` (a whole or partial row). */
export async function writeApplicantColumns(
  tx: Db,
  accountId: number,
  id: number,
  values: ApplicantRecord,
  columns: string[],
) {
  if (columns.length === 0) return;
  await tx.execute(sql`
    update applicants a set (${list(columns)}) = (
      select ${list(columns, 'r')} from jsonb_populate_record(null::applicants, ${json(values)}) r
    )
    where a.account_id = ${accountId} and a.id = ${id}`);
}

/** The applicant's own columns an undo writes back (all but its key and generated ones). */
export async function restorableApplicantColumns(tx: Db) {
  const columns = await writableColumns(tx, 'applicants');
  return columns.filter((c) => c !== 'account_id' && c !== 'id');
}

export async function deleteApplicant(tx: Db, accountId: number, id: number) {
  await tx.execute(sql`delete from applicants where account_id = ${accountId} and id = ${id}`);
}

/** Re-points the rows of `table` from one applicant to another; answers their ids. */
/** Tables that keep one row per applicant and this column: a row the primary has already stays. */
const ONE_PER_APPLICANT: Partial<Record<MovedTable, string>> = { delayed_sub_tasks: 'task_id' };

export async function moveRows(
  tx: Db,
  accountId: number,
  table: MovedTable,
  from: number,
  to: number,
) {
  const unique = ONE_PER_APPLICANT[table];
  const clash = unique
    ? sql`and not exists (select 1 from ${sql.identifier(table)} p
            where p.account_id = ${accountId} and p.applicant_id = ${to}
              and p.${sql.identifier(unique)} = ${sql.identifier(table)}.${sql.identifier(unique)})`
    : sql``;
  const rows = await selectRows<{ id: number }>(
    tx,
    sql`update ${sql.identifier(table)} set applicant_id = ${to}
        where account_id = ${accountId} and applicant_id = ${from} ${clash}
        returning id`,
  );
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** Puts the rows with `ids` back on `to` (only those still on `from`). */
export async function moveRowsBack(
  tx: Db,
  accountId: number,
  table: MovedTable | 'applications',
  ids: number[],
  from: number,
  to: number,
) {
  if (ids.length === 0) return;
  await tx.execute(sql`update ${sql.identifier(table)} set applicant_id = ${to}
                       where account_id = ${accountId} and applicant_id = ${from}
                         and id = any(${intArray(ids)})`);
}

export type ApplicationHead = { id: number; vacancy_id: number; entered_status_at: string };

export async function findApplications(tx: Db, accountId: number, applicantId: number) {
  return selectRows<ApplicationHead>(
    tx,
    sql`select id, vacancy_id, entered_status_at from applications
        where account_id = ${accountId} and applicant_id = ${applicantId}
        order by id for update`,
  );
}

async function findRows(
  tx: Db,
  table: RestorableTable,
  accountId: number,
  where: SQL,
): Promise<ApplicantRecord[]> {
  const rows = await selectRows<{ row: ApplicantRecord }>(
    tx,
    sql`select to_jsonb(t) as row from ${sql.identifier(table)} t
        where t.account_id = ${accountId} and ${where}`,
  );
  return rows.map((r) => r.row);
}

export const findApplicationRows = (tx: Db, accountId: number, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : findRows(tx, 'applications', accountId, sql`t.id = any(${intArray(ids)})`);

export const findTagRows = (tx: Db, accountId: number, applicantId: number) =>
  findRows(tx, 'applicant_tags', accountId, sql`t.applicant_id = ${applicantId}`);

export const findDismissalRows = (tx: Db, accountId: number, applicantId: number) =>
  findRows(
    tx,
    'applicant_double_dismissals',
    accountId,
    sql`(t.applicant_id = ${applicantId} or t.double_id = ${applicantId})`,
  );

export async function deleteApplication(tx: Db, accountId: number, id: number) {
  await tx.execute(sql`delete from applications where account_id = ${accountId} and id = ${id}`);
}

export async function setApplicationApplicant(
  tx: Db,
  accountId: number,
  id: number,
  applicantId: number,
) {
  await tx.execute(sql`update applications set applicant_id = ${applicantId}
                       where account_id = ${accountId} and id = ${id}`);
}

/** A transition as it was before the merge moved it. */
export type TransitionOrigin = { id: number; application_id: number; applicant_id: number };

/** Moves an application's transitions into `into` (an application of `applicantId`). */
export async function moveTransitions(
  tx: Db,
  accountId: number,
  fromApplication: number,
  into: { applicationId: number; applicantId: number },
) {
  return selectRows<TransitionOrigin>(
    tx,
    sql`update application_transitions t
        set application_id = ${into.applicationId}, applicant_id = ${into.applicantId}
        from application_transitions o
        where t.account_id = ${accountId} and t.application_id = ${fromApplication}
          and o.account_id = t.account_id and o.id = t.id
        returning t.id, o.application_id, o.applicant_id`,
  );
}

/** The applicant's log rows still on it (of applications taken off a vacancy) moved to `to`. */
export async function moveApplicantTransitions(
  tx: Db,
  accountId: number,
  from: number,
  to: number,
) {
  return selectRows<TransitionOrigin>(
    tx,
    sql`update application_transitions t set applicant_id = ${to}
        from application_transitions o
        where t.account_id = ${accountId} and t.applicant_id = ${from}
          and o.account_id = t.account_id and o.id = t.id
        returning t.id, o.application_id, o.applicant_id`,
  );
}

/**
 * Each recorded transition back on the application and applicant it had before the merge. A row
 * recorded twice (merges made before each row was recorded once) takes its first record, the
 * state before the merge: an update joined to two rows would take either.
 */
export async function restoreTransitions(tx: Db, accountId: number, origins: TransitionOrigin[]) {
  if (origins.length === 0) return;
  await tx.execute(sql`
    update application_transitions t set application_id = o.application_id, applicant_id = o.applicant_id
    from (select distinct on (id) id, application_id, applicant_id
          from (select (e.v ->> 'id')::int as id, (e.v ->> 'application_id')::int as application_id,
                       (e.v ->> 'applicant_id')::int as applicant_id, e.n
                from jsonb_array_elements(${json(origins)}) with ordinality as e(v, n)) r
          order by id, n) o
    where t.account_id = ${accountId} and t.id = o.id`);
}

/**
 * The log of the secondary's applications that were taken off a vacancy after the merge goes back
 * to the secondary with them: the moves made on such an application since the merge were made on
 * the secondary's application, as on one still there (`alignTransitionApplicants`).
 */
export async function returnRemovedApplicationsLog(
  tx: Db,
  accountId: number,
  applicationIds: number[],
  secondaryId: number,
) {
  if (applicationIds.length === 0) return;
  await tx.execute(sql`
    update application_transitions t set applicant_id = ${secondaryId}
    where t.account_id = ${accountId} and t.application_id = any(${intArray(applicationIds)})
      and t.applicant_id <> ${secondaryId}
      and not exists (select 1 from applications a
                      where a.account_id = t.account_id and a.id = t.application_id)`);
}

/**
 * Every transition of the two applicants' applications carries its application's applicant again:
 * an undo gives the secondary back its applications, with the moves made on them since the merge.
 */
export async function alignTransitionApplicants(tx: Db, accountId: number, applicantIds: number[]) {
  await tx.execute(sql`
    update application_transitions t set applicant_id = a.applicant_id
    from applications a
    where t.account_id = ${accountId} and a.account_id = t.account_id
      and a.id = t.application_id and a.applicant_id = any(${intArray(applicantIds)})
      and t.applicant_id <> a.applicant_id`);
}

/** The secondary's tags the primary did not have, added to it; answers their ids. */
export async function addTagsOf(tx: Db, accountId: number, from: number, to: number) {
  const rows = await selectRows<{ tag_id: number }>(
    tx,
    sql`insert into applicant_tags (account_id, applicant_id, tag_id)
        select account_id, ${to}::int, tag_id from applicant_tags
        where account_id = ${accountId} and applicant_id = ${from}
        on conflict do nothing
        returning tag_id`,
  );
  return rows.map((r) => r.tag_id).sort((a, b) => a - b);
}

export async function removeTags(tx: Db, accountId: number, applicantId: number, tagIds: number[]) {
  if (tagIds.length === 0) return;
  await tx.execute(sql`delete from applicant_tags
                       where account_id = ${accountId} and applicant_id = ${applicantId}
                         and tag_id = any(${intArray(tagIds)})`);
}

/** The secondary's «Не дубль» pairs carried over to the primary; answers the pairs added. */
export async function carryDismissals(tx: Db, accountId: number, from: number, to: number) {
  const rows = await selectRows<{ a: number; b: number }>(
    tx,
    sql`insert into applicant_double_dismissals (account_id, applicant_id, double_id, dismissed_by, created_at)
        select d.account_id, least(${to}::int, o.other), greatest(${to}::int, o.other), d.dismissed_by, d.created_at
        from applicant_double_dismissals d
        cross join lateral (select case when d.applicant_id = ${from} then d.double_id else d.applicant_id end as other) o
        where d.account_id = ${accountId} and (d.applicant_id = ${from} or d.double_id = ${from})
          and o.other <> ${to}
        on conflict do nothing
        returning applicant_id as a, double_id as b`,
  );
  return rows.map((r) => [r.a, r.b] as [number, number]);
}

export async function removeDismissals(tx: Db, accountId: number, pairs: [number, number][]) {
  if (pairs.length === 0) return;
  await tx.execute(sql`
    delete from applicant_double_dismissals d
    using jsonb_to_recordset(${json(pairs.map(([a, b]) => ({ a, b })))}) as p(a int, b int)
    where d.account_id = ${accountId} and d.applicant_id = p.a and d.double_id = p.b`);
}

export type MergeRow = {
  id: number;
  primary_id: number;
  secondary_id: number;
  secondary_name: string;
  snapshot: MergeSnapshot;
  moved: MergeMoved;
  merged_by: number | null;
  /** For the display name; see `userNameParts`. */
  merged_by_person: TPersonNameParts;
  created_at: string;
  undone_at: string | null;
};

export type MergeSnapshot = {
  primary: ApplicantRecord;
  secondary: ApplicantRecord;
  /** Rows the merge deleted, by table: the secondary's tags and «Не дубль», joined applications. */
  deleted: {
    applicant_tags: ApplicantRecord[];
    applicant_double_dismissals: ApplicantRecord[];
    applications: ApplicantRecord[];
  };
};

export type MergeMoved = Record<MovedTable, number[]> & {
  applications: number[];
  transitions: TransitionOrigin[];
  tags_added: number[];
  dismissals_added: [number, number][];
};

export async function insertMerge(
  tx: Db,
  merge: {
    accountId: number;
    primaryId: number;
    secondaryId: number;
    secondaryName: string;
    snapshot: MergeSnapshot;
    moved: MergeMoved;
    mergedBy: number;
  },
) {
  const [row] = await selectRows<{ id: number }>(
    tx,
    sql`insert into applicant_merges (account_id, primary_id, secondary_id, secondary_name, snapshot, moved, merged_by)
        values (${merge.accountId}::int, ${merge.primaryId}::int, ${merge.secondaryId}::int, ${merge.secondaryName},
                ${json(merge.snapshot)}, ${json(merge.moved)}, ${merge.mergedBy}::int)
        returning id`,
  );
  return row!.id;
}

const mergeSelect = (accountId: number, where: SQL, withData: boolean) => sql`
  select m.id, m.primary_id, m.secondary_id, m.secondary_name,
         ${withData ? sql`m.snapshot, m.moved,` : sql``}
         m.merged_by, ${userNameParts('u')} as merged_by_person,
         m.created_at, m.undone_at
  from applicant_merges m
  left join users u on u.account_id = m.account_id and u.id = m.merged_by
  where m.account_id = ${accountId} and ${where}`;

export async function lockMerge(tx: Db, accountId: number, id: number) {
  const [row] = await selectRows<MergeRow>(
    tx,
    sql`${mergeSelect(accountId, sql`m.id = ${id}`, true)} for update of m`,
  );
  return row ?? null;
}

export async function findMerge(tx: Db, accountId: number, id: number) {
  const [row] = await selectRows<MergeRow>(tx, mergeSelect(accountId, sql`m.id = ${id}`, false));
  return row ?? null;
}

export async function listMergesInto(tx: Db, accountId: number, primaryId: number) {
  return selectRows<MergeRow>(
    tx,
    sql`${mergeSelect(accountId, sql`m.primary_id = ${primaryId}`, false)}
        order by m.created_at desc, m.id desc`,
  );
}

/** A merge into the same primary made after this one and not undone: it must be undone first. */
export async function hasLaterMerge(
  tx: Db,
  accountId: number,
  merge: { id: number; primary_id: number },
) {
  const [row] = await selectRows<{ id: number }>(
    tx,
    sql`select id from applicant_merges
        where account_id = ${accountId} and primary_id = ${merge.primary_id}
          and id > ${merge.id} and undone_at is null
        limit 1`,
  );
  return Boolean(row);
}

export async function markMergeUndone(tx: Db, accountId: number, id: number, userId: number) {
  await tx.execute(sql`update applicant_merges set undone_at = now(), undone_by = ${userId}
                       where account_id = ${accountId} and id = ${id}`);
}
