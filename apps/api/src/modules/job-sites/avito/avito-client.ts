import {
  refusal,
  type SiteAnswer,
  type SiteFailure,
  type SiteCallOptions,
  type SiteResult,
  siteFetch,
  succeeded,
  transientFailure,
} from '../site-call.ts';
import { avitoFieldErrors, type AvitoVacancyRequest } from './avito-mappers.ts';
import type {
  AvitoAccount,
  AvitoApplication,
  AvitoApplicationRef,
  AvitoChat,
  AvitoDictionaryItem,
  AvitoHookSubscription,
  AvitoMessage,
  AvitoPublicationStatus,
  AvitoResume,
  AvitoResumeContacts,
  AvitoState,
} from './avito-types.ts';

// Avito's API for business (/work/shared/specs/avito: auth.json, user.json, job.json,
// messenger.json) for one connected account, with no database: the caller keeps what it needs.
// The token comes from client credentials (`POST /token`), is kept in memory and fetched again
// before it expires (a minute early, or a fifth of its life when that is shorter) and once more
// when Avito calls a token expired (401, or 403 with the generic error shape). Every method
// answers a SiteResult: 429 → `paused` until Retry-After (or a minute), 5xx/no answer →
// `retryable`, the vacancy's 400 `{errors: […]}` → `invalid` on our field names.

export type AvitoClientOptions = {
  /** AVITO_API_BASE: https://api.avito.ru */
  apiBase: string;
  clientId: string;
  clientSecret: string;
  /** Sends `X-Is-Employee: true` (an employee of a company hierarchy acting on its own items). */
  isEmployee?: boolean;
  timeoutMs?: number;
  now?: () => number;
};

const SITE = 'Авито';
const PAGE_LIMIT = 100;

type Token = { value: string; refreshAt: number };

/** A vacancy Avito did not take: its 400 texts on our fields, a missing tariff, or a refusal. */
function vacancyRefusal(status: number, answer: unknown): SiteFailure {
  if (status === 400) {
    const texts = (answer as { errors?: unknown } | undefined)?.errors;
    const list = Array.isArray(texts) ? texts.map(String) : [String(JSON.stringify(answer))];
    return {
      ok: false,
      kind: 'invalid',
      errors: avitoFieldErrors(list),
      message: 'Авито не принял вакансию: исправьте отмеченные поля',
    };
  }
  const refused = (answer as { error?: { value?: unknown } } | undefined)?.error?.value;
  if (status === 403 && refused === 'unavailable_to_create') {
    return {
      ok: false,
      kind: 'refused',
      status,
      message:
        'Авито не разрешает публиковать вакансии этому аккаунту: нужен тариф или пакет размещений',
      siteMessage: 'unavailable_to_create',
    };
  }
  return refusal(SITE, status);
}

