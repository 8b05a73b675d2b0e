import type { TDoubleLevel } from '@ats/contracts/duplicates';
import { type Db, selectRows, statementName } from '@ats/db/connection';
import { intArray } from '@ats/db/sql-arrays';
import { type SQL, sql } from 'drizzle-orm';
import { type SubjectRow, subjectColumns, subjectSource } from './double-subject.ts';

// All SQL of the stored keys, pairs and dismissals. Every statement names its account.

export type StoredPair = {
  applicant_id: number;
  double_id: number;
  level: TDoubleLevel;
  score: number;
  reasons: string[];
  group_id: number;
};

// Arrays travel as one text parameter: drizzle would spread a JS array into a list.
const jsonRows = (rows: unknown[]) => sql`${JSON.stringify(rows)}::jsonb`;

/**
 * A statement of every create's duplicate check, named: on PostgreSQL parsed and planned once per
 * connection (its text is the same whatever the values); plain on PGlite (decision 0111).
 */
const runNamed = <T = never>(tx: Db, prefix: string, query: SQL) =>
  selectRows<T>(tx, query, { name: statementName(prefix, query) });

/** Replaces the keys of the given applicants with the ones computed for them. */
export async function replaceMatchKeys(
  tx: Db,
  accountId: number,
  entries: { applicantId: number; keys: string[] }[],
) {
  if (entries.length === 0) return;
  const ids = entries.map((e) => e.applicantId);
  await tx.execute(sql`delete from applicant_match_keys
                       where account_id = ${accountId} and applicant_id = any(${intArray(ids)})`);
  await insertMatchKeys(tx, accountId, entries);
}

/** Stores the keys of applicants that have none yet (saved in this transaction). */
export async function insertMatchKeys(
  tx: Db,
  accountId: number,
  entries: { applicantId: number; keys: string[] }[],
) {
  const rows = entries.flatMap((e) => [...new Set(e.keys)].map((k) => ({ a: e.applicantId, k })));
  for (let start = 0; start < rows.length; start += 10_000) {
    await runNamed(
      tx,
      'match_keys_insert',
      sql`
      insert into applicant_match_keys (account_id, applicant_id, key)
      select ${accountId}::int, k.a, k.k
      from jsonb_to_recordset(${jsonRows(rows.slice(start, start + 10_000))}) as k(a int, k text)
      on conflict do nothing`,
    );
  }
}

/**
 * Makes the stored keys of the given applicants equal to the computed ones, writing only the
 * difference: after a first scan, or for applicants saved since, there is usually none.
 */
export async function syncMatchKeys(
  tx: Db,
  accountId: number,
  entries: { applicantId: number; keys: string[] }[],
) {
  if (entries.length === 0) return;
  const ids = entries.map((e) => e.applicantId);
  const stored = await selectRows<{ a: number; k: string }>(
    tx,
    sql`select applicant_id as a, key as k from applicant_match_keys
        where account_id = ${accountId} and applicant_id = any(${intArray(ids)})`,
  );
  const wanted = new Set(
    entries.flatMap((e) => [...new Set(e.keys)].map((k) => `${e.applicantId} ${k}`)),
  );
  const have = new Set(stored.map((r) => `${r.a} ${r.k}`));
  const gone = stored.filter((r) => !wanted.has(`${r.a} ${r.k}`));
  const added = entries.flatMap((e) =>
    [...new Set(e.keys)]
      .filter((k) => !have.has(`${e.applicantId} ${k}`))
      .map((k) => ({ a: e.applicantId, k })),
  );
  if (gone.length > 0) {
    await tx.execute(sql`
      delete from applicant_match_keys m
      using jsonb_to_recordset(${jsonRows(gone)}) as g(a int, k text)
      where m.account_id = ${accountId} and m.applicant_id = g.a and m.key = g.k`);
  }
  for (let start = 0; start < added.length; start += 10_000) {
    await tx.execute(sql`
      insert into applicant_match_keys (account_id, applicant_id, key)
      select ${accountId}::int, k.a, k.k
      from jsonb_to_recordset(${jsonRows(added.slice(start, start + 10_000))}) as k(a int, k text)
      on conflict do nothing`);
  }
}

/** At most this many applicants are compared per key: a key shared by more says little. */
const CANDIDATES_PER_KEY = 100;

/**
 * The applicants sharing at least one key with `keys` but for those `excluded` leaves out, at most
 * `limit`, with their columns: each key a range of the primary key, earlier keys first.
 */
const candidatesOf = (accountId: number, keys: string[], excluded: SQL, limit: number) => sql`
      candidates as (
        select m.applicant_id
        from jsonb_array_elements_text(${jsonRows(keys)}) with ordinality as k(key, position)
        cross join lateral (
          select mk.applicant_id from applicant_match_keys mk
          where mk.account_id = ${accountId} and mk.key = k.key
          limit ${sql.raw(String(CANDIDATES_PER_KEY))}
        ) m
        where ${excluded}
        group by m.applicant_id
        order by min(k.position)
        limit ${limit}
      )
      select ${subjectColumns}
      from candidates c
      join ${subjectSource} on a.account_id = ${accountId} and a.id = c.applicant_id`;

