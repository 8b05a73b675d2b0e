import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ZDivisionTree } from '@ats/contracts/divisions';
import { API_CODES } from '@ats/contracts/envelope';
import {
  ZRequest,
  ZRequestPage,
  ZRequestTemplate,
  ZTakeRequestAnswer,
  type TRequestAction,
  type TRequestListQuery,
} from '@ats/contracts/vacancy-applications';
import { apiCall, ApiError, apiRequest } from '../api-client';

// Hiring requests («заявки на подбор»), read and changed by more than one feature: the list and
// the request page (features/requests) and the form (features/request-form). One place for the
// keys, so an action on one screen refreshes the others. The templates' list and writes are in
// request-templates-queries.ts beside this file.

export const requestKeys = {
  // The roots the request form (features/request-form) refreshes after a save: ['requests'].
  all: ['requests'] as const,
  lists: () => [...requestKeys.all, 'list'] as const,
  list: (query: RequestListParams) => [...requestKeys.lists(), query] as const,
  one: (id: number) => [...requestKeys.all, 'one', id] as const,
  // Under the templates' root of shared/requests/request-templates-queries (i17-web-form), so the
  // templates' editor refreshes it with the rest.
  template: (id: number) => ['request-templates', 'one', id] as const,
  // The same key as the vacancy screens and the divisions' settings read.
  divisions: ['account-divisions'] as const,
};

/** The list's query as the screen holds it: every filter optional, the page and tab always set. */
export type RequestListParams = Pick<TRequestListQuery, 'page' | 'tab'> &
  Partial<Omit<TRequestListQuery, 'page' | 'tab'>>;

export const REQUESTS_PER_PAGE = 30;

const validId = (id: number) => Number.isInteger(id) && id > 0;
const retryUnlessClientError = (count: number, error: Error) =>
  !(error instanceof ApiError && error.code < 500) && count < 2;

/** GET that answers null for a missing (or another account's, or hidden) record. */
async function fetchOrNull<T>(path: string, schema: z.ZodType<T>, signal?: AbortSignal) {
  const result = await apiCall(path, { schema, signal, errorToast: false });
  if (result.ok) return result.data;
  if (result.code === API_CODES.notFound) return null;
  throw new ApiError(result.code, result.message);
}

export const useRequestList = (params: RequestListParams) =>
  useQuery({
    queryKey: requestKeys.list(params),
    queryFn: ({ signal }) =>
      apiRequest('/vacancy_applications', {
        query: { per_page: REQUESTS_PER_PAGE, ...params },
        schema: ZRequestPage,
        signal,
        errorToast: false,
      }),
    // The old rows stay while a filter change loads, instead of flashing the skeleton.
    placeholderData: keepPreviousData,
  });

/** One request with its history; null when it is not there (or not for this reader). */
export const useRequest = (id: number) =>
  useQuery({
    queryKey: requestKeys.one(id),
    queryFn: ({ signal }) => fetchOrNull(`/vacancy_applications/${id}`, ZRequest, signal),
    enabled: validId(id),
    retry: retryUnlessClientError,
  });

export const useRequestTemplate = (id: number) =>
  useQuery({
    queryKey: requestKeys.template(id),
    queryFn: ({ signal }) =>
      fetchOrNull(`/vacancy_application_templates/${id}`, ZRequestTemplate, signal),
    enabled: validId(id),
    retry: retryUnlessClientError,
  });

export const useRequestDivisions = () =>
  useQuery({
    queryKey: requestKeys.divisions,
    queryFn: ({ signal }) => apiRequest('/account_divisions', { schema: ZDivisionTree, signal }),
    staleTime: 5 * 60_000,
  });

/** After any change of a request: every list, and the request itself. */
function useRefreshRequests() {
  const queryClient = useQueryClient();
  return (id?: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: requestKeys.lists() }),
      id ? queryClient.invalidateQueries({ queryKey: requestKeys.one(id) }) : undefined,
    ]);
}

export function useDeleteRequest(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiCall(`/vacancy_applications/${id}`, { method: 'DELETE', successToast: 'Заявка удалена' }),
    onSuccess: async (result) => {
      if (!result.ok) return;
      queryClient.removeQueries({ queryKey: requestKeys.one(id) });
      await queryClient.invalidateQueries({ queryKey: requestKeys.lists() });
    },
  });
}

export const REQUEST_ACTION_DONE: Record<TRequestAction, string> = {
  submit: 'Заявка отправлена на согласование',
  approve: 'Заявка согласована',
  reject: 'Заявка отклонена',
  return: 'Заявка возвращена на доработку',
  withdraw: 'Заявка отозвана',
  take: 'Вакансия создана',
  close: 'Заявка закрыта',
};

export type RequestActionInput = { action: Exclude<TRequestAction, 'take'>; comment?: string };

/**
 * submit, approve, reject, return, withdraw, close: the answer is the request as it is now; an
 * error (wrong state, out of turn, twice) is shown in the API's own words and changes nothing.
 */
export function useRequestAction(id: number) {
  const refresh = useRefreshRequests();
  return useMutation({
    mutationFn: ({ action, comment }: RequestActionInput) =>
      apiCall(`/vacancy_applications/${id}/${action}`, {
        method: 'POST',
        body: comment === undefined ? {} : { comment },
        schema: ZRequest,
        successToast: REQUEST_ACTION_DONE[action],
      }),
    // Read again after a refusal too: «already decided» means this screen was behind. The
    // answer of an action carries no history, so the request is read again in both cases.
    onSuccess: () => refresh(id),
  });
}

/** «Создать вакансию»: the request goes into work and the answer names the new vacancy. */
export function useTakeRequest(id: number) {
  const refresh = useRefreshRequests();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiCall(`/vacancy_applications/${id}/take`, {
        method: 'POST',
        body: {},
        schema: ZTakeRequestAnswer,
        successToast: REQUEST_ACTION_DONE.take,
      }),
    onSuccess: async (result) => {
      if (result.ok) await queryClient.invalidateQueries({ queryKey: ['vacancies'] });
      await refresh(id);
    },
  });
}
