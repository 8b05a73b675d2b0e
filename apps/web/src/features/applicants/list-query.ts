import { APPLICANT_LIST_SORTS, type TApplicantListSort } from '@ats/contracts/applicant-list';
import { hasNextPage, PAGE_SIZE } from '@ats/contracts/pagination';
import type { ApplicantFilters } from './applicant-filters';
import { filtersFromSaved } from './filter-draft';

export type { ApplicantFilters };

export type ApplicantListParams = { search: string; sort: string; filters: ApplicantFilters };

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
};

const ARRAY_FILTERS = new Set(['tags', 'skill_ids', 'employments']);
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** The list's state from the page's query string (`?search=…&vacancy_id=3&tags=1,2`). */
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
  return {
    search: params.get('search')?.trim() ?? '',
    sort: sort && APPLICANT_LIST_SORTS.includes(sort) ? sort : undefined,
    filters: compactFilters(filters),
  };
}

/** The query string of the page for a state: search first, then sort, then the filters. */
export function listStateToUrl(state: ApplicantListState): URLSearchParams {
  const query = new URLSearchParams();
  if (state.search.trim()) query.set('search', state.search.trim());
  if (state.sort) query.set('sort', state.sort);
  for (const [key, value] of Object.entries(compactFilters(state.filters))) {
    query.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  return query;
}
