import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZReason,
  ZReasonList,
  type TCreateReasonRequest,
  type TReasonType,
} from '@ats/contracts/pipeline';
import { apiCall, apiRequest } from '../../shared/api-client';

// ['reasons', type] is the vacancy screens' key too: a change here shows there at once.
export const reasonKeys = {
  all: ['reasons'] as const,
  ofType: (type: TReasonType) => ['reasons', type] as const,
};

export const useReasonsOfType = (type: TReasonType) =>
  useQuery({
    queryKey: reasonKeys.ofType(type),
    queryFn: ({ signal }) =>
      apiRequest('/reasons', { query: { reason_type: type }, schema: ZReasonList, signal }),
  });

function useRefreshReasons() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: reasonKeys.all });
}

export function useCreateReason() {
  const refresh = useRefreshReasons();
  return useMutation({
    mutationFn: (reason: TCreateReasonRequest) =>
      apiCall('/reasons', {
        method: 'POST',
        body: reason,
        schema: ZReason,
        successToast: 'Причина добавлена',
      }),
    onSuccess: (result) => (result.ok ? refresh() : undefined),
  });
}

export function useRenameReason() {
  const refresh = useRefreshReasons();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      apiCall(`/reasons/${id}`, {
        method: 'PUT',
        body: { name },
        schema: ZReason,
        successToast: 'Причина переименована',
      }),
    onSuccess: (result) => (result.ok ? refresh() : undefined),
  });
}

export function useReorderReasons(type: TReasonType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) =>
      apiCall('/reasons/reorder', {
        method: 'POST',
        body: { reason_type: type, ids },
        schema: ZReasonList,
      }),
    onSuccess: (result) => {
      if (result.ok) queryClient.setQueryData(reasonKeys.ofType(type), result.data);
    },
    // A refused order (someone added a reason meanwhile) shows the list as it is now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: reasonKeys.all }),
  });
}

export function useDeleteReason() {
  const refresh = useRefreshReasons();
  return useMutation({
    mutationFn: (id: number) =>
      apiCall(`/reasons/${id}`, {
        method: 'DELETE',
        schema: ZReason,
        successToast: 'Причина удалена',
      }),
    onSuccess: (result) => (result.ok ? refresh() : undefined),
  });
}
