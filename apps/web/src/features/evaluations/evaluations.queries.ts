import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type TCreateApplicantEvaluationRequest,
  type TEvaluationFormRequest,
  type TUpdateApplicantEvaluationRequest,
  ZApplicantEvaluation,
  ZApplicantEvaluationList,
  ZEvaluationForm,
  ZEvaluationFormList,
} from '@ats/contracts/evaluations';
import { ZStage, ZStatusGroupList } from '@ats/contracts/pipeline';
import { ZVacancyPage } from '@ats/contracts/vacancies';
import { apiCall, apiRequest } from '../../shared/api-client';

export const evaluationKeys = {
  forms: ['evaluation-forms'] as const,
  ofApplicant: (applicantId: number) => ['applicant-evaluations', applicantId] as const,
  stageSources: ['evaluation-stage-sources'] as const,
};

export const useEvaluationForms = () =>
  useQuery({
    queryKey: evaluationKeys.forms,
    queryFn: ({ signal }) => apiRequest('/evaluations', { schema: ZEvaluationFormList, signal }),
  });

export function useSaveForm(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: TEvaluationFormRequest) =>
      apiCall(id === null ? '/evaluations' : `/evaluations/${id}`, {
        method: id === null ? 'POST' : 'PATCH',
        body: form,
        schema: ZEvaluationForm,
        successToast: id === null ? 'Форма создана' : 'Форма сохранена',
      }),
    onSuccess: (result) =>
      result.ok ? queryClient.invalidateQueries({ queryKey: evaluationKeys.forms }) : undefined,
  });
}

export function useDeleteForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiCall(`/evaluations/${id}`, {
        method: 'DELETE',
        schema: ZEvaluationForm,
        successToast: 'Форма удалена',
      }),
    onSuccess: (result) =>
      result.ok ? queryClient.invalidateQueries({ queryKey: evaluationKeys.forms }) : undefined,
  });
}

/** The funnels and open vacancies with their stages: where a form can be attached. */
export const useStageSources = () =>
  useQuery({
    queryKey: evaluationKeys.stageSources,
    queryFn: async ({ signal }) => {
      const [funnels, vacancies] = await Promise.all([
        apiRequest('/status_groups', { schema: ZStatusGroupList, signal }),
        apiRequest('/vacancies', {
          query: { state: 'open', per_page: 100 },
          schema: ZVacancyPage,
          signal,
        }),
      ]);
      return { funnels, vacancies: vacancies.vacancies };
    },
  });

/** Attaches a form to a stage, or detaches it (null). */
export function useAttachForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ stageId, formId }: { stageId: number; formId: number | null }) =>
      apiCall(`/statuses/${stageId}`, {
        method: 'PATCH',
        body: { evaluation_id: formId },
        schema: ZStage,
        successToast: formId === null ? 'Форма откреплена от этапа' : 'Форма прикреплена к этапу',
      }),
    onSuccess: (result) =>
      result.ok
        ? Promise.all([
            queryClient.invalidateQueries({ queryKey: evaluationKeys.forms }),
            queryClient.invalidateQueries({ queryKey: evaluationKeys.stageSources }),
          ])
        : undefined,
  });
}

export const useApplicantEvaluations = (applicantId: number) =>
  useQuery({
    queryKey: evaluationKeys.ofApplicant(applicantId),
    queryFn: ({ signal }) =>
      apiRequest('/applicant_evaluations', {
        query: { applicant_id: applicantId },
        schema: ZApplicantEvaluationList,
        signal,
      }),
  });

export function useSaveEvaluation(applicantId: number, id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateApplicantEvaluationRequest | TUpdateApplicantEvaluationRequest) =>
      apiCall(id === null ? '/applicant_evaluations' : `/applicant_evaluations/${id}`, {
        method: id === null ? 'POST' : 'PATCH',
        body,
        schema: ZApplicantEvaluation,
        successToast: 'Оценка сохранена',
      }),
    onSuccess: (result) =>
      result.ok
        ? queryClient.invalidateQueries({ queryKey: evaluationKeys.ofApplicant(applicantId) })
        : undefined,
  });
}

export function useDeleteEvaluation(applicantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiCall(`/applicant_evaluations/${id}`, {
        method: 'DELETE',
        schema: ZApplicantEvaluation,
        successToast: 'Оценка удалена',
      }),
    onSuccess: (result) =>
      result.ok
        ? queryClient.invalidateQueries({ queryKey: evaluationKeys.ofApplicant(applicantId) })
        : undefined,
  });
}
