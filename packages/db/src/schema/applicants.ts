import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
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

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Stored as given by the clients (huntlee-api.md §5.1); the contract validates each shape. */
export type ApplicantContact = { contact_type: string; value: string; is_prefered: boolean };
export type ApplicantExperience = Record<string, unknown>;
export type ApplicantEducation = Record<string, unknown>;
export type ApplicantLanguage = { language_id: number; language_level_id: number | null };
export type ApplicantDriverLicense = {
  driver_license_id: number;
  driver_experience: number | null;
};

/** The applicant base. Counted into accounts.applicants_count by trigger (migration 0002). */
export const applicants = pgTable(
  'applicants',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    id: integer().generatedAlwaysAsIdentity(),
    firstName: text(),
    lastName: text(),
    middleName: text(),
    photoFileId: integer(),
    leadType: text(),
    birthday: date({ mode: 'string' }),
    gender: text({ enum: ['male', 'female'] }),
    email: text(),
    phone: text(),
    tg: text(),
    skype: text(),
    contacts: jsonb().$type<ApplicantContact[]>().notNull().default([]),
    money: text(),
    // The salary as a number, read from `money`, for the salary filter and sorting.
    salaryAmount: integer(),
    currency: text(),
    aboutMe: text(),
    countryId: integer(),
    citizenship: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    totalExperience: integer(),
    experience: jsonb().$type<ApplicantExperience[]>().notNull().default([]),
    employments: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    education: jsonb().$type<ApplicantEducation[]>().notNull().default([]),
    skills: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    textBlock: text(),
    position: text(),
    company: text(),
    city: text(),
    adminUserId: integer(),
    accountSourceId: integer(),
    unidentifiedInfo: text(),
    languages: jsonb().$type<ApplicantLanguage[]>().notNull().default([]),
    hasVehicle: boolean(),
    driverLicenses: jsonb().$type<ApplicantDriverLicense[]>().notNull().default([]),
    resumeUrls: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // Placement asked for on create; the vacancies feature turns it into an application.
    requestedVacancyId: integer(),
    requestedStatusId: integer(),
    createdVia: text({ enum: ['web', 'plugin', 'api', 'import', 'resume'] })
      .notNull()
      .default('api'),
    createdBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    archivedAt: timestamp({ withTimezone: true }),
    archivedBy: integer(),
    searchName: text().generatedAlwaysAs(sql`ats_name_key(last_name, first_name, middle_name)`),
    // The words of the name key for exact and prefix look-ups (the first, index-backed stage of
    // the search); a generated column cannot read search_name, so it repeats its expression.
    searchNameWords: tsvector().generatedAlwaysAs(
      sql`to_tsvector('simple'::regconfig, ats_name_key(last_name, first_name, middle_name))`,
    ),
    searchDocument: tsvector().generatedAlwaysAs(
      sql`to_tsvector('russian'::regconfig, ats_applicant_document(position, company, about_me, text_block, unidentified_info, skills, experience, education))`,
    ),
    // Every phone as digits and every other contact as a lower-case token, for the search box's
    // phone fragments, e-mails, handles and links (migration 0034).
    searchPhones: text().generatedAlwaysAs(sql`ats_applicant_phones(phone, contacts)`),
    searchContacts: text().generatedAlwaysAs(
      sql`ats_applicant_contacts(email, tg, skype, contacts, resume_urls)`,
    ),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index('applicants_created_idx').on(t.accountId, t.createdAt.desc()),
    index('applicants_active_created_idx')
      .on(t.accountId, t.createdAt.desc(), t.id.desc())
      .where(sql`archived_at is null`),
    // The unfiltered list counts the account's counter minus the archive, read through this; a
    // list filtered by tags alone subtracts its archived applicants by their ids (0096).
    index('applicants_archived_idx')
      .on(t.accountId, t.id)
      .where(sql`archived_at is not null`),
    index('applicants_admin_user_idx').on(t.accountId, t.adminUserId),
    index('applicants_source_idx').on(t.accountId, t.accountSourceId),
    index('applicants_email_idx').on(t.accountId, sql`lower(email)`),
    index('applicants_phone_idx').on(t.accountId, t.phone),
    index('applicants_search_name_idx').using('gin', sql`search_name gin_trgm_ops`),
    // The résumé words by account (btree_gin, migration 0101): a search's index scan yields only
    // the account's matches instead of ANDing a bitmap of all its applicants.
    index('applicants_account_document_idx').using('gin', t.accountId, t.searchDocument),
    // The names' words by account too (migration 0103): else the planner ANDs the names' bitmap
    // with the account's from the index above.
    index('applicants_account_name_words_idx').using('gin', t.accountId, t.searchNameWords),
    index('applicants_search_phones_idx').using('gin', sql`search_phones gin_trgm_ops`),
    index('applicants_search_contacts_idx').using('gin', sql`search_contacts gin_trgm_ops`),
    // Also, written in migration 0085 only (the builder has no INCLUDE): a btree like
    // applicants_active_created_idx that INCLUDEs search_contacts and search_phones, for the newest
    // walk of a common fragment index-only, and its companion for keys too long for a btree entry.
    // And, in migration 0096 only: applicants_active_id_idx, (account_id, id) INCLUDE (created_at)
    // of the active applicants, for a page of a tag read from its few applicants (0096).
    // A name word and its one-letter deletions: one typo away is one shared key (migration 0034).
    index('applicants_name_typo_keys_idx').using(
      'gin',
      sql`ats_name_typo_keys(last_name, first_name, middle_name)`,
    ),
    index('applicants_skills_idx').using('gin', t.skills),
    tenantPolicy('applicants'),
  ],
).enableRLS();

