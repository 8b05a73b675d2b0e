import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type TPublicationFieldsInput, ZPublication } from '@ats/contracts/job-site-publications';
import {
  type TSiteVacancyList,
  ZUnlinkedVacanciesPage,
} from '@ats/contracts/job-site-remote-vacancies';
import { apiRequest } from '../../shared/api-client';
import { publicationKeys } from './publications.queries';

// The site's vacancies not linked yet (link, import) and one publication's edit (decision 0060).

export const remoteKeys = {
  unlinked: (connectionId: number, list: TSiteVacancyList, page: number) =>
    ['job-site-publications', 'unlinked', connectionId, list, page] as const,
  unlinkedOf: (connectionId: number) =>
    ['job-site-publications', 'unlinked', connectionId] as const,
  publication: (id: number) => ['job-site-publications', 'one', id] as const,
  openVacancies: ['job-site-publications', 'open-vacancies'] as const,
};

/** One page of the site's list (1-based), the vacancies linked here left out. */
export function useUnlinkedVacancies(connectionId: number, list: TSiteVacancyList, page: number) {
  return useQuery({
    queryKey: remoteKeys.unlinked(connectionId, list, page),
    placeholderData: keepPreviousData,
    queryFn: () =>
      apiRequest(`/job_sites/${connectionId}/unlinked_vacancies`, {
        query: { status: list, page },
        schema: ZUnlinkedVacanciesPage,
        errorToast: false,
      }),
  });
}

/** Our open vacancies for the «Связать» picker (the first 100). */
export function useOpenVacancies() {
  return useQuery({
    queryKey: remoteKeys.openVacancies,
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

/** «Связать» (with one of ours) or «Импортировать» (a new vacancy of ours) a site's vacancy. */
export function useTieSiteVacancy(connectionId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { external_id: string; vacancy_id?: number }) =>
      apiRequest(
        `/job_sites/${connectionId}/unlinked_vacancies/${input.vacancy_id ? 'link' : 'import'}`,
        {
          method: 'POST',
          body: input,
          schema: ZPublication,
          successToast: input.vacancy_id ? 'Вакансии связаны' : 'Вакансия импортирована',
        },
      ),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: remoteKeys.unlinkedOf(connectionId) }),
        client.invalidateQueries({ queryKey: remoteKeys.openVacancies }),
        client.invalidateQueries({ queryKey: publicationKeys.all }),
      ]),
  });
}

export function usePublication(id: number) {
  return useQuery({
    queryKey: remoteKeys.publication(id),
    queryFn: () =>
      apiRequest(`/job_site_publications/${id}`, { schema: ZPublication, errorToast: false }),
  });
}

/** Saves the edited form on the site (PUT); the site's validation comes back on the fields. */
export function useUpdatePublication(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { fields: TPublicationFieldsInput }) =>
      apiRequest(`/job_site_publications/${id}`, {
        method: 'PUT',
        body,
        schema: ZPublication,
        errorToast: false,
        successToast: 'Публикация изменена на сайте',
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: publicationKeys.all }),
  });
}
