import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  ZAccountSource,
  ZAccountSourceList,
  type ZCreateAccountSourceRequest,
} from '@ats/contracts/account-sources';
import { apiCall, apiRequest } from '../../shared/api-client';

export type SourceChanges = Partial<z.input<typeof ZCreateAccountSourceRequest>>;

// ['account-sources'] is the applicant screens' key too: a change here shows there at once.
export const sourceKeys = { list: ['account-sources'] as const };

export const useSourceList = () =>
  useQuery({
    queryKey: sourceKeys.list,
    queryFn: ({ signal }) => apiRequest('/account_sources', { schema: ZAccountSourceList, signal }),
  });

function useRefreshSources() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: sourceKeys.list });
}

export function useSaveSource(id: number | null, successToast?: string) {
  const refresh = useRefreshSources();
  return useMutation({
    mutationFn: (source: SourceChanges) =>
      apiCall(id === null ? '/account_sources' : `/account_sources/${id}`, {
        method: id === null ? 'POST' : 'PATCH',
        body: source,
        schema: ZAccountSource,
        successToast: successToast ?? (id === null ? 'Источник добавлен' : 'Источник сохранён'),
      }),
    onSuccess: (result) => (result.ok ? refresh() : undefined),
  });
}

/** The active flag of one source, straight from the list. */
export function useToggleSource() {
  const refresh = useRefreshSources();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: number; isActive: boolean }) =>
      apiCall(`/account_sources/${id}`, {
        method: 'PATCH',
        body: { is_active: isActive },
        schema: ZAccountSource,
        successToast: isActive ? 'Источник включён' : 'Источник выключен',
      }),
    onSettled: () => refresh(),
  });
}

export function useReorderSources() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) =>
      apiCall('/account_sources/reorder', {
        method: 'POST',
        body: { ids },
        schema: ZAccountSourceList,
      }),
    onSuccess: (result) => {
      if (result.ok) queryClient.setQueryData(sourceKeys.list, result.data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sourceKeys.list }),
  });
}

export function useDeleteSource() {
  const refresh = useRefreshSources();
  return useMutation({
    mutationFn: (id: number) =>
      apiCall(`/account_sources/${id}`, {
        method: 'DELETE',
        schema: ZAccountSource,
        successToast: 'Источник удалён',
      }),
    onSuccess: (result) => (result.ok ? refresh() : undefined),
  });
}
