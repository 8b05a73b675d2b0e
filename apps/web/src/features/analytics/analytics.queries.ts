import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TAnalyticsCall } from '@ats/contracts/analytics';
import { ANALYTICS_ANSWERS } from '@ats/contracts/analytics';
import type { TAnalyticsAnswer } from '@ats/contracts/analytics-tables';
import { ZDivisionTree } from '@ats/contracts/divisions';
import { ZStatusGroupList } from '@ats/contracts/pipeline';
import { ZVacancyPage } from '@ats/contracts/vacancies';
import type { z } from 'zod';
import { apiRequest } from '../../shared/api-client';
import type { AnalyticsQuery } from './analytics-params';

const DICTIONARY_STALE_MS = 5 * 60_000;

export const analyticsKeys = {
  all: ['analytics'] as const,
  report: (call: TAnalyticsCall, query: AnalyticsQuery) =>
    [...analyticsKeys.all, call, query] as const,
  vacancies: ['analytics', 'vacancy-options'] as const,
  funnels: ['analytics', 'funnel-options'] as const,
  divisions: ['analytics', 'division-options'] as const,
};

/** One report; errors are shown in the report's own section, not as a toast. */
export function useAnalyticsReport<C extends TAnalyticsCall>(
  call: C,
  query: AnalyticsQuery,
  enabled = true,
) {
  return useQuery({
    queryKey: analyticsKeys.report(call, query),
    queryFn: ({ signal }) =>
      apiRequest(`/analytics/${call}`, {
        query,
        schema: ANALYTICS_ANSWERS[call] as unknown as z.ZodType<TAnalyticsAnswer<C>>,
        errorToast: false,
        signal,
      }),
    enabled,
    // A new period keeps the old numbers on screen until the new ones come, instead of a blink.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** The vacancies to pick one from: the 100 most recent of every state. */
export const useVacancyOptions = () =>
  useQuery({
    queryKey: analyticsKeys.vacancies,
    queryFn: ({ signal }) =>
      apiRequest('/vacancies_with_filters', {
        query: { per_page: 100 },
        schema: ZVacancyPage,
        errorToast: false,
        signal,
      }),
    staleTime: DICTIONARY_STALE_MS,
  });

export const useFunnelOptions = () =>
  useQuery({
    queryKey: analyticsKeys.funnels,
    queryFn: ({ signal }) => apiRequest('/status_groups', { schema: ZStatusGroupList, signal }),
    staleTime: DICTIONARY_STALE_MS,
  });

export const useDivisionOptions = () =>
  useQuery({
    queryKey: analyticsKeys.divisions,
    queryFn: ({ signal }) => apiRequest('/account_divisions', { schema: ZDivisionTree, signal }),
    staleTime: DICTIONARY_STALE_MS,
  });
