import { type Db, selectRows } from '@ats/db/connection';
import { intArray } from '@ats/db/sql-arrays';
import { sql } from 'drizzle-orm';
import type { TPersonNameParts } from '@ats/contracts/person-name';
import { userNameParts } from '../../platform/person-name.ts';

// What the workflow reads beside the module's own tables (vacancy-applications.repository.ts):
// the division's head and the approvers' names and addresses.

export async function findDivisionHead(tx: Db, accountId: number, divisionId: number) {
  const [row] = await selectRows<{ id: number; head_id: number | null }>(
    tx,
    sql`select id, head_id from account_divisions
        where account_id = ${accountId} and id = ${divisionId}`,
  );
  return row ? { id: row.id, headId: row.head_id } : null;
}

/** Active users among `ids`, with their name parts and address. */
export async function findActiveUsers(tx: Db, accountId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return selectRows<{ id: number; email: string; person: TPersonNameParts }>(
    tx,
    sql`select u.id, u.email, ${userNameParts('u')} as person from users u
        where u.account_id = ${accountId} and u.id = any(${intArray(ids)})
          and u.is_active and u.deleted_at is null`,
  );
}

export async function findUser(tx: Db, accountId: number, id: number) {
  const [row] = await selectRows<{ id: number; email: string; person: TPersonNameParts }>(
    tx,
    sql`select u.id, u.email, ${userNameParts('u')} as person from users u
        where u.account_id = ${accountId} and u.id = ${id}`,
  );
  return row ?? null;
}
