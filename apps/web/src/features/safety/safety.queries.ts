import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZActiveSessionList,
  ZEndedSessions,
  ZRecoveryCodes,
  ZTwoFactorSetup,
  ZTwoFactorStatus,
  type TChangePasswordRequest,
  type TDisableTwoFactorRequest,
  type TRenewRecoveryCodesRequest,
} from '@ats/contracts/safety';
import { apiCall, apiRequest } from '../../shared/api-client';

export const safetyKeys = {
  sessions: ['safety', 'sessions'] as const,
  twoFactor: ['safety', 'two-factor'] as const,
};

// Forms show their failures under the fields; the toast would say the same twice.
const formCall = { errorToast: false } as const;

export const useActiveSessions = () =>
  useQuery({
    queryKey: safetyKeys.sessions,
    queryFn: ({ signal }) => apiRequest('/safety/sessions', { schema: ZActiveSessionList, signal }),
  });

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiCall<string>(`/safety/sessions/${id}`, { method: 'DELETE', successToast: 'server' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: safetyKeys.sessions }),
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiCall('/safety/sessions/end_others', {
        method: 'POST',
        schema: ZEndedSessions,
        successToast: 'Остальные сессии завершены',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: safetyKeys.sessions }),
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TChangePasswordRequest) =>
      apiCall<string>('/safety/password', {
        ...formCall,
        method: 'PATCH',
        body,
        successToast: 'server',
      }),
    onSuccess: (result) => {
      if (result.ok) return queryClient.invalidateQueries({ queryKey: safetyKeys.sessions });
    },
  });
}

export const useTwoFactorStatus = () =>
  useQuery({
    queryKey: safetyKeys.twoFactor,
    queryFn: ({ signal }) => apiRequest('/safety/two_factor', { schema: ZTwoFactorStatus, signal }),
  });

export const useStartTwoFactor = () =>
  useMutation({
    mutationFn: () =>
      apiCall('/safety/two_factor/setup', { method: 'POST', schema: ZTwoFactorSetup }),
  });

export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      apiCall('/safety/two_factor/confirm', {
        ...formCall,
        method: 'POST',
        body: { code },
        schema: ZRecoveryCodes,
      }),
    onSuccess: (result) => {
      if (result.ok) return queryClient.invalidateQueries({ queryKey: safetyKeys.twoFactor });
    },
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TDisableTwoFactorRequest) =>
      apiCall<string>('/safety/two_factor/disable', {
        ...formCall,
        method: 'POST',
        body,
        successToast: 'server',
      }),
    onSuccess: (result) => {
      if (result.ok) return queryClient.invalidateQueries({ queryKey: safetyKeys.twoFactor });
    },
  });
}

export function useRenewRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TRenewRecoveryCodesRequest) =>
      apiCall('/safety/two_factor/recovery_codes', {
        ...formCall,
        method: 'POST',
        body,
        schema: ZRecoveryCodes,
      }),
    onSuccess: (result) => {
      if (result.ok) return queryClient.invalidateQueries({ queryKey: safetyKeys.twoFactor });
    },
  });
}
