import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { ZUnreadCounters } from '@ats/contracts/messaging';
import { apiRequest } from '../api-client';
import { unreadKeys } from '../query-keys';

// Unread messages from applicants (issue 14): the header shows the user's total, the applicant
// list and the card each applicant's count. The messaging feature refreshes them (unreadKeys)
// when a message arrives or is read.

/** How many applicants one request asks about: the list's page. */
const IDS_PER_REQUEST = 30;
const REFRESH_MS = 60_000;

const fetchUnread = (applicantIds: readonly number[], signal: AbortSignal) =>
  apiRequest('/msg_integrations/chats/unread', {
    schema: ZUnreadCounters,
    query: { applicant_ids: applicantIds.length > 0 ? applicantIds.join(',') : undefined },
    signal,
    errorToast: false,
  });

/** The user's unread messages in total and for the given applicants. */
export const useUnreadCounters = (applicantIds: readonly number[] = []) =>
  useQuery({
    queryKey: unreadKeys.of(applicantIds),
    queryFn: ({ signal }) => fetchUnread(applicantIds, signal),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });

/** Each listed applicant's unread count (absent: none), asked a page of 30 at a time. */
export function useUnreadOfApplicants(applicantIds: readonly number[]): Map<number, number> {
  const chunks: number[][] = [];
  for (let start = 0; start < applicantIds.length; start += IDS_PER_REQUEST) {
    chunks.push(applicantIds.slice(start, start + IDS_PER_REQUEST));
  }
  return useQueries({
    queries: chunks.map((ids) => ({
      queryKey: unreadKeys.of(ids),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchUnread(ids, signal),
      refetchInterval: REFRESH_MS,
    })),
    combine: (results) => {
      const counts = new Map<number, number>();
      for (const result of results) {
        for (const [id, count] of Object.entries(result.data?.applicants ?? {})) {
          if (count > 0) counts.set(Number(id), count);
        }
      }
      return counts;
    },
  });
}
