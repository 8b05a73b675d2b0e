import type { CSSProperties } from 'react';
import type { TApplicantListSort } from '@ats/contracts/applicant-list';

/** The list's optional columns; the applicant (name, position, company) always comes first. */
// `min` in rem: what a column needs; past the screen's width the list scrolls sideways.
export const LIST_COLUMNS = {
  vacancy: { label: 'Вакансия и этап', min: 11, max: '14rem' },
  created: { label: 'Дата добавления', min: 7.5, max: '7.5rem' },
  contacts: { label: 'Контакты', min: 11, max: '13rem' },
  source: { label: 'Источник', min: 7, max: '9rem' },
  salary: { label: 'Зарплата', min: 7, max: '8rem' },
  age: { label: 'Возраст', min: 4.5, max: '5rem' },
  tags: { label: 'Теги', min: 8, max: '12rem' },
} as const;
export type ListColumn = keyof typeof LIST_COLUMNS;
export const ALL_LIST_COLUMNS = Object.keys(LIST_COLUMNS) as ListColumn[];

/** What the list showed before columns could be chosen. */
export const DEFAULT_LIST_COLUMNS: ListColumn[] = ['salary', 'age', 'tags', 'source'];

/** The orders a column's header switches between, where the API can sort by it. */
export const COLUMN_SORTS: Partial<Record<ListColumn | 'name', readonly TApplicantListSort[]>> = {
  name: ['name_asc'],
  created: ['created_desc', 'created_asc'],
  salary: ['salary_desc'],
};

/** The next order on a click of a column's header: its first order, then the next of its own. */
export function nextColumnSort(
  column: ListColumn | 'name',
  current: TApplicantListSort,
): TApplicantListSort | undefined {
  const sorts = COLUMN_SORTS[column];
  if (!sorts) return undefined;
  const at = sorts.indexOf(current);
  return sorts[(at + 1) % sorts.length];
}

// Per user in this browser: the user settings on the server are the admin's (rights, PDF fields),
// a user cannot change their own, so a personal view of the list is kept here.
const storageKey = (userId: number) => `ats.applicant-list.columns.${userId}`;

/** The user's columns in their order; unknown or repeated names are dropped. */
export function readListColumns(userId: number): ListColumn[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey(userId)) ?? 'null');
    if (!Array.isArray(stored)) return DEFAULT_LIST_COLUMNS;
    return [...new Set(stored)].filter((c): c is ListColumn => ALL_LIST_COLUMNS.includes(c));
  } catch {
    return DEFAULT_LIST_COLUMNS;
  }
}

export function saveListColumns(userId: number, columns: ListColumn[]) {
  try {
    localStorage.setItem(storageKey(userId), JSON.stringify(columns));
  } catch {
    // Private mode or a full storage: the choice lasts until the page is left.
  }
}

/**
 * The grid of a row: the checkbox, the applicant, then the chosen columns. Below `md` only the
 * first chosen column is shown, and on a phone (below `sm`) the name has the row to itself.
 */
export function listGrid(columns: ListColumn[]): CSSProperties {
  const tracks = columns.map((c) => `minmax(${LIST_COLUMNS[c].min}rem,${LIST_COLUMNS[c].max})`);
  const wide = ['2.5rem', 'minmax(12rem,1fr)', ...tracks];
  const narrow = ['2.5rem', 'minmax(0,1fr)', ...columns.slice(0, 1).map(() => 'minmax(0,8rem)')];
  // Tracks, gaps (0.75rem) and the row's padding (1.5rem).
  const min =
    columns.reduce((sum, c) => sum + LIST_COLUMNS[c].min, 14.5) + 0.75 * (columns.length + 1) + 1.5;
  return {
    '--list-cols-phone': '1.5rem minmax(0,1fr)',
    '--list-cols': wide.join(' '),
    '--list-cols-narrow': narrow.join(' '),
    '--list-min': `${min}rem`,
  } as CSSProperties;
}
export const LIST_GRID_CLASS =
  'grid items-center gap-2 px-2 [grid-template-columns:var(--list-cols-phone)] sm:gap-3 sm:px-3 sm:[grid-template-columns:var(--list-cols-narrow)] md:[grid-template-columns:var(--list-cols)]';
/** A chosen column's cell: the first from `sm`, the others from `md` (see listGrid). */
export const columnCellClass = (index: number) =>
  `min-w-0 ${index > 0 ? 'hidden md:block' : 'hidden sm:block'}`;
/** Header and rows keep the width the chosen columns need; the scroller moves them together. */
export const LIST_MIN_WIDTH_CLASS = 'md:min-w-(--list-min)';