/**
 * The applicants sharing at least one key with `keys`, at most `limit`: one indexed statement
 * (each key a range of the primary key), joined to the applicants' columns. When more than
 * `limit` share a key, the ones found by an earlier key of `keys` are kept: callers list the
 * contact keys first, so a person with the same phone is never crowded out by namesakes.
 */
export async function findCandidatesByKeys(
  tx: Db,
  accountId: number,
  keys: string[],
  excludeIds: number[],
  limit: number,
) {
  if (keys.length === 0) return [];
  const excluded = sql`m.applicant_id <> all(${intArray(excludeIds)})`;
  return runNamed<SubjectRow>(
    tx,
    'doubles_candidates',
    sql`with ${candidatesOf(accountId, keys, excluded, limit)}`,
  );
}

/**
 * For an applicant saved in this transaction: stores its keys and answers the applicants sharing
 * one, as `findCandidatesByKeys` (the applicant itself excluded), in one statement. The look-up
 * reads the statement's snapshot, which does not hold the keys stored beside it (decision 0111).
 */
export async function insertKeysAndFindCandidates(
  tx: Db,
  accountId: number,
  applicantId: number,
  keys: string[],
  limit: number,
) {
  if (keys.length === 0) return [];
  const excluded = sql`m.applicant_id <> ${applicantId}`;
  return runNamed<SubjectRow>(
    tx,
    'doubles_keys_and_candidates',
    sql`
      with stored as (
        insert into applicant_match_keys (account_id, applicant_id, key)
        select ${accountId}::int, ${applicantId}::int, k.key
        from jsonb_array_elements_text(${jsonRows([...new Set(keys)])}) as k(key)
        on conflict do nothing
      ),
      ${candidatesOf(accountId, keys, excluded, limit)}`,
  );
}

export async function findSubjectRows(tx: Db, accountId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return selectRows<SubjectRow>(
    tx,
    sql`select ${subjectColumns} from ${subjectSource}
        where a.account_id = ${accountId} and a.id = any(${intArray(ids)})`,
  );
}

/** The applicants the recruiters said are not doubles of `applicantId`. */
export async function findDismissedWith(tx: Db, accountId: number, applicantId: number) {
  const rows = await selectRows<{ other: number }>(
    tx,
    sql`select case when applicant_id = ${applicantId} then double_id else applicant_id end as other
        from applicant_double_dismissals
        where account_id = ${accountId}
          and (applicant_id = ${applicantId} or double_id = ${applicantId})`,
  );
  return new Set(rows.map((r) => r.other));
}

/** Every dismissed pair of the account as 'a:b' (a < b), for the scan. */
export async function listDismissedPairs(tx: Db, accountId: number) {
  const rows = await selectRows<{ a: number; b: number }>(
    tx,
    sql`select applicant_id as a, double_id as b from applicant_double_dismissals
        where account_id = ${accountId}`,
  );
  return new Set(rows.map((r) => `${r.a}:${r.b}`));
}

export async function insertDismissal(
  tx: Db,
  accountId: number,
  pair: [number, number],
  userId: number,
) {
  await tx.execute(sql`
    insert into applicant_double_dismissals (account_id, applicant_id, double_id, dismissed_by)
    values (${accountId}::int, ${pair[0]}::int, ${pair[1]}::int, ${userId}::int)
    on conflict do nothing`);
}

