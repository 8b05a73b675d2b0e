import type { Db } from '@ats/db/connection';
import {
  refCompanies,
  refCountries,
  refDriverLicenses,
  refHardSkills,
  refJobs,
  refLanguageLevels,
  refLanguages,
  refPositions,
} from '@ats/db/schema/references';
import { type AnyColumn, type SQL, asc, or, sql } from 'drizzle-orm';

/** The dictionaries are the same for every account: every function here reads across accounts. */

export type NameSearch = { search?: string | undefined; limit: number };

// Names compare folded (ats_fold: lower case, ё = е), so 'ЁЛКА', 'елка' and 'Ёлка' meet; the
// trigram indexes of migration 0005 cover these expressions.
const likePattern = (text: string) => text.replace(/[\\%_]/g, '\\$&');
const contains = (column: AnyColumn, text: string) =>
  sql`ats_fold(${column}) like '%' || ats_fold(${likePattern(text)}) || '%'`;
const startsWith = (column: AnyColumn, text: string) =>
  sql`ats_fold(${column}) like ats_fold(${likePattern(text)}) || '%'`;
// Byte order of folded names: the same alphabetical order on PGlite and on any server locale.
const alphabetical = (column: AnyColumn) => sql`ats_fold(${column}) collate "C"`;
const prefixFirst = (prefixMatch: SQL) => sql`case when ${prefixMatch} then 0 else 1 end`;

/**
 * Without a search: the first `limit` rows in id order (the seed lists the common ones first).
 * With one: names containing it, those starting with it first, then alphabetical.
 */
async function searchNamed(
  db: Db,
  table: typeof refHardSkills | typeof refPositions | typeof refJobs,
  { search, limit }: NameSearch,
) {
  const query = db.select({ id: table.id, name: table.name }).from(table).$dynamic();
  if (!search) return query.orderBy(asc(table.id)).limit(limit);
  return query
    .where(contains(table.name, search))
    .orderBy(prefixFirst(startsWith(table.name, search)), alphabetical(table.name), asc(table.id))
    .limit(limit);
}

export async function listLanguagesAcrossAccounts(db: Db, { search, limit }: NameSearch) {
  const query = db.select().from(refLanguages).$dynamic();
  if (!search) return query.orderBy(asc(refLanguages.id)).limit(limit);
  return query
    .where(or(contains(refLanguages.name, search), contains(refLanguages.nameEn, search)))
    .orderBy(
      prefixFirst(
        sql`${startsWith(refLanguages.name, search)} or ${startsWith(refLanguages.nameEn, search)}`,
      ),
      alphabetical(refLanguages.name),
      asc(refLanguages.id),
    )
    .limit(limit);
}

export async function listLanguageLevelsAcrossAccounts(db: Db) {
  return db
    .select()
    .from(refLanguageLevels)
    .orderBy(asc(refLanguageLevels.position), asc(refLanguageLevels.id));
}

export async function listDriverLicensesAcrossAccounts(db: Db) {
  return db.select().from(refDriverLicenses).orderBy(asc(refDriverLicenses.id));
}

/** Россия first (the usual answer), then alphabetical. */
export async function listCountriesAcrossAccounts(db: Db) {
  return db
    .select()
    .from(refCountries)
    .orderBy(
      prefixFirst(sql`${refCountries.code} = 'RU'`),
      alphabetical(refCountries.name),
      asc(refCountries.id),
    );
}

export async function listJobsAcrossAccounts(db: Db) {
  return db.select().from(refJobs).orderBy(asc(refJobs.id));
}

export async function listPositionsAcrossAccounts(db: Db, search: NameSearch) {
  return searchNamed(db, refPositions, search);
}

export async function listHardSkillsAcrossAccounts(db: Db, search: NameSearch) {
  return searchNamed(db, refHardSkills, search);
}

export async function listCompaniesAcrossAccounts(db: Db, { search, limit }: NameSearch) {
  const query = db.select().from(refCompanies).$dynamic();
  if (!search) return query.orderBy(asc(refCompanies.id)).limit(limit);
  return query
    .where(contains(refCompanies.name, search))
    .orderBy(
      prefixFirst(startsWith(refCompanies.name, search)),
      alphabetical(refCompanies.name),
      asc(refCompanies.id),
    )
    .limit(limit);
}
