import { useQuery } from '@tanstack/react-query';
import { ZApplicantCard } from '@ats/contracts/applicants';
import { API_CODES } from '@ats/contracts/envelope';
import { apiCall, ApiError } from '../api-client';
import { applicantKeys } from '../query-keys';

/** The card, or null when the applicant does not exist (or belongs to another account). */
export async function fetchApplicantCard(id: number, signal?: AbortSignal) {
  const result = await apiCall(`/applicants/${id}`, {
    schema: ZApplicantCard,
    signal,
    errorToast: false,
  });
  if (result.ok) return result.data;
  if (result.code === API_CODES.notFound) return null;
  throw new ApiError(result.code, result.message);
}

export function useApplicantCard(id: number) {
  return useQuery({
    queryKey: applicantKeys.card(id),
    queryFn: ({ signal }) => fetchApplicantCard(id, signal),
    enabled: Number.isInteger(id) && id > 0,
    retry: (count, error) => !(error instanceof ApiError && error.code < 500) && count < 2,
  });
}
