import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  ZInstruction,
  ZInstructionSearchAnswer,
  ZInstructionSectionList,
  ZInstructionSuggestionList,
} from '@ats/contracts/instructions';
import { apiRequest } from '../api-client';

// The knowledge base: the public FAQ pages (features/static-pages) read it, the editor
// (features/faq-editor) changes it and refreshes these keys.
export const instructionKeys = {
  all: ['instructions'] as const,
  sections: () => [...instructionKeys.all, 'sections'] as const,
  article: (key: string) => [...instructionKeys.all, 'article', key] as const,
  search: (q: string) => [...instructionKeys.all, 'search', q] as const,
  suggestions: (q: string) => [...instructionKeys.all, 'suggestions', q] as const,
  editor: () => [...instructionKeys.all, 'editor'] as const,
  editorArticle: (id: number) => [...instructionKeys.all, 'editor', id] as const,
};

// Public pages: a visitor without a session must not be sent to the login page from here.
const publicRequest = { sessionHandling: false, errorToast: false } as const;

export const useInstructionSections = () =>
  useQuery(
    queryOptions({
      queryKey: instructionKeys.sections(),
      queryFn: () =>
        apiRequest('/instructions', { schema: ZInstructionSectionList, ...publicRequest }),
    }),
  );

export const useInstruction = (key: string) =>
  useQuery({
    queryKey: instructionKeys.article(key),
    queryFn: () =>
      apiRequest(`/instructions/${encodeURIComponent(key)}`, {
        schema: ZInstruction,
        ...publicRequest,
      }),
    retry: false,
  });

export const useInstructionSearch = (q: string) =>
  useQuery({
    queryKey: instructionKeys.search(q),
    queryFn: () =>
      apiRequest('/instructions/search', {
        query: { search: q },
        schema: ZInstructionSearchAnswer,
        ...publicRequest,
      }),
    enabled: q.trim() !== '',
    retry: false,
  });

export const useInstructionSuggestions = (q: string) =>
  useQuery({
    queryKey: instructionKeys.suggestions(q),
    queryFn: ({ signal }) =>
      apiRequest('/instructions/search_suggestions', {
        query: { search: q },
        schema: ZInstructionSuggestionList,
        signal,
        ...publicRequest,
      }),
    enabled: /[\p{L}\p{N}]/u.test(q),
    staleTime: 60_000,
    retry: false,
  });
