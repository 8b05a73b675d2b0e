import { APPLICANT_LIST_SORTS, type TApplicantListSort } from '@ats/contracts/applicant-list';
import { hasNextPage, PAGE_SIZE } from '@ats/contracts/pagination';
import { DRILL_LABEL_PARAM, DRILL_PARAM } from '../../shared/applicants-drill-link';
import type { ApplicantFilters } from './applicant-filters';
import { filtersFromSaved } from './filter-draft';

export type { ApplicantFilters };

export type ApplicantListParams = {
  search: string;
  sort: string;
  filters: ApplicantFilters;
  /** The applicants behind a count of the analytics (opaque; GET /api/applicants?drill=…). */
  drill?: string;
};

/** The longest drill the API accepts (ZAnalyticsDrill); a longer one in the address is dropped. */
export const MAX_DRILL_LENGTH = 400;
const MAX_DRILL_LABEL_LENGTH = 200;

type ListPage = { page: number; applicant_count: number; per_page?: number };

/** SPEC.md §4: a next page exists while page < ceil(applicant_count / 30). */
export function nextListPage(last: ListPage): number | undefined {
  return hasNextPage(last.page, last.applicant_count, PAGE_SIZE) ? last.page + 1 : undefined;
}

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  value === false ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'number' && Number.isNaN(value));

/** Drops empty values, so two filter sets that mean the same share one cache entry. */
export function compactFilters(filters: ApplicantFilters): ApplicantFilters {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (!isEmpty(value)) result[key] = typeof value === 'string' ? value.trim() : value;
  }
  return result as ApplicantFilters;
}

export const countActiveFilters = (filters: ApplicantFilters) =>
  Object.keys(compactFilters(filters)).length;

/** The query string of GET /api/applicants; arrays go as `tags[]=1&tags[]=2` like the clients. */
export function listQueryString(params: ApplicantListParams, page: number): string {
  const query = new URLSearchParams();
  query.set('page', String(page));
  query.set('per_page', String(PAGE_SIZE));
  appendListParams(query, params);
  return query.toString();
}

/** GET /api/applicants/export for the list as it is filtered, searched and sorted now. */
export function exportListUrl(params: ApplicantListParams): string {
  const query = new URLSearchParams();
  appendListParams(query, params);
  const text = query.toString();
  return text ? `/api/applicants/export?${text}` : '/api/applicants/export';
}

function appendListParams(query: URLSearchParams, params: ApplicantListParams) {
  if (params.drill) query.set(DRILL_PARAM, params.drill);
  if (params.search.trim()) query.set('search', params.search.trim());
  if (params.sort) query.set('sort', params.sort);
  for (const [key, value] of Object.entries(compactFilters(params.filters))) {
    if (Array.isArray(value)) {
      for (const item of value) query.append(`${key}[]`, String(item));
    } else {
      query.set(key, String(value));
    }
  }
}

/** What the list shows, as the address bar keeps it: a reload or a shared link shows the same. */
export type ApplicantListState = {
  search: string;
  sort: TApplicantListSort | undefined;
  filters: ApplicantFilters;
  /** Set when the list was opened from a count of the analytics; removed with its chip. */
  drill?: string;
  /** What the count was («Вышли на работу, 01.11.2026–30.11.2026»), for the chip. */
  drillLabel?: string;
};

const ARRAY_FILTERS = new Set(['tags', 'skill_ids', 'employments']);
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** The list's state from the page's query string (`?search=…&vacancy_id=3&tags=1,2`). */
/** What the list asks the API for, in a state of its address. */
export function listParams(state: ApplicantListState): ApplicantListParams {
  // Relevance means nothing without a search; then the default order applies again.
  const sort = state.sort === 'relevance' && !state.search.trim() ? undefined : state.sort;
  return { search: state.search, sort: sort ?? '', filters: state.filters, drill: state.drill };
}

export function listStateFromUrl(params: URLSearchParams): ApplicantListState {
  const raw: Record<string, unknown> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key).flatMap((v) => v.split(','));
    raw[key.replace(/\[\]$/, '')] = ARRAY_FILTERS.has(key.replace(/\[\]$/, ''))
      ? values
      : params.get(key);
  }
  const filters = filtersFromSaved(raw);
  for (const key of ['created_from', 'created_to'] as const) {
    if (filters[key] !== undefined && !isDay(filters[key])) delete filters[key];
  }
  const sort = params.get('sort') as TApplicantListSort | null;
  const drill = params.get(DRILL_PARAM)?.trim();
  const state: ApplicantListState = {
    search: params.get('search')?.trim() ?? '',
    sort: sort && APPLICANT_LIST_SORTS.includes(sort) ? sort : undefined,
    filters: compactFilters(filters),
  };
  if (drill && drill.length <= MAX_DRILL_LENGTH) {
    state.drill = drill;
    const label = params.get(DRILL_LABEL_PARAM)?.trim();
    if (label) state.drillLabel = label.slice(0, MAX_DRILL_LABEL_LENGTH);
  }
  return state;
}

/**
 * The query string of the page for a state: the analytics' drill first, then search, sort and
 * the filters.
 */
export function listStateToUrl(state: ApplicantListState): URLSearchParams {
  const query = new URLSearchParams();
  if (state.drill) {
    query.set(DRILL_PARAM, state.drill);
    if (state.drillLabel) query.set(DRILL_LABEL_PARAM, state.drillLabel);
  }
  if (state.search.trim()) query.set('search', state.search.trim());
  if (state.sort) query.set('sort', state.sort);
  for (const [key, value] of Object.entries(compactFilters(state.filters))) {
    query.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  return query;
}
