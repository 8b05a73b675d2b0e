import { type Db, selectRows } from '@ats/db/connection';
import { applicantDoubleScans } from '@ats/db/schema/duplicates';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { SubjectRow } from './double-subject.ts';
import { subjectColumns, subjectSource } from './double-subject.ts';

export type ScanRow = typeof applicantDoubleScans.$inferSelect;
type ScanChanges = Partial<Omit<typeof applicantDoubleScans.$inferInsert, 'accountId' | 'id'>>;

const byId = (accountId: number, id: number) =>
  and(eq(applicantDoubleScans.accountId, accountId), eq(applicantDoubleScans.id, id));

export async function findLatestScan(tx: Db, accountId: number) {
  const [row] = await tx
    .select()
    .from(applicantDoubleScans)
    .where(eq(applicantDoubleScans.accountId, accountId))
    .orderBy(desc(applicantDoubleScans.createdAt), desc(applicantDoubleScans.id))
    .limit(1);
  return row ?? null;
}

export async function findActiveScan(tx: Db, accountId: number) {
  const [row] = await tx
    .select()
    .from(applicantDoubleScans)
    .where(
      and(
        eq(applicantDoubleScans.accountId, accountId),
        inArray(applicantDoubleScans.state, ['queued', 'running']),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertScan(tx: Db, accountId: number, startedBy: number, total: number) {
  const [row] = await tx
    .insert(applicantDoubleScans)
    .values({ accountId, startedBy, total })
    .returning();
  return row!;
}

export async function lockScan(tx: Db, accountId: number, id: number) {
  const [row] = await tx
    .select()
    .from(applicantDoubleScans)
    .where(byId(accountId, id))
    .for('update');
  return row ?? null;
}

export async function updateScan(tx: Db, accountId: number, id: number, changes: ScanChanges) {
  await tx.update(applicantDoubleScans).set(changes).where(byId(accountId, id));
}

export async function countApplicants(tx: Db, accountId: number) {
  const [row] = await selectRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from applicants where account_id = ${accountId}`,
  );
  return row?.n ?? 0;
}

/** The next applicants by id after `afterId`, with what the comparison reads. */
export async function findSubjectsAfter(tx: Db, accountId: number, afterId: number, limit: number) {
  return selectRows<SubjectRow>(
    tx,
    sql`select ${subjectColumns} from ${subjectSource}
        where a.account_id = ${accountId} and a.id > ${afterId}
        order by a.id limit ${limit}`,
  );
}

/**
 * The applicants sharing each key that at least two and at most `maxShared` applicants hold, in
 * one aggregate over the account's keys (a key shared by more blocks nothing: 'name:ivanov ivan'
 * in a huge base). A plan that does not depend on fresh statistics of the keys just rebuilt.
 */
export async function findSharedKeyGroups(tx: Db, accountId: number, maxShared: number) {
  const rows = await selectRows<{ ids: number[] }>(
    tx,
    sql`select array_agg(applicant_id order by applicant_id) as ids
        from applicant_match_keys where account_id = ${accountId}
        group by key having count(*) between 2 and ${maxShared}`,
  );
  return rows.map((r) => r.ids);
}
