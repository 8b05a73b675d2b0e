import {
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { accountIdColumn, tenantPolicy } from './tenant-table.ts';
import { users } from './users.ts';

/**
 * A letter inviting a team member to set their password (`/invite/{token}`). Only the token's
 * hash is kept. A resend revokes the earlier letters, so only the newest link works; accepting
 * one marks it used.
 */
export const userInvitations = pgTable(
  'user_invitations',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    id: integer().generatedAlwaysAsIdentity(),
    userId: integer().notNull(),
    tokenHash: text().notNull(),
    // Who sent it; users are never removed, so this stays a plain reference.
    invitedBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex('user_invitations_token_hash_key').on(t.tokenHash),
    index('user_invitations_user_idx').on(t.accountId, t.userId),
    foreignKey({
      columns: [t.accountId, t.userId],
      foreignColumns: [users.accountId, users.id],
    }).onDelete('cascade'),
    tenantPolicy('user_invitations'),
  ],
).enableRLS();
