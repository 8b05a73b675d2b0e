import { VACANCY_PAGE_SIZE, VACANCY_STATES, type TVacancyState } from '@ats/contracts/vacancies';

// The home list's filters live in the address (?state=hold&owner_id=3&group=owner), so a
// filtered list can be bookmarked and Back returns to it.

export const VACANCY_GROUPINGS = ['none', 'division', 'owner'] as const;
export type VacancyGrouping = (typeof VACANCY_GROUPINGS)[number];

export type VacancyListParams = {
  state: TVacancyState;
  division_id: number | null;
  owner_id: number | null;
  priority: number | null;
  search: string;
  page: number;
};

const positiveInt = (value: string | null) => {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : null;
};

export function listParamsOf(search: URLSearchParams): VacancyListParams {
  const state = search.get('state');
  const priority = Number(search.get('priority'));
  return {
    state: VACANCY_STATES.includes(state as TVacancyState) ? (state as TVacancyState) : 'open',
    division_id: positiveInt(search.get('division_id')),
    owner_id: positiveInt(search.get('owner_id')),
    priority:
      search.get('priority') !== null &&
      Number.isInteger(priority) &&
      priority >= 0 &&
      priority <= 10
        ? priority
        : null,
    search: (search.get('search') ?? '').trim(),
    page: positiveInt(search.get('page')) ?? 1,
  };
}

export function groupingOf(search: URLSearchParams): VacancyGrouping {
  const group = search.get('group');
  return VACANCY_GROUPINGS.includes(group as VacancyGrouping) ? (group as VacancyGrouping) : 'none';
}

/** The address query for the params: defaults left out so the plain home page stays '/'. */
export function searchOfListParams(
  params: VacancyListParams,
  grouping: VacancyGrouping,
): URLSearchParams {
  const search = new URLSearchParams();
  if (params.state !== 'open') search.set('state', params.state);
  if (params.division_id) search.set('division_id', String(params.division_id));
  if (params.owner_id) search.set('owner_id', String(params.owner_id));
  if (params.priority !== null) search.set('priority', String(params.priority));
  if (params.search) search.set('search', params.search);
  if (params.page > 1) search.set('page', String(params.page));
  if (grouping !== 'none') search.set('group', grouping);
  return search;
}

/** The API query of `/api/vacancies_with_filters`. */
export function vacancyListQuery(params: VacancyListParams) {
  return {
    state: params.state,
    division_id: params.division_id ?? undefined,
    owner_id: params.owner_id ?? undefined,
    priority: params.priority ?? undefined,
    search: params.search || undefined,
    page: params.page,
    per_page: VACANCY_PAGE_SIZE,
  };
}