/**
 * The contact keys alone, one narrow row per applicant not archived (decision 0074, migration
 * 0090): the search box's phone and e-mail fragments read their trigram candidates here, about 60
 * rows to a page, instead of a wide `applicants` row each. Written only by the statement triggers
 * on `applicants` (`ats_applicant_contact_keys_write`), in the writer's own statement.
 */
export const applicantContactKeys = pgTable(
  'applicant_contact_keys',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    applicantId: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    // `search_contacts` with its marks turned into upper-case letters (`ats_contact_trigram_key`),
    // so that the trigrams of an e-mail fragment span its dots and @.
    contactsKey: text(),
    // `search_phones` as it is.
    phonesKey: text(),
  },
  (t) => [
    primaryKey({ name: 'applicant_contact_keys_pk', columns: [t.accountId, t.applicantId] }),
    // By account (btree_gin, migration 0107): a fragment's candidates are the account's alone.
    index('applicant_contact_keys_account_contacts_idx').using(
      'gin',
      t.accountId,
      sql`contacts_key gin_trgm_ops`,
    ),
    index('applicant_contact_keys_phones_idx').using('gin', sql`phones_key gin_trgm_ops`),
    tenantPolicy('applicant_contact_keys'),
  ],
).enableRLS();

/**
 * The names' words alone, one narrow row per applicant not archived who has a name (decision 0097,
 * migration 0107): the search box's name sample reads its matches here, about 50 rows to a page,
 * instead of a wide `applicants` row each. Written only by the statement triggers on `applicants`
 * (`ats_applicant_name_keys_write`), in the writer's own statement.
 */
export const applicantNameKeys = pgTable(
  'applicant_name_keys',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    applicantId: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    // `search_name_words` without positions (strip): the name queries hold no phrases.
    nameWords: tsvector().notNull(),
  },
  (t) => [
    primaryKey({ name: 'applicant_name_keys_pk', columns: [t.accountId, t.applicantId] }),
    index('applicant_name_keys_words_idx').using('gin', t.accountId, t.nameWords),
    tenantPolicy('applicant_name_keys'),
  ],
).enableRLS();

