/**
 * What a remembered answer is built from, and what a change touched (decision 0050): both as
 * tags, so that a change drops only the answers built from what it touched.
 *
 * A change is what the tables' triggers record (migration 0061): `<table>` — some rows of the
 * table, which ones unknown — or, on a table whose rows belong to an applicant, `<table>:<ids>`
 * — rows of those applicants only; on a table read by a column's value as well (the doubles'
 * match keys, migration 0093) also `<table>.<column>:<hashes>` — rows holding those values
 * (`valueHash`). It moves the tags
 * - `any` (every change),
 * - `table:<table>` for a change of unknown rows,
 * - `rows:<table>`, and `applicant:<id>` and `applicant:<id>:<table>` for each applicant named,
 * - `value:<table>.<column>:<hash>` for each value named.
 *
 * An answer depends on the tags of every table its statements read: `table:` for all of them,
 * and `rows:` too unless it reads only one applicant's rows of that table (the card, which
 * depends on `applicant:<its id>` instead). The lists of tables below are checked against the
 * statements the reads actually send (answer-dependencies.test.ts): a read that starts to use
 * another table fails that test until the table is added here.
 */

import { createHash } from 'node:crypto';

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
  // And the name sample's matches (decision 0097).
  'applicant_name_keys',
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
const VALUE_CHANGE = /^([a-z_][a-z0-9_]*\.[a-z_][a-z0-9_]*):([0-9]+(?:,[0-9]+)*)?$/;

/**
 * The number a value is named by in a change: the first 48 bits of its text's MD5, as the
 * trigger computes it (`('x' || left(md5(value), 12))::bit(48)::bigint`, migration 0093). Two
 * values with one hash only drop each other's answers.
 */
export const valueHash = (value: string): string =>
  String(parseInt(createHash('md5').update(value, 'utf8').digest('hex').slice(0, 12), 16));

/** The tag a change of rows holding `value` in `table`.`column` moves. */
export const valueTag = (table: string, column: string, value: string) =>
  `value:${table}.${column}:${valueHash(value)}`;

/**
 * The tags `changes` (`;`-separated, as recorded or announced) move; null when they cannot be
 * read ('*', a change of unknown shape): then every answer of the account goes.
 */
export function tagsOfChanges(changes: string): string[] | null {
  const tags = new Set<string>();
  for (const change of changes.split(';')) {
    if (change === '') continue;
    const byValue = VALUE_CHANGE.exec(change);
    if (byValue) {
      const [, column, hashes] = byValue;
      tags.add(ANY_CHANGE);
      for (const hash of hashes ? hashes.split(',') : []) tags.add(`value:${column}:${hash}`);
      continue;
    }
    const match = CHANGE.exec(change);
    if (!match) return null;
    const [, table, ids] = match;
    tags.add(ANY_CHANGE);
    if (!change.includes(':')) {
      tags.add(`table:${table}`);
      continue;
    }
    tags.add(`rows:${table}`);
    for (const id of ids ? ids.split(',') : []) {
      tags.add(`applicant:${id}`);
      tags.add(`applicant:${id}:${table}`);
    }
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
 * one applicant's rows drops every answer that reads the table. The reads of one applicant
 * (its evaluations, its doubles) are below, in `APPLICANT_PART_TABLES`.
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
  // Counts every form's evaluations: any applicant's evaluation moves it.
  evaluationForms: [
    'evaluations',
    'applicant_evaluations',
    'evaluation_criteria',
    'statuses',
    'status_groups',
    'vacancies',
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
 * The card's reads of one applicant besides the card (decision 0082), each depending on
 * `applicant:<id>:<table>` for the applicant's rows of each table of `own` (not on the
 * applicant's other tables: an evaluation leaves its doubles), on the rows of other applicants
 * it names as it reads them, and on every row of `reference`. Checked like the others
 * (remembered-answers.test.ts), and also by hiding every applicant's rows the answer does not
 * name: the answer must not change.
 */
export const APPLICANT_PART_TABLES = {
  /** The applicant's evaluations; a watcher's through the vacancies they reach it by. */
  applicantEvaluations: {
    own: ['applicants', 'applications', 'applicant_evaluations'],
    reference: [
      'vacancies',
      'vacancy_members',
      'user_status_rights',
      'evaluations',
      'evaluation_criteria',
      'users',
    ],
  },
  /**
   * The applicant's doubles, compared live: the applicants sharing a match key with it (named as
   * they are read, `doublesReadTags`), the dismissals of its pairs (each recorded by the pair's
   * lower id: the applicant's or the other's, named either way).
   */
  doubles: {
    own: ['applicants', 'applicant_match_keys', 'applicant_double_dismissals'],
    reference: ['account_sources'],
  },
} as const satisfies Record<string, { own: readonly string[]; reference: readonly string[] }>;

export type ApplicantPart = keyof typeof APPLICANT_PART_TABLES;

/** The tags of applicant `id`'s part, known before it is read. */
export const applicantPartTags = (part: ApplicantPart, id: number): string[] => {
  const { own, reference } = APPLICANT_PART_TABLES[part];
  return [
    ...own.map((table) => `applicant:${id}:${table}`),
    ...tableTags(own),
    ...readsTables(reference),
  ];
};

/**
 * What a read of one applicant's doubles learnt it is built from: the applicants it compared
 * (their rows; the dismissals of their pairs with it, recorded by the pair's lower id, which is
 * theirs or the applicant's) and the match keys it looked them up by (an applicant who gains or
 * loses one of them joins or leaves the candidates: migration 0093 names the keys a change of
 * match keys touched).
 */
export const doublesReadTags = (read: {
  applicantIds: Iterable<number>;
  keys: Iterable<string>;
}) => [
  ...[...read.applicantIds].flatMap((id) => [
    `applicant:${id}:applicants`,
    `applicant:${id}:applicant_double_dismissals`,
  ]),
  ...[...new Set(read.keys)].map((key) => valueTag('applicant_match_keys', 'key', key)),
];

/**
 * Who asks, as far as a remembered answer's checks and scoping can tell: the user and the rights
 * the session carries. An answer stored for one caller is served to that caller alone.
 */
export const callerKey = (session: { userId: number; memberType: string; isAdmin: boolean }) =>
  `${session.userId}:${session.memberType}:${session.isAdmin ? 'admin' : 'member'}`;
