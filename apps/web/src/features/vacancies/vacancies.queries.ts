import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { ZDivisionTree } from '@ats/contracts/divisions';
import { API_CODES } from '@ats/contracts/envelope';
import { ZHome } from '@ats/contracts/home';
import { ZReasonList, ZStatusGroupList, type TReasonType } from '@ats/contracts/pipeline';
import {
  ZVacancy,
  ZVacancyPage,
  ZVacancyStatistics,
  ZVacancyTemplate,
  ZVacancyTemplateList,
  type TCreateVacancyRequest,
  type TUpdateVacancyRequest,
  type ZUpdateVacancyTemplateRequest,
} from '@ats/contracts/vacancies';
import type { z } from 'zod';
import { apiCall, ApiError, apiRequest } from '../../shared/api-client';
import type { ScreenPrimer } from '../../shared/prefetched-answers';
import { listParamsOf, vacancyListQuery, type VacancyListParams } from './vacancy-list-params';

type TUpdateVacancyTemplateRequest = z.input<typeof ZUpdateVacancyTemplateRequest>;

const DICTIONARY_STALE_MS = 5 * 60_000;

export const vacancyKeys = {
  all: ['vacancies'] as const,
  lists: () => [...vacancyKeys.all, 'list'] as const,
  list: (params: VacancyListParams) => [...vacancyKeys.lists(), params] as const,
  one: (id: number) => [...vacancyKeys.all, 'one', id] as const,
  statistics: (id: number) => [...vacancyKeys.all, 'statistics', id] as const,
  home: ['home'] as const,
  templates: ['vacancy-templates'] as const,
  template: (id: number) => ['vacancy-templates', id] as const,
  divisions: ['account-divisions'] as const,
  funnels: ['status-groups'] as const,
  reasons: (type: TReasonType) => ['reasons', type] as const,
};

const retryUnlessClientError = (count: number, error: Error) =>
  !(error instanceof ApiError && error.code < 500) && count < 2;

/** GET that answers null for a missing (or another account's, or unwatched) record. */
async function fetchOrNull<T>(path: string, schema: z.ZodType<T>, signal?: AbortSignal) {
  const result = await apiCall(path, { schema, signal, errorToast: false });
  if (result.ok) return result.data;
  if (result.code === API_CODES.notFound) return null;
  throw new ApiError(result.code, result.message);
}

const homeQueryOptions = queryOptions({
  queryKey: vacancyKeys.home,
  queryFn: ({ signal }) => apiRequest('/home', { schema: ZHome, signal }),
});

export const useHome = () => useQuery(homeQueryOptions);

const vacancyListQueryOptions = (params: VacancyListParams) =>
  queryOptions({
    queryKey: vacancyKeys.list(params),
    queryFn: ({ signal }) =>
      apiRequest('/vacancies_with_filters', {
        query: vacancyListQuery(params),
        schema: ZVacancyPage,
        signal,
      }),
  });

export const useVacancyList = (params: VacancyListParams) =>
  useQuery({
    ...vacancyListQueryOptions(params),
    // The old cards stay while a filter change loads, instead of flashing the skeleton.
    placeholderData: keepPreviousData,
  });

/**
 * Home's first paint reads its overview and the first page of open vacancies: filled in the
 * route's loader from the screen's answers (its view without filters), so the page is drawn in
 * its first render. No retry there: a failure is the page's to show.
 */
export const primeHome: ScreenPrimer = (client, { request }) =>
  Promise.all([
    client.prefetchQuery({ ...homeQueryOptions, retry: false }),
    client.prefetchQuery({
      ...vacancyListQueryOptions(listParamsOf(new URL(request.url).searchParams)),
      retry: false,
    }),
  ]);

const validId = (id: number) => Number.isInteger(id) && id > 0;

export const useVacancy = (id: number) =>
  useQuery({
    queryKey: vacancyKeys.one(id),
    queryFn: ({ signal }) => fetchOrNull(`/vacancies/${id}`, ZVacancy, signal),
    enabled: validId(id),
    retry: retryUnlessClientError,
  });

export const useVacancyStatistics = (id: number) =>
  useQuery({
    queryKey: vacancyKeys.statistics(id),
    queryFn: ({ signal }) =>
      apiRequest(`/vacancies/${id}/statistics`, { schema: ZVacancyStatistics, signal }),
    enabled: validId(id),
    retry: retryUnlessClientError,
  });

