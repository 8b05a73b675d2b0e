import { integer, pgTable, text } from 'drizzle-orm/pg-core';

// Reference data shared by every account, seeded by migrations with real Russian data.

export const refLanguages = pgTable('ref_languages', {
  id: integer().primaryKey(),
  name: text().notNull(),
  nameEn: text(),
  code: text(),
});

export const refLanguageLevels = pgTable('ref_language_levels', {
  id: integer().primaryKey(),
  name: text().notNull(),
  code: text().notNull(),
  position: integer().notNull(),
});

/** Driving licence categories of the Russian Federation (A, A1, B, … Tm, Tb). */
export const refDriverLicenses = pgTable('ref_driver_licenses', {
  id: integer().primaryKey(),
  name: text().notNull(),
  description: text().notNull(),
});

export const refCountries = pgTable('ref_countries', {
  id: integer().primaryKey(),
  name: text().notNull(),
  code: text(),
});

export const refHardSkills = pgTable('ref_hard_skills', {
  id: integer().primaryKey(),
  name: text().notNull(),
});

export const refJobs = pgTable('ref_jobs', {
  id: integer().primaryKey(),
  name: text().notNull(),
});

export const refPositions = pgTable('ref_positions', {
  id: integer().primaryKey(),
  name: text().notNull(),
});

export const refCompanies = pgTable('ref_companies', {
  id: integer().primaryKey(),
  name: text().notNull(),
  inn: text(),
});
