import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ZApplicantFilter,
  ZApplicantFilterList,
  type TApplicantListFilters,
} from '@ats/contracts/applicant-list';
import { ZAccountSourceList } from '@ats/contracts/account-sources';
import {
  ZCountry,
  ZDriverLicense,
  ZLanguage,
  ZLanguageLevel,
  ZReferenceList,
} from '@ats/contracts/references';
import { ZTag, ZTagList } from '@ats/contracts/tags';
import { ZUserList } from '@ats/contracts/users';
import { apiCall, apiRequest } from '../api-client';
import { type KeptList, keptListStaleTime } from '../kept-lists';

// Dictionaries the applicant screens read; they change rarely, so they stay fresh for minutes.
const DICTIONARY_STALE_MS = 5 * 60_000;

export const referenceKeys = {
  tags: ['tags'] as const,
  sources: ['account-sources'] as const,
  users: ['users'] as const,
  countries: ['references', 'countries'] as const,
  skills: (search: string) => ['references', 'hard-skills', search] as const,
  savedFilters: ['applicant-filters'] as const,
  languages: ['references', 'languages'] as const,
  languageLevels: ['references', 'language-levels'] as const,
  driverLicenses: ['references', 'driver-licenses'] as const,
};

/** The lists the browser keeps across visits, by their name in /api/me's `list_versions`. */
export const KEPT_LISTS: readonly KeptList[] = [
  { list: 'tags', key: referenceKeys.tags },
  { list: 'sources', key: referenceKeys.sources },
  { list: 'users', key: referenceKeys.users },
  { list: 'countries', key: referenceKeys.countries },
  { list: 'languages', key: referenceKeys.languages },
  { list: 'language_levels', key: referenceKeys.languageLevels },
  { list: 'driver_licenses', key: referenceKeys.driverLicenses },
];

export const useTags = () =>
  useQuery({
    queryKey: referenceKeys.tags,
    queryFn: ({ signal }) => apiRequest('/tags', { schema: ZTagList, signal }),
    staleTime: keptListStaleTime(DICTIONARY_STALE_MS),
  });

export function useCreateTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      apiCall('/tags', { method: 'POST', body: { name }, schema: ZTag }),
    onSuccess: (result) => {
      if (result.ok) return queryClient.invalidateQueries({ queryKey: referenceKeys.tags });
    },
  });
}

export const useAccountSources = () =>
  useQuery({
    queryKey: referenceKeys.sources,
    queryFn: ({ signal }) => apiRequest('/account_sources', { schema: ZAccountSourceList, signal }),
    staleTime: keptListStaleTime(DICTIONARY_STALE_MS),
  });

export const useRecruiters = () =>
  useQuery({
    queryKey: referenceKeys.users,
    queryFn: ({ signal }) => apiRequest('/users', { schema: ZUserList, signal }),
    staleTime: keptListStaleTime(DICTIONARY_STALE_MS),
  });

export const useCountries = () =>
  useQuery({
    queryKey: referenceKeys.countries,
    queryFn: ({ signal }) =>
      apiRequest('/references/get_countries', { schema: z.array(ZCountry), signal }),
    staleTime: Infinity,
  });

export const useHardSkills = (search: string) =>
  useQuery({
    queryKey: referenceKeys.skills(search),
    queryFn: ({ signal }) =>
      apiRequest('/hard_skills/get_hard_skill_items', {
        query: { search: search || undefined },
        schema: ZReferenceList,
        signal,
      }),
    staleTime: DICTIONARY_STALE_MS,
  });

export const useSavedFilters = () =>
  useQuery({
    queryKey: referenceKeys.savedFilters,
    queryFn: ({ signal }) =>
      apiRequest('/applicant_filters', { schema: ZApplicantFilterList, signal }),
  });

export function useSavedFilterMutations() {
  const queryClient = useQueryClient();
  const onSuccess = (result: { ok: boolean }) => {
    if (result.ok) return queryClient.invalidateQueries({ queryKey: referenceKeys.savedFilters });
  };
  return {
    save: useMutation({
      mutationFn: (input: { name: string; filters: TApplicantListFilters }) =>
        apiCall('/applicant_filters', {
          method: 'POST',
          body: input,
          schema: ZApplicantFilter,
          successToast: 'Фильтр сохранён',
        }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: number) =>
        apiCall(`/applicant_filters/${id}`, { method: 'DELETE', successToast: 'Фильтр удалён' }),
      onSuccess,
    }),
  };
}

export const useLanguages = () =>
  useQuery({
    queryKey: referenceKeys.languages,
    queryFn: ({ signal }) =>
      apiRequest('/references/get_languages', { schema: z.array(ZLanguage), signal }),
    staleTime: Infinity,
  });

export const useLanguageLevels = () =>
  useQuery({
    queryKey: referenceKeys.languageLevels,
    queryFn: ({ signal }) =>
      apiRequest('/references/get_language_levels', { schema: z.array(ZLanguageLevel), signal }),
    staleTime: Infinity,
  });

export const useDriverLicenses = () =>
  useQuery({
    queryKey: referenceKeys.driverLicenses,
    queryFn: ({ signal }) =>
      apiRequest('/references/get_driver_licenses', { schema: z.array(ZDriverLicense), signal }),
    staleTime: Infinity,
  });
