import {
  refusal,
  type SiteAnswer,
  type SiteApplicant,
  type SiteCallOptions,
  type SiteFailure,
  type SiteResult,
  siteFetch,
  succeeded,
  transientFailure,
} from '../site-call.ts';

// Habr Career's integration API (integrations.md §3: no machine-readable spec; paths from Habr's
// API page and third-party integrations, so every field is read defensively) for one connected
// company, with no database. OAuth authorization code with refresh: the caller hands in the
// tokens it keeps and is told of new ones (`onTokens`) to store them sealed. The access token is
// refreshed before it expires and once more when Habr answers 401. Answers are SiteResults:
// 429 → `paused`, 5xx/no answer → `retryable`, 401 after a refresh/403/404 → `refused`.

export type HabrTokens = {
  access_token: string;
  refresh_token: string | null;
  /** Epoch milliseconds; null when Habr named no lifetime. */
  expires_at: number | null;
};

export type HabrClientOptions = {
  /** HABR_BASE: https://career.habr.com */
  base: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  timeoutMs?: number;
  now?: () => number;
};

export type HabrVacancy = { id: number; title?: string; url?: string; [other: string]: unknown };
export type HabrMeta = { current_page?: number; total_pages?: number };
export type HabrResponse = {
  id: number;
  vacancy_id?: number;
  created_at?: string;
  body?: string;
  user?: {
    login?: string;
    name?: string;
    avatar?: string | null;
    experience_total?: { months?: number };
  };
};
export type HabrUser = {
  login?: string;
  name?: string;
  url?: string;
  avatar?: string | null;
  birthday?: string | null;
  location?: { city?: { title?: string } } | null;
  salary?: { value?: number; currency?: string } | null;
  contacts?: {
    emails?: { value?: string }[];
    phones?: { value?: string }[];
    messengers?: { type?: string; value?: string }[];
  };
  experience?: {
    company?: { title?: string } | string;
    position?: string;
    start_date?: string | null;
    end_date?: string | null;
    description?: string | null;
  }[];
  education?: {
    university?: { title?: string } | string;
    faculty?: string | null;
    end_date?: string | null;
  }[];
  skills?: ({ title?: string } | string)[];
};

const SITE = 'Хабр Карьера';

/** The consent page the browser is sent to. */
export function habrAuthorizeUrl(
  options: Pick<HabrClientOptions, 'base' | 'clientId' | 'redirectUri'>,
  state: string,
) {
  const url = new URL(`${options.base.replace(/\/$/, '')}/integrations/oauth/authorize`);
  url.searchParams.set('client_id', options.clientId);
  url.searchParams.set('redirect_uri', options.redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('state', state);
  return url.toString();
}

export function habrClient(
  options: HabrClientOptions,
  initial: HabrTokens | null = null,
  onTokens: (tokens: HabrTokens) => void | Promise<void> = () => {},
) {
  const base = options.base.replace(/\/$/, '');
  const now = options.now ?? Date.now;
  const callOptions: SiteCallOptions = { site: SITE, timeoutMs: options.timeoutMs ?? 20_000, now };
  let tokens = initial;
  let refreshing: Promise<SiteResult<HabrTokens>> | null = null;

  async function tokenRequest(grant: Record<string, string>): Promise<SiteResult<HabrTokens>> {
    const answer = await siteFetch(
      `${base}/integrations/oauth/token`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_id: options.clientId,
          client_secret: options.clientSecret,
          redirect_uri: options.redirectUri,
          ...grant,
        }).toString(),
      },
      callOptions.timeoutMs,
    );
    const transient = transientFailure(answer, callOptions);
    if (transient) return transient;
    const body = answer!.body as
      { access_token?: string; refresh_token?: string; expires_in?: number } | undefined;
    if (answer!.status !== 200 || !body?.access_token) {
      return {
        ok: false,
        kind: 'refused',
        status: answer!.status,
        message: 'Хабр Карьера не выдала доступ: подключите аккаунт заново',
      };
    }
    const fresh: HabrTokens = {
      access_token: body.access_token,
      refresh_token: body.refresh_token ?? grant.refresh_token ?? null,
      expires_at: body.expires_in ? now() + body.expires_in * 1000 : null,
    };
    tokens = fresh;
    await onTokens(fresh);
    return succeeded(fresh);
  }

  function refresh(): Promise<SiteResult<HabrTokens>> {
    if (!tokens?.refresh_token) {
      return Promise.resolve(refusal(SITE, 401));
    }
    refreshing ??= tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    }).finally(() => (refreshing = null));
    return refreshing;
  }

  const stale = (t: HabrTokens) => {
    if (t.expires_at === null) return false;
    return now() >= t.expires_at - 60_000;
  };

  async function get<T>(path: string, query: Record<string, string> = {}): Promise<SiteResult<T>> {
    const url = new URL(`${base}${path}`);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    for (let attempt = 0; ; attempt++) {
      if (!tokens) return refusal(SITE, 401);
      if (stale(tokens) && tokens.refresh_token) {
        const renewed = await refresh();
        if (!renewed.ok) return renewed;
      }
      const used = tokens;
      const answer: SiteAnswer | null = await siteFetch(
        url.toString(),
        { headers: { authorization: `Bearer ${used.access_token}`, accept: 'application/json' } },
        callOptions.timeoutMs,
      );
      const transient = transientFailure(answer, callOptions);
      if (transient) return transient;
      if (answer!.status === 401 && attempt === 0 && used.refresh_token) {
        if (tokens === used) {
          const renewed = await refresh();
          if (!renewed.ok) return renewed;
        }
        continue;
      }
      if (answer!.status === 200) return succeeded(answer!.body as T);
      return refusal(SITE, answer!.status);
    }
  }

  return {
    get tokens() {
      return tokens;
    },
    /** The code of the consent page's redirect → the company's tokens (also told to onTokens). */
    exchangeCode: (code: string) => tokenRequest({ grant_type: 'authorization_code', code }),

    async listVacancies(
      page = 1,
    ): Promise<SiteResult<{ vacancies: HabrVacancy[]; meta: HabrMeta }>> {
      const result = await get<{ vacancies?: HabrVacancy[]; meta?: HabrMeta }>(
        '/api/v1/integrations/vacancies',
        { page: String(page) },
      );
      if (!result.ok) return result;
      return succeeded({
        vacancies: result.value?.vacancies ?? [],
        meta: result.value?.meta ?? {},
      });
    },

    async getVacancy(id: number | string): Promise<SiteResult<HabrVacancy | null>> {
      const result = await get<{ vacancy?: HabrVacancy }>(`/api/v1/integrations/vacancies/${id}`);
      return result.ok ? succeeded(result.value?.vacancy ?? null) : result;
    },

    async listResponses(
      vacancyId: number | string,
      page = 1,
    ): Promise<SiteResult<{ responses: HabrResponse[]; meta: HabrMeta }>> {
      const result = await get<{ responses?: HabrResponse[]; meta?: HabrMeta }>(
        `/api/v1/integrations/vacancies/${vacancyId}/responses`,
        { page: String(page) },
      );
      if (!result.ok) return result;
      return succeeded({
        responses: result.value?.responses ?? [],
        meta: result.value?.meta ?? {},
      });
    },

    getUser: (login: string) =>
      get<HabrUser>(`/api/v1/integrations/users/${encodeURIComponent(login)}`),
  };
}

