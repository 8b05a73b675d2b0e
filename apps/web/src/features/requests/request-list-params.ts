import {
  REQUEST_STATES,
  REQUEST_TABS,
  type TRequestState,
} from '@ats/contracts/vacancy-applications';
import type { RequestListParams } from '../../shared/requests/requests-queries';

// The list's tab and filters live in the address (?tab=to_approve&state=pending&overdue=true),
// so a filtered list can be bookmarked and Back returns to it.

export type RequestTab = (typeof REQUEST_TABS)[number];

const positiveInt = (value: string | null) => {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : undefined;
};

export function requestParamsOf(search: URLSearchParams): RequestListParams {
  const tab = search.get('tab');
  const state = search.get('state');
  const q = (search.get('q') ?? '').trim();
  const params: RequestListParams = {
    tab: REQUEST_TABS.includes(tab as RequestTab) ? (tab as RequestTab) : 'all',
    page: positiveInt(search.get('page')) ?? 1,
  };
  if (REQUEST_STATES.includes(state as TRequestState)) params.state = state as TRequestState;
  const division = positiveInt(search.get('account_division_id'));
  if (division) params.account_division_id = division;
  if (q) params.q = q;
  if (search.get('overdue') === 'true') params.overdue = 'true';
  return params;
}

/** The address query for the params: defaults left out, so the plain list stays '/requests'. */
export function searchOfRequestParams(params: RequestListParams): URLSearchParams {
  const search = new URLSearchParams();
  if (params.tab !== 'all') search.set('tab', params.tab);
  if (params.state) search.set('state', params.state);
  if (params.account_division_id) {
    search.set('account_division_id', String(params.account_division_id));
  }
  if (params.q) search.set('q', params.q);
  if (params.overdue === 'true') search.set('overdue', 'true');
  if (params.page > 1) search.set('page', String(params.page));
  return search;
}

export const hasRequestFilters = (params: RequestListParams) =>
  Boolean(params.state || params.account_division_id || params.q || params.overdue === 'true');
