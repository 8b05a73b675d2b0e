import { type Db, selectRows } from '@ats/db/connection';
import { sql } from 'drizzle-orm';

/**
 * The applicants of an account with this e-mail address, on the card's e-mail field or among its
 * contacts (case-insensitive), those not archived first, then the most recently changed.
 */
export async function findApplicantIdsByEmail(tx: Db, accountId: number, address: string) {
  const rows = await selectRows<{ id: number }>(
    tx,
    sql`select id from applicants
        where account_id = ${accountId}
          and (lower(email) = lower(${address})
               or exists (select 1 from jsonb_array_elements(contacts) c
                          where c->>'contact_type' = 'email'
                            and lower(c->>'value') = lower(${address})))
        order by archived_at is not null, updated_at desc, id desc
        limit 20`,
  );
  return rows.map((row) => Number(row.id));
}
