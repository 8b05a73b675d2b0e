import {
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

/**
 * One user's Google Calendar (migration 0045, decision 0038): tokens encrypted at rest, the chosen
 * calendar, the incremental sync token and the push channel. The google-calendar module owns it.
 */
export const googleConnections = pgTable(
  'google_connections',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    userId: integer().notNull(),
    googleEmail: text(),
    /** Encrypted (platform/secrets.ts `encryptSecret`). */
    accessToken: text().notNull(),
    /** Encrypted; null once Google refused it (the user connects again). */
    refreshToken: text(),
    accessExpiresAt: timestamp({ withTimezone: true }).notNull(),
    calendarId: text(),
    calendarSummary: text(),
    syncToken: text(),
    channelId: text(),
    channelResourceId: text(),
    channelToken: text(),
    channelExpiresAt: timestamp({ withTimezone: true }),
    lastSyncedAt: timestamp({ withTimezone: true }),
    lastError: text(),
    /** Google said "too many requests": nothing is sent before this moment. */
    retryAfter: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.userId] }),
    uniqueIndex('google_connections_channel_id_key').on(t.channelId),
    tenantPolicy('google_connections'),
  ],
).enableRLS();

/** Which Google event of a user's calendar stands for which of our events. */
export const googleEventLinks = pgTable(
  'google_event_links',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    userId: integer().notNull(),
    eventId: integer().notNull(),
    googleEventId: text().notNull(),
    etag: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.userId, t.eventId] }),
    uniqueIndex('google_event_links_google_key').on(t.accountId, t.userId, t.googleEventId),
    index('google_event_links_event_idx').on(t.accountId, t.eventId),
    tenantPolicy('google_event_links'),
  ],
).enableRLS();
