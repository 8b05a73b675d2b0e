import type { TAuditEventsQuery } from '@ats/contracts/audit';
import { type Db, selectRows } from '@ats/db/connection';
import type { TPersonNameParts } from '@ats/contracts/person-name';
import { type SQL, sql } from 'drizzle-orm';
import { userNameParts } from '../../platform/person-name.ts';

export type AuditEventRow = {
  id: number;
  occurred_at: Date | string;
  action: string;
  actor_user_id: number | null;
  /** For the display name; see `userNameParts`. */
  actor_person: TPersonNameParts;
  actor_user_email: string | null;
  actor_email: string | null;
  target_type: string | null;
  target_id: number | null;
  summary: string;
  changes: Record<string, unknown>;
  ip: string | null;
  user_agent: string | null;
};

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The filters of the page; days are the account's own (its time zone), both ends included. */
function conditionsOf(accountId: number, filters: TAuditEventsQuery): SQL {
  const zone = sql`(select time_zone from accounts where id = ${accountId})`;
  const parts: SQL[] = [sql`e.account_id = ${accountId}`];
  if (filters.action) parts.push(sql`e.action = ${filters.action}`);
  if (filters.actor_id) parts.push(sql`e.actor_user_id = ${filters.actor_id}`);
  if (filters.from) {
    parts.push(sql`e.occurred_at >= (${filters.from}::date)::timestamp at time zone ${zone}`);
  }
  if (filters.to) {
    parts.push(sql`e.occurred_at < (${filters.to}::date + 1)::timestamp at time zone ${zone}`);
  }
  if (filters.q) {
    const pattern = likePattern(filters.q);
    parts.push(sql`(e.summary ilike ${pattern} or e.actor_email ilike ${pattern}
      or e.ip ilike ${pattern} or u.email ilike ${pattern}
      or concat_ws(' ', u.last_name, u.name, u.middle_name) ilike ${pattern})`);
  }
  return sql.join(parts, sql` and `);
}

const FROM = sql`from audit_events e
  left join users u on u.account_id = e.account_id and u.id = e.actor_user_id`;

/** One page of the account's events, newest first. */
export async function listAuditEvents(tx: Db, accountId: number, filters: TAuditEventsQuery) {
  return selectRows<AuditEventRow>(
    tx,
    sql`select e.id, e.occurred_at, e.action, e.actor_user_id,
          ${userNameParts('u')} as actor_person,
          u.email as actor_user_email, e.actor_email, e.target_type, e.target_id, e.summary,
          e.changes, e.ip, e.user_agent
        ${FROM}
        where ${conditionsOf(accountId, filters)}
        order by e.occurred_at desc, e.id desc
        limit ${filters.per_page} offset ${(filters.page - 1) * filters.per_page}`,
  );
}

export async function countAuditEvents(tx: Db, accountId: number, filters: TAuditEventsQuery) {
  const [row] = await selectRows<{ count: number | string }>(
    tx,
    sql`select count(*) as count ${FROM} where ${conditionsOf(accountId, filters)}`,
  );
  return Number(row?.count ?? 0);
}
