import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { accountIdColumn, tenantPolicy } from './tenant-table.ts';

/** The last sync of a connection, as /hh shows it. */
export type JobSiteSyncResult = {
  ok: boolean;
  imported: number;
  matched: number;
  skipped: number;
  /** What went wrong without failing the sync (a résumé's photo not stored), in Russian. */
  notes?: string[];
  error: string | null;
  finished_at: string;
};
/** Syncs asked for and not begun yet: every linked vacancy, or the site vacancies named. */
export type JobSiteSyncWishes = { all: boolean; vacancies: string[] };
export type JobSiteSyncProgress = {
  running: boolean;
  vacancies_done: number;
  vacancies_total: number;
  responses_seen: number;
  started_at: string;
  /**
   * One sync of a connection at a time (decision 0077), kept here and never shown: the sync at
   * work, when it last showed life (a sync silent for minutes died with its process), and the
   * syncs asked for meanwhile, which it answers with another pass before it ends.
   */
  run_id?: string;
  alive_at?: string;
  wishes?: JobSiteSyncWishes | null;
};

/**
 * A company's account on a job site (migration 0062, decision 0047): `site` is plain text ('hh',
 * then 'avito', 'habr'), tokens sealed, the state and the last sync. The job-sites module owns it.
 */
export const jobSiteConnections = pgTable(
  'job_site_connections',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    id: integer().generatedAlwaysAsIdentity(),
    site: text().notNull(),
    /** The site's employer (company) id: hh `employer.id`. */
    externalAccountId: text().notNull(),
    externalAccountName: text(),
    /** The site's user who connected (hh manager id). */
    externalUserId: text(),
    /** Sealed (platform/secrets.ts `secretBox`). */
    accessToken: text().notNull(),
    /** Sealed; null where the site gives none. */
    refreshToken: text(),
    accessExpiresAt: timestamp({ withTimezone: true }),
    state: text({ enum: ['active', 'paused', 'reconnect'] })
      .notNull()
      .default('active'),
    /** After a 429 or 5xx: nothing is asked of the site before this moment. */
    pausedUntil: timestamp({ withTimezone: true }),
    /** Failed syncs in a row: the back-off grows with it. */
    failures: integer().notNull().default(0),
    lastError: text(),
    lastSyncAt: timestamp({ withTimezone: true }),
    lastSyncResult: jsonb().$type<JobSiteSyncResult>(),
    syncProgress: jsonb().$type<JobSiteSyncProgress>(),
    createdBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The unguessable part of the connection's webhook URL (migration 0069). */
    webhookToken: text(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex('job_site_connections_webhook_token_key').on(t.webhookToken),
    check('job_site_connections_state_check', sql`${t.state} in ('active', 'paused', 'reconnect')`),
    uniqueIndex('job_site_connections_external_key').on(t.accountId, t.site, t.externalAccountId),
    tenantPolicy('job_site_connections'),
  ],
).enableRLS();

/** A vacancy on the site tied to one of ours: its responses land on our vacancy. */
export const jobSiteVacancies = pgTable(
  'job_site_vacancies',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    id: integer().generatedAlwaysAsIdentity(),
    connectionId: integer().notNull(),
    site: text().notNull(),
    externalId: text().notNull(),
    name: text().notNull(),
    vacancyId: integer().notNull(),
    state: text().notNull().default('linked'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    foreignKey({
      name: 'job_site_vacancies_connection_fk',
      columns: [t.accountId, t.connectionId],
      foreignColumns: [jobSiteConnections.accountId, jobSiteConnections.id],
    }).onDelete('cascade'),
    uniqueIndex('job_site_vacancies_external_key').on(t.accountId, t.site, t.externalId),
    tenantPolicy('job_site_vacancies'),
  ],
).enableRLS();

/** A response brought in from a site: once per (account, site, external id). */
export const jobSiteResponses = pgTable(
  'job_site_responses',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    id: integer().generatedAlwaysAsIdentity(),
    connectionId: integer().notNull(),
    site: text().notNull(),
    /** hh: the negotiation (topic) id. */
    externalId: text().notNull(),
    externalVacancyId: text().notNull(),
    resumeId: text(),
    resumeUrl: text(),
    photoUrl: text(),
    /** The applicant it became, or the known one it joined. */
    applicantId: integer(),
    vacancyId: integer(),
    /** True when an applicant already in the base got it (no new card). */
    matched: boolean().notNull().default(false),
    /**
     * hh: the negotiation's message count when its messages were last read (migration 0079,
     * decision 0062); they are read again only when the site counts otherwise. Null: never read.
     */
    messagesSeen: integer(),
    /** Avito: the application's chat (migration 0089, decision 0071); for Avito `messagesSeen`
     * is the chat's `updated` (unix seconds) when its messages were last read. */
    chatId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex('job_site_responses_external_key').on(t.accountId, t.site, t.externalId),
    index('job_site_responses_applicant_idx').on(t.accountId, t.applicantId),
    index('job_site_responses_chat_idx')
      .on(t.accountId, t.site, t.chatId)
      .where(sql`${t.chatId} is not null`),
    tenantPolicy('job_site_responses'),
  ],
).enableRLS();

export const JOB_SITE_STAGE_STATES = ['none', 'invitation', 'discard'] as const;
export type JobSiteStageState = (typeof JOB_SITE_STAGE_STATES)[number];

/**
 * What entering a stage means on a site (migration 0069, decision 0054): a funnel's stage, or a
 * vacancy's own; no row means the default (a reject stage: discard; an «Интервью» stage:
 * invitation). The job-sites module owns it; the stage itself belongs to the pipeline.
 */
export const jobSiteStageStates = pgTable(
  'job_site_stage_states',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    site: text().notNull(),
    statusId: integer().notNull(),
    state: text({ enum: JOB_SITE_STAGE_STATES }).notNull(),
    message: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.site, t.statusId] }),
    check(
      'job_site_stage_states_state_check',
      sql`${t.state} in ('none', 'invitation', 'discard')`,
    ),
    tenantPolicy('job_site_stage_states'),
  ],
).enableRLS();

/** A state change to send to a site (the outbox): written with the move, sent after it. */
export const jobSiteStateChanges = pgTable(
  'job_site_state_changes',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    id: integer().generatedAlwaysAsIdentity(),
    responseId: integer().notNull(),
    applicationId: integer().notNull(),
    applicantId: integer().notNull(),
    site: text().notNull(),
    state: text().notNull(),
    message: text(),
    status: text({ enum: ['queued', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer().notNull().default(0),
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    check('job_site_state_changes_status_check', sql`${t.status} in ('queued', 'sent', 'failed')`),
    index('job_site_state_changes_applicant_idx').on(t.accountId, t.applicantId),
    tenantPolicy('job_site_state_changes'),
  ],
).enableRLS();

/** Webhook deliveries seen, by the site's delivery id: a repeat is answered 409, not imported. */
export const jobSiteWebhookDeliveries = pgTable(
  'job_site_webhook_deliveries',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    connectionId: integer().notNull(),
    deliveryId: text().notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.connectionId, t.deliveryId] }),
    foreignKey({
      name: 'job_site_webhook_deliveries_connection_fk',
      columns: [t.accountId, t.connectionId],
      foreignColumns: [jobSiteConnections.accountId, jobSiteConnections.id],
    }).onDelete('cascade'),
    tenantPolicy('job_site_webhook_deliveries'),
  ],
).enableRLS();
