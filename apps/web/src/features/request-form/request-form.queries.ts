import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ZRequest,
  type TCreateRequest,
  type TUpdateRequest,
} from '@ats/contracts/vacancy-applications';
import { apiCall } from '../../shared/api-client';
import { requestKeys } from '../../shared/requests/requests-queries';

// The form's own writes: a save whose id is known only once the first save answers (so the
// shared hooks bound to one id do not fit), then the submit of that id.

function useRefresh() {
  const queryClient = useQueryClient();
  return (id: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: requestKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: requestKeys.one(id) }),
    ]);
}

/**
 * Saves the request (creates it while `id` is null); the field errors of the answer come back
 * for the form to show under its inputs, so no toast repeats them.
 */
export function useSaveRequest() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({
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
    onSuccess: (result) => (result.ok ? refresh(result.data.id) : undefined),
  });
}

/** «Отправить на согласование» after the save. */
export function useSubmitRequest() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) =>
      apiCall(`/vacancy_applications/${id}/submit`, {
        method: 'POST',
        body: {},
        schema: ZRequest,
        errorToast: false,
        successToast: 'Заявка отправлена на согласование',
      }),
    onSettled: (_result, _error, id) => refresh(id),
  });
}
