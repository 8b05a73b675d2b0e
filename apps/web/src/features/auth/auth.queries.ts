import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import {
  ZTwoFactorRequiredEnvelope,
  type TAuthTokenResponse,
  type TConfirmEmailRequest,
  type TLoginRequest,
  type TLoginTwoFactorRequest,
  type TResetFromMailRequest,
  type TResetRequest,
  type TSignUpRequest,
  type TSignUpResponse,
} from '@ats/contracts/auth';
import { MESSAGES } from '@ats/contracts/envelope';
import { apiCall, THROWN_ERROR_CODE, type FieldErrors } from '../../shared/api-client';

// Forms show failures next to the fields, so these calls do not toast errors themselves.
const quiet = { method: 'POST', errorToast: false } as const;

/** A sign-in answer: a session, a second step to take, or a refusal to show. */
export type LoginResult =
  | { ok: true; code: 200; data: TAuthTokenResponse }
  | { ok: false; code: number; message: string; errors?: FieldErrors; retryAfter?: number }
  | { ok: false; code: number; message: string; twoFactor: { challenge: string } };

/**
 * POST /api/auth/login. A user with two-factor sign-in gets an error answer that carries the
 * challenge for the second step; the generic client keeps only the message, so this one call
 * reads the envelope itself.
 */
export async function login(body: TLoginRequest): Promise<LoginResult> {
  let response: Response;
  try {
    response = await fetch('/api/auth/login', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...body, source: 'web' }),
    });
  } catch (error) {
    const message = (error instanceof Error && error.message) || MESSAGES.unknownError;
    return { ok: false, code: THROWN_ERROR_CODE, message };
  }
  const envelope = (await response.json().catch(() => null)) as unknown;
  const parsed = ZTwoFactorRequiredEnvelope.safeParse(envelope);
  if (parsed.success) {
    const { code, message, challenge } = parsed.data;
    return { ok: false, code, message, twoFactor: { challenge } };
  }
  const e = (envelope ?? {}) as { code?: unknown; message?: unknown; errors?: unknown };
  const code = typeof e.code === 'number' ? e.code : response.status;
  if (code === 200 && response.ok) {
    return { ok: true, code: 200, data: e.message as TAuthTokenResponse };
  }
  const retryAfter = Number(response.headers.get('Retry-After'));
  return {
    ok: false,
    code,
    message: typeof e.message === 'string' ? e.message : MESSAGES.somethingWentWrong,
    ...(e.errors && typeof e.errors === 'object' ? { errors: e.errors as FieldErrors } : {}),
    ...(retryAfter > 0 ? { retryAfter } : {}),
  };
}

export const loginWithSecondFactor = (body: TLoginTwoFactorRequest) =>
  apiCall<TAuthTokenResponse>('/auth/login/two_factor', { ...quiet, body });

export const signUp = (body: TSignUpRequest) =>
  apiCall<TSignUpResponse>('/sign_up', { ...quiet, body });

export const requestReset = (body: TResetRequest) =>
  apiCall<string>('/auth/reset', { ...quiet, body });

export const confirmEmail = (body: TConfirmEmailRequest) =>
  apiCall<string>('/auth/confirm_email', { ...quiet, body });

export const resetFromMail = (body: TResetFromMailRequest) =>
  apiCall<TAuthTokenResponse>('/auth/reset_from_mail', { ...quiet, body });

/**
 * Wraps a call that sets the session cookie: on success the old (anonymous) cache is dropped and
 * the user lands on the home page, where the guard loads the fresh current user.
 */
export function useSignInMutation<TBody, TResult extends { ok: boolean }>(
  call: (body: TBody) => Promise<TResult>,
) {
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
export function failureText(result: { code: number; message: string; retryAfter?: number }) {
  if (result.code === 429 && result.retryAfter) {
    return `${result.message}. Повторите через ${result.retryAfter} с.`;
  }
  return result.message;
}
