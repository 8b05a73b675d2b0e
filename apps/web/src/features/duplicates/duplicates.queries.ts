import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import {
  ZDoubleScanResponse,
  ZDoublesPage,
  ZMergePreview,
  ZMergeResult,
  type TDoublesPage,
  type TDoubleLevel,
  type TMergeRequest,
} from '@ats/contracts/duplicates';
import { PAGE_SIZE } from '@ats/contracts/pagination';
import { apiCall, apiRequest } from '../../shared/api-client';
import { invalidateAfterMerge } from '../../shared/doubles/doubles.queries';
import { duplicateKeys } from '../../shared/query-keys';

export const doublesListQueryOptions = (level: TDoubleLevel | null) =>
  infiniteQueryOptions({
    queryKey: duplicateKeys.list(level),
    queryFn: ({ pageParam, signal }) =>
      apiRequest('/applicants/doubles', {
        query: { page: pageParam, per_page: PAGE_SIZE, ...(level ? { level } : {}) },
        schema: ZDoublesPage,
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last: TDoublesPage) =>
      last.page * last.per_page < last.group_count ? last.page + 1 : undefined,
  });

export function useDoublesList(level: TDoubleLevel | null) {
  return useInfiniteQuery({ ...doublesListQueryOptions(level), placeholderData: keepPreviousData });
}

type DoublesData = InfiniteData<TDoublesPage, number>;

/** The list without the pair; a group left without pairs leaves the list too. */
export function withoutPair(data: DoublesData, a: number, b: number): DoublesData {
  const samePair = (p: { applicant_id: number; double_id: number }) =>
    (p.applicant_id === a && p.double_id === b) || (p.applicant_id === b && p.double_id === a);
  let removedGroups = 0;
  const pages = data.pages.map((page) => {
    const groups = page.groups
      .map((group) => ({ ...group, pairs: group.pairs.filter((p) => !samePair(p)) }))
      .filter((group) => {
        const keep = group.pairs.length > 0;
        if (!keep) removedGroups += 1;
        return keep;
      });
    return { ...page, groups };
  });
  return {
    ...data,
    pages: pages.map((page) => ({
      ...page,
      group_count: Math.max(0, page.group_count - removedGroups),
    })),
  };
}

/** «Не дубль»: the pair leaves every cached list at once, then the lists are read again. */
export function useDismissDouble() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pair: { applicant_id: number; double_id: number }) =>
      apiCall('/applicants/doubles/dismiss', {
        method: 'POST',
        body: pair,
        successToast: 'Пара больше не будет предлагаться как дубль',
      }),
    onSuccess: async (result, pair) => {
      if (!result.ok) return;
      queryClient.setQueriesData<DoublesData>({ queryKey: duplicateKeys.lists() }, (data) =>
        data ? withoutPair(data, pair.applicant_id, pair.double_id) : data,
      );
      await queryClient.invalidateQueries({ queryKey: duplicateKeys.all });
    },
  });
}

const SCAN_POLL_MS = 1000;

/** The latest scan of the account; polled while it runs. */
export function useDoubleScan() {
  return useQuery({
    queryKey: duplicateKeys.scan(),
    queryFn: ({ signal }) =>
      apiRequest('/applicants/doubles/scan', { schema: ZDoubleScanResponse, signal }),
    refetchInterval: (query) => {
      const state = query.state.data?.scan?.state;
      return state === 'queued' || state === 'running' ? SCAN_POLL_MS : false;
    },
  });
}

export function useStartScan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiCall('/applicants/doubles/scan', { method: 'POST', schema: ZDoubleScanResponse }),
    onSuccess: (result) => {
      if (result.ok) queryClient.setQueryData(duplicateKeys.scan(), result.data);
    },
  });
}

/** What a merge would give; nothing is saved. */
export function useMergePreview(request: TMergeRequest | null) {
  return useQuery({
    queryKey: duplicateKeys.preview(request ?? { primary_id: 0, secondary_id: 0, fields: {} }),
    queryFn: ({ signal }) =>
      apiRequest('/applicants/merge_preview', {
        method: 'POST',
        body: request,
        schema: ZMergePreview,
        signal,
        errorToast: false,
      }),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/**
 * The merge itself. The caches are left to the caller: refreshing them while the compare screen
 * is still mounted would show its secondary as «не найден» before the screen can leave.
 */
export function useMergeApplicants() {
  const queryClient = useQueryClient();
  return {
    ...useMutation({
      mutationFn: (request: TMergeRequest) =>
        apiCall('/applicants/merge', { method: 'POST', body: request, schema: ZMergeResult }),
    }),
    refreshAfterMerge: () => invalidateAfterMerge(queryClient),
  };
}
