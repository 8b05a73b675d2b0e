import { type Db, selectRows } from '@ats/db/connection';
import { intArray } from '@ats/db/sql-arrays';
import { sql } from 'drizzle-orm';

export async function findTags(tx: Db, accountId: number, ids: number[]) {
  return selectRows<{ id: number; name: string }>(
    tx,
    sql`select id, name from tags where account_id = ${accountId}::int and id = any(${intArray(ids)})`,
  );
}

export type TagLink = { applicant_id: number; tag_id: number };

/** Adds every tag to every applicant; answers only the links that were not there before. */
export async function addTagLinks(
  tx: Db,
  accountId: number,
  applicantIds: number[],
  tagIds: number[],
) {
  return selectRows<TagLink>(
    tx,
    sql`insert into applicant_tags (account_id, applicant_id, tag_id)
        select ${accountId}::int, a.id, t.id
        from unnest(${intArray(applicantIds)}) a(id) cross join unnest(${intArray(tagIds)}) t(id)
        on conflict do nothing
        returning applicant_id, tag_id`,
  );
}

/** Removes the tags from the applicants; answers the links that existed. */
export async function removeTagLinks(
  tx: Db,
  accountId: number,
  applicantIds: number[],
  tagIds: number[],
) {
  return selectRows<TagLink>(
    tx,
    sql`delete from applicant_tags
        where account_id = ${accountId}::int
          and applicant_id = any(${intArray(applicantIds)}) and tag_id = any(${intArray(tagIds)})
        returning applicant_id, tag_id`,
  );
}

export async function touchApplicants(tx: Db, accountId: number, ids: number[]) {
  if (!ids.length) return;
  await tx.execute(
    sql`update applicants set updated_at = now()
        where account_id = ${accountId}::int and id = any(${intArray(ids)})`,
  );
}

/** Archives the active ones among `ids`; answers those it archived. */
export async function archiveApplicants(tx: Db, accountId: number, userId: number, ids: number[]) {
  return selectRows<{ id: number; archived_at: string }>(
    tx,
    sql`update applicants set archived_at = now(), archived_by = ${userId}::int, updated_at = now()
        where account_id = ${accountId}::int and id = any(${intArray(ids)}) and archived_at is null
        returning id, archived_at`,
  );
}
