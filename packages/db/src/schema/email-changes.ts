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
 * A user's request to change their own e-mail, waiting for the link mailed to the new address
 * (`/auth/confirm-email?token=…`). Only the token's hash is kept. The address changes when the
 * link is opened, and only while the user still has `old_email`; a newer request, a new
 * password or a confirmed change revokes the requests still open.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    id: integer().generatedAlwaysAsIdentity(),
    userId: integer().notNull(),
    oldEmail: text().notNull(),
    newEmail: text().notNull(),
    tokenHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    confirmedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex('email_changes_token_hash_key').on(t.tokenHash),
    index('email_changes_user_idx').on(t.accountId, t.userId),
    foreignKey({
      columns: [t.accountId, t.userId],
      foreignColumns: [users.accountId, users.id],
    }).onDelete('cascade'),
    tenantPolicy('email_changes'),
  ],
).enableRLS();
