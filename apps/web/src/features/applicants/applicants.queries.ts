import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import { ZJobSiteStateChange } from '@ats/contracts/job-site-states';
import {
  ZComment,
  type TCreateApplicantRequest,
  type TUpdateApplicantRequest,
} from '@ats/contracts/applicants';
import { ZCreatedApplicant } from '@ats/contracts/duplicates';
import { ZApplicantFile, type TApplicantFileKind } from '@ats/contracts/files';
import { useNavigate } from 'react-router';
import { apiCall, apiDownload, apiRequest, apiUpload, saveBlob } from '../../shared/api-client';
import { ZApplicantListResponse } from '@ats/contracts/applicant-list';
import { applicantKeys } from '../../shared/query-keys';
import type { ScreenPrimer } from '../../shared/prefetched-answers';
import {
  listParams,
  listQueryString,
  listStateFromUrl,
  nextListPage,
  type ApplicantListParams,
} from './list-query';

export const applicantListQueryOptions = (params: ApplicantListParams) =>
  infiniteQueryOptions({
    queryKey: [...applicantKeys.lists(), params] as const,
    queryFn: ({ pageParam, signal }) =>
      apiRequest(`/applicants?${listQueryString(params, pageParam)}`, {
        schema: ZApplicantListResponse,
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: nextListPage,
  });

/**
 * The state changes sent to job sites for the applicant's applications (decision 0054), newest
 * first. Under the card's key, so a move or a rejection reads them again; read every 2 s while
 * one is still being sent.
 */
export const useJobSiteStates = (applicantId: number) =>
  useQuery({
    queryKey: [...applicantKeys.card(applicantId), 'job-site-states'] as const,
    queryFn: ({ signal }) =>
      apiRequest(`/applicants/${applicantId}/job_site_states`, {
        schema: z.array(ZJobSiteStateChange),
        signal,
      }),
    refetchInterval: (query) =>
      query.state.data?.some((change) => change.status === 'queued') ? 2_000 : false,
  });

/**
 * The list's first page, filled in the route's loader from the screen's answers (its default
 * view: the loader brings none for an address with a search or filters), so the list is drawn in
 * the page's first render. No retry there: a failure is the screen's to show.
 */
export const primeApplicantList: ScreenPrimer = (client, { request }) =>
  client.prefetchInfiniteQuery({
    ...applicantListQueryOptions(listParams(listStateFromUrl(new URL(request.url).searchParams))),
    retry: false,
  });

export function useApplicantList(params: ApplicantListParams) {
  // While a new search loads, the old rows stay on screen instead of flashing empty.
  return useInfiniteQuery({
    ...applicantListQueryOptions(params),
    placeholderData: keepPreviousData,
  });
}

export function useCreateApplicant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, tags }: { body: TCreateApplicantRequest; tags: number[] }) => {
      // Only the id (to open the card) and the doubles found (to offer a compare) are needed.
      const created = await apiCall('/applicants', {
        method: 'POST',
        body,
        schema: ZCreatedApplicant.pick({ id: true, doubles: true }).partial({ doubles: true }),
      });
      // Tags are not part of the create payload (the clients set them right after, §8).
      if (created.ok && tags.length > 0) {
        await apiCall(`/applicants/${created.data.id}/update_tags`, {
          method: 'POST',
          body: { tags },
        });
      }
      return created;
    },
    onSuccess: (result) => {
      if (result.ok) void queryClient.invalidateQueries({ queryKey: applicantKeys.lists() });
    },
  });
}

/** Every applicant change refreshes the card (with its worklog) and the lists. */
function useApplicantInvalidation(id: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: applicantKeys.card(id) }),
      queryClient.invalidateQueries({ queryKey: applicantKeys.lists() }),
    ]);
}

export function useUpdateApplicant(id: number) {
  const invalidate = useApplicantInvalidation(id);
  return useMutation({
    mutationFn: (changes: TUpdateApplicantRequest) =>
      apiCall(`/applicants/${id}`, { method: 'PATCH', body: changes, successToast: 'Сохранено' }),
    onSuccess: (result) => {
      if (result.ok) return invalidate();
    },
  });
}

