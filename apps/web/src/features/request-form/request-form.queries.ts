import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZDivisionTree } from '@ats/contracts/divisions';
import {
  ZRequest,
  type TCreateRequest,
  type TUpdateRequest,
} from '@ats/contracts/vacancy-applications';
import { apiCall, apiRequest } from '../../shared/api-client';

// The same roots as the requests list and page, so a saved request shows there at once.
const requestKeys = {
  all: ['requests'] as const,
  one: (id: number) => ['requests', 'one', id] as const,
};

export const useRequestToEdit = (id: number | null) =>
  useQuery({
    queryKey: requestKeys.one(id ?? 0),
    queryFn: ({ signal }) =>
      apiRequest(`/vacancy_applications/${id}`, { schema: ZRequest, signal }),
    enabled: id !== null,
  });

// ['account-divisions'] is the vacancy form's key too: one list for both.
export const useDivisionTree = () =>
  useQuery({
    queryKey: ['account-divisions'],
    queryFn: ({ signal }) => apiRequest('/account_divisions', { schema: ZDivisionTree, signal }),
    staleTime: 5 * 60_000,
  });

/**
 * Saves the request (creates it while `id` is null) and, for «Отправить на согласование», sends
 * it on; the field errors of either answer come back for the form to show.
 */
export function useSaveRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      id,
      request,
    }: {
      id: number | null;
      request: TCreateRequest | TUpdateRequest;
    }) =>
      apiCall(id === null ? '/vacancy_applications' : `/vacancy_applications/${id}`, {
        method: id === null ? 'POST' : 'PATCH',
        body: request,
        schema: ZRequest,
        errorToast: false,
      }),
    onSuccess: (result) =>
      result.ok ? queryClient.invalidateQueries({ queryKey: requestKeys.all }) : undefined,
  });
}

export function useSubmitRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiCall(`/vacancy_applications/${id}/submit`, {
        method: 'POST',
        body: {},
        schema: ZRequest,
        errorToast: false,
        successToast: 'Заявка отправлена на согласование',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: requestKeys.all }),
  });
}
