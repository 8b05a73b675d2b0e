import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZDivision,
  ZDivisionTree,
  type TCreateDivisionRequest,
  type TUpdateDivisionRequest,
} from '@ats/contracts/divisions';
import { apiCall, apiRequest } from '../../shared/api-client';
import { sessionKeys } from '../../shared/session/session.queries';

// The same key as the vacancy screens, so a change here shows there without a reload.
export const divisionKeys = { tree: ['account-divisions'] as const };

export const useDivisionTree = () =>
  useQuery({
    queryKey: divisionKeys.tree,
    queryFn: ({ signal }) => apiRequest('/account_divisions', { schema: ZDivisionTree, signal }),
  });

/** After a change: the tree, and `me`, whose account_divisions the filters read. */
function useRefreshDivisions() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: divisionKeys.tree }),
      queryClient.invalidateQueries({ queryKey: sessionKeys.me }),
    ]);
}

export function useCreateDivision() {
  const refresh = useRefreshDivisions();
  return useMutation({
    mutationFn: (input: TCreateDivisionRequest) =>
      apiCall('/account_divisions', {
        method: 'POST',
        body: input,
        schema: ZDivision,
        successToast: 'Подразделение добавлено',
      }),
    onSuccess: (result) => (result.ok ? refresh() : undefined),
  });
}

export function useUpdateDivision(successToast: string) {
  const refresh = useRefreshDivisions();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: TUpdateDivisionRequest }) =>
      apiCall(`/account_divisions/${id}`, {
        method: 'PATCH',
        body: changes,
        schema: ZDivision,
        successToast,
      }),
    // A refused move (a cycle) leaves the tree as the server has it: read it again either way.
    onSettled: () => refresh(),
  });
}

export function useDeleteDivision() {
  const refresh = useRefreshDivisions();
  return useMutation({
    mutationFn: (id: number) =>
      apiCall(`/account_divisions/${id}`, {
        method: 'DELETE',
        schema: ZDivision,
        successToast: 'Подразделение удалено',
      }),
    onSuccess: (result) => (result.ok ? refresh() : undefined),
  });
}
