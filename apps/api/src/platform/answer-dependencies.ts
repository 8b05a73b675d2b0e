/**
 * What a remembered answer is built from, and what a change touched (decision 0050): both as
 * tags, so that a change drops only the answers built from what it touched.
 *
 * A change is what the tables' triggers record (migration 0061): `<table>` — some rows of the
 * table, which ones unknown — or, on a table whose rows belong to an applicant, `<table>:<ids>`
 * — rows of those applicants only. It moves the tags
 * - `any` (every change),
 * - `table:<table>` for a change of unknown rows,
 * - `rows:<table>` and `applicant:<id>` for each applicant named.
 *
 * An answer depends on the tags of every table its statements read: `table:` for all of them,
 * and `rows:` too unless it reads only one applicant's rows of that table (the card, which
 * depends on `applicant:<its id>` instead). The lists of tables below are checked against the
 * statements the reads actually send (answer-dependencies.test.ts): a read that starts to use
 * another table fails that test until the table is added here.
 */

export const ANY_CHANGE = 'any';

/** The applicant card: the applicant's own rows, and the reference data it shows by name. */
export const CARD_OWN_TABLES = [
  'applicants',
  'applicant_tags',
  'applicant_worklog',
  'applicant_comments',
  'files',
  'applications',
] as const;
export const CARD_REFERENCE_TABLES = [
  'account_sources',
  'tags',
  'users',
  'vacancies',
  'vacancy_members',
  'user_status_rights',
  'statuses',
  'reasons',
  'ref_countries',
] as const;

/** A page of the applicant list (its filters, search and sorting included). */
export const APPLICANT_LIST_TABLES = [
  ...CARD_OWN_TABLES,
  ...CARD_REFERENCE_TABLES,
  'applicant_match_keys',
  // Read inside the search function (the contact fragments' candidates, decision 0074).
  'applicant_contact_keys',
  'applicant_doubles',
  'applicant_double_dismissals',
  'account_divisions',
  'status_groups',
] as const;

const tableTags = (tables: readonly string[]) => tables.map((t) => `table:${t}`);
const rowTags = (tables: readonly string[]) => tables.map((t) => `rows:${t}`);

/** The tags of applicant `id`'s card (as any reader sees it). */
export const cardTags = (id: number): string[] => [
  `applicant:${id}`,
  ...tableTags(CARD_OWN_TABLES),
  ...tableTags(CARD_REFERENCE_TABLES),
  ...rowTags(CARD_REFERENCE_TABLES),
];

const LIST_TAGS = [...tableTags(APPLICANT_LIST_TABLES), ...rowTags(APPLICANT_LIST_TABLES)];

/** The tags of a page of the applicant list; a drill reads analytics: any change drops it. */
export const applicantListTags = (drill: boolean): string[] => (drill ? [ANY_CHANGE] : LIST_TAGS);

const CHANGE = /^([a-z_][a-z0-9_]*)(?::([0-9]+(?:,[0-9]+)*)?)?$/;

/**
 * The tags `changes` (`;`-separated, as recorded or announced) move; null when they cannot be
 * read ('*', a change of unknown shape): then every answer of the account goes.
 */
export function tagsOfChanges(changes: string): string[] | null {
  const tags = new Set<string>();
  for (const change of changes.split(';')) {
    if (change === '') continue;
    const match = CHANGE.exec(change);
    if (!match) return null;
    const [, table, ids] = match;
    tags.add(ANY_CHANGE);
    if (!change.includes(':')) {
      tags.add(`table:${table}`);
      continue;
    }
    tags.add(`rows:${table}`);
    for (const id of ids ? ids.split(',') : []) tags.add(`applicant:${id}`);
  }
  return [...tags];
}

/** The tags of an answer that may read any rows of `tables`. */
export const readsTables = (tables: readonly string[]): string[] => [
  ...tableTags(tables),
  ...rowTags(tables),
];

/**
 * The other answers a page's HTML carries (decision 0078): the layout's (`/api/me`,
 * `/api/account`, the unread count) and the card's beside the applicant. Each depends on every
 * row of the tables it reads (checked like the card's, remembered-answers.test.ts): a change of
 * one applicant's rows drops every answer that reads the table, not only that applicant's.
 */
export const PART_TABLES = {
  me: [
    'users',
    'accounts',
    'account_tariffs',
    'list_versions',
    'account_divisions',
    'user_status_rights',
    'changelogs',
    // The shared dictionaries' versions (read once per process).
    'ref_languages',
    'ref_language_levels',
    'ref_driver_licenses',
    'ref_countries',
    'ref_jobs',
  ],
  account: ['accounts', 'account_tariffs', 'users'],
  unread: ['msg_unread', 'msg_messages'],
  evaluationForms: [
    'evaluations',
    'applicant_evaluations',
    'evaluation_criteria',
    'statuses',
    'status_groups',
    'vacancies',
  ],
  applicantEvaluations: [
    'applicants',
    'applications',
    'vacancies',
    'vacancy_members',
    'applicant_evaluations',
    'evaluations',
    'evaluation_criteria',
    'users',
  ],
  doubles: [
    'applicants',
    'account_sources',
    'applicant_doubles',
    'applicant_double_dismissals',
    'applicant_match_keys',
    'applications',
    'vacancies',
    'vacancy_members',
  ],
  accountSources: ['account_sources'],
  users: ['users'],
  applicantFilters: ['applicant_filters', 'users'],
  divisions: ['account_divisions'],
  boardColumns: ['vacancies', 'vacancy_members', 'statuses', 'user_status_rights', 'applications'],
  /** The shared dictionaries (no account's rows: a change of them drops every answer). */
  references: ['ref_languages', 'ref_language_levels', 'ref_driver_licenses', 'ref_countries'],
} as const satisfies Record<string, readonly string[]>;

export type RememberedPart = keyof typeof PART_TABLES;

const PART_TAGS = Object.fromEntries(
  Object.entries(PART_TABLES).map(([part, tables]) => [part, readsTables(tables)]),
) as Record<RememberedPart, string[]>;

/** The tags of one of the parts above. */
export const partTags = (part: RememberedPart): string[] => PART_TAGS[part];

/**
 * Who asks, as far as a remembered answer's checks and scoping can tell: the user and the rights
 * the session carries. An answer stored for one caller is served to that caller alone.
 */
export const callerKey = (session: { userId: number; memberType: string; isAdmin: boolean }) =>
  `${session.userId}:${session.memberType}:${session.isAdmin ? 'admin' : 'member'}`;
