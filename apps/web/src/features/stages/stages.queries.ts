import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZEvaluationFormList } from '@ats/contracts/evaluations';
import {
  ZBoardColumnList,
  ZStage,
  ZStageList,
  ZStatusGroup,
  ZStatusGroupList,
  type TCreateStageRequest,
  type TUpdateStageRequest,
} from '@ats/contracts/pipeline';
import { ZStageSiteState, type TSaveStageSiteState } from '@ats/contracts/job-site-states';
import { z } from 'zod';
import { apiCall, apiRequest } from '../../shared/api-client';
import { pluralize } from '../../shared/format/plurals';
import { boardKeys, stageKeys } from '../../shared/query-keys';

/** Where a list of stages lives: a funnel (the template) or one vacancy (its own copies). */
export type StageOwner = { status_group_id: number } | { vacancy_id: number };

export const STAGE_HOLDS_APPLICANTS = (name: string, count: number) =>
  `На этапе «${name}» ${applicantsCount(count)}. Переведите их на другой этап, затем удалите этап.`;

/** The server refused (409): someone put an applicant on the stage after the list was read. */
export const STAGE_STILL_HOLDS = (name: string) =>
  `На этапе «${name}» есть кандидаты. Переведите их на другой этап, затем удалите этап.`;

/** A vacancy keeps at least one stage (the API says the same, 409). */
export const LAST_VACANCY_STAGE =
  'Это единственный этап вакансии: добавьте другой, затем удалите этот.';

export const applicantsCount = (count: number) =>
  pluralize(count, { one: 'кандидат', few: 'кандидата', many: 'кандидатов' });

export const daysCount = (count: number) =>
  pluralize(count, { one: 'день', few: 'дня', many: 'дней' });

export const useFunnels = () =>
  useQuery({
    queryKey: stageKeys.funnels,
    queryFn: ({ signal }) => apiRequest('/status_groups', { schema: ZStatusGroupList, signal }),
  });

export const useVacancyStages = (vacancyId: number) =>
  useQuery({
    queryKey: stageKeys.ofVacancy(vacancyId),
    queryFn: ({ signal }) =>
      apiRequest('/statuses', { query: { vacancy_id: vacancyId }, schema: ZStageList, signal }),
  });

/** How many applicants each of the vacancy's stages holds (the board's column counts). */
export const useVacancyStageCounts = (vacancyId: number, enabled: boolean) =>
  useQuery({
    queryKey: stageKeys.countsOfVacancy(vacancyId),
    queryFn: async ({ signal }) => {
      const columns = await apiRequest(`/vacancies/${vacancyId}/get_status_vacancy_columns`, {
        schema: ZBoardColumnList,
        signal,
      });
      return new Map(columns.map((c) => [c.status.id, c.count]));
    },
    enabled,
  });

export const useEvaluationFormChoices = (enabled: boolean) =>
  useQuery({
    queryKey: ['evaluation-forms'],
    queryFn: ({ signal }) => apiRequest('/evaluations', { schema: ZEvaluationFormList, signal }),
    enabled,
  });

/** What entering each of a funnel's stages means on hh.ru (decision 0054). */
const siteStateKeys = {
  all: ['job-site-stage-states'] as const,
  ofFunnel: (funnelId: number) => [...siteStateKeys.all, 'funnel', funnelId] as const,
  ofVacancy: (vacancyId: number) => [...siteStateKeys.all, 'vacancy', vacancyId] as const,
};

/** A funnel's stages, or a vacancy's own (`vacancy_id`). */
export const useSiteStates = (owner: StageOwner) =>
  useQuery({
    queryKey:
      'vacancy_id' in owner
        ? siteStateKeys.ofVacancy(owner.vacancy_id)
        : siteStateKeys.ofFunnel(owner.status_group_id),
    queryFn: ({ signal }) =>
      apiRequest('/job_sites/stage_states', {
        query: owner,
        schema: z.array(ZStageSiteState),
        signal,
      }),
  });

