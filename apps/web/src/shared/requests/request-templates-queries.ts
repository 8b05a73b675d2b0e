import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ZRequestTemplate,
  ZRequestTemplateList,
  type TCreateRequestTemplate,
} from '@ats/contracts/vacancy-applications';
import { apiCall, apiRequest } from '../api-client';

// The templates of hiring requests: the settings editor writes them, the request form and the
// request page read them. One template (`useRequestTemplate` of requests-queries.ts) is kept
// under the same root, so every write here refreshes it too.
export const requestTemplateKeys = {
  all: ['request-templates'] as const,
  list: () => [...requestTemplateKeys.all, 'list'] as const,
};

export const useRequestTemplates = () =>
  useQuery({
    queryKey: requestTemplateKeys.list(),
    queryFn: ({ signal }) =>
      apiRequest('/vacancy_application_templates', { schema: ZRequestTemplateList, signal }),
  });

function useRefreshTemplates() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: requestTemplateKeys.all });
}

/** Creates a template (id null) or replaces one's name, fields and route. */
export function useSaveRequestTemplate(id: number | null) {
  const refresh = useRefreshTemplates();
  return useMutation({
    mutationFn: (template: TCreateRequestTemplate) =>
      apiCall(
        id === null ? '/vacancy_application_templates' : `/vacancy_application_templates/${id}`,
        {
          method: id === null ? 'POST' : 'PATCH',
          body: template,
          schema: ZRequestTemplate,
          successToast: id === null ? 'Шаблон заявки создан' : 'Шаблон заявки сохранён',
        },
      ),
    onSuccess: (result) => (result.ok ? refresh() : undefined),
  });
}

export function useDeleteRequestTemplate() {
  const refresh = useRefreshTemplates();
  return useMutation({
    mutationFn: (id: number) =>
      apiCall(`/vacancy_application_templates/${id}`, {
        method: 'DELETE',
        schema: z.unknown(),
        successToast: 'Шаблон заявки удалён',
      }),
    onSuccess: (result) => (result.ok ? refresh() : undefined),
  });
}
