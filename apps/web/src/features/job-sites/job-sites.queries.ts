import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  type TJobSite,
  ZJobSiteConnectStart,
  ZJobSiteConnection,
  ZJobSitesOverview,
  ZRemoteVacancy,
  ZVacancyLink,
} from '@ats/contracts/job-sites';
import { apiRequest } from '../../shared/api-client';

export const jobSiteKeys = {
  overview: ['job-sites', 'overview'] as const,
  remote: (id: number) => ['job-sites', 'remote', id] as const,
  ourVacancies: ['job-sites', 'our-vacancies'] as const,
};

/** The sites and connections; polled while a sync runs so its progress moves on the screen. */
export function useJobSites() {
  return useQuery({
    queryKey: jobSiteKeys.overview,
    queryFn: () => apiRequest('/job_sites', { schema: ZJobSitesOverview, errorToast: false }),
    refetchInterval: (query) =>
      query.state.data?.connections.some((c) => c.sync_progress?.running) ? 1000 : false,
  });
}

export function useRemoteVacancies(id: number) {
  return useQuery({
    queryKey: jobSiteKeys.remote(id),
    queryFn: () =>
      apiRequest(`/job_sites/${id}/remote_vacancies`, {
        schema: z.array(ZRemoteVacancy),
        errorToast: false,
      }),
  });
}

/** Open vacancies to link to (the first page of 100 is plenty for the picker). */
export function useOurVacancies() {
  return useQuery({
    queryKey: jobSiteKeys.ourVacancies,
    queryFn: () =>
      apiRequest('/vacancies?state=open&per_page=100', {
        schema: z
          .object({
            vacancies: z.array(z.object({ id: z.number(), position: z.string() }).loose()),
          })
          .loose(),
        errorToast: false,
      }),
  });
}

export function useConnectSite() {
  return useMutation({
    // Avito takes the company's client id and secret; hh.ru and Habr Career go to consent.
    mutationFn: (input: { site: TJobSite; client_id?: string; client_secret?: string }) =>
      apiRequest('/job_sites/connect', {
        method: 'POST',
        body: input,
        schema: ZJobSiteConnectStart,
      }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

export function useLinkVacancy(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { external_id: string; vacancy_id: number }) =>
      apiRequest(`/job_sites/${id}/links`, {
        method: 'POST',
        body,
        schema: ZVacancyLink,
        successToast: 'Вакансии связаны',
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: jobSiteKeys.remote(id) }),
  });
}

export function useSyncSite(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(`/job_sites/${id}/sync`, { method: 'POST', schema: ZJobSiteConnection }),
    onSuccess: () => client.invalidateQueries({ queryKey: jobSiteKeys.overview }),
  });
}

export function useDisconnectSite(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(`/job_sites/${id}`, {
        method: 'DELETE',
        successToast: 'Аккаунт отключён',
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: jobSiteKeys.overview }),
  });
}
