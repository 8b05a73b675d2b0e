import {
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { accountIdColumn, tenantPolicy } from './tenant-table.ts';
import { users } from './users.ts';

/** The channels a template is written for (huntlee-api.md §6.12 `action_type`). */
export const MAIL_TEMPLATE_ACTION_TYPES = ['mail', 'sms', 'messenger'] as const;
export type MailTemplateActionType = (typeof MAIL_TEMPLATE_ACTION_TYPES)[number];

/**
 * A letter to applicants (`/api/account_mail_temps`): a subject and a rich-text body with
 * `%…%` variables. Shared templates are the team's; a personal one is seen by its author only.
 */
export const mailTemplates = pgTable(
  'mail_templates',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    id: integer().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    // The letter's subject (`title` in the API).
    title: text().notNull().default(''),
    actionType: text({ enum: MAIL_TEMPLATE_ACTION_TYPES }).notNull().default('mail'),
    // Sanitized HTML of the body (`description` in the API).
    description: text(),
    isShared: boolean().notNull().default(false),
    // Users are deactivated or soft-deleted, never removed: the author stays a plain reference.
    authorId: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    // The list reads the shared templates and the caller's own ones.
    index('mail_templates_shared_idx').on(t.accountId, t.isShared),
    index('mail_templates_author_idx').on(t.accountId, t.authorId),
    foreignKey({
      columns: [t.accountId, t.authorId],
      foreignColumns: [users.accountId, users.id],
    }),
    tenantPolicy('mail_templates'),
  ],
).enableRLS();
