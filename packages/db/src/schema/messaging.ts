import { sql } from 'drizzle-orm';
import {
  check,
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
import { applicants } from './applicants.ts';
import { users } from './users.ts';
import { accountIdColumn, tenantPolicy } from './tenant-table.ts';

/** One file of a message, stored like the card's files (`files` row, bytes in storage). */
export type MsgAttachmentRef = {
  fileId: number;
  fileName: string;
  mimeType: string;
  sizeBytes: number;
};

/**
 * A way to talk to applicants (migration 0052, decision 0043): a Telegram bot, a mailbox, and
 * later hh.ru and Avito chats (`kind` is plain text, so a new kind needs no migration). Of the
 * company (`userId` null) or of one user. `secrets` is a JSON object sealed with `secretBox`
 * (platform/secrets.ts) and never returned to the client. The messaging module owns it.
 */
export const msgChannels = pgTable(
  'msg_channels',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    id: integer().generatedAlwaysAsIdentity(),
    kind: text().$type<'telegram' | 'email' | 'hh' | 'avito'>().notNull(),
    name: text().notNull(),
    userId: integer(),
    state: text({ enum: ['active', 'error', 'disabled'] })
      .notNull()
      .default('active'),
    lastError: text(),
    /** The bot's id, the mailbox address: one live channel per thing across all accounts. */
    externalId: text(),
    /** What the applicant sees: `@bot_username`, the mailbox address. */
    address: text(),
    /** What may be shown: username, hosts, ports, the delivery mode. */
    settings: jsonb()
      .$type<Record<string, string | number | boolean | null>>()
      .notNull()
      .default({}),
    /** Sealed JSON of the secrets (bot token, IMAP/SMTP passwords). */
    secrets: text(),
    /** A random key naming the channel in webhook URLs, found across accounts. */
    webhookKey: text().notNull(),
    /** The transport's own progress: getUpdates offset, IMAP UIDVALIDITY and last UID. */
    syncState: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Removed channels stay for the messages that name them. */
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    check('msg_channels_state_check', sql`${t.state} in ('active', 'error', 'disabled')`),
    uniqueIndex('msg_channels_webhook_key').on(t.webhookKey),
    uniqueIndex('msg_channels_external_key')
      .on(t.kind, t.externalId)
      .where(sql`${t.deletedAt} is null and ${t.externalId} is not null`),
    index('msg_channels_account_idx')
      .on(t.accountId, t.kind)
      .where(sql`${t.deletedAt} is null`),
    tenantPolicy('msg_channels'),
  ],
).enableRLS();

/** Which chat of a channel is which applicant (a deep link, or a handle/phone on the card). */
export const msgChatLinks = pgTable(
  'msg_chat_links',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    id: integer().generatedAlwaysAsIdentity(),
    channelId: integer().notNull(),
    applicantId: integer().notNull(),
    /** Telegram chat id, the applicant's e-mail address. */
    externalChatId: text().notNull(),
    externalUserId: text(),
    /** @username or phone as the channel knows the applicant. */
    handle: text(),
    /** How the link was made: deep_link, handle, phone, email, manual. */
    linkedBy: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    foreignKey({
      name: 'msg_chat_links_channel_fk',
      columns: [t.accountId, t.channelId],
      foreignColumns: [msgChannels.accountId, msgChannels.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'msg_chat_links_applicant_fk',
      columns: [t.accountId, t.applicantId],
      foreignColumns: [applicants.accountId, applicants.id],
    }).onDelete('cascade'),
    uniqueIndex('msg_chat_links_chat_key').on(t.accountId, t.channelId, t.externalChatId),
    index('msg_chat_links_applicant_idx').on(t.accountId, t.applicantId),
    tenantPolicy('msg_chat_links'),
  ],
).enableRLS();

/**
 * One message of an applicant's conversation, in or out, on any channel; for outgoing ones also
 * the outbox (queued → sending (claimed) → sent/delivered/read, or failed with the reason).
 */
