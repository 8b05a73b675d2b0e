import { foreignKey, integer, jsonb, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { accountIdColumn, tenantPolicy } from './tenant-table.ts';

/**
 * Which events a user hears of, by e-mail and in the app. Stored as given; the service reads it
 * over the defaults, so a new event needs no migration.
 */
export const userNotificationSettings = pgTable(
  'user_notification_settings',
  {
    accountId: accountIdColumn(),
    userId: integer().notNull(),
    settings: jsonb()
      .$type<Record<string, { email?: boolean; in_app?: boolean; telegram?: boolean }>>()
      .notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.userId] }),
    foreignKey({
      columns: [t.accountId, t.userId],
      foreignColumns: [users.accountId, users.id],
    }).onDelete('cascade'),
    tenantPolicy('user_notification_settings'),
  ],
).enableRLS();