export type HabrClient = ReturnType<typeof habrClient>;

/**
 * A vacancy's responses, page after page from `fromPage`. A failure part-way returns the pages
 * read with it and the page to go on from, so nothing read is lost; the caller dedupes by id.
 */
export async function habrResponsesFrom(
  client: Pick<HabrClient, 'listResponses'>,
  vacancyId: number | string,
  fromPage = 1,
  maxPages = 1000,
): Promise<{ responses: HabrResponse[]; stopped: SiteFailure | null; nextPage: number }> {
  const responses: HabrResponse[] = [];
  let page = fromPage;
  for (let read = 0; read < maxPages; read++) {
    const result = await client.listResponses(vacancyId, page);
    if (!result.ok) return { responses, stopped: result, nextPage: page };
    responses.push(...result.value.responses);
    const total = result.value.meta.total_pages;
    page += 1;
    if (result.value.responses.length === 0 || (total !== undefined && page > total)) break;
  }
  return { responses, stopped: null, nextPage: page };
}

const titleOf = (value: { title?: string } | string | undefined) =>
  (typeof value === 'string' ? value : value?.title) ?? null;

const isoDate = (value: string | null | undefined) =>
  value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null;

const CURRENCIES: Record<string, string> = { rur: 'RUB', rub: 'RUB', usd: 'USD', eur: 'EUR' };

/** A Habr response and the responder's profile (when it could be read) as our applicant. */
export function habrApplicant(response: HabrResponse, user: HabrUser | null): SiteApplicant {
  const name = (user?.name ?? response.user?.name ?? '').trim().split(/\s+/).filter(Boolean);
  const contacts = user?.contacts;
  const telegram = contacts?.messengers?.find((m) => m.type?.toLowerCase() === 'telegram')?.value;
  const salary = user?.salary;
  const login = user?.login ?? response.user?.login;
  const url = user?.url ?? (login ? `https://career.habr.com/${login}` : null);
  const months = response.user?.experience_total?.months;
  return {
    first_name: name[0] ?? null,
    last_name: name.length > 1 ? name.slice(1).join(' ') : null,
    middle_name: null,
    birthday: isoDate(user?.birthday),
    gender: null,
    phone: contacts?.phones?.find((p) => p.value)?.value ?? null,
    email: contacts?.emails?.find((e) => e.value)?.value ?? null,
    tg: telegram ? telegram.replace(/^@/, '') : null,
    money: salary?.value ? String(salary.value) : null,
    currency: salary?.value
      ? (CURRENCIES[salary.currency?.toLowerCase() ?? 'rur'] ?? 'RUB')
      : undefined,
    city: user?.location?.city?.title ?? null,
    about_me: response.body?.trim() ? response.body.trim() : null,
    total_experience: typeof months === 'number' && months > 0 ? Math.min(months, 1200) : null,
    experience: (user?.experience ?? []).map((job) => ({
      position: job.position ?? null,
      company: titleOf(job.company),
      date_start: isoDate(job.start_date),
      date_end: isoDate(job.end_date),
      is_now: !job.end_date,
      description: job.description ?? null,
    })),
    education: (user?.education ?? []).map((school) => ({
      name: titleOf(school.university),
      speciality: school.faculty ?? null,
      date_end: isoDate(school.end_date),
    })),
    skills: (user?.skills ?? [])
      .map(titleOf)
      .filter((s): s is string => Boolean(s))
      .slice(0, 300),
    resume_urls: url ? [url] : [],
    photo_url: user?.avatar ?? response.user?.avatar ?? null,
    external: {
      site: 'habr',
      response_id: String(response.id),
      resume_id: login ?? null,
      vacancy_id: String(response.vacancy_id ?? ''),
      chat_id: null,
    },
  };
}
