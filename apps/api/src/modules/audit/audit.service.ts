import {
  type TAuditAction,
  type TAuditEvent,
  type TAuditEventList,
  type TAuditEventsQuery,
} from '@ats/contracts/audit';
import type { Session } from '../../platform/auth.ts';
import { userDisplayName } from '../../platform/person-name.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import { assertAuditLogAction } from './audit.policy.ts';
import * as repo from './audit.repository.ts';

function toAuditEvent(row: repo.AuditEventRow): TAuditEvent {
  return {
    id: row.id,
    occurred_at: new Date(row.occurred_at).toISOString(),
    action: row.action as TAuditAction,
    actor:
      row.actor_user_id === null
        ? null
        : {
            id: row.actor_user_id,
            name: userDisplayName(row.actor_person),
            // A deleted user's address is kept with a prefix that freed it; show the address.
            email: (row.actor_user_email ?? '').replace(/^deleted-\d+-/, ''),
          },
    actor_email: row.actor_email,
    target_type: row.target_type,
    target_id: row.target_id,
    summary: row.summary,
    changes: row.changes,
    ip: row.ip,
    user_agent: row.user_agent,
  };
}

/** The account's log for an admin: newest first, filtered and paged. */
export async function listAuditEvents(
  tenant: Tenant,
  session: Pick<Session, 'memberType' | 'isAdmin'>,
  query: TAuditEventsQuery,
): Promise<TAuditEventList> {
  assertAuditLogAction(session, 'read');
  const { rows, total } = await tenant.transaction(async (tx) => ({
    rows: await repo.listAuditEvents(tx, tenant.accountId, query),
    total: await repo.countAuditEvents(tx, tenant.accountId, query),
  }));
  return {
    audit_events: rows.map(toAuditEvent),
    audit_event_count: total,
    page: query.page,
    per_page: query.per_page,
  };
}
