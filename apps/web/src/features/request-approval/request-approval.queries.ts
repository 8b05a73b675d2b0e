import { useMutation, useQuery } from '@tanstack/react-query';
import { ZPublicApproval, type TPublicDecision } from '@ats/contracts/vacancy-applications';
import { apiCall, ApiError } from '../../shared/api-client';

// The outside approver has no session: no session events and no toasts, the screen shows every
// failure itself.
const quiet = { errorToast: false, sessionHandling: false } as const;

const path = (token: string) => `/public/request_approvals/${encodeURIComponent(token)}`;

export const requestApprovalKeys = {
  approval: (token: string) => ['request-approval', token] as const,
};

/** `GET /api/public/request_approvals/{token}`: the request as its outside approver sees it. */
export const usePublicApproval = (token: string) =>
  useQuery({
    queryKey: requestApprovalKeys.approval(token),
    queryFn: async ({ signal }) => {
      const result = await apiCall(path(token), { schema: ZPublicApproval, signal, ...quiet });
      if (result.ok) return result.data;
      throw new ApiError(result.code, result.message, result.errors);
    },
    retry: false,
    // A link is single-use: refetching on focus after the decision would replace the thanks
    // with «Ссылка уже использована».
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });

/** `POST /api/public/request_approvals/{token}`: the decision; answers the result, never throws. */
export const useDecideApproval = (token: string) =>
  useMutation({
    mutationFn: (decision: TPublicDecision) =>
      apiCall(path(token), { method: 'POST', body: decision, ...quiet }),
  });
