import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  type TPublicationFieldsInput,
  type TPublicationState,
  ZPublication,
  ZPublicationSample,
} from '@ats/contracts/job-site-publications';
import {
  ZJobSiteCallResult,
  ZJobSitesOverview,
  type TJobSite,
  type TJobSiteCall,
} from '@ats/contracts/job-sites';
import { apiRequest } from '../../shared/api-client';

export const publicationKeys = {
  all: ['job-site-publications'] as const,
  vacancy: (id: number) => ['job-site-publications', 'vacancy', id] as const,
  list: (state: string) => ['job-site-publications', 'list', state] as const,
  samples: ['job-site-publications', 'samples'] as const,
  sites: ['job-site-publications', 'sites'] as const,
  call: (name: string, id: number) => ['job-site-publications', 'call', name, id] as const,
  vacancyData: (id: number) => ['job-site-publications', 'vacancy-data', id] as const,
};

export function useSiteConnections() {
  return useQuery({
    queryKey: publicationKeys.sites,
    queryFn: () => apiRequest('/job_sites', { schema: ZJobSitesOverview, errorToast: false }),
  });
}

/** get_dictionaries, get_addresses, get_members of a connection (null result: the site refused). */
export function useSiteData(name: TJobSiteCall, connectionId: number | null) {
  return useQuery({
    queryKey: publicationKeys.call(name, connectionId ?? 0),
    enabled: connectionId !== null,
    staleTime: 5 * 60_000,
    queryFn: () =>
      apiRequest(`/job_sites/${name}/${connectionId}`, {
        schema: ZJobSiteCallResult,
        errorToast: false,
      }),
  });
}

const ZVacancyData = z
  .object({
    id: z.number(),
    position: z.string(),
    salary_from: z.union([z.number(), z.string()]).nullish(),
    salary_to: z.union([z.number(), z.string()]).nullish(),
    body: z.string().nullish(),
    requirements: z.string().nullish(),
    conditions: z.string().nullish(),
    city: z.string().nullish(),
  })
  .loose();

export function useVacancyData(id: number) {
  return useQuery({
    queryKey: publicationKeys.vacancyData(id),
    queryFn: () => apiRequest(`/vacancies/${id}`, { schema: ZVacancyData, errorToast: false }),
  });
}

export function useVacancyPublications(vacancyId: number) {
  return useQuery({
    queryKey: publicationKeys.vacancy(vacancyId),
    queryFn: () =>
      apiRequest(`/vacancies/${vacancyId}/publications`, {
        schema: z.array(ZPublication),
        errorToast: false,
      }),
  });
}

export function usePublishedVacancies(state: TPublicationState | '') {
  return useQuery({
    queryKey: publicationKeys.list(state),
    queryFn: () =>
      apiRequest(`/vacancy_sites/published_vacancies${state ? `?state=${state}` : ''}`, {
        schema: z.array(ZPublication),
        errorToast: false,
      }),
  });
}

/** The saved forms; `site`: only that site's (a form takes its own site's samples). */
export function usePublicationSamples(site?: TJobSite) {
  return useQuery({
    queryKey: [...publicationKeys.samples, site ?? 'all'],
    queryFn: () =>
      apiRequest(`/job_site_publication_samples${site ? `?site=${site}` : ''}`, {
        schema: z.array(ZPublicationSample),
        errorToast: false,
      }),
  });
}

export function useCreatePublication(vacancyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { connection_id: number; fields: TPublicationFieldsInput }) =>
      apiRequest(`/vacancies/${vacancyId}/publications`, {
        method: 'POST',
        body,
        schema: ZPublication,
        errorToast: false,
        successToast: 'Вакансия отправлена на модерацию',
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: publicationKeys.all }),
  });
}

export function useSaveSample() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { site: TJobSite; name: string; fields: TPublicationFieldsInput }) =>
      apiRequest('/job_site_publication_samples', {
        method: 'POST',
        body,
        schema: ZPublicationSample,
        successToast: 'Шаблон сохранён',
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: publicationKeys.samples }),
  });
}

/** prolong / archive of one publication. */
export function usePublicationAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'prolong' | 'archive' }) =>
      apiRequest(`/job_site_publications/${id}/${action}`, {
        method: 'POST',
        schema: ZPublication,
        successToast: action === 'prolong' ? 'Публикация продлена' : 'Публикация снята с сайта',
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: publicationKeys.all }),
  });
}
