import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { ACCOUNT_DEACTIVATED_PATTERN, ZAccount, type TAccount } from '@ats/contracts/account';
import { API_CODES, MESSAGES } from '@ats/contracts/envelope';
import { ZMe, type TMe } from '@ats/contracts/me';
import { apiCall, ApiError } from '../api-client';
import { setErrorTrackingUser } from '../error-tracking';
import { forgetKeptLists } from '../kept-lists';
import { forgetPrefetchedAnswers } from '../prefetched-answers';
import { notify } from '../toasts';

export const sessionKeys = {
  me: ['session', 'me'] as const,
  account: ['session', 'account'] as const,
};

const NO_SESSION_CODES: number[] = [API_CODES.sessionMissing, API_CODES.sessionExpired];

/** GET /api/me is the single source of "signed in": the cookie is HttpOnly, JS cannot see it. */
export async function fetchMe(): Promise<TMe | null> {
  const result = await apiCall('/me', { schema: ZMe, sessionHandling: false, errorToast: false });
  if (result.ok) {
    const { id, email, tariff_name } = result.data;
    setErrorTrackingUser({ id, email, tariff_name });
    return result.data;
  }
  if (NO_SESSION_CODES.includes(result.code)) {
    setErrorTrackingUser(null);
    return null;
  }
  throw new ApiError(result.code, result.message);
}

export const meQueryOptions = queryOptions({
  queryKey: sessionKeys.me,
  queryFn: fetchMe,
  staleTime: 5 * 60_000,
  retry: false,
});

export type AccountState =
  | { state: 'active'; account: TAccount }
  | { state: 'deactivated'; message: string }
  | { state: 'unknown' };

export async function fetchAccountState(): Promise<AccountState> {
  const result = await apiCall('/account', { errorToast: false });
  if (!result.ok) {
    return result.code === API_CODES.accountInactive ||
      ACCOUNT_DEACTIVATED_PATTERN.test(result.message)
      ? { state: 'deactivated', message: result.message }
      : { state: 'unknown' };
  }
  // SPEC.md §4: a text answer that mentions deactivation also means deactivated.
  if (typeof result.data === 'string') {
    return ACCOUNT_DEACTIVATED_PATTERN.test(result.data)
      ? { state: 'deactivated', message: result.data }
      : { state: 'unknown' };
  }
  const parsed = ZAccount.safeParse(result.data);
  return parsed.success ? { state: 'active', account: parsed.data } : { state: 'unknown' };
}

export const accountQueryOptions = queryOptions({
  queryKey: sessionKeys.account,
  queryFn: fetchAccountState,
  staleTime: 5 * 60_000,
  retry: false,
});

export function useMe() {
  return useQuery(meQueryOptions);
}

/** The signed-in user; only for screens inside the session guard. */
export function useCurrentUser(): TMe {
  const { data } = useQuery(meQueryOptions);
  if (!data) throw new ApiError(API_CODES.sessionMissing, MESSAGES.sessionMissing);
  return data;
}

export function useAccountState() {
  return useQuery(accountQueryOptions);
}

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => apiCall<string>('/log_out', { method: 'DELETE', errorToast: false }),
    // Even if the server call fails the local session ends: the user asked to leave.
    onSettled: async () => {
      endLocalSession(queryClient);
      notify.success(MESSAGES.loggedOut);
      await navigate('/auth/login', { replace: true });
    },
  });
}

/**
 * Forgets everything the cache knows about the old session and records "no user", so guards
 * and the layout see a signed-out visitor without another request.
 */
export function endLocalSession(queryClient: QueryClient) {
  void queryClient.cancelQueries();
  queryClient.clear();
  forgetPrefetchedAnswers();
  forgetKeptLists();
  queryClient.setQueryData(sessionKeys.me, null);
  setErrorTrackingUser(null);
}
