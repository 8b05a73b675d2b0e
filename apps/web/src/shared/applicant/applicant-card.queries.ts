import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZApplicantCard } from '@ats/contracts/applicants';
import { API_CODES } from '@ats/contracts/envelope';
import { apiCall, ApiError } from '../api-client';
import { applicantKeys } from '../query-keys';
import type { ScreenPrimer } from '../prefetched-answers';

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

export const applicantCardQueryOptions = (id: number) =>
  queryOptions({
    queryKey: applicantKeys.card(id),
    queryFn: ({ signal }) => fetchApplicantCard(id, signal),
    enabled: Number.isInteger(id) && id > 0,
    retry: (count, error) => !(error instanceof ApiError && error.code < 500) && count < 2,
  });

export function useApplicantCard(id: number) {
  return useQuery(applicantCardQueryOptions(id));
}

/**
 * The card's first paint reads the applicant: filled in the route's loader from the screen's
 * answers, so the card is drawn in the page's first render. No retry there: a failure is left to
 * the card, which shows it and asks again when it mounts.
 */
export const primeApplicantCard: ScreenPrimer = (client, { params }) =>
  client.prefetchQuery({ ...applicantCardQueryOptions(Number(params.id)), retry: false });
