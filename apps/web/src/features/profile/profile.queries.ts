import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUpdateUserRequest } from '@ats/contracts/users';
import { apiCall } from '../../shared/api-client';
import { sessionKeys } from '../session/session.queries';

export function useUpdateProfile(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: TUpdateUserRequest['admin_user']) =>
      apiCall(`/users/${userId}`, {
        method: 'PATCH',
        body: { admin_user: changes },
        successToast: true,
      }),
    // The current user is the one source of names in the shell, so reload it after a change.
    onSuccess: (result) => {
      if (result.ok) return queryClient.invalidateQueries({ queryKey: sessionKeys.me });
    },
  });
}
