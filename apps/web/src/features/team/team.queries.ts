import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZAuthTokenResponse } from '@ats/contracts/auth';
import {
  ZInvitation,
  ZTeamMember,
  ZTeamSeats,
  type TAcceptInvitationRequest,
  type TCreateUserRequest,
  type TUpdateUserRequest,
} from '@ats/contracts/users';
import { apiCall, ApiError, apiRequest } from '../../shared/api-client';
import { teamKeys } from '../../shared/query-keys';
import { sessionKeys } from '../../shared/session/session.queries';

export const useTeamSeats = () =>
  useQuery({
    queryKey: teamKeys.seats(),
    queryFn: ({ signal }) => apiRequest('/users/seats', { schema: ZTeamSeats, signal }),
  });

/** After any change of the team: the list, the seats and (a change of oneself) the current user. */
function useTeamChanged() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: teamKeys.all }),
      queryClient.invalidateQueries({ queryKey: sessionKeys.me }),
    ]);
}

/** Forms show field errors themselves, so the call toasts only success. */
export function useInviteUser() {
  const changed = useTeamChanged();
  return useMutation({
    mutationFn: (body: TCreateUserRequest) =>
      apiCall('/users', {
        method: 'POST',
        body,
        schema: ZTeamMember,
        errorToast: false,
        successToast: body.admin_user.password ? 'Пользователь добавлен' : 'Приглашение отправлено',
      }),
    onSuccess: (result) => (result.ok ? changed() : undefined),
  });
}

export function useUpdateUser(id: number) {
  const changed = useTeamChanged();
  return useMutation({
    mutationFn: ({ body, toast }: { body: TUpdateUserRequest; toast: string }) =>
      apiCall(`/users/${id}`, {
        method: 'PATCH',
        body,
        schema: ZTeamMember,
        successToast: toast,
      }),
    onSuccess: (result) => (result.ok ? changed() : undefined),
  });
}

export function useResendInvitation() {
  const changed = useTeamChanged();
  return useMutation({
    mutationFn: (id: number) =>
      apiCall(`/users/${id}/resend_invitation`, {
        method: 'POST',
        schema: ZTeamMember,
        successToast: 'Приглашение отправлено ещё раз',
      }),
    onSuccess: (result) => (result.ok ? changed() : undefined),
  });
}

/** The invitation behind a link; a dead link is an answer (shown on the page), not a toast. */
export const useInvitation = (token: string) =>
  useQuery({
    queryKey: teamKeys.invitation(token),
    queryFn: async ({ signal }) => {
      const result = await apiCall(`/invitations/${encodeURIComponent(token)}`, {
        schema: ZInvitation,
        signal,
        errorToast: false,
        sessionHandling: false,
      });
      if (result.ok) return result.data;
      throw new ApiError(result.code, result.message);
    },
    retry: false,
  });

export const acceptInvitation = (body: TAcceptInvitationRequest) =>
  apiCall('/invitations/accept', {
    method: 'POST',
    body,
    schema: ZAuthTokenResponse,
    errorToast: false,
    sessionHandling: false,
  });
