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
import { jobSiteConnections } from './job-sites.ts';
import { accountIdColumn, tenantPolicy } from './tenant-table.ts';

export const PUBLICATION_STATES = [
  'draft',
  'moderation',
  'published',
  'archived',
  'refused',
] as const;
export type PublicationState = (typeof PUBLICATION_STATES)[number];

/**
 * One vacancy of ours on one job site (migration 0068, decision 0053): `site` plain text as in
 * 0062, the site's id once accepted, our state, the publication form as sent. The job-sites
 * module owns it.
 */
export const jobSitePublications = pgTable(
  'job_site_publications',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    id: integer().generatedAlwaysAsIdentity(),
    site: text().notNull(),
    connectionId: integer().notNull(),
    vacancyId: integer().notNull(),
    /** The site's vacancy id; null while a draft. */
    externalId: text(),
    state: text({ enum: PUBLICATION_STATES }).notNull().default('draft'),
    /** The moderator's reason when refused. */
    refusalReason: text(),
    /** The publication form (contracts `ZPublicationFields`) as last sent. */
    fields: jsonb().$type<Record<string, unknown>>().notNull(),
    publishedAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }),
    /** When the state was last read from the site. */
    checkedAt: timestamp({ withTimezone: true }),
    /** The vacancy's page on the site as the site names it (migration 0084; Avito). */
    siteUrl: text(),
    /** Our vacancy closed while the site could not archive yet: the sweep archives it (0084). */
    archiveRequestedAt: timestamp({ withTimezone: true }),
    createdBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    check(
      'job_site_publications_state_check',
      sql`${t.state} in ('draft', 'moderation', 'published', 'archived', 'refused')`,
    ),
    foreignKey({
      name: 'job_site_publications_connection_fk',
      columns: [t.accountId, t.connectionId],
      foreignColumns: [jobSiteConnections.accountId, jobSiteConnections.id],
    }).onDelete('cascade'),
    uniqueIndex('job_site_publications_external_key').on(t.accountId, t.site, t.externalId),
    index('job_site_publications_vacancy_idx').on(t.accountId, t.vacancyId),
    index('job_site_publications_live_idx')
      .on(t.state)
      .where(sql`${t.state} in ('moderation', 'published')`),
    tenantPolicy('job_site_publications'),
  ],
).enableRLS();

/** A publication form saved per site, to start the next publication from. */
export const jobSitePublicationSamples = pgTable(
  'job_site_publication_samples',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    id: integer().generatedAlwaysAsIdentity(),
    site: text().notNull(),
    name: text().notNull(),
    fields: jsonb().$type<Record<string, unknown>>().notNull(),
    createdBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    tenantPolicy('job_site_publication_samples'),
  ],
).enableRLS();
