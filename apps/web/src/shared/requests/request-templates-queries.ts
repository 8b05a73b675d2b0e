import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ZRequestTemplate, type TCreateRequestTemplate } from '@ats/contracts/vacancy-applications';
import { apiCall } from '../api-client';
import { requestKeys } from './requests-queries';

// The templates' writes (the settings editor); their reads are in requests-queries.ts, under the
// same key, so the form and the list see a change at once.

function useRefreshTemplates() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: requestKeys.templates });
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
