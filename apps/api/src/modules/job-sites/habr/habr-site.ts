import type { Config } from '../../../platform/config.ts';
import { siteFetch } from '../site-call.ts';
import { type SiteClient, SiteError, type SiteTokens } from '../site-client.ts';
import { syncApplicantOf, valueOf, valueOrNull } from '../site-result.ts';
import {
  type HabrResponse,
  type HabrVacancy,
  habrApplicant,
  habrAuthorizeUrl,
  habrClient,
} from './habr-client.ts';

// Habr Career behind the module's SiteClient (decision 0055): OAuth authorization code like
// hh.ru. The session keeps the tokens (sealed, refreshed a minute before they end and once more
// on Habr's 401, which reads as "expired" here); the client is made per call with the access
// token only, so it never refreshes on its own. Habr has no "who am I": the company is named by
// its vacancies. Responses come by page (1-based at Habr), the responder's profile gives contacts.

const configured = (config: Config) => Boolean(config.HABR_CLIENT_ID && config.HABR_CLIENT_SECRET);

const optionsOf = (config: Config, redirectUri = '') => ({
  base: config.HABR_BASE,
  clientId: config.HABR_CLIENT_ID ?? '',
  clientSecret: config.HABR_CLIENT_SECRET ?? '',
  redirectUri,
});

const clientOf = (config: Config, accessToken: string) =>
  habrClient(optionsOf(config), {
    access_token: accessToken,
    refresh_token: null,
    expires_at: null,
  });

const read = { expiredOn401: true };

async function tokenRequest(config: Config, grant: Record<string, string>): Promise<SiteTokens> {
  const answer = await siteFetch(
    `${config.HABR_BASE.replace(/\/$/, '')}/integrations/oauth/token`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: config.HABR_CLIENT_ID ?? '',
        client_secret: config.HABR_CLIENT_SECRET ?? '',
        ...grant,
      }).toString(),
    },
    20_000,
  );
  if (answer === null || answer.status >= 500) {
    throw new SiteError(answer?.status ?? 503, 'unavailable');
  }
  if (answer.status === 429) throw new SiteError(429, 'rate');
  const body = answer.body as
    { access_token?: string; refresh_token?: string; expires_in?: number } | undefined;
  if (answer.status !== 200 || !body?.access_token) throw new SiteError(answer.status, 'revoked');
  return {
    accessToken: body.access_token,
    refreshToken: body.refresh_token ?? null,
    expiresIn: typeof body.expires_in === 'number' ? body.expires_in : null,
  };
}

async function allVacancies(config: Config, accessToken: string) {
  const client = clientOf(config, accessToken);
  const vacancies: HabrVacancy[] = [];
  for (let page = 1; page <= 50; page += 1) {
    const answer = valueOf(await client.listVacancies(page), read);
    vacancies.push(...answer.vacancies);
    if (answer.vacancies.length === 0 || page >= (answer.meta.total_pages ?? 1)) break;
  }
  return vacancies;
}

export const habrSite: SiteClient = {
  site: 'habr',
  configured,
  authorizeUrl: (config, redirectUri, state) =>
    habrAuthorizeUrl(optionsOf(config, redirectUri), state),
  exchangeCode: (config, code, redirectUri) =>
    tokenRequest(config, { grant_type: 'authorization_code', code, redirect_uri: redirectUri }),
  refresh: (config, refreshToken) =>
    tokenRequest(config, { grant_type: 'refresh_token', refresh_token: refreshToken }),
  async whoAmI(config, accessToken) {
    const first = valueOf(await clientOf(config, accessToken).listVacancies(1), read);
    const company = first.vacancies
      .map((v) => v.company)
      .find((c): c is string => typeof c === 'string' && c.trim() !== '');
    return {
      externalAccountId: company ?? config.HABR_CLIENT_ID ?? 'habr',
      name: company ?? null,
      userId: null,
    };
  },
  async call(config, accessToken, _connection, name) {
    // SPEC.md §8: of these Habr Career has only the company (named by its vacancies).
    if (name !== 'get_me') return { code: 200, result: null };
    const me = await habrSite.whoAmI(config, accessToken);
    return { code: 200, result: { company: me.name } };
  },
  async activeVacancies(config, accessToken) {
    return (await allVacancies(config, accessToken)).map((v) => ({
      externalId: String(v.id),
      name: v.title ?? `Вакансия № ${v.id}`,
      area: null,
      responses: null,
      url: v.url ?? null,
    }));
  },
  async responsesPage(config, accessToken, externalVacancyId, page) {
    const answer = valueOf(
      await clientOf(config, accessToken).listResponses(externalVacancyId, page + 1),
      read,
    );
    return {
      pages: Math.max(1, answer.meta.total_pages ?? 1),
      items: answer.responses.map((r) => ({
        externalId: String(r.id),
        resumeId: r.user?.login ?? null,
        resumeUrl: r.user?.login ? `https://career.habr.com/${r.user.login}` : null,
        raw: r,
      })),
    };
  },
  async applicantOf(config, accessToken, response) {
    const raw = response.raw as HabrResponse | undefined;
    if (!raw) return null;
    const login = raw.user?.login;
    const user = login
      ? valueOrNull(await clientOf(config, accessToken).getUser(login), read)
      : null;
    return syncApplicantOf(habrApplicant(raw, user));
  },
};
