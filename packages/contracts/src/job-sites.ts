import { z } from 'zod';
import { ZId } from './ids.ts';
import { lazySchema } from './lazy-schema.ts';

// Job sites (issue 16, decision 0047): one model for every site. hh.ru is the first `site`; Avito
// and Habr Career join as more values of the same enum, with no change of shape.

export const JOB_SITES = ['hh', 'avito', 'habr'] as const;
export const ZJobSite = lazySchema(() => z.enum(JOB_SITES, { error: 'Сайт: hh, avito или habr' }));
export type TJobSite = z.infer<typeof ZJobSite>;

/** The site's name as people say it; also the account source its applicants get. */
export const JOB_SITE_NAMES: Record<TJobSite, string> = {
  hh: 'hh.ru',
  avito: 'Avito Работа',
  habr: 'Хабр Карьера',
};

export const JOB_SITE_MESSAGES = {
  notConfigured:
    'hh.ru в этой установке не подключён: администратор сервера не задал HH_CLIENT_ID и HH_CLIENT_SECRET',
  siteNotAvailable: 'Этот сайт пока не подключается',
  connectionNotFound: 'Подключение к сайту не найдено',
  badState: 'Ссылка подключения устарела или неверна, подключите сайт ещё раз',
  denied: 'Доступ к сайту не разрешён',
  refused: 'Сайт отклонил подключение, подключите его ещё раз',
  notEmployer: 'Аккаунт на сайте — не работодатель: войдите как менеджер компании',
  reconnect: 'Сайт больше не принимает доступ, подключите его ещё раз',
  paused: 'Сайт просит подождать: синхронизация продолжится позже',
  unavailable: 'Сайт сейчас недоступен, синхронизация продолжится позже',
  remoteVacancyNotFound: 'Такой вакансии нет среди активных вакансий на сайте',
  vacancyNotFound: 'Вакансия не найдена',
  alreadyLinked: 'Эта вакансия сайта уже связана с другой вакансией',
  forbidden: 'Подключать сайты и связывать вакансии могут администраторы и рекрутеры',
  syncStarted: 'Синхронизация запущена',
} as const;

export const ZJobSiteSyncResult = lazySchema(() =>
  z.object({
    ok: z.boolean(),
    imported: z.number().int(),
    matched: z.number().int(),
    skipped: z.number().int(),
    /** What went wrong without failing the sync (a résumé's photo not stored), in Russian. */
    notes: z.array(z.string()).optional(),
    error: z.string().nullable(),
    finished_at: z.string(),
  }),
);

export const ZJobSiteSyncProgress = lazySchema(() =>
  z.object({
    running: z.boolean(),
    vacancies_done: z.number().int(),
    vacancies_total: z.number().int(),
    responses_seen: z.number().int(),
    started_at: z.string(),
  }),
);

/** A company's account on a site; tokens never leave the server. */
export const ZJobSiteConnection = lazySchema(() =>
  z.object({
    id: z.number().int(),
    site: ZJobSite,
    external_account_id: z.string(),
    account_name: z.string().nullable(),
    state: z.enum(['active', 'paused', 'reconnect']),
    paused_until: z.string().nullable(),
    last_error: z.string().nullable(),
    last_sync_at: z.string().nullable(),
    last_sync_result: ZJobSiteSyncResult.nullable(),
    sync_progress: ZJobSiteSyncProgress.nullable(),
    created_at: z.string(),
  }),
);
export type TJobSiteConnection = z.infer<typeof ZJobSiteConnection>;

export const ZJobSitesOverview = lazySchema(() =>
  z.object({
    sites: z.array(
      z.object({
        site: ZJobSite,
        name: z.string(),
        /** The server has the site's application keys (HH_CLIENT_ID …). */
        configured: z.boolean(),
      }),
    ),
    connections: z.array(ZJobSiteConnection),
  }),
);
export type TJobSitesOverview = z.infer<typeof ZJobSitesOverview>;

/**
 * hh.ru and Habr Career answer the consent page's address; Avito connects with the company's own
 * client credentials (Avito Pro → API), checked at once, and answers the /avito page's address.
 */
export const ZJobSiteConnectRequest = lazySchema(() =>
  z.object({
    site: ZJobSite,
    client_id: z.string().trim().max(256).optional(),
    client_secret: z.string().trim().max(256).optional(),
  }),
);
export const ZJobSiteConnectStart = lazySchema(() => z.object({ url: z.string() }));

export const ZJobSiteCallbackQuery = lazySchema(() =>
  z.object({
    code: z.string().max(2048).optional(),
    state: z.string().max(4096).optional(),
    error: z.string().max(256).optional(),
  }),
);

export const ZJobSiteIdParams = lazySchema(() => z.object({ id: ZId }));

/** SPEC.md §8 «Job-site dictionaries»: the site's own answer, `result` null unless it said 200. */
export const ZJobSiteCallResult = lazySchema(() =>
  z.object({
    code: z.number().int(),
    result: z.unknown().nullable(),
  }),
);

export const JOB_SITE_CALLS = [
  'get_me',
  'get_dictionaries',
  'get_addresses',
  'get_members',
  'get_tariffs',
  'get_qualifications',
  'get_companies',
  'get_accounts',
] as const;
export type TJobSiteCall = (typeof JOB_SITE_CALLS)[number];

/** An active vacancy on the site, with ours it is linked to. */
export const ZRemoteVacancy = lazySchema(() =>
  z.object({
    external_id: z.string(),
    name: z.string(),
    area: z.string().nullable(),
    responses: z.number().int().nullable(),
    url: z.string().nullable(),
    vacancy_id: z.number().int().nullable(),
    vacancy_name: z.string().nullable(),
  }),
);
export type TRemoteVacancy = z.infer<typeof ZRemoteVacancy>;

export const ZLinkVacancyRequest = lazySchema(() =>
  z.object({
    external_id: z.string().trim().min(1, { error: 'Выберите вакансию на сайте' }).max(64),
    vacancy_id: ZId,
  }),
);

export const ZVacancyLink = lazySchema(() =>
  z.object({
    id: z.number().int(),
    site: ZJobSite,
    external_id: z.string(),
    name: z.string(),
    vacancy_id: z.number().int(),
  }),
);

/** GET /api/applicants/{id}/vacancies_from_response_hh: the hh.ru vacancies they responded to. */
export const ZResponseVacancy = lazySchema(() =>
  z.object({
    external_vacancy_id: z.string(),
    name: z.string().nullable(),
    vacancy_id: z.number().int().nullable(),
    negotiation_id: z.string(),
    resume_url: z.string().nullable(),
    created_at: z.string(),
  }),
);