export function useSaveSiteState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ statusId, ...body }: TSaveStageSiteState & { statusId: number }) =>
      apiCall(`/job_sites/stage_states/${statusId}`, {
        method: 'PUT',
        body,
        schema: ZStageSiteState,
        // The stage's form shows a refusal where it happened.
        errorToast: false,
        successToast: 'Статус на hh.ru сохранён',
      }),
    onSuccess: async (result) => {
      if (result.ok) await queryClient.invalidateQueries({ queryKey: siteStateKeys.all });
    },
  });
}

/** After any change: the funnels, every vacancy's stages, boards and pages read again. */
function useRefreshStages() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: stageKeys.funnels }),
      queryClient.invalidateQueries({ queryKey: stageKeys.vacancies }),
      queryClient.invalidateQueries({ queryKey: boardKeys.all }),
      // A stage added, renamed or deleted: its hh.ru state is listed by name and order.
      queryClient.invalidateQueries({ queryKey: siteStateKeys.all }),
      ...stageKeys.vacancyViews.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    ]);
}

export function useSaveStage() {
  const refresh = useRefreshStages();
  return useMutation({
    mutationFn: (
      input:
        { id: number; changes: TUpdateStageRequest } | { id: null; changes: TCreateStageRequest },
    ) =>
      input.id === null
        ? apiCall('/statuses', {
            method: 'POST',
            body: input.changes,
            schema: ZStage,
            successToast: 'Этап добавлен',
          })
        : apiCall(`/statuses/${input.id}`, {
            method: 'PATCH',
            body: input.changes,
            schema: ZStage,
            successToast: 'Этап сохранён',
          }),
    onSuccess: async (result) => {
      if (result.ok) await refresh();
    },
  });
}

export function useReorderStages() {
  const refresh = useRefreshStages();
  return useMutation({
    mutationFn: (ids: number[]) =>
      apiCall('/statuses/reorder', {
        method: 'POST',
        body: { status_ids: ids },
        schema: ZStageList,
        successToast: 'Порядок этапов сохранён',
      }),
    // A refused order (someone added a stage meanwhile) shows the list as it is now.
    onSettled: refresh,
  });
}

/** Deletes a stage; errors are shown by the caller, in its own words. */
export function useDeleteStage() {
  const refresh = useRefreshStages();
  return useMutation({
    mutationFn: (id: number) =>
      apiCall(`/statuses/${id}`, {
        method: 'DELETE',
        schema: ZStage,
        errorToast: false,
        successToast: 'Этап удалён',
      }),
    onSuccess: async (result) => {
      if (result.ok) await refresh();
    },
  });
}

export function useCreateFunnel() {
  const refresh = useRefreshStages();
  return useMutation({
    mutationFn: (name: string) =>
      apiCall('/status_groups', {
        method: 'POST',
        body: { name },
        schema: ZStatusGroup,
        successToast: 'Воронка создана',
      }),
    onSuccess: async (result) => {
      if (result.ok) await refresh();
    },
  });
}

export function useUpdateFunnel() {
  const refresh = useRefreshStages();
  return useMutation({
    mutationFn: ({ id, ...changes }: { id: number; name?: string; is_favorite?: boolean }) =>
      apiCall(`/status_groups/${id}`, {
        method: 'PATCH',
        body: changes,
        schema: ZStatusGroup,
        successToast: 'Воронка сохранена',
      }),
    onSuccess: async (result) => {
      if (result.ok) await refresh();
    },
  });
}

export function useDeleteFunnel() {
  const refresh = useRefreshStages();
  return useMutation({
    mutationFn: (id: number) =>
      apiCall(`/status_groups/${id}`, {
        method: 'DELETE',
        schema: ZStatusGroup,
        errorToast: false,
        successToast: 'Воронка удалена',
      }),
    onSuccess: async (result) => {
      if (result.ok) await refresh();
    },
  });
}
