import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZEvaluationFormList } from '@ats/contracts/evaluations';
import { ZMailTemplateList } from '@ats/contracts/mail-templates';
import { ZStageList, ZStatusGroupList } from '@ats/contracts/pipeline';
import {
  ZAutomationRule,
  ZAutomationRuleList,
  type TCreateAutomationRuleRequest,
  type TUpdateAutomationRuleRequest,
} from '@ats/contracts/stage-automation';
import { ZVacancyPage } from '@ats/contracts/vacancies';
import { apiCall, apiRequest } from '../../shared/api-client';
import { stageKeys } from '../../shared/query-keys';

/** Whose stages the rules hang on: a funnel (the template of vacancies) or one vacancy. */
export type RuleOwner = { kind: 'funnel'; id: number } | { kind: 'vacancy'; id: number };

const ownerQuery = (owner: RuleOwner) =>
  owner.kind === 'funnel' ? { status_group_id: owner.id } : { vacancy_id: owner.id };

export const automationKeys = {
  all: ['stage-automation'] as const,
  rules: (owner: RuleOwner) => ['stage-automation', 'rules', owner.kind, owner.id] as const,
  owners: ['stage-automation', 'owners'] as const,
  templates: ['stage-automation', 'mail-templates'] as const,
  forms: ['stage-automation', 'evaluation-forms'] as const,
};

/** The funnels (with their stages) and the open vacancies to choose from. */
export const useRuleOwners = (enabled: boolean) =>
  useQuery({
    queryKey: automationKeys.owners,
    enabled,
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

export const useVacancyStageList = (vacancyId: number | null) =>
  useQuery({
    queryKey: vacancyId === null ? ['stage-automation', 'none'] : stageKeys.ofVacancy(vacancyId),
    enabled: vacancyId !== null,
    queryFn: ({ signal }) =>
      apiRequest('/statuses', { query: { vacancy_id: vacancyId! }, schema: ZStageList, signal }),
  });

export const useRules = (owner: RuleOwner | null) =>
  useQuery({
    queryKey: owner ? automationKeys.rules(owner) : ['stage-automation', 'rules', 'none'],
    enabled: owner !== null,
    queryFn: ({ signal }) =>
      apiRequest('/stage_automation_rules', {
        query: ownerQuery(owner!),
        schema: ZAutomationRuleList,
        signal,
      }),
  });

export const useMailTemplateChoices = () =>
  useQuery({
    queryKey: automationKeys.templates,
    queryFn: ({ signal }) =>
      apiRequest('/account_mail_temps', { schema: ZMailTemplateList, signal }),
  });

export const useEvaluationForms = () =>
  useQuery({
    queryKey: automationKeys.forms,
    queryFn: ({ signal }) => apiRequest('/evaluations', { schema: ZEvaluationFormList, signal }),
  });

function useRefreshRules() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: automationKeys.all });
}

export function useSaveRule() {
  const refresh = useRefreshRules();
  return useMutation({
    mutationFn: (
      change:
        | { id: null; body: TCreateAutomationRuleRequest }
        | { id: number; body: TUpdateAutomationRuleRequest },
    ) =>
      apiCall(
        change.id === null ? '/stage_automation_rules' : `/stage_automation_rules/${change.id}`,
        {
          method: change.id === null ? 'POST' : 'PATCH',
          body: change.body,
          schema: ZAutomationRule,
          successToast: change.id === null ? 'Правило добавлено' : 'Правило сохранено',
        },
      ),
    onSuccess: (result) => (result.ok ? refresh() : undefined),
  });
}

export function useDeleteRule() {
  const refresh = useRefreshRules();
  return useMutation({
    mutationFn: (id: number) =>
      apiCall(`/stage_automation_rules/${id}`, {
        method: 'DELETE',
        schema: ZAutomationRule,
        successToast: 'Правило удалено',
      }),
    onSuccess: (result) => (result.ok ? refresh() : undefined),
  });
}
