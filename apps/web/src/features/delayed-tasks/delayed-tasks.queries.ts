import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ZDelayedSubTaskList,
  ZDelayedTask,
  ZDelayedTaskList,
  ZDelayedTaskMenuItems,
  type TCreateDelayedTaskInput,
  type TDelayedTaskKind,
  type TDelayedTaskState,
} from '@ats/contracts/delayed-tasks';
import { ZStageList } from '@ats/contracts/pipeline';
import { apiCall, apiRequest } from '../../shared/api-client';

export const delayedTaskKeys = {
  all: ['delayed-tasks'] as const,
  list: (filter: object) => [...delayedTaskKeys.all, 'list', filter] as const,
  one: (id: number) => [...delayedTaskKeys.all, 'one', id] as const,
  subTasks: (id: number) => [...delayedTaskKeys.all, 'sub-tasks', id] as const,
  menu: ['delayed-task-menu'] as const,
};

export type ListFilter = {
  state: TDelayedTaskState;
  kind?: TDelayedTaskKind | undefined;
  page: number;
};

/** Upcoming tasks refresh while the page is open: the moment they run, they move on. */
export const useDelayedTasks = (filter: ListFilter) =>
  useQuery({
    queryKey: delayedTaskKeys.list(filter),
    queryFn: ({ signal }) =>
      apiRequest('/delayed_tasks', {
        query: { state: filter.state, kind: filter.kind, page: filter.page, per_page: 30 },
        schema: ZDelayedTaskList,
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: 5000,
  });

export const useDelayedTask = (id: number) =>
  useQuery({
    queryKey: delayedTaskKeys.one(id),
    queryFn: ({ signal }) => apiRequest(`/delayed_tasks/${id}`, { schema: ZDelayedTask, signal }),
    refetchInterval: 5000,
  });

export const useSubTasks = (id: number) =>
  useQuery({
    queryKey: delayedTaskKeys.subTasks(id),
    queryFn: ({ signal }) =>
      apiRequest(`/delayed_tasks/${id}/sub_tasks`, { schema: ZDelayedSubTaskList, signal }),
    refetchInterval: 5000,
  });

export const useMenuItems = () =>
  useQuery({
    queryKey: delayedTaskKeys.menu,
    queryFn: ({ signal }) =>
      apiRequest('/delayed_tasks/menu_items', { schema: ZDelayedTaskMenuItems, signal }),
    staleTime: 60_000,
  });

/** Only what the pickers show, so richer answers never break them. */
const ZPickTemplates = z.array(z.object({ id: z.number().int(), name: z.string() }));
const ZPickVacancies = z.object({
  vacancies: z.array(z.object({ id: z.number().int(), position: z.string() })),
});
const ZPickUsers = z.array(
  z.object({ id: z.number().int(), name: z.string().nullable().optional(), email: z.string() }),
);

export const useTemplateChoices = (enabled: boolean) =>
  useQuery({
    queryKey: ['delayed-task-templates'],
    queryFn: ({ signal }) => apiRequest('/account_mail_temps', { schema: ZPickTemplates, signal }),
    enabled,
  });

export const useVacancyChoices = (enabled: boolean) =>
  useQuery({
    queryKey: ['delayed-task-vacancies'],
    queryFn: ({ signal }) =>
      apiRequest('/vacancies_with_filters', {
        query: { state: 'open', per_page: 100 },
        schema: ZPickVacancies,
        signal,
      }),
    enabled,
  });

export const useStageChoices = (vacancyId: number | null) =>
  useQuery({
    queryKey: ['delayed-task-stages', vacancyId],
    queryFn: ({ signal }) =>
      apiRequest('/statuses', { query: { vacancy_id: vacancyId! }, schema: ZStageList, signal }),
    enabled: vacancyId !== null,
    select: (stages) =>
      stages.filter((s) => !s.is_reject).sort((a, b) => a.order - b.order || a.id - b.id),
  });

export const useUserChoices = (enabled: boolean) =>
  useQuery({
    queryKey: ['delayed-task-users'],
    queryFn: ({ signal }) => apiRequest('/users', { schema: ZPickUsers, signal }),
    enabled,
  });

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: delayedTaskKeys.all });
}

export function useCreateDelayedTask() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: TCreateDelayedTaskInput) =>
      apiCall('/delayed_tasks', {
        method: 'POST',
        body,
        schema: ZDelayedTask,
        successToast: 'Действие запланировано',
      }),
    onSuccess: (result) => (result.ok ? refresh() : undefined),
  });
}

export function useTaskAction(id: number) {
  const refresh = useRefresh();
  const cancel = useMutation({
    mutationFn: () =>
      apiCall(`/delayed_tasks/${id}`, {
        method: 'DELETE',
        schema: ZDelayedTask,
        successToast: 'Задача отменена',
      }),
    onSuccess: (result) => (result.ok ? refresh() : undefined),
  });
  const retry = useMutation({
    mutationFn: () =>
      apiCall(`/delayed_tasks/${id}/retry`, {
        method: 'POST',
        schema: ZDelayedTask,
        successToast: 'Действия с ошибкой запущены снова',
      }),
    onSuccess: (result) => (result.ok ? refresh() : undefined),
  });
  return { cancel, retry };
}
