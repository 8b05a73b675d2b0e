import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { accountIdColumn, tenantPolicy } from './tenant-table.ts';

export const users = pgTable(
  'users',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    id: integer().generatedAlwaysAsIdentity(),
    email: text().notNull(),
    passwordHash: text(),
    name: text(),
    middleName: text(),
    lastName: text(),
    nick: text(),
    memberType: text({ enum: ['owner', 'watcher'] }).notNull(),
    isAdmin: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    isAuto: boolean().notNull().default(false),
    isOnboarding: boolean().notNull().default(true),
    isFirework: boolean().notNull().default(false),
    timeZone: text().notNull().default('Europe/Moscow'),
    // Stored as given; the service fills defaults for keys that are missing.
    settings: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    fieldSettings: jsonb().$type<Record<string, boolean>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    // Sign-in is by e-mail alone, so an address belongs to one user in the whole installation.
    uniqueIndex('users_email_key').on(t.email),
    tenantPolicy('users'),
  ],
).enableRLS();

export const sessions = pgTable(
  'sessions',
  {
    accountId: accountIdColumn(),
    id: integer().generatedAlwaysAsIdentity(),
    userId: integer().notNull(),
    tokenHash: text().notNull(),
    source: text({ enum: ['web', 'plugin'] })
      .notNull()
      .default('web'),
    userAgent: text(),
    ip: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_user_idx').on(t.accountId, t.userId),
    foreignKey({
      columns: [t.accountId, t.userId],
      foreignColumns: [users.accountId, users.id],
    }).onDelete('cascade'),
    tenantPolicy('sessions'),
  ],
).enableRLS();

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    accountId: accountIdColumn(),
    id: integer().generatedAlwaysAsIdentity(),
    userId: integer().notNull(),
    tokenHash: text().notNull(),
    purpose: text({ enum: ['reset', 'invite'] })
      .notNull()
      .default('reset'),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash),
    foreignKey({
      columns: [t.accountId, t.userId],
      foreignColumns: [users.accountId, users.id],
    }).onDelete('cascade'),
    tenantPolicy('password_reset_tokens'),
  ],
).enableRLS();

// Per-user rights on stages (user_status_rights) live beside the stages, in pipeline.ts.

/** Failed sign-in and reset attempts per key (e-mail or address), for the 429 throttle. */
export const authThrottle = pgTable('auth_throttle', {
  key: text().primaryKey(),
  failures: integer().notNull().default(0),
  windowStartedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp({ withTimezone: true }),
});