export const useVacancyTemplates = (enabled = true) =>
  useQuery({
    queryKey: vacancyKeys.templates,
    queryFn: ({ signal }) =>
      apiRequest('/vacancy_templates', { schema: ZVacancyTemplateList, signal }),
    enabled,
  });

export const useVacancyTemplate = (id: number) =>
  useQuery({
    queryKey: vacancyKeys.template(id),
    queryFn: ({ signal }) => fetchOrNull(`/vacancy_templates/${id}`, ZVacancyTemplate, signal),
    enabled: validId(id),
    retry: retryUnlessClientError,
  });

export const useDivisions = () =>
  useQuery({
    queryKey: vacancyKeys.divisions,
    queryFn: ({ signal }) => apiRequest('/account_divisions', { schema: ZDivisionTree, signal }),
    staleTime: DICTIONARY_STALE_MS,
  });

export const useFunnels = () =>
  useQuery({
    queryKey: vacancyKeys.funnels,
    queryFn: ({ signal }) => apiRequest('/status_groups', { schema: ZStatusGroupList, signal }),
    staleTime: DICTIONARY_STALE_MS,
  });

export const useReasons = (type: TReasonType, enabled = true) =>
  useQuery({
    queryKey: vacancyKeys.reasons(type),
    queryFn: ({ signal }) =>
      apiRequest('/reasons', { query: { reason_type: type }, schema: ZReasonList, signal }),
    staleTime: DICTIONARY_STALE_MS,
    enabled,
  });

/** Anything that changes a vacancy refreshes the lists, the home page and that vacancy. */
function useVacancyInvalidation() {
  const queryClient = useQueryClient();
  return (id?: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: vacancyKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: vacancyKeys.home }),
      ...(id
        ? [
            queryClient.invalidateQueries({ queryKey: vacancyKeys.one(id) }),
            queryClient.invalidateQueries({ queryKey: vacancyKeys.statistics(id) }),
          ]
        : []),
    ]);
}

export function useCreateVacancy() {
  const invalidate = useVacancyInvalidation();
  return useMutation({
    mutationFn: (body: TCreateVacancyRequest) =>
      apiCall('/vacancies', {
        method: 'POST',
        body,
        schema: ZVacancy.pick({ id: true }),
        successToast: 'Вакансия создана',
      }),
    onSuccess: (result) => {
      if (result.ok) return invalidate();
    },
  });
}

export function useUpdateVacancy(id: number) {
  const invalidate = useVacancyInvalidation();
  return useMutation({
    mutationFn: (body: TUpdateVacancyRequest) =>
      apiCall(`/vacancies/${id}`, { method: 'PUT', body, successToast: 'Вакансия сохранена' }),
    onSuccess: (result) => {
      if (result.ok) return invalidate(id);
    },
  });
}

export type VacancyStateAction = 'close' | 'hold' | 'reopen';
const STATE_TOASTS: Record<VacancyStateAction, string> = {
  close: 'Вакансия закрыта',
  hold: 'Вакансия приостановлена',
  reopen: 'Вакансия снова открыта',
};

export function useChangeVacancyState(id: number) {
  const invalidate = useVacancyInvalidation();
  return useMutation({
    mutationFn: ({
      action,
      reason_id,
      comment,
    }: {
      action: VacancyStateAction;
      reason_id?: number;
      comment?: string | null;
    }) =>
      apiCall(`/vacancies/${id}/${action}`, {
        method: 'POST',
        body: action === 'reopen' ? {} : { reason_id, comment: comment || null },
        successToast: STATE_TOASTS[action],
      }),
    onSuccess: (result) => {
      if (result.ok) return invalidate(id);
    },
  });
}

/** «Сохранить как шаблон»: the vacancy's fields and stages become a template named `name`. */
export function useSaveVacancyAsTemplate(vacancyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      apiCall('/vacancy_templates', {
        method: 'POST',
        body: { name, vacancy_id: vacancyId },
        schema: ZVacancyTemplate.pick({ id: true }),
        successToast: 'Шаблон сохранён',
      }),
    onSuccess: (result) => {
      if (result.ok) return queryClient.invalidateQueries({ queryKey: vacancyKeys.templates });
    },
  });
}

export function useUpdateVacancyTemplate(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateVacancyTemplateRequest) =>
      apiCall(`/vacancy_templates/${id}`, {
        method: 'PUT',
        body,
        successToast: 'Изменения шаблона сохранены',
      }),
    onSuccess: (result) => {
      if (result.ok) return queryClient.invalidateQueries({ queryKey: vacancyKeys.templates });
    },
  });
}
