import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

// The employer's own vacancies on a job site that no vacancy of ours is tied to yet (issue 16,
// decision 0060): listed a page of the site at a time, active or archived, then linked to one of
// our vacancies or imported as a new one. Either way the site's vacancy becomes a publication of
// ours (contracts `job-site-publications`) and its responses land on that vacancy's board.

export const SITE_VACANCY_LISTS = ['active', 'archived'] as const;
export const ZSiteVacancyList = lazySchema(() =>
  z.enum(SITE_VACANCY_LISTS, {
    error: 'Список вакансий сайта: active или archived',
  }),
);
export type TSiteVacancyList = z.infer<typeof ZSiteVacancyList>;

/** hh.ru answers at most 2,000 items of a list: 40 pages of 50, with room to spare. */
export const MAX_SITE_PAGE = 1000;
const PAGE_MESSAGE = `Номер страницы — целое число от 1 до ${MAX_SITE_PAGE}`;

/** `GET /api/job_sites/{id}/unlinked_vacancies`: one page of the site's list (ours count from 1). */
export const ZUnlinkedVacanciesQuery = lazySchema(() =>
  z.object({
    status: ZSiteVacancyList.default('active'),
    page: z.coerce
      .number({ error: PAGE_MESSAGE })
      .int({ error: PAGE_MESSAGE })
      .min(1, { error: PAGE_MESSAGE })
      .max(MAX_SITE_PAGE, { error: PAGE_MESSAGE })
      .default(1),
  }),
);

/** A vacancy of the employer on the site, not linked to any of ours. */
export const ZUnlinkedVacancy = lazySchema(() =>
  z.object({
    external_id: z.string(),
    name: z.string(),
    /** The site's region (a city), as text. */
    area: z.string().nullable(),
    salary_from: z.number().nullable(),
    salary_to: z.number().nullable(),
    currency: z.string().nullable(),
    responses: z.number().int().nullable(),
    url: z.string().nullable(),
    archived: z.boolean(),
    created_at: z.string().nullable(),
  }),
);
export type TUnlinkedVacancy = z.infer<typeof ZUnlinkedVacancy>;

/**
 * One page of the site's list with the linked ones left out (so a page may hold fewer than the
 * site's page size); `pages` and `found` are the site's, linked ones included.
 */
export const ZUnlinkedVacanciesPage = lazySchema(() =>
  z.object({
    items: z.array(ZUnlinkedVacancy),
    page: z.number().int(),
    pages: z.number().int(),
    found: z.number().int(),
  }),
);
export type TUnlinkedVacanciesPage = z.infer<typeof ZUnlinkedVacanciesPage>;

/** `POST /api/job_sites/{id}/unlinked_vacancies/import`: our vacancy made from the site's. */
export const ZImportSiteVacancyRequest = lazySchema(() =>
  z.object({
    external_id: z
      .string({ error: 'Выберите вакансию на сайте' })
      .trim()
      .min(1, { error: 'Выберите вакансию на сайте' })
      .max(64, { error: 'Выберите вакансию на сайте' }),
  }),
);

export const REMOTE_VACANCY_MESSAGES = {
  notFound: 'Такой вакансии работодателя на сайте нет',
  linkedElsewhere: 'Эта вакансия сайта уже связана с другой нашей вакансией',
  notAvailable: 'Этот сайт пока не показывает свои вакансии',
  refused: 'Сайт не показал вакансии работодателя: проверьте права менеджера на сайте',
} as const;
