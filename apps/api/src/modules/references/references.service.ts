import { createHash } from 'node:crypto';
import {
  APPLICANT_FIELD_DEFINITIONS,
  VACANCY_FIELD_DEFINITIONS,
  type FIELD_MODELS,
  type TFieldDefinition,
} from '@ats/contracts/references';
import type { Db } from '@ats/db/connection';
import * as repo from './references.repository.ts';

/**
 * The shared dictionaries read once per process and database (decision 0057: they change only
 * with a migration or a release, and /api/me's versions of them are computed once too), so the
 * card's page and screen (decision 0067) do not read them again on every visit. A failed read is
 * not kept.
 */
const keptLists = new WeakMap<Db, Map<string, Promise<unknown>>>();

function keptList<T>(db: Db, key: string, load: () => Promise<T>): Promise<T> {
  let lists = keptLists.get(db);
  if (!lists) keptLists.set(db, (lists = new Map()));
  let list = lists.get(key) as Promise<T> | undefined;
  if (!list) {
    list = load();
    lists.set(key, list);
    list.catch(() => lists.delete(key));
  }
  return list;
}

export async function listLanguages(db: Db, search: repo.NameSearch) {
  const load = async () =>
    (await repo.listLanguagesAcrossAccounts(db, search)).map((row) => ({
      id: row.id,
      name: row.name,
      name_en: row.nameEn,
      code: row.code,
    }));
  // Only the whole list is kept: a search is answered from the database.
  return search.search ? load() : keptList(db, `languages:${search.limit}`, load);
}

export async function listLanguageLevels(db: Db) {
  return keptList(db, 'language_levels', async () =>
    (await repo.listLanguageLevelsAcrossAccounts(db)).map((row) => ({
      id: row.id,
      name: row.name,
      code: row.code,
    })),
  );
}

export async function listDriverLicenses(db: Db) {
  return keptList(db, 'driver_licenses', () => repo.listDriverLicensesAcrossAccounts(db));
}

export async function listCountries(db: Db) {
  return keptList(db, 'countries', () => repo.listCountriesAcrossAccounts(db));
}

export async function listJobs(db: Db) {
  return repo.listJobsAcrossAccounts(db);
}

export async function listPositions(db: Db, search: repo.NameSearch) {
  return repo.listPositionsAcrossAccounts(db, search);
}

export async function listHardSkills(db: Db, search: repo.NameSearch) {
  return repo.listHardSkillsAcrossAccounts(db, search);
}

export async function listCompanies(db: Db, search: repo.NameSearch) {
  return repo.listCompaniesAcrossAccounts(db, search);
}

const FIELD_DEFINITIONS: Record<(typeof FIELD_MODELS)[number], TFieldDefinition[]> = {
  applicant: APPLICANT_FIELD_DEFINITIONS,
  vacancy: VACANCY_FIELD_DEFINITIONS,
};

/** The fields of a model as the settings screens and the PDF export list them. */
export function listFieldDefinitions(model: (typeof FIELD_MODELS)[number]) {
  return FIELD_DEFINITIONS[model];
}

/**
 * The versions of the dictionaries every account shares (decision 0057): a hash of each list as
 * GET answers it without a search. They change only with a migration or a release, so a process
 * computes them once; GET /api/me reports them beside the account's own lists' versions.
 */
let sharedVersions: Promise<Record<string, string>> | null = null;

const versionOf = (value: unknown) =>
  createHash('sha1').update(JSON.stringify(value)).digest('base64url').slice(0, 12);

export function sharedListVersions(db: Db): Promise<Record<string, string>> {
  sharedVersions ??= (async () => ({
    languages: versionOf(await listLanguages(db, { limit: 50 })),
    language_levels: versionOf(await listLanguageLevels(db)),
    driver_licenses: versionOf(await listDriverLicenses(db)),
    countries: versionOf(await listCountries(db)),
    jobs: versionOf(await listJobs(db)),
    default_fields: versionOf(listFieldDefinitions('applicant')),
  }))().catch((error: unknown) => {
    sharedVersions = null;
    throw error;
  });
  return sharedVersions;
}
