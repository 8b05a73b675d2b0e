import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZApplicantListResponse } from '@ats/contracts/applicant-list';
import {
  ZMailTemplate,
  ZMailTemplateList,
  ZMailTemplateVariableList,
  ZRenderedLetter,
  type TCreateMailTemplateRequest,
  type TPreviewTemplateRequest,
  type TUpdateMailTemplateRequest,
} from '@ats/contracts/mail-templates';
import { apiCall, ApiError, apiRequest } from '../../shared/api-client';

export const mailTemplateKeys = {
  all: ['mail-templates'] as const,
  list: () => [...mailTemplateKeys.all, 'list'] as const,
  variables: ['mail-template-variables'] as const,
  preview: (request: TPreviewTemplateRequest) =>
    [...mailTemplateKeys.all, 'preview', request] as const,
  applicantSearch: (search: string) => ['mail-template-applicants', search] as const,
};

export const useMailTemplates = () =>
  useQuery({
    queryKey: mailTemplateKeys.list(),
    queryFn: ({ signal }) =>
      apiRequest('/account_mail_temps', { schema: ZMailTemplateList, signal }),
  });

export const useTemplateVariables = () =>
  useQuery({
    queryKey: mailTemplateKeys.variables,
    queryFn: ({ signal }) =>
      apiRequest('/account_mail_temps/variables', { schema: ZMailTemplateVariableList, signal }),
    staleTime: Infinity,
  });

export function useSaveMailTemplate(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateMailTemplateRequest | TUpdateMailTemplateRequest) =>
      apiCall(id === null ? '/account_mail_temps' : `/account_mail_temps/${id}`, {
        method: id === null ? 'POST' : 'PATCH',
        body,
        schema: ZMailTemplate,
        successToast: id === null ? 'Шаблон создан' : 'Шаблон сохранён',
      }),
    onSuccess: (result) => {
      if (result.ok) return queryClient.invalidateQueries({ queryKey: mailTemplateKeys.list() });
    },
  });
}

export function useDeleteMailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiCall(`/account_mail_temps/${id}`, {
        method: 'DELETE',
        schema: ZMailTemplate,
        successToast: 'Шаблон удалён',
      }),
    onSuccess: (result) => {
      if (result.ok) return queryClient.invalidateQueries({ queryKey: mailTemplateKeys.list() });
    },
  });
}

/** The letter as the applicant would get it, re-rendered (by the server) as the draft changes. */
export const useLetterPreview = (request: TPreviewTemplateRequest | null) =>
  useQuery({
    queryKey: mailTemplateKeys.preview(request ?? { applicant_id: 0 }),
    queryFn: async ({ signal }) => {
      const result = await apiCall('/account_mail_temps/preview', {
        method: 'POST',
        body: request,
        schema: ZRenderedLetter,
        signal,
        errorToast: false,
      });
      if (result.ok) return result.data;
      throw new ApiError(result.code, result.message);
    },
    enabled: request !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });

const SEARCH_PAGE = 8;

/** Applicants whose name matches, for choosing whom the preview is written to. */
export const useApplicantSearch = (search: string) =>
  useQuery({
    queryKey: mailTemplateKeys.applicantSearch(search),
    queryFn: ({ signal }) =>
      apiRequest('/applicants', {
        query: { search: search || undefined, per_page: SEARCH_PAGE, page: 1 },
        schema: ZApplicantListResponse,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** The API path of a rendered file (the session cookie authorises the download). */
export const renderedFileUrl = (kind: 'pdf' | 'docx', templateId: number, applicantId: number) =>
  `/api/get_${kind}_by_template?template_id=${templateId}&applicant_id=${applicantId}`;