export const tags = pgTable(
  'tags',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    id: integer().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    color: text().notNull().default('#6366F1'),
    description: text(),
    // One of the 98 icon names of SPEC.md §3 (packages/contracts icons.ts), or none.
    icon: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    check('tags_icon_length_check', sql`char_length(icon) <= 40`),
    uniqueIndex('tags_name_key').on(t.accountId, sql`lower(name)`),
    tenantPolicy('tags'),
  ],
).enableRLS();

export const applicantTags = pgTable(
  'applicant_tags',
  {
    accountId: accountIdColumn(),
    applicantId: integer().notNull(),
    tagId: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.applicantId, t.tagId] }),
    index('applicant_tags_tag_idx').on(t.accountId, t.tagId),
    foreignKey({
      columns: [t.accountId, t.applicantId],
      foreignColumns: [applicants.accountId, applicants.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.accountId, t.tagId],
      foreignColumns: [tags.accountId, tags.id],
    }).onDelete('cascade'),
    tenantPolicy('applicant_tags'),
  ],
).enableRLS();

/** Where applicants come from (hh.ru, referral, …); seeded for every new account. */
export const accountSources = pgTable(
  'account_sources',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    id: integer().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    abbr: text(),
    description: text(),
    isActive: boolean().notNull().default(true),
    logo: text(),
    position: integer().notNull().default(0),
    // One of the 98 icon names of SPEC.md §3 (packages/contracts icons.ts), or none.
    icon: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    check('account_sources_icon_length_check', sql`char_length(icon) <= 40`),
    tenantPolicy('account_sources'),
  ],
).enableRLS();

export const applicantComments = pgTable(
  'applicant_comments',
  {
    accountId: accountIdColumn(),
    id: integer().generatedAlwaysAsIdentity(),
    applicantId: integer().notNull(),
    authorId: integer(),
    description: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index('applicant_comments_applicant_idx').on(t.accountId, t.applicantId, t.createdAt),
    foreignKey({
      columns: [t.accountId, t.applicantId],
      foreignColumns: [applicants.accountId, applicants.id],
    }).onDelete('cascade'),
    tenantPolicy('applicant_comments'),
  ],
).enableRLS();

/** Every change to an applicant: who, when, what. Append-only. */
export const applicantWorklog = pgTable(
  'applicant_worklog',
  {
    accountId: accountIdColumn(),
    id: integer().generatedAlwaysAsIdentity(),
    applicantId: integer().notNull(),
    userId: integer(),
    action: text().notNull(),
    changes: jsonb()
      .$type<Record<string, { from: unknown; to: unknown }> | Record<string, unknown>>()
      .notNull()
      .default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index('applicant_worklog_applicant_idx').on(t.accountId, t.applicantId, t.createdAt.desc()),
    foreignKey({
      columns: [t.accountId, t.applicantId],
      foreignColumns: [applicants.accountId, applicants.id],
    }).onDelete('cascade'),
    tenantPolicy('applicant_worklog'),
  ],
).enableRLS();

/** Saved filter sets of the applicant list, personal or shared with the team. */
export const applicantFilters = pgTable(
  'applicant_filters',
  {
    accountId: accountIdColumn(),
    id: integer().generatedAlwaysAsIdentity(),
    userId: integer().notNull(),
    name: text().notNull(),
    filters: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    isShared: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.id] }), tenantPolicy('applicant_filters')],
).enableRLS();

/** Uploaded files (photos, résumés, attachments); the bytes live in storage under `storageKey`. */
export const files = pgTable(
  'files',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    id: integer().generatedAlwaysAsIdentity(),
    applicantId: integer(),
    kind: text({ enum: ['photo', 'resume', 'attachment', 'import'] }).notNull(),
    storageKey: text().notNull(),
    fileName: text().notNull(),
    mimeType: text().notNull(),
    sizeBytes: integer().notNull(),
    sha256: text().notNull(),
    uploadedBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index('files_applicant_idx').on(t.accountId, t.applicantId),
    tenantPolicy('files'),
  ],
).enableRLS();
