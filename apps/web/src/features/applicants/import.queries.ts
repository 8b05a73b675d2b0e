import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZApplicantImport,
  ZImportMatches,
  type TApplicantImport,
  type TImportField,
  type TStartImportRequest,
} from '@ats/contracts/applicant-import';
import { apiCall, apiDownload, apiRequest, apiUpload, saveBlob } from '../../shared/api-client';
import { applicantKeys } from '../../shared/query-keys';

/** How often a running import is asked for its progress. */
export const IMPORT_POLL_MS = 700;

export const importKeys = {
  one: (id: number) => [...applicantKeys.all, 'import', id] as const,
};

export const isImportRunning = (item: TApplicantImport | undefined) =>
  !!item?.started_at && (item.status === 'pending' || item.status === 'running');

export function useUploadImport() {
  return useMutation({
    mutationFn: (file: File) =>
      apiUpload('/applicants/imports', file, {
        schema: ZApplicantImport,
        // The dialog shows the refusal next to the file picker.
        errorToast: false,
      }),
  });
}

export function useStartImport(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TStartImportRequest) =>
      apiCall(`/applicants/imports/${id}/start`, {
        method: 'POST',
        body,
        schema: ZApplicantImport,
        errorToast: false,
      }),
    onSuccess: (result) => {
      if (result.ok) queryClient.setQueryData(importKeys.one(id), result.data);
    },
  });
}

/** The rows of the file that match applicants already in the base, with the chosen mapping. */
export function useImportMatches(id: number) {
  return useMutation({
    mutationFn: (fields: (TImportField | null)[]) =>
      apiCall(`/applicants/imports/${id}/matches`, {
        method: 'POST',
        body: { fields },
        schema: ZImportMatches,
        errorToast: false,
      }),
  });
}

/** The import, asked again every IMPORT_POLL_MS while its job runs. */
export function useImportProgress(id: number) {
  return useQuery({
    queryKey: importKeys.one(id),
    queryFn: ({ signal }) =>
      apiRequest(`/applicants/imports/${id}`, { schema: ZApplicantImport, signal }),
    refetchInterval: (query) => (isImportRunning(query.state.data) ? IMPORT_POLL_MS : false),
  });
}

/** Once an import ends, the list shows the new applicants. */
export function useRefreshApplicantLists() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: applicantKeys.lists() });
}

export async function downloadImportFailures(item: TApplicantImport) {
  const result = await apiDownload(`/applicants/imports/${item.id}/failures.xlsx`);
  if (result.ok) saveBlob(result.blob, result.fileName ?? 'ошибки импорта.xlsx');
}
