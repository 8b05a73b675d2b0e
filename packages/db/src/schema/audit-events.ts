import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgPolicy,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { accountIdColumn, appRole, currentAccountId } from './tenant-table.ts';

/**
 * The audit log: admin and security actions of an account — who, when, from where, what.
 * Append-only: the application role may add and read rows, never change or remove them (the
 * policies below cover only select and insert, and migration 0026 revokes update and delete).
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    id: integer().generatedAlwaysAsIdentity(),
    occurredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // Users are never removed (only marked deleted), so this stays a plain reference; null when
    // no one signed in did it.
    actorUserId: integer(),
    // The address as typed: failed sign-ins name the address tried, not a user.
    actorEmail: text(),
    action: text().notNull(),
    targetType: text(),
    targetId: integer(),
    summary: text().notNull(),
    // What changed, `{field: {from, to}}`, or what the action concerned; never secrets.
    changes: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    ip: text(),
    userAgent: text(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index('audit_events_time_idx').on(t.accountId, t.occurredAt.desc(), t.id.desc()),
    index('audit_events_action_idx').on(t.accountId, t.action, t.occurredAt.desc()),
    index('audit_events_actor_idx').on(t.accountId, t.actorUserId, t.occurredAt.desc()),
    pgPolicy('audit_events_tenant_read', {
      as: 'permissive',
      for: 'select',
      to: appRole,
      using: sql`${sql.identifier('account_id')} = ${currentAccountId}`,
    }),
    pgPolicy('audit_events_tenant_append', {
      as: 'permissive',
      for: 'insert',
      to: appRole,
      withCheck: sql`${sql.identifier('account_id')} = ${currentAccountId}`,
    }),
  ],
).enableRLS();
