import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Sections of the knowledge base (migration 0042); the same for every account. */
export const instructionSections = pgTable('instruction_sections', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  slug: text().notNull().unique(),
  title: text().notNull(),
  position: integer().notNull().default(0),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Knowledge-base articles: `body` is the Markdown shown, `body_text` its plain text searched;
 * `file_hash` names the shipped file last loaded into the row (apps/api/content/faq).
 */
export const instructions = pgTable(
  'instructions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    slug: text().notNull().unique(),
    sectionId: integer()
      .notNull()
      .references(() => instructionSections.id, { onDelete: 'restrict' }),
    title: text().notNull(),
    body: text().notNull().default(''),
    bodyText: text().notNull().default(''),
    position: integer().notNull().default(0),
    isPublished: boolean().notNull().default(false),
    relatedSlugs: text()
      .array()
      .notNull()
      .default(sql`'{}'`),
    fileHash: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    titleFolded: text().generatedAlwaysAs(sql`ats_fold_yo(title)`),
    searchDocument: tsvector().generatedAlwaysAs(
      sql`setweight(to_tsvector('russian'::regconfig, ats_fold_yo(title)), 'A') || setweight(to_tsvector('russian'::regconfig, ats_fold_yo(body_text)), 'B')`,
    ),
  },
  (t) => [index('instructions_section_idx').on(t.sectionId, t.position)],
);

/** The stems of the published articles, for typo tolerance (pg_trgm). */
export const instructionLexemes = pgTable('instruction_lexemes', {
  word: text().primaryKey(),
  documents: integer().notNull(),
});
