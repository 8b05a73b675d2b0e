import { type TCreateApplicantRequest, ZCreateApplicantRequest } from '@ats/contracts/applicants';
import type { TJobSiteCall } from '@ats/contracts/job-sites';
import type { Config } from '../../../platform/config.ts';
import {
  type SiteApplicant,
  type SiteClient,
  type SiteConnectionRef,
  SiteError,
  type SiteTokens,
} from '../site-client.ts';

// hh.ru's API as /work/shared/specs/hh-ru/openapi-spec.yaml and integrations.md §1 describe it:
// authorization code with refresh (POST /token, form-encoded), HH-User-Agent on every call, errors
// `{errors:[{type, value}]}` (403 oauth/token_expired → refresh once), 429 and 5xx → pause.
// Résumés are read at `/resumes/{id}?topic_id={nid}` built from our base, never from a URL the
// answer names, so the token goes nowhere but HH_API_BASE.

const TIMEOUT_MS = 15_000;
const PER_PAGE = 50;

const configured = (config: Config) => Boolean(config.HH_CLIENT_ID && config.HH_CLIENT_SECRET);

const base = (config: Config) => config.HH_API_BASE.replace(/\/$/, '');

function headersOf(config: Config, accessToken?: string) {
  return {
    'HH-User-Agent': config.HH_USER_AGENT,
    'User-Agent': config.HH_USER_AGENT,
    accept: 'application/json',
    ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}),
  };
}

type HhErrorBody = { errors?: { type?: string; value?: string }[]; error?: string };

async function errorOf(response: Response): Promise<SiteError> {
  const body = (await response.json().catch(() => null)) as HhErrorBody | null;
  const values = (body?.errors ?? []).map((e) => `${e.type}/${e.value ?? ''}`);
  const retryAfter = Number(response.headers.get('retry-after'));
  const wait = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null;
  if (values.includes('oauth/token_expired')) return new SiteError(response.status, 'expired');
  if (values.some((v) => v.startsWith('oauth/'))) return new SiteError(response.status, 'revoked');
  if (response.status === 429 || values.some((v) => v.startsWith('captcha_required'))) {
    return new SiteError(response.status, 'rate', wait);
  }
  if (response.status >= 500) return new SiteError(response.status, 'unavailable', wait);
  return new SiteError(response.status, 'other');
}

