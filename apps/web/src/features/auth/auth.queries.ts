import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type {
  TAuthTokenResponse,
  TLoginRequest,
  TResetFromMailRequest,
  TResetRequest,
  TSignUpRequest,
  TSignUpResponse,
} from '@ats/contracts/auth';
import { apiCall, type ApiResult } from '../../shared/api-client';

// Forms show failures next to the fields, so these calls do not toast errors themselves.
const quiet = { method: 'POST', errorToast: false } as const;

export const login = (body: TLoginRequest) =>
  apiCall<TAuthTokenResponse>('/auth/login', { ...quiet, body: { ...body, source: 'web' } });

export const signUp = (body: TSignUpRequest) =>
  apiCall<TSignUpResponse>('/sign_up', { ...quiet, body });

export const requestReset = (body: TResetRequest) =>
  apiCall<string>('/auth/reset', { ...quiet, body });

export const resetFromMail = (body: TResetFromMailRequest) =>
  apiCall<TAuthTokenResponse>('/auth/reset_from_mail', { ...quiet, body });

/**
 * Wraps a call that sets the session cookie: on success the old (anonymous) cache is dropped and
 * the user lands on the home page, where the guard loads the fresh current user.
 */
export function useSignInMutation<TBody, TData>(call: (body: TBody) => Promise<ApiResult<TData>>) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: call,
    onSuccess: async (result) => {
      if (!result.ok) return;
      queryClient.clear();
      await navigate('/', { replace: true });
    },
  });
}

/** Human text for a failed call, with the wait time when the server limits attempts. */
export function failureText(result: Extract<ApiResult<unknown>, { ok: false }>): string {
  if (result.code === 429 && result.retryAfter) {
    return `${result.message}. Повторите через ${result.retryAfter} с.`;
  }
  return result.message;
}
