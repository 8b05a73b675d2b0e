import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZInstruction,
  ZInstructionSectionList,
  type TInstructionOrder,
  type TInstructionSectionWrite,
  type TInstructionWrite,
} from '@ats/contracts/instructions';
import { ApiError, apiRequest } from '../../shared/api-client';
import { instructionKeys } from '../../shared/faq/instructions.queries';

export const useEditorSections = () =>
  useQuery({
    queryKey: instructionKeys.editor(),
    queryFn: () =>
      apiRequest('/instructions/editor', { schema: ZInstructionSectionList, errorToast: false }),
    retry: false,
  });

export const isRefused = (error: unknown) => error instanceof ApiError && error.code === 403;

export const useEditorArticle = (id: number | null) =>
  useQuery({
    queryKey: instructionKeys.editorArticle(id ?? 0),
    queryFn: () => apiRequest(`/instructions/editor/${id}`, { schema: ZInstruction }),
    enabled: id !== null,
  });

function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: instructionKeys.all });
}

export function useSaveArticle() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TInstructionWrite }) =>
      apiRequest(id ? `/instructions/${id}` : '/instructions', {
        method: id ? 'PUT' : 'POST',
        body,
        schema: ZInstruction,
        errorToast: false,
        successToast: 'Статья сохранена',
      }),
    onSuccess: refresh,
  });
}

export function useDeleteArticle() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/instructions/${id}`, { method: 'DELETE', successToast: 'server' }),
    onSuccess: refresh,
  });
}

export function useCreateSection() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: TInstructionSectionWrite) =>
      apiRequest('/instructions/sections', {
        method: 'POST',
        body,
        schema: ZInstructionSectionList,
        errorToast: false,
      }),
    onSuccess: refresh,
  });
}

export function useDeleteSection() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/instructions/sections/${id}`, {
        method: 'DELETE',
        schema: ZInstructionSectionList,
      }),
    onSuccess: refresh,
  });
}

export function useReorder() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: TInstructionOrder) =>
      apiRequest('/instructions/order', {
        method: 'PUT',
        body,
        schema: ZInstructionSectionList,
      }),
    onSuccess: refresh,
  });
}
