import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZApplicantConsent,
  ZPrivacyLetterSettings,
  ZPublicConsent,
  type TConsentDecision,
  type TUpdatePrivacyLetterSettings,
} from '@ats/contracts/consent';
import { apiCall, apiRequest, ApiError } from '../../shared/api-client';
import { applicantKeys } from '../../shared/query-keys';

// Consent to personal data (decision 0046): the company's settings, the applicant's state on the
// card, and the applicant's public page (no session: no session events and no toasts there).

const quiet = { errorToast: false, sessionHandling: false } as const;
const publicPath = (token: string) => `/public/consents/${encodeURIComponent(token)}`;

export const consentKeys = {
  settings: ['privacy-letter-settings'] as const,
  ofApplicant: (id: number) => ['applicant-consent', id] as const,
  page: (token: string) => ['consent-page', token] as const,
};

export const usePrivacySettings = () =>
  useQuery({
    queryKey: consentKeys.settings,
    queryFn: ({ signal }) =>
      apiRequest('/account/privacy_letter_settings', { schema: ZPrivacyLetterSettings, signal }),
  });

export const useUpdatePrivacySettings = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdatePrivacyLetterSettings) =>
      apiCall('/account/privacy_letter_settings', {
        method: 'PATCH',
        body,
        schema: ZPrivacyLetterSettings,
        errorToast: false,
        successToast: 'Настройки согласия сохранены',
      }),
    onSuccess: (result) => {
      if (result.ok) client.setQueryData(consentKeys.settings, result.data);
    },
  });
};

/** The card's consent state; the applicant answers elsewhere, so each visit asks again. */
export const useApplicantConsent = (applicantId: number) =>
  useQuery({
    queryKey: consentKeys.ofApplicant(applicantId),
    queryFn: ({ signal }) =>
      apiRequest(`/applicants/${applicantId}/consent`, { schema: ZApplicantConsent, signal }),
    staleTime: 0,
    refetchOnWindowFocus: true,
  });

export const useRequestConsent = (applicantId: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiCall(`/applicants/${applicantId}/consent/request`, {
        method: 'POST',
        schema: ZApplicantConsent,
        successToast: 'Запрос согласия отправлен кандидату',
      }),
    onSuccess: (result) => {
      if (result.ok) client.setQueryData(consentKeys.ofApplicant(applicantId), result.data);
      // The card's history has a new entry.
      void client.invalidateQueries({ queryKey: applicantKeys.card(applicantId) });
    },
  });
};

/** `GET /api/public/consents/{token}`. */
export const usePublicConsent = (token: string) =>
  useQuery({
    queryKey: consentKeys.page(token),
    queryFn: async ({ signal }) => {
      const result = await apiCall(publicPath(token), { schema: ZPublicConsent, signal, ...quiet });
      if (result.ok) return result.data;
      throw new ApiError(result.code, result.message, result.errors);
    },
    retry: false,
    refetchOnWindowFocus: false,
  });

/** `POST /api/public/consents/{token}`: answers the result, never throws. */
export const useDecideConsent = (token: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: TConsentDecision) =>
      apiCall(publicPath(token), { method: 'POST', body: { decision }, ...quiet }),
    onSuccess: () => client.invalidateQueries({ queryKey: consentKeys.page(token) }),
  });
};
