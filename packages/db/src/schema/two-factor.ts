import {
  bigint,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { accountIdColumn, tenantPolicy } from './tenant-table.ts';

/**
 * A user's TOTP authenticator (RFC 6238). The row exists from the start of enrolment; sign-in
 * asks for a code only once `confirmedAt` is set. The secret must be readable to check codes,
 * so it is never sent back after enrolment and never logged.
 */
export const userTwoFactor = pgTable(
  'user_two_factor',
  {
    accountId: accountIdColumn(),
    userId: integer().notNull(),
    secret: text().notNull(),
    confirmedAt: timestamp({ withTimezone: true }),
    // The 30-second step of the last accepted code: a code is accepted once, in a later step only.
    lastUsedStep: bigint({ mode: 'number' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.userId] }),
    foreignKey({
      columns: [t.accountId, t.userId],
      foreignColumns: [users.accountId, users.id],
    }).onDelete('cascade'),
    tenantPolicy('user_two_factor'),
  ],
).enableRLS();

/** One-time recovery codes, shown once at enrolment; only their hashes are kept. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    accountId: accountIdColumn(),
    id: integer().generatedAlwaysAsIdentity(),
    userId: integer().notNull(),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index('two_factor_recovery_codes_user_idx').on(t.accountId, t.userId),
    foreignKey({
      columns: [t.accountId, t.userId],
      foreignColumns: [users.accountId, users.id],
    }).onDelete('cascade'),
    tenantPolicy('two_factor_recovery_codes'),
  ],
).enableRLS();

/**
 * The short-lived second step of a sign-in: the password was right, a code is still due. It keeps
 * what the session will be opened with (source, device), and counts wrong codes.
 */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
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
    failedAttempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex('two_factor_challenges_token_hash_key').on(t.tokenHash),
    foreignKey({
      columns: [t.accountId, t.userId],
      foreignColumns: [users.accountId, users.id],
    }).onDelete('cascade'),
    tenantPolicy('two_factor_challenges'),
  ],
).enableRLS();
