import { randomBytes } from 'node:crypto';

import { type FakeReply, type FakeRequest, serveFake } from './fake-http.ts';

// A local stand-in for Habr Career's integration API as integrations.md §3 describes it (there is
// no machine-readable spec: the paths come from Habr's 2021 API page and from third-party
// integrations, the shapes are our best reading of them):
// - `GET /integrations/oauth/authorize` answers at once with a 302 to `redirect_uri?code=…&state=…`
//   (`error=access_denied` when `denyConsent`); `POST /integrations/oauth/token` (form, JSON or
//   query) takes authorization_code and refresh_token grants and answers `{access_token,
//   refresh_token, token_type, expires_in, created_at}` (a used refresh token is spent);
// - the token as `Authorization: Bearer …` or `?access_token=…`; none, unknown or expired →
//   401 `{error: 'invalid_token'}`;
// - `GET /api/v1/integrations/vacancies` (`{vacancies, meta}`), `…/vacancies/{id}` (`{vacancy}`),
//   `…/vacancies/{id}/responses?page=N` (`{responses, meta}`, `perPage` a page; 404 for a
//   vacancy of another company), `…/users/{login}` (the profile with contacts, experience,
//   education and skills);
// - faults by `failNext` (500, 503, 429 with Retry-After — Habr documents no limits) and
//   `expireTokens`.

export type HabrUserSeed = {
  login: string;
  name: string;
  avatar?: string;
  birthday?: string;
  city?: string;
  salary?: { value: number; currency: string };
  emails?: string[];
  phones?: string[];
  telegram?: string;
  experience?: {
    company: string;
    position: string;
    start_date: string;
    end_date?: string;
    description?: string;
  }[];
  education?: { university: string; faculty?: string; end_date?: string }[];
  skills?: string[];
  experienceMonths?: number;
};

export type HabrVacancy = { id: number; title: string; company: string; url: string };

export type HabrResponse = {
  id: number;
  vacancy_id: number;
  created_at: string;
  body: string;
  user: {
    login: string;
    name: string;
    avatar: string | null;
    experience_total: { months: number };
  };
};

export type HabrFakeOptions = {
  port?: number;
  clientId?: string;
  clientSecret?: string;
  tokenTtlSeconds?: number;
  perPage?: number;
  denyConsent?: boolean;
};

const err = (status: number, error: string): FakeReply => ({ status, body: { error } });
const hex = (bytes: number) => randomBytes(bytes).toString('hex');

