import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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
import { applicants } from './applicants.ts';
import { accountIdColumn, tenantPolicy } from './tenant-table.ts';

// Consent to personal data, 152-FZ (issue 14, migration 0055, decision 0046). The module
// `consent` owns these tables.

/** The company's request settings; `version` is the current text's (0: no text yet). */
export const privacyLetterSettings = pgTable(
  'privacy_letter_settings',
  {
    accountId: accountIdColumn()
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    autoSend: boolean().notNull().default(false),
    channel: text().$type<'email' | 'telegram'>().notNull().default('email'),
    version: integer().notNull().default(0),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer(),
  },
  (t) => [
    check('privacy_letter_settings_channel_check', sql`${t.channel} in ('email', 'telegram')`),
    tenantPolicy('privacy_letter_settings'),
  ],
).enableRLS();

/** Every version of the consent text: a consent names the version it was given to. */
export const privacyTexts = pgTable(
  'privacy_texts',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    text: text().notNull(),
    createdBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.version] }), tenantPolicy('privacy_texts')],
).enableRLS();

export type ConsentEventState = 'asked' | 'given' | 'refused' | 'withdrawn';

/** Appended only: the newest row of an applicant is its consent state (none: not asked). */
export const applicantConsentEvents = pgTable(
  'applicant_consent_events',
  {
    accountId: accountIdColumn(),
    id: integer().generatedAlwaysAsIdentity(),
    applicantId: integer().notNull(),
    state: text().$type<ConsentEventState>().notNull(),
    version: integer(),
    channel: text(),
    /** The user who asked; null for the applicant's own answer. */
    userId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index('applicant_consent_events_applicant_idx').on(t.accountId, t.applicantId, t.id.desc()),
    foreignKey({
      columns: [t.accountId, t.applicantId],
      foreignColumns: [applicants.accountId, applicants.id],
    }).onDelete('cascade'),
    check(
      'applicant_consent_events_state_check',
      sql`${t.state} in ('asked', 'given', 'refused', 'withdrawn')`,
    ),
    tenantPolicy('applicant_consent_events'),
  ],
).enableRLS();

/** The links of the request letters; only the sha256 of the token is kept. */
export const consentLinks = pgTable(
  'consent_links',
  {
    accountId: accountIdColumn(),
    id: integer().generatedAlwaysAsIdentity(),
    applicantId: integer().notNull(),
    tokenHash: text().notNull(),
    version: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex('consent_links_token_hash_key').on(t.tokenHash),
    index('consent_links_applicant_idx').on(t.accountId, t.applicantId),
    foreignKey({
      columns: [t.accountId, t.applicantId],
      foreignColumns: [applicants.accountId, applicants.id],
    }).onDelete('cascade'),
    tenantPolicy('consent_links'),
  ],
).enableRLS();
