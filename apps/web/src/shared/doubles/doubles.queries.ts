import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  ZDoubleMatchList,
  ZMergeList,
  ZUndoMergeResult,
  type TCheckDoublesRequest,
} from '@ats/contracts/duplicates';
import { apiCall, apiRequest } from '../api-client';
import { applicantKeys, duplicateKeys } from '../query-keys';

// The doubles shown outside the doubles screens: the create form's «Похожие кандидаты», the
// card's banner and its merges with their undo. The doubles list and the merge itself stay in
// features/duplicates.

/** The create form's 'Похожие кандидаты': null draft = nothing worth checking yet. */
export function useCheckDoubles(draft: TCheckDoublesRequest | null) {
  return useQuery({
    queryKey: duplicateKeys.check(draft ?? {}),
    queryFn: ({ signal }) =>
      apiRequest('/applicants/check_doubles', {
        method: 'POST',
        body: draft,
        schema: ZDoubleMatchList,
        signal,
        // A failed check must never stand between the recruiter and saving.
        errorToast: false,
      }),
    enabled: draft !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** The live doubles of one applicant (the card's banner, the compare screen's reasons). */
export function useApplicantDoubles(id: number, enabled = true) {
  return useQuery({
    queryKey: duplicateKeys.ofApplicant(id),
    queryFn: ({ signal }) =>
      apiRequest(`/applicants/${id}/get_double`, {
        schema: ZDoubleMatchList,
        signal,
        errorToast: false,
      }),
    enabled: enabled && Number.isInteger(id) && id > 0,
    retry: false,
  });
}

/** After a merge or its undo both cards, the lists and the doubles are stale. */
export const invalidateAfterMerge = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: applicantKeys.all }),
    queryClient.invalidateQueries({ queryKey: duplicateKeys.all }),
  ]);

/**
 * Undoes a merge and refreshes what it touched. A plain function, so the toast shown after the
 * merge can call it after the compare screen is gone.
 */
export async function undoMerge(queryClient: QueryClient, mergeId: number) {
  const result = await apiCall(`/applicants/merges/${mergeId}/undo`, {
    method: 'POST',
    schema: ZUndoMergeResult,
    successToast: 'Объединение отменено: оба кандидата восстановлены',
  });
  if (result.ok) await invalidateAfterMerge(queryClient);
  return result;
}

/** Merges into the applicant, newest first as the server gives them. */
export function useApplicantMerges(applicantId: number, enabled = true) {
  return useQuery({
    queryKey: duplicateKeys.merges(applicantId),
    queryFn: ({ signal }) =>
      apiRequest('/applicants/merges', {
        query: { applicant_id: applicantId },
        schema: ZMergeList,
        signal,
        errorToast: false,
      }),
    enabled,
    retry: false,
  });
}

export function useUndoMerge() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (mergeId: number) => undoMerge(queryClient, mergeId) });
}
