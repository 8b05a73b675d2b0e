import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
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
 * An account's conversation with the service's support (issue 14, migration 0055, decision
 * 0046): a user's message is mirrored to the support's Telegram chat (`telegram_message_id`,
 * unique, so a reply there finds its account); a reply comes back as an `author = 'support'` row.
 */
export const supportMessages = pgTable(
  'support_messages',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    id: integer().generatedAlwaysAsIdentity(),
    userId: integer(),
    author: text().$type<'user' | 'support'>().notNull(),
    text: text().notNull(),
    state: text().$type<'queued' | 'sent' | 'failed'>().notNull().default('sent'),
    error: text(),
    telegramMessageId: bigint({ mode: 'number' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index('support_messages_account_idx').on(t.accountId, t.id.desc()),
    uniqueIndex('support_messages_telegram_key')
      .on(t.telegramMessageId)
      .where(sql`${t.telegramMessageId} is not null`),
    check('support_messages_author_check', sql`${t.author} in ('user', 'support')`),
    check('support_messages_state_check', sql`${t.state} in ('queued', 'sent', 'failed')`),
    tenantPolicy('support_messages'),
  ],
).enableRLS();