export async function countExistingApplicants(tx: Db, accountId: number, ids: number[]) {
  const [row] = await selectRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from applicants
        where account_id = ${accountId} and id = any(${intArray(ids)})`,
  );
  return row?.n ?? 0;
}

export async function findPairsOf(tx: Db, accountId: number, applicantIds: number[]) {
  if (applicantIds.length === 0) return [];
  return selectRows<StoredPair>(
    tx,
    sql`select applicant_id, double_id, level, score, reasons, group_id from applicant_doubles
        where account_id = ${accountId}
          and (applicant_id = any(${intArray(applicantIds)}) or double_id = any(${intArray(applicantIds)}))`,
  );
}

/** The groups the pairs of these applicants belong to. */
export async function findGroupIdsOf(tx: Db, accountId: number, applicantIds: number[]) {
  const rows = await runNamed<{ group_id: number }>(
    tx,
    'doubles_group_ids',
    sql`select distinct group_id from applicant_doubles
        where account_id = ${accountId}
          and (applicant_id = any(${intArray(applicantIds)}) or double_id = any(${intArray(applicantIds)}))`,
  );
  return rows.map((r) => r.group_id);
}

/** Joins groups: every pair of `groupIds` takes `target` as its group. */
export async function moveGroupsTo(tx: Db, accountId: number, groupIds: number[], target: number) {
  const others = groupIds.filter((g) => g !== target);
  if (others.length === 0) return;
  await runNamed(
    tx,
    'doubles_move_groups',
    sql`update applicant_doubles set group_id = ${target}::int
        where account_id = ${accountId} and group_id = any(${intArray(others)})`,
  );
}

export async function deletePairsOf(tx: Db, accountId: number, applicantId: number) {
  await tx.execute(sql`delete from applicant_doubles
                       where account_id = ${accountId}
                         and (applicant_id = ${applicantId} or double_id = ${applicantId})`);
}

export async function deletePair(tx: Db, accountId: number, pair: [number, number]) {
  const rows = await selectRows<{ group_id: number }>(
    tx,
    sql`delete from applicant_doubles
        where account_id = ${accountId} and applicant_id = ${pair[0]} and double_id = ${pair[1]}
        returning group_id`,
  );
  return rows.map((r) => r.group_id);
}

export async function deleteAllPairs(tx: Db, accountId: number) {
  await tx.execute(sql`delete from applicant_doubles where account_id = ${accountId}`);
}

/** Writes pairs (a < b); a pair already stored takes the new level, score, reasons and group. */
export async function upsertPairs(tx: Db, accountId: number, pairs: StoredPair[]) {
  for (let start = 0; start < pairs.length; start += 5000) {
    const chunk = pairs.slice(start, start + 5000);
    await runNamed(
      tx,
      'doubles_pairs_upsert',
      sql`
      insert into applicant_doubles (account_id, applicant_id, double_id, level, score, reasons, group_id)
      select ${accountId}::int, p.a, p.b, p.level, p.score, array(select jsonb_array_elements_text(p.reasons)), p.g
      from jsonb_to_recordset(${jsonRows(
        chunk.map((p) => ({
          a: p.applicant_id,
          b: p.double_id,
          level: p.level,
          score: p.score,
          reasons: p.reasons,
          g: p.group_id,
        })),
      )}) as p(a int, b int, level text, score float8, reasons jsonb, g int)
      -- An applicant deleted meanwhile (a long scan) leaves its pairs out.
      where exists (select 1 from applicants x where x.account_id = ${accountId} and x.id = p.a)
        and exists (select 1 from applicants x where x.account_id = ${accountId} and x.id = p.b)
      on conflict (account_id, applicant_id, double_id) do update
      set level = excluded.level, score = excluded.score, reasons = excluded.reasons,
          group_id = excluded.group_id, detected_at = now()`,
    );
  }
}

export async function findPairsInGroups(tx: Db, accountId: number, groupIds: number[]) {
  if (groupIds.length === 0) return [];
  return selectRows<StoredPair>(
    tx,
    sql`select applicant_id, double_id, level, score, reasons, group_id from applicant_doubles
        where account_id = ${accountId} and group_id = any(${intArray(groupIds)})
        order by group_id, applicant_id, double_id`,
  );
}

/** Sets the group of each pair (a, b). */
export async function setPairGroups(
  tx: Db,
  accountId: number,
  groups: { a: number; b: number; g: number }[],
) {
  if (groups.length === 0) return;
  await tx.execute(sql`
    update applicant_doubles d set group_id = p.g
    from jsonb_to_recordset(${jsonRows(groups)}) as p(a int, b int, g int)
    where d.account_id = ${accountId} and d.applicant_id = p.a and d.double_id = p.b
      and d.group_id <> p.g`);
}

export type GroupHead = { group_id: number; score: number; certain: boolean };

const groupsOf = (accountId: number) => sql`
  select group_id, max(score) as score, bool_or(level = 'certain') as certain
  from applicant_doubles where account_id = ${accountId}
  group by group_id`;

/** One page of groups, certain ones first, then by their best score. */
export async function listGroupHeads(
  tx: Db,
  accountId: number,
  level: TDoubleLevel | undefined,
  limit: number,
  offset: number,
) {
  const filter =
    level === undefined ? sql`true` : level === 'certain' ? sql`g.certain` : sql`not g.certain`;
  return selectRows<GroupHead>(
    tx,
    sql`select g.group_id, g.score, g.certain from (${groupsOf(accountId)}) g
        where ${filter}
        order by g.certain desc, g.score desc, g.group_id desc
        limit ${limit} offset ${offset}`,
  );
}

export async function countGroups(tx: Db, accountId: number) {
  const [row] = await selectRows<{ certain: number; probable: number }>(
    tx,
    sql`select count(*) filter (where g.certain)::int as certain,
               count(*) filter (where not g.certain)::int as probable
        from (${groupsOf(accountId)}) g`,
  );
  return { certain: row?.certain ?? 0, probable: row?.probable ?? 0 };
}