export function avitoClient(options: AvitoClientOptions) {
  const base = options.apiBase.replace(/\/$/, '');
  const now = options.now ?? Date.now;
  const callOptions: SiteCallOptions = { site: SITE, timeoutMs: options.timeoutMs ?? 20_000, now };
  let token: Token | null = null;
  let pending: Promise<SiteResult<Token>> | null = null;
  let tokensIssued = 0;

  async function requestToken(): Promise<SiteResult<Token>> {
    const answer = await siteFetch(
      `${base}/token`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: options.clientId,
          client_secret: options.clientSecret,
        }).toString(),
      },
      callOptions.timeoutMs,
    );
    const transient = transientFailure(answer, callOptions);
    if (transient) return transient;
    const body = answer!.body as { access_token?: string; expires_in?: number } | undefined;
    if (answer!.status !== 200 || !body?.access_token) {
      return {
        ok: false,
        kind: 'refused',
        status: answer!.status,
        message: 'Авито не принял client_id и client_secret: проверьте их в настройках Авито Pro',
      };
    }
    const lifeMs = (body.expires_in ?? 86_400) * 1000;
    tokensIssued += 1;
    return succeeded({
      value: body.access_token,
      refreshAt: now() + lifeMs - Math.min(60_000, lifeMs / 5),
    });
  }

  /** The cached token while it is fresh; one request for a new one however many calls wait. */
  async function accessToken(): Promise<SiteResult<Token>> {
    if (token && now() < token.refreshAt) return succeeded(token);
    pending ??= requestToken().finally(() => (pending = null));
    const result = await pending;
    if (result.ok) token = result.value;
    return result;
  }

  const tokenExpired = (answer: SiteAnswer) => {
    if (answer.status === 401) return true;
    const code = (answer.body as { error?: { code?: unknown } } | undefined)?.error?.code;
    return answer.status === 403 && (code === 403 || code === 401);
  };

  async function call(
    method: string,
    path: string,
    request: { query?: Record<string, string | undefined>; body?: unknown } = {},
  ): Promise<SiteResult<SiteAnswer>> {
    const url = new URL(`${base}${path}`);
    for (const [key, value] of Object.entries(request.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, value);
    }
    for (let attempt = 0; ; attempt++) {
      const current = await accessToken();
      if (!current.ok) return current;
      const answer = await siteFetch(
        url.toString(),
        {
          method,
          headers: {
            authorization: `Bearer ${current.value.value}`,
            ...(options.isEmployee ? { 'x-is-employee': 'true' } : {}),
            ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
        },
        callOptions.timeoutMs,
      );
      const transient = transientFailure(answer, callOptions);
      if (transient) return transient;
      if (tokenExpired(answer!) && attempt === 0) {
        if (token === current.value) token = null;
        continue;
      }
      return succeeded(answer!);
    }
  }

  /** A call whose success is `expected`; anything else is a refusal. */
  async function json<T>(
    method: string,
    path: string,
    request: { query?: Record<string, string | undefined>; body?: unknown } = {},
    expected = 200,
  ): Promise<SiteResult<T>> {
    const result = await call(method, path, request);
    if (!result.ok) return result;
    const { status, body } = result.value;
    if (status === expected) return succeeded(body as T);
    const message = (body as { error?: { message?: unknown } } | undefined)?.error?.message;
    return refusal(SITE, status, typeof message === 'string' ? message : undefined);
  }

  const ids = (list: readonly string[]) => {
    if (list.length > PAGE_LIMIT) throw new RangeError(`Avito takes ${PAGE_LIMIT} ids at most`);
    return { ids: list };
  };

  return {
    /** How many tokens this client has obtained (for tests and the sync's diagnostics). */
    get tokensIssued() {
      return tokensIssued;
    },

    getSelf: () => json<AvitoAccount>('GET', '/core/v1/accounts/self'),

    /** 202 `{id}`: the publication's UUID (the same one for a duplicate). */
    async publishVacancy(body: AvitoVacancyRequest): Promise<SiteResult<{ id: string }>> {
      const result = await call('POST', '/job/v2/vacancies', { body });
      if (!result.ok) return result;
      const { status, body: answer } = result.value;
      if (status === 202 || status === 200) return succeeded(answer as { id: string });
      return vacancyRefusal(status, answer);
    },

    /** v2 edit of a publication by its UUID: 202, or the same validation as publishing. */
    async updateVacancy(uuid: string, body: AvitoVacancyRequest): Promise<SiteResult<true>> {
      const result = await call('POST', `/job/v2/vacancies/update/${encodeURIComponent(uuid)}`, {
        body,
      });
      if (!result.ok) return result;
      const { status, body: answer } = result.value;
      if (status === 202 || status === 200 || status === 204) return succeeded(true);
      return vacancyRefusal(status, answer);
    },

    /** One of Avito's vacancy dictionaries (`profession`, …): `[{id, name, deprecated}]`. */
    getDictionary: (dictionaryId: string) =>
      json<AvitoDictionaryItem[]>(
        'GET',
        `/job/v2/vacancy/dict/${encodeURIComponent(dictionaryId)}`,
      ),

    getVacancyStatuses: (uuids: readonly string[]) =>
      json<AvitoPublicationStatus[]>('POST', '/job/v2/vacancies/statuses', { body: ids(uuids) }),

    /** Stops the publication: the vacancy's integer id on the site. */
    async archiveVacancy(vacancyId: number | string): Promise<SiteResult<true>> {
      const result = await json<unknown>('PUT', `/job/v1/vacancies/archived/${vacancyId}`, {}, 204);
      return result.ok ? succeeded(true) : result;
    },

    async prolongVacancy(
      vacancyId: number | string,
      billingType: 'package' | 'packageOrSingle',
    ): Promise<SiteResult<true>> {
      const result = await json<unknown>(
        'POST',
        `/job/v1/vacancies/${vacancyId}/prolongate`,
        { body: { billing_type: billingType } },
        204,
      );
      return result.ok ? succeeded(true) : result;
    },

    /** One page of application ids, newest first; `cursor` is the last id of the previous page. */
    async listApplicationIds(params: {
      updatedAtFrom: string;
      cursor?: string;
      vacancyIds?: readonly (number | string)[];
      state?: string;
    }): Promise<SiteResult<AvitoApplicationRef[]>> {
      const result = await json<{ applies?: AvitoApplicationRef[] }>(
        'GET',
        '/job/v1/applications/get_ids',
        {
          query: {
            updatedAtFrom: params.updatedAtFrom,
            cursor: params.cursor,
            vacancyIds: params.vacancyIds?.join(','),
            state: params.state,
          },
        },
      );
      return result.ok ? succeeded(result.value.applies ?? []) : result;
    },

    async getApplications(
      applicationIds: readonly string[],
    ): Promise<SiteResult<AvitoApplication[]>> {
      const result = await json<{ applies?: AvitoApplication[] }>(
        'POST',
        '/job/v1/applications/get_by_ids',
        { body: ids(applicationIds) },
      );
      return result.ok ? succeeded(result.value.applies ?? []) : result;
    },

    async getApplicationStates(): Promise<SiteResult<AvitoState[]>> {
      const result = await json<{ states?: AvitoState[] }>(
        'GET',
        '/job/v1/applications/get_states',
      );
      return result.ok ? succeeded(result.value.states ?? []) : result;
    },

    async applyAction(
      action: string,
      applicationIds: readonly string[],
    ): Promise<SiteResult<AvitoApplicationRef[]>> {
      const result = await json<{ applies?: AvitoApplicationRef[] }>(
        'POST',
        '/job/v1/applications/apply_actions',
        { body: { action, ...ids(applicationIds) } },
      );
      return result.ok ? succeeded(result.value.applies ?? []) : result;
    },

    /** Avito checks the URL answers before it subscribes; a 400 then means it did not. */
    async setApplicationsWebhook(
      subscription: AvitoHookSubscription,
    ): Promise<SiteResult<AvitoHookSubscription>> {
      const result = await json<AvitoHookSubscription>('PUT', '/job/v1/applications/webhook', {
        body: subscription,
      });
      if (result.ok || result.kind !== 'refused' || result.status !== 400) return result;
      return {
        ...result,
        message:
          'Авито не смог обратиться по адресу вебхука: проверьте, что он доступен из интернета',
      };
    },

    getResume: (resumeId: number | string) =>
      json<AvitoResume>('GET', `/job/v2/resumes/${resumeId}`, { query: { photos: 'true' } }),

    /** Paid: 402 when the views package is spent, 403 when the employer is not verified. */
    getResumeContacts: (resumeId: number | string) =>
      json<AvitoResumeContacts>('GET', `/job/v1/resumes/${resumeId}/contacts/`),

    async listChats(
      userId: number,
      params: { limit?: number; offset?: number } = {},
    ): Promise<SiteResult<AvitoChat[]>> {
      const result = await json<{ chats?: AvitoChat[] }>(
        'GET',
        `/messenger/v2/accounts/${userId}/chats`,
        {
          query: {
            chat_types: 'u2i',
            limit: String(params.limit ?? 100),
            offset: String(params.offset ?? 0),
          },
        },
      );
      return result.ok ? succeeded(result.value.chats ?? []) : result;
    },

    /** Newest first; reading does not mark them read. */
    listMessages: (
      userId: number,
      chatId: string,
      params: { limit?: number; offset?: number } = {},
    ) =>
      json<AvitoMessage[]>(
        'GET',
        `/messenger/v3/accounts/${userId}/chats/${encodeURIComponent(chatId)}/messages/`,
        { query: { limit: String(params.limit ?? 100), offset: String(params.offset ?? 0) } },
      ),

    sendMessage: (userId: number, chatId: string, text: string) =>
      json<AvitoMessage>(
        'POST',
        `/messenger/v1/accounts/${userId}/chats/${encodeURIComponent(chatId)}/messages`,
        { body: { type: 'text', message: { text } } },
      ),

    setMessengerWebhook: (url: string) =>
      json<{ ok: boolean }>('POST', '/messenger/v3/webhook', { body: { url } }),

    /** The account's messenger subscriptions (`POST`, as the spec has it). */
    async listMessengerWebhooks(): Promise<SiteResult<{ url: string; version?: string }[]>> {
      const result = await json<{ subscriptions?: { url: string; version?: string }[] }>(
        'POST',
        '/messenger/v1/subscriptions',
      );
      return result.ok ? succeeded(result.value.subscriptions ?? []) : result;
    },

    unsetMessengerWebhook: (url: string) =>
      json<{ ok: boolean }>('POST', '/messenger/v1/webhook/unsubscribe', { body: { url } }),
  };
}

