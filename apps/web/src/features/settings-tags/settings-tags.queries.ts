import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZTag, ZTagList, ZTagUsage, type TCreateTagRequest } from '@ats/contracts/tags';
import { apiCall, apiRequest } from '../../shared/api-client';

// ['tags'] is the applicant screens' key too: a tag changed here shows there at once.
export const tagKeys = { list: ['tags'] as const, usage: ['tags-usage'] as const };

export const useTagList = () =>
  useQuery({
    queryKey: tagKeys.list,
    queryFn: ({ signal }) => apiRequest('/tags', { schema: ZTagList, signal }),
  });

export const useTagUsage = () =>
  useQuery({
    queryKey: tagKeys.usage,
    queryFn: ({ signal }) => apiRequest('/tags/usage', { schema: ZTagUsage, signal }),
  });

function useRefreshTags() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: tagKeys.list }),
      queryClient.invalidateQueries({ queryKey: tagKeys.usage }),
    ]);
}

export function useSaveTag(id: number | null) {
  const refresh = useRefreshTags();
  return useMutation({
    mutationFn: (tag: TCreateTagRequest) =>
      apiCall(id === null ? '/tags' : `/tags/${id}`, {
        method: id === null ? 'POST' : 'PATCH',
        body: tag,
        schema: ZTag,
        successToast: id === null ? 'Тег создан' : 'Тег сохранён',
      }),
    onSuccess: (result) => (result.ok ? refresh() : undefined),
  });
}

export function useDeleteTag() {
  const refresh = useRefreshTags();
  return useMutation({
    mutationFn: (id: number) =>
      apiCall(`/tags/${id}`, { method: 'DELETE', schema: ZTag, successToast: 'Тег удалён' }),
    onSuccess: (result) => (result.ok ? refresh() : undefined),
  });
}