export async function startHabrFake(options: HabrFakeOptions = {}) {
  const clientId = options.clientId ?? 'habr-client-id';
  const clientSecret = options.clientSecret ?? 'habr-client-secret';
  const ttl = options.tokenTtlSeconds ?? 86_400;
  const perPage = options.perPage ?? 25;
  const tokens = new Map<string, number>();
  const refreshTokens = new Set<string>();
  const codes = new Map<string, string>();
  const vacancies = new Map<number, HabrVacancy>();
  const foreignVacancies = new Set<number>();
  const responses: HabrResponse[] = [];
  const users = new Map<string, HabrUserSeed>();
  const state = { denyConsent: options.denyConsent ?? false };
  let nextVacancy = 1_000_101;
  let nextResponse = 5_000_001;

  function issue() {
    const access = hex(20);
    const refresh = hex(20);
    tokens.set(access, Date.now() + ttl * 1000);
    refreshTokens.add(refresh);
    return {
      status: 200,
      body: {
        access_token: access,
        refresh_token: refresh,
        token_type: 'Bearer',
        expires_in: ttl,
        created_at: Math.floor(Date.now() / 1000),
      },
    };
  }

  function token(request: FakeRequest): FakeReply {
    const form = {
      ...Object.fromEntries(request.query),
      ...((request.body ?? {}) as Record<string, string>),
    };
    if (form.client_id !== clientId || form.client_secret !== clientSecret) {
      return err(401, 'invalid_client');
    }
    if (form.grant_type === 'authorization_code') {
      const redirect = form.code ? codes.get(form.code) : undefined;
      if (!redirect || redirect !== form.redirect_uri) return err(400, 'invalid_grant');
      codes.delete(form.code!);
      return issue();
    }
    if (form.grant_type === 'refresh_token') {
      if (!form.refresh_token || !refreshTokens.delete(form.refresh_token)) {
        return err(400, 'invalid_grant');
      }
      return issue();
    }
    return err(400, 'unsupported_grant_type');
  }

  const profile = (user: HabrUserSeed) => ({
    login: user.login,
    name: user.name,
    url: `https://career.habr.com/${user.login}`,
    avatar: user.avatar ?? null,
    birthday: user.birthday ?? null,
    location: user.city ? { city: { title: user.city } } : null,
    salary: user.salary ?? null,
    contacts: {
      emails: (user.emails ?? []).map((value) => ({ value })),
      phones: (user.phones ?? []).map((value) => ({ value })),
      messengers: user.telegram ? [{ type: 'telegram', value: user.telegram }] : [],
    },
    experience: (user.experience ?? []).map((job) => ({
      company: { title: job.company },
      position: job.position,
      start_date: job.start_date,
      end_date: job.end_date ?? null,
      description: job.description ?? null,
    })),
    education: (user.education ?? []).map((school) => ({
      university: { title: school.university },
      faculty: school.faculty ?? null,
      end_date: school.end_date ?? null,
    })),
    skills: (user.skills ?? []).map((title) => ({ title })),
  });

  const page = <T>(list: T[], request: FakeRequest) => {
    const current = Math.max(1, Number(request.query.get('page') ?? 1) || 1);
    return {
      items: list.slice((current - 1) * perPage, current * perPage),
      meta: {
        current_page: current,
        total_pages: Math.max(1, Math.ceil(list.length / perPage)),
        per_page: perPage,
        total: list.length,
      },
    };
  };

  function api(request: FakeRequest): FakeReply {
    const { method, path } = request;
    if (method === 'GET' && path === '/integrations/oauth/authorize') {
      const redirect = request.query.get('redirect_uri');
      if (!redirect || request.query.get('client_id') !== clientId) {
        return err(400, 'invalid_client');
      }
      const target = new URL(redirect);
      if (state.denyConsent) {
        target.searchParams.set('error', 'access_denied');
      } else {
        const code = hex(10);
        codes.set(code, redirect);
        target.searchParams.set('code', code);
      }
      const stateParam = request.query.get('state');
      if (stateParam) target.searchParams.set('state', stateParam);
      return { status: 302, location: target.toString() };
    }
    if (method === 'POST' && path === '/integrations/oauth/token') return token(request);

    const bearer =
      /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ??
      request.query.get('access_token') ??
      undefined;
    const expiry = bearer ? tokens.get(bearer) : undefined;
    if (expiry === undefined || expiry <= Date.now()) return err(401, 'invalid_token');

    if (method !== 'GET') return err(404, 'not_found');
    if (path === '/api/v1/integrations/vacancies') {
      const { items, meta } = page([...vacancies.values()], request);
      return { status: 200, body: { vacancies: items, meta } };
    }
    let match = /^\/api\/v1\/integrations\/vacancies\/(\d+)$/.exec(path);
    if (match) {
      const vacancy = vacancies.get(Number(match[1]));
      return vacancy ? { status: 200, body: { vacancy } } : err(404, 'not_found');
    }
    match = /^\/api\/v1\/integrations\/vacancies\/(\d+)\/responses$/.exec(path);
    if (match) {
      const id = Number(match[1]);
      if (!vacancies.has(id) || foreignVacancies.has(id)) return err(404, 'not_found');
      const { items, meta } = page(
        responses.filter((r) => r.vacancy_id === id),
        request,
      );
      return { status: 200, body: { responses: items, meta } };
    }
    match = /^\/api\/v1\/integrations\/users\/([^/]+)$/.exec(path);
    if (match) {
      const user = users.get(match[1]!);
      return user ? { status: 200, body: profile(user) } : err(404, 'not_found');
    }
    return err(404, 'not_found');
  }

  const server = await serveFake(api, {
    ...(options.port ? { port: options.port } : {}),
    failureDefault: (path) => path.startsWith('/api/'),
  });

  return {
    url: server.url,
    clientId,
    clientSecret,
    vacancies,
    responses,
    users,
    state,
    requests: server.requests,
    addVacancy(title: string, input: { foreign?: boolean } = {}) {
      const vacancy: HabrVacancy = {
        id: nextVacancy++,
        title,
        company: 'ООО «Ромашка»',
        url: '',
      };
      vacancy.url = `https://career.habr.com/vacancies/${vacancy.id}`;
      vacancies.set(vacancy.id, vacancy);
      if (input.foreign) foreignVacancies.add(vacancy.id);
      return vacancy;
    },
    /** A person responds to a vacancy (the profile is kept for `users/{login}`). */
    addResponse(vacancyId: number, user: HabrUserSeed, body = '') {
      users.set(user.login, user);
      const response: HabrResponse = {
        id: nextResponse++,
        vacancy_id: vacancyId,
        created_at: new Date().toISOString(),
        body,
        user: {
          login: user.login,
          name: user.name,
          avatar: user.avatar ?? null,
          experience_total: { months: user.experienceMonths ?? 0 },
        },
      };
      responses.push(response);
      return response;
    },
    /** A code as the consent page would give it, for tests that skip the browser. */
    codeFor(redirectUri: string) {
      const code = hex(10);
      codes.set(code, redirectUri);
      return code;
    },
    failNext(failure: {
      status: number;
      path?: string;
      times?: number;
      retryAfterSeconds?: number;
    }) {
      server.failNext({
        status: failure.status,
        body: { error: failure.status === 429 ? 'too_many_requests' : 'internal_error' },
        ...(failure.path ? { path: failure.path } : {}),
        ...(failure.times ? { times: failure.times } : {}),
        ...(failure.status === 429
          ? { headers: { 'retry-after': String(failure.retryAfterSeconds ?? 60) } }
          : {}),
      });
    },
    expireTokens() {
      for (const key of tokens.keys()) tokens.set(key, Date.now() - 1);
    },
    close: server.close,
  };
}

export type HabrFake = Awaited<ReturnType<typeof startHabrFake>>;