export function useUpdateApplicantTags(id: number) {
  const invalidate = useApplicantInvalidation(id);
  return useMutation({
    mutationFn: (tags: number[]) =>
      apiCall(`/applicants/${id}/update_tags`, {
        method: 'POST',
        body: { tags },
        successToast: 'Теги обновлены',
      }),
    onSuccess: (result) => {
      if (result.ok) return invalidate();
    },
  });
}

export function useArchiveApplicant(id: number) {
  const invalidate = useApplicantInvalidation(id);
  return useMutation({
    mutationFn: (archived: boolean) =>
      apiCall(`/applicants/${id}/${archived ? 'archive' : 'restore'}`, {
        method: 'POST',
        successToast: archived ? 'Кандидат перемещён в архив' : 'Кандидат восстановлен из архива',
      }),
    onSuccess: (result) => {
      if (result.ok) return invalidate();
    },
  });
}

export function useDeleteApplicant(id: number) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () =>
      apiCall(`/applicants/${id}`, {
        method: 'DELETE',
        query: { confirm: 'true' },
        successToast: 'Кандидат удалён',
      }),
    onSuccess: async (result) => {
      if (!result.ok) return;
      // Leave the card first: a mounted card would fetch the deleted applicant again.
      await navigate('/applicants', { replace: true });
      queryClient.removeQueries({ queryKey: applicantKeys.card(id) });
      await queryClient.invalidateQueries({ queryKey: applicantKeys.lists() });
    },
  });
}

export function useCommentMutations(applicantId: number) {
  const invalidate = useApplicantInvalidation(applicantId);
  const base = `/applicants/${applicantId}/comments`;
  const onSuccess = (result: { ok: boolean }) => {
    if (result.ok) return invalidate();
  };
  return {
    add: useMutation({
      mutationFn: (description: string) =>
        apiCall(base, { method: 'POST', body: { description }, schema: ZComment }),
      onSuccess,
    }),
    edit: useMutation({
      mutationFn: ({ id, description }: { id: number; description: string }) =>
        apiCall(`${base}/${id}`, { method: 'PATCH', body: { description } }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: number) =>
        apiCall(`${base}/${id}`, { method: 'DELETE', successToast: 'Комментарий удалён' }),
      onSuccess,
    }),
  };
}

/** Résumés and attachments on the card: upload (multipart) and delete. */
export function useApplicantFileMutations(applicantId: number) {
  const invalidate = useApplicantInvalidation(applicantId);
  const onSuccess = (result: { ok: boolean }) => {
    if (result.ok) return invalidate();
  };
  return {
    upload: useMutation({
      mutationFn: ({ file, kind }: { file: File; kind: TApplicantFileKind }) =>
        apiUpload(`/applicants/${applicantId}/files`, file, {
          fields: { kind },
          schema: ZApplicantFile,
          successToast: 'Файл загружен',
        }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (fileId: number) =>
        apiCall(`/applicants/${applicantId}/files/${fileId}`, {
          method: 'DELETE',
          successToast: 'server',
        }),
      onSuccess,
    }),
  };
}

export function useBulkApplicantActions() {
  const queryClient = useQueryClient();
  const onSuccess = (result: { ok: boolean }) => {
    if (result.ok) return queryClient.invalidateQueries({ queryKey: applicantKeys.all });
  };
  return {
    tag: useMutation({
      mutationFn: (input: { applicant_ids: number[]; add_tag_ids: number[] }) =>
        apiCall('/applicants/bulk/tags', {
          method: 'POST',
          body: input,
          successToast: 'Теги добавлены',
        }),
      onSuccess,
    }),
    archive: useMutation({
      mutationFn: (applicantIds: number[]) =>
        apiCall('/applicants/bulk/archive', {
          method: 'POST',
          body: { applicant_ids: applicantIds },
          successToast: 'Кандидаты перемещены в архив',
        }),
      onSuccess,
    }),
    /** The selection as xlsx, saved under the server's name ('Кандидаты 21.11.2026.xlsx'). */
    exportSelection: useMutation({
      mutationFn: async (applicantIds: number[]) => {
        const result = await apiDownload('/applicants/bulk/export', {
          method: 'POST',
          body: { applicant_ids: applicantIds },
        });
        if (result.ok) saveBlob(result.blob, result.fileName ?? 'Кандидаты.xlsx');
        return result;
      },
    }),
  };
}