async function send(url: string, init: RequestInit) {
  try {
    return await fetch(url, {
      ...init,
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
  } catch {
    throw new SiteError(0, 'unavailable');
  }
}

/** A GET of the API: the JSON body, or a classified SiteError. */
async function getJson<T>(config: Config, accessToken: string, path: string): Promise<T> {
  const response = await send(`${base(config)}${path}`, {
    headers: headersOf(config, accessToken),
  });
  if (response.status !== 200) throw await errorOf(response);
  return (await response.json()) as T;
}

/** For get_*: the status and, on 200 only, the body (SPEC.md §8). Token errors still throw. */
async function getRaw(config: Config, accessToken: string, path: string) {
  const response = await send(`${base(config)}${path}`, {
    headers: headersOf(config, accessToken),
  });
  if (response.status === 200) return { code: 200, result: (await response.json()) as unknown };
  const error = await errorOf(response);
  if (error.kind === 'expired' || error.kind === 'revoked') throw error;
  return { code: response.status, result: null };
}

async function token(config: Config, form: Record<string, string>): Promise<SiteTokens> {
  const response = await send(`${base(config)}/token`, {
    method: 'POST',
    headers: { ...headersOf(config), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: config.HH_CLIENT_ID ?? '',
      client_secret: config.HH_CLIENT_SECRET ?? '',
      ...form,
    }).toString(),
  });
  if (response.status !== 200) {
    const body = (await response.json().catch(() => null)) as HhErrorBody | null;
    if (response.status >= 500) throw new SiteError(response.status, 'unavailable');
    throw new SiteError(response.status, body?.error === 'invalid_grant' ? 'revoked' : 'other');
  }
  const body = (await response.json()) as {
    access_token: string;
    refresh_token?: string;
    expires_in?: number;
  };
  return {
    accessToken: body.access_token,
    refreshToken: body.refresh_token ?? null,
    expiresIn: body.expires_in ?? null,
  };
}

const enc = encodeURIComponent;

const CALL_PATHS: Record<TJobSiteCall, ((c: SiteConnectionRef) => string[]) | null> = {
  get_me: () => ['/me'],
  get_dictionaries: () => ['/dictionaries', '/areas', '/professional_roles'],
  get_addresses: (c) => [`/employers/${enc(c.externalAccountId)}/addresses`],
  get_members: (c) => [`/employers/${enc(c.externalAccountId)}/managers`],
  get_tariffs: (c) => [
    `/employers/${enc(c.externalAccountId)}/managers/${enc(c.externalUserId ?? '')}/vacancies/available_types`,
  ],
  get_accounts: () => ['/manager_accounts/mine'],
  get_companies: (c) => [`/employers/${enc(c.externalAccountId)}`],
  // hh.ru has no qualifications: the call answers as a refusal would (result null).
  get_qualifications: null,
};

type HhResume = {
  id: string;
  title?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  middle_name?: string | null;
  area?: { name?: string } | null;
  salary?: { amount?: number | null; currency?: string | null } | null;
  photo?: { medium?: string | null; small?: string | null } | null;
  alternate_url?: string | null;
  contact?:
    { type?: { id?: string }; value?: string | { formatted?: string | null } | null }[] | null;
  experience?: {
    company?: string | null;
    position?: string | null;
    start?: string | null;
    end?: string | null;
    description?: string | null;
  }[];
  education?: {
    level?: { name?: string } | null;
    primary?: {
      name?: string | null;
      organization?: string | null;
      result?: string | null;
      year?: number | null;
    }[];
  } | null;
  skill_set?: string[];
  language?: { name?: string; level?: { name?: string } }[];
};

const day = (value: string | null | undefined) =>
  value && /^\d{4}-\d{2}(-\d{2})?$/.test(value)
    ? value.length === 7
      ? `${value}-01`
      : value
    : null;

const clip = (value: string | null | undefined, max: number) =>
  value ? value.slice(0, max) : null;

/** hh.ru's résumé as our applicant fields; what the contract refuses is dropped, not failed. */
export function applicantOfResume(resume: HhResume): SiteApplicant {
  const contacts = resume.contact ?? [];
  const phone = contacts.find(
    (c) => c.type?.id === 'cell' || c.type?.id === 'home' || c.type?.id === 'work',
  );
  const email = contacts.find((c) => c.type?.id === 'email');
  const phoneValue =
    typeof phone?.value === 'object' ? (phone.value?.formatted ?? null) : (phone?.value ?? null);
  const emailValue = typeof email?.value === 'string' ? email.value : null;
  const currency = resume.salary?.currency === 'RUR' ? 'RUB' : (resume.salary?.currency ?? null);
  const languages = (resume.language ?? [])
    .map((l) => [l.name, l.level?.name].filter(Boolean).join(' — '))
    .filter(Boolean);
  const link = resume.alternate_url ?? null;
  const draft: TCreateApplicantRequest = {
    first_name: clip(resume.first_name, 255),
    last_name: clip(resume.last_name, 255),
    middle_name: clip(resume.middle_name, 255),
    phone: clip(phoneValue, 50),
    email: emailValue,
    position: clip(resume.title, 500),
    city: clip(resume.area?.name, 200),
    money: resume.salary?.amount ? String(resume.salary.amount) : null,
    currency: resume.salary?.amount ? currency : null,
    company: clip(resume.experience?.[0]?.company, 500),
    experience: (resume.experience ?? []).slice(0, 100).map((e) => ({
      company: clip(e.company, 255),
      position: clip(e.position, 255),
      date_start: day(e.start),
      date_end: day(e.end),
      is_now: !e.end,
      description: clip(e.description, 10_000),
      skills: [],
    })),
    education: (resume.education?.primary ?? []).slice(0, 50).map((e) => ({
      level: clip(resume.education?.level?.name, 255),
      name: clip(e.name, 500),
      speciality: clip(e.result ?? e.organization, 500),
      date_end: e.year ? `${e.year}-06-30` : null,
    })),
    skills: [
      ...new Set((resume.skill_set ?? []).map((s) => s.trim().slice(0, 100)).filter(Boolean)),
    ].slice(0, 300),
    ...(languages.length ? { text_block: `Языки: ${languages.join(', ')}` } : {}),
    resume_urls: link ? [link] : [],
  };
  const parsed = ZCreateApplicantRequest.safeParse(draft);
  const checked = parsed.success
    ? parsed.data
    : ZCreateApplicantRequest.parse({
        first_name: draft.first_name ?? draft.last_name ?? 'Кандидат с hh.ru',
        last_name: draft.last_name,
        resume_urls: draft.resume_urls,
      });
  return {
    draft: checked,
    photoUrl: resume.photo?.medium ?? resume.photo?.small ?? null,
    resumeLink: link,
  };
}

export const hhClient: SiteClient = {
  site: 'hh',
  configured,
  authorizeUrl(config, redirectUri, state) {
    const url = new URL('/oauth/authorize', config.HH_OAUTH_BASE);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', config.HH_CLIENT_ID ?? '');
    url.searchParams.set('state', state);
    url.searchParams.set('redirect_uri', redirectUri);
    return url.toString();
  },
  exchangeCode: (config, code, redirectUri) =>
    token(config, { grant_type: 'authorization_code', code, redirect_uri: redirectUri }),
  refresh: (config, refreshToken) =>
    token(config, { grant_type: 'refresh_token', refresh_token: refreshToken }),
  async whoAmI(config, accessToken) {
    const me = await getJson<{
      id?: string;
      is_employer?: boolean;
      employer?: { id?: string; name?: string } | null;
      manager?: { id?: string } | null;
    }>(config, accessToken, '/me');
    if (!me.is_employer || !me.employer?.id) throw new SiteError(403, 'other');
    return {
      externalAccountId: String(me.employer.id),
      name: me.employer.name ?? null,
      userId: me.manager?.id ? String(me.manager.id) : (me.id ?? null),
    };
  },
  async call(config, accessToken, connection, name) {
    const paths = CALL_PATHS[name]?.(connection);
    if (!paths) return { code: 404, result: null };
    const answers = [];
    for (const path of paths) {
      const answer = await getRaw(config, accessToken, path);
      if (answer.code !== 200) return answer;
      answers.push(answer.result);
    }
    if (name !== 'get_dictionaries') return { code: 200, result: answers[0] };
    const [dictionaries, areas, roles] = answers;
    return {
      code: 200,
      result: { ...(dictionaries as object), areas, professional_roles: roles },
    };
  },
  async activeVacancies(config, accessToken, connection) {
    const out = [];
    for (let page = 0; page < 40; page += 1) {
      const answer = await getJson<{
        pages: number;
        items: {
          id: string;
          name: string;
          area?: { name?: string } | null;
          alternate_url?: string | null;
          counters?: { responses?: number } | null;
        }[];
      }>(
        config,
        accessToken,
        `/employers/${enc(connection.externalAccountId)}/vacancies/active?page=${page}&per_page=${PER_PAGE}`,
      );
      for (const v of answer.items) {
        out.push({
          externalId: String(v.id),
          name: v.name,
          area: v.area?.name ?? null,
          responses: v.counters?.responses ?? null,
          url: v.alternate_url ?? null,
        });
      }
      if (page + 1 >= answer.pages) break;
    }
    return out;
  },
  async responsesPage(config, accessToken, externalVacancyId, page) {
    const answer = await getJson<{
      pages: number;
      items: {
        id: string;
        resume?: { id?: string | null } | null;
        counters?: { messages?: number | null } | null;
      }[];
    }>(
      config,
      accessToken,
      `/negotiations/response?vacancy_id=${enc(externalVacancyId)}&page=${page}&per_page=${PER_PAGE}`,
    );
    return {
      pages: answer.pages,
      items: answer.items.map((item) => ({
        externalId: String(item.id),
        resumeId: item.resume?.id ? String(item.resume.id) : null,
        resumeUrl: item.resume?.id
          ? `/resumes/${enc(String(item.resume.id))}?topic_id=${enc(String(item.id))}`
          : null,
        messageCount: typeof item.counters?.messages === 'number' ? item.counters.messages : null,
      })),
    };
  },
  async applicantOf(config, accessToken, response) {
    if (!response.resumeUrl) return null;
    return applicantOfResume(await getJson<HhResume>(config, accessToken, response.resumeUrl));
  },
};

/** The transport pieces for the other hh.ru files (negotiations, webhooks: decision 0054). */
export const hhHttp = { base, headersOf, errorOf, send };