export const msgMessages = pgTable(
  'msg_messages',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    id: integer().generatedAlwaysAsIdentity(),
    applicantId: integer().notNull(),
    channelId: integer().notNull(),
    channelKind: text().$type<'telegram' | 'email' | 'hh' | 'avito'>().notNull(),
    chatLinkId: integer(),
    direction: text({ enum: ['in', 'out'] }).notNull(),
    authorType: text({ enum: ['user', 'applicant', 'system'] }).notNull(),
    authorUserId: integer(),
    subject: text(),
    text: text().notNull().default(''),
    attachments: jsonb().$type<MsgAttachmentRef[]>().notNull().default([]),
    templateId: integer(),
    state: text({
      enum: ['received', 'queued', 'sending', 'sent', 'delivered', 'read', 'failed'],
    }).notNull(),
    reason: text(),
    attempts: integer().notNull().default(0),
    /** Not handed over before this moment (retry_after, backoff after a temporary failure). */
    nextAttemptAt: timestamp({ withTimezone: true }),
    /** When a sender took it (state 'sending'); a stale claim is taken again after a crash. */
    claimedAt: timestamp({ withTimezone: true }),
    /** '' where the channel has no chats (e-mail: Message-ID is unique by itself). */
    externalChatId: text().notNull().default(''),
    /** Telegram message_id, the letter's Message-ID. */
    externalMessageId: text(),
    /** The transport's extras: a letter's To, In-Reply-To and References, Telegram file ids. */
    meta: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    foreignKey({
      name: 'msg_messages_channel_fk',
      columns: [t.accountId, t.channelId],
      foreignColumns: [msgChannels.accountId, msgChannels.id],
    }),
    foreignKey({
      name: 'msg_messages_applicant_fk',
      columns: [t.accountId, t.applicantId],
      foreignColumns: [applicants.accountId, applicants.id],
    }).onDelete('cascade'),
    check('msg_messages_direction_check', sql`${t.direction} in ('in', 'out')`),
    check('msg_messages_author_check', sql`${t.authorType} in ('user', 'applicant', 'system')`),
    check(
      'msg_messages_state_check',
      sql`${t.state} in ('received', 'queued', 'sending', 'sent', 'delivered', 'read', 'failed')`,
    ),
    index('msg_messages_history_idx').on(t.accountId, t.applicantId, t.id.desc()),
    uniqueIndex('msg_messages_external_key')
      .on(t.accountId, t.channelId, t.externalChatId, t.externalMessageId)
      .where(sql`${t.externalMessageId} is not null`),
    index('msg_messages_outbox_idx')
      .on(t.id)
      .where(sql`${t.state} in ('queued', 'sending')`),
    index('msg_messages_external_id_idx')
      .on(t.accountId, t.externalMessageId)
      .where(sql`${t.externalMessageId} is not null`),
    tenantPolicy('msg_messages'),
  ],
).enableRLS();

/** One row per incoming message per user who has not read it yet (the unread counters). */
export const msgUnread = pgTable(
  'msg_unread',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    userId: integer().notNull(),
    messageId: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.userId, t.messageId] }),
    foreignKey({
      name: 'msg_unread_message_fk',
      columns: [t.accountId, t.messageId],
      foreignColumns: [msgMessages.accountId, msgMessages.id],
    }).onDelete('cascade'),
    index('msg_unread_message_idx').on(t.accountId, t.messageId),
    tenantPolicy('msg_unread'),
  ],
).enableRLS();

/**
 * A user's own Telegram chat with one of the company's bots (migration 0072): where their
 * notifications go when their settings say Telegram. One chat per user, linked by a signed deep
 * link from /profile.
 */
export const userTelegramLinks = pgTable(
  'user_telegram_links',
  {
    accountId: accountIdColumn(),
    userId: integer().notNull(),
    channelId: integer().notNull(),
    externalChatId: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.userId] }),
    foreignKey({
      name: 'user_telegram_links_user_fk',
      columns: [t.accountId, t.userId],
      foreignColumns: [users.accountId, users.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'user_telegram_links_channel_fk',
      columns: [t.accountId, t.channelId],
      foreignColumns: [msgChannels.accountId, msgChannels.id],
    }).onDelete('cascade'),
    uniqueIndex('user_telegram_links_chat_key').on(t.accountId, t.channelId, t.externalChatId),
    tenantPolicy('user_telegram_links'),
  ],
).enableRLS();

/** The outbox of users' Telegram notifications: queued → sending (claimed) → sent or failed. */
export const userTelegramNotifications = pgTable(
  'user_telegram_notifications',
  {
    accountId: accountIdColumn(),
    id: integer().generatedAlwaysAsIdentity(),
    userId: integer().notNull(),
    channelId: integer().notNull(),
    externalChatId: text().notNull(),
    event: text().notNull(),
    text: text().notNull(),
    state: text().notNull().default('queued'),
    reason: text(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }),
    claimedAt: timestamp({ withTimezone: true }),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    foreignKey({
      name: 'user_telegram_notifications_user_fk',
      columns: [t.accountId, t.userId],
      foreignColumns: [users.accountId, users.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'user_telegram_notifications_channel_fk',
      columns: [t.accountId, t.channelId],
      foreignColumns: [msgChannels.accountId, msgChannels.id],
    }).onDelete('cascade'),
    index('user_telegram_notifications_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} = 'queued'`),
    check(
      'user_telegram_notifications_state_check',
      sql`${t.state} in ('queued', 'sending', 'sent', 'failed')`,
    ),
    tenantPolicy('user_telegram_notifications'),
  ],
).enableRLS();