export type AvitoClient = ReturnType<typeof avitoClient>;

/**
 * Every application id changed since a day, page after page. A failure part-way (a 429 pause, a
 * 5xx) does not lose the pages read: they come back with the failure and the cursor to go on
 * from, so the sync keeps them and resumes there.
 */
export async function avitoApplicationIdsSince(
  client: Pick<AvitoClient, 'listApplicationIds'>,
  params: { updatedAtFrom: string; cursor?: string; vacancyIds?: readonly (number | string)[] },
  maxPages = 1000,
): Promise<{ refs: AvitoApplicationRef[]; stopped: SiteFailure | null; cursor: string | null }> {
  const refs: AvitoApplicationRef[] = [];
  let cursor = params.cursor ?? null;
  for (let page = 0; page < maxPages; page++) {
    const result = await client.listApplicationIds({
      updatedAtFrom: params.updatedAtFrom,
      ...(cursor ? { cursor } : {}),
      ...(params.vacancyIds ? { vacancyIds: params.vacancyIds } : {}),
    });
    if (!result.ok) return { refs, stopped: result, cursor };
    refs.push(...result.value);
    if (result.value.length === 0) break;
    cursor = result.value.at(-1)!.id;
  }
  return { refs, stopped: null, cursor };
}

/**
 * The application ids an applications-webhook delivery hints at. Avito's spec does not describe
 * the body, so it is searched for anything shaped like an application id (24 hex characters);
 * the caller fetches those with getApplications and still polls get_ids for what was missed.
 */
export function avitoHookApplicationIds(body: unknown): string[] {
  const found = new Set<string>();
  const walk = (value: unknown, depth: number) => {
    if (depth > 5) return;
    if (typeof value === 'string' && /^[0-9a-f]{24}$/i.test(value)) {
      found.add(value);
    } else if (Array.isArray(value)) {
      for (const item of value) walk(item, depth + 1);
    } else if (value && typeof value === 'object') {
      for (const item of Object.values(value)) walk(item, depth + 1);
    }
  };
  walk(body, 0);
  return [...found];
}
