import { randomBytes } from 'node:crypto';
import {
  JOB_SITE_MESSAGES,
  JOB_SITE_NAMES,
  JOB_SITES,
  type TJobSite,
  type TJobSiteCall,
  type TJobSiteConnection,
  type TJobSitesOverview,
  type TRemoteVacancy,
} from '@ats/contracts/job-sites';
import type { Database, Db } from '@ats/db/connection';
import type { FastifyBaseLogger } from 'fastify';
import type { Session } from '../../platform/auth.ts';
import type { Config } from '../../platform/config.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { secretBox } from '../../platform/secrets.ts';
import { type Tenant, tenantFor } from '../../platform/tenancy.ts';
import { removeSiteChannel } from '../messaging/messaging.service.ts';
import { getVacancy } from '../vacancies/vacancies.service.ts';
import { assertCanManageJobSites } from './job-sites.policy.ts';
import * as repo from './job-sites.repository.ts';
import { type SiteClient, SiteError } from './site-client.ts';
import { siteClientOf } from './sites.ts';
import { shownProgress } from './sync-turn.ts';

// Connections to job sites (decision 0047): OAuth authorization code with a signed state naming
// the account and user for 10 minutes, tokens sealed at rest, refreshed a minute before they end
// and once more on the site's "token expired"; a refused refresh marks the connection for
// re-connecting. Tokens never leave this module: not in an answer, not in a log line.

export type JobSitesDeps = {
  config: Config;
  database: Database;
  log?: FastifyBaseLogger | undefined;
  /** Tests replace the waits between retries. */
  sleep?: (ms: number) => Promise<void>;
};

const STATE_TTL_MS = 10 * 60_000;
const REFRESH_MARGIN_MS = 60_000;

export const tokenBox = (config: Config) =>
  secretBox(config.SECRETS_KEY ?? config.HH_CLIENT_SECRET ?? 'unconfigured', 'job-site-tokens');

export function configuredClient(config: Config, site: string): SiteClient {
  const client = siteClientOf(site);
  if (!client) throw badRequest(JOB_SITE_MESSAGES.siteNotAvailable);
  if (!client.configured(config)) throw badRequest(JOB_SITE_MESSAGES.notConfigured);
  return client;
}

export const toConnection = (row: repo.ConnectionRow): TJobSiteConnection => ({
  id: row.id,
  site: row.site as TJobSite,
  external_account_id: row.externalAccountId,
  account_name: row.externalAccountName,
  state: row.state,
  paused_until: row.pausedUntil?.toISOString() ?? null,
  last_error: row.lastError,
  last_sync_at: row.lastSyncAt?.toISOString() ?? null,
  last_sync_result: row.lastSyncResult ?? null,
  sync_progress: shownProgress(row.syncProgress),
  created_at: row.createdAt.toISOString(),
});

export async function jobSitesOverview(
  deps: JobSitesDeps,
  tenant: Tenant,
): Promise<TJobSitesOverview> {
  const rows = await tenant.transaction((tx) => repo.listConnections(tx, tenant.accountId));
  return {
    sites: JOB_SITES.map((site) => ({
      site,
      name: JOB_SITE_NAMES[site],
      configured: Boolean(siteClientOf(site)?.configured(deps.config)),
    })),
    connections: rows.map(toConnection),
  };
}

export async function connectionOf(tenant: Tenant, id: number) {
  const row = await tenant.transaction((tx) => repo.findConnection(tx, tenant.accountId, id));
  if (!row) throw notFound(JOB_SITE_MESSAGES.connectionNotFound);
  return row;
}

type State = { a: number; u: number; s: string; exp: number; n: string };

export function startConnect(
  deps: JobSitesDeps,
  tenant: Tenant,
  session: Session,
  site: TJobSite,
  redirectUri: string,
) {
  assertCanManageJobSites(session);
  const client = configuredClient(deps.config, site);
  const state = tokenBox(deps.config).sign({
    a: tenant.accountId,
    u: tenant.userId,
    s: site,
    exp: Date.now() + STATE_TTL_MS,
    n: randomBytes(8).toString('hex'),
  } satisfies State);
  return { url: client.authorizeUrl(deps.config, redirectUri, state) };
}

const expiryOf = (expiresIn: number | null) =>
  expiresIn === null ? null : new Date(Date.now() + expiresIn * 1000);

/**
 * The site's redirect back: the state is checked, the code exchanged, the employer read and the
 * connection stored. Answers the site and the message to show (null when connected).
 */
export async function completeConnect(
  deps: JobSitesDeps,
  query: { code?: string | undefined; state?: string | undefined; error?: string | undefined },
  redirectUri: string,
): Promise<{
  site: string;
  error: string | null;
  connectionId: number | null;
  tenant: Tenant | null;
}> {
  const box = tokenBox(deps.config);
  const state = query.state ? box.verify<State>(query.state) : null;
  if (
    !state ||
    typeof state.a !== 'number' ||
    typeof state.s !== 'string' ||
    state.exp < Date.now()
  ) {
    return { site: 'hh', error: JOB_SITE_MESSAGES.badState, connectionId: null, tenant: null };
  }
  const client = siteClientOf(state.s);
  if (!client?.configured(deps.config)) {
    return {
      site: state.s,
      error: JOB_SITE_MESSAGES.notConfigured,
      connectionId: null,
      tenant: null,
    };
  }
  const tenant = tenantFor(deps.database, state.a, state.u);
  if (query.error || !query.code) {
    return { site: state.s, error: JOB_SITE_MESSAGES.denied, connectionId: null, tenant };
  }
  try {
    const tokens = await client.exchangeCode(deps.config, query.code, redirectUri);
    const account = await client.whoAmI(deps.config, tokens.accessToken);
    const id = await tenant.transaction((tx) =>
      repo.upsertConnection(tx, {
        accountId: state.a,
        site: client.site,
        externalAccountId: account.externalAccountId,
        externalAccountName: account.name,
        externalUserId: account.userId,
        accessToken: box.seal(tokens.accessToken),
        refreshToken: tokens.refreshToken ? box.seal(tokens.refreshToken) : null,
        accessExpiresAt: expiryOf(tokens.expiresIn),
        createdBy: state.u,
      }),
    );
    return { site: client.site, error: null, connectionId: id, tenant };
  } catch (error) {
    // Only the classification is logged: the error carries no token.
    deps.log?.warn(
      { site: client.site, status: error instanceof SiteError ? error.status : null },
      'job site connect failed',
    );
    const notEmployer =
      error instanceof SiteError && error.kind === 'other' && error.status === 403;
    return {
      site: client.site,
      error: notEmployer ? JOB_SITE_MESSAGES.notEmployer : JOB_SITE_MESSAGES.refused,
      connectionId: null,
      tenant,
    };
  }
}

/** The hh.ru chats' channel of a connection (decision 0062): one per connection, across accounts. */
export const hhChannelExternalId = (connectionId: number) => `hh-connection-${connectionId}`;
export const avitoChannelExternalId = (connectionId: number) => `avito-connection-${connectionId}`;

/**
 * The unguessable part of the connection's webhook addresses (hh.ru's, Avito's messenger), made
 * on first use and gone with the connection; null when there is no such connection.
 */
export async function webhookTokenOf(tx: Db, accountId: number, connectionId: number) {
  const row = await repo.findConnection(tx, accountId, connectionId);
  if (!row) return null;
  if (row.webhookToken) return row.webhookToken;
  const token = randomBytes(24).toString('base64url');
  await repo.updateConnection(tx, accountId, connectionId, { webhookToken: token });
  return token;
}

export async function disconnect(tenant: Tenant, session: Session, id: number) {
  assertCanManageJobSites(session);
  const gone = await tenant.transaction((tx) => repo.deleteConnection(tx, tenant.accountId, id));
  if (!gone) throw notFound(JOB_SITE_MESSAGES.connectionNotFound);
  // Its chats go with it (decisions 0062, 0071); the messages stay on the cards.
  await removeSiteChannel(tenant, 'hh', hhChannelExternalId(id));
  await removeSiteChannel(tenant, 'avito', avitoChannelExternalId(id));
}

async function markReconnect(tenant: Tenant, row: repo.ConnectionRow) {
  row.state = 'reconnect';
  await tenant.transaction((tx) =>
    repo.updateConnection(tx, row.accountId, row.id, {
      state: 'reconnect',
      lastError: JOB_SITE_MESSAGES.reconnect,
    }),
  );
}

async function refreshAccess(deps: JobSitesDeps, tenant: Tenant, row: repo.ConnectionRow) {
  const box = tokenBox(deps.config);
  const client = configuredClient(deps.config, row.site);
  const refreshToken = row.refreshToken ? box.open(row.refreshToken) : null;
  if (!refreshToken) {
    await markReconnect(tenant, row);
    throw new AppError(409, JOB_SITE_MESSAGES.reconnect);
  }
  let tokens;
  try {
    tokens = await client.refresh(deps.config, refreshToken);
  } catch (error) {
    if (error instanceof SiteError && error.kind === 'unavailable') throw error;
    await markReconnect(tenant, row);
    throw new AppError(409, JOB_SITE_MESSAGES.reconnect);
  }
  const patch = {
    accessToken: box.seal(tokens.accessToken),
    accessExpiresAt: expiryOf(tokens.expiresIn),
    ...(tokens.refreshToken ? { refreshToken: box.seal(tokens.refreshToken) } : {}),
  };
  Object.assign(row, patch);
  await tenant.transaction((tx) => repo.updateConnection(tx, row.accountId, row.id, patch));
  return tokens.accessToken;
}

/**
 * Calls the site as the connection: the access token refreshed before it ends and once more on
 * "token expired"; a revoked token (or a refused refresh) marks the connection for re-connecting.
 */
export function siteSessionOf(deps: JobSitesDeps, tenant: Tenant, row: repo.ConnectionRow) {
  const client = configuredClient(deps.config, row.site);
  let accessToken: string | null =
    row.accessExpiresAt && row.accessExpiresAt.getTime() - Date.now() < REFRESH_MARGIN_MS
      ? null
      : tokenBox(deps.config).open(row.accessToken);
  const call = async <T>(work: (token: string) => Promise<T>): Promise<T> => {
    if (row.state === 'reconnect') throw new AppError(409, JOB_SITE_MESSAGES.reconnect);
    let refreshed = false;
    for (;;) {
      if (accessToken === null) {
        accessToken = await refreshAccess(deps, tenant, row);
        refreshed = true;
      }
      try {
        return await work(accessToken);
      } catch (error) {
        if (error instanceof SiteError && error.kind === 'expired' && !refreshed) {
          accessToken = null;
          continue;
        }
        if (error instanceof SiteError && (error.kind === 'revoked' || error.kind === 'expired')) {
          await markReconnect(tenant, row);
          throw new AppError(409, JOB_SITE_MESSAGES.reconnect);
        }
        throw error;
      }
    }
  };
  const ref = { externalAccountId: row.externalAccountId, externalUserId: row.externalUserId };
  return { client, call, ref };
}

/** get_me, get_dictionaries, …: the site's data, `result` null when it did not answer 200. */
export async function siteCall(
  deps: JobSitesDeps,
  tenant: Tenant,
  session: Session,
  id: number,
  name: TJobSiteCall,
) {
  assertCanManageJobSites(session);
  const row = await connectionOf(tenant, id);
  const { client, call, ref } = siteSessionOf(deps, tenant, row);
  try {
    return await call((token) => client.call(deps.config, token, ref, name));
  } catch (error) {
    if (error instanceof SiteError) return { code: error.status || 503, result: null };
    if (error instanceof AppError) return { code: error.code, result: null };
    throw error;
  }
}

const siteFailure = (error: unknown): never => {
  if (error instanceof SiteError) {
    throw new AppError(
      error.kind === 'rate' ? 429 : 503,
      error.kind === 'rate' ? JOB_SITE_MESSAGES.paused : JOB_SITE_MESSAGES.unavailable,
    );
  }
  throw error;
};

/** The employer's active vacancies on the site, each with ours it is linked to. */
export async function remoteVacancies(
  deps: JobSitesDeps,
  tenant: Tenant,
  session: Session,
  id: number,
): Promise<TRemoteVacancy[]> {
  assertCanManageJobSites(session);
  const row = await connectionOf(tenant, id);
  const { client, call, ref } = siteSessionOf(deps, tenant, row);
  const [remote, links] = await Promise.all([
    call((token) => client.activeVacancies(deps.config, token, ref)).catch(siteFailure),
    tenant.transaction((tx) => repo.listLinks(tx, tenant.accountId, row.id)),
  ]);
  const linked = new Map(links.map((l) => [l.externalId, l]));
  const names = new Map<number, string>();
  for (const link of links) {
    const vacancy = await getVacancy(tenant, session, link.vacancyId).catch(() => null);
    if (vacancy) names.set(link.vacancyId, vacancy.position);
  }
  return remote.map((v) => {
    const link = linked.get(v.externalId);
    return {
      external_id: v.externalId,
      name: v.name,
      area: v.area,
      responses: v.responses,
      url: v.url,
      vacancy_id: link?.vacancyId ?? null,
      vacancy_name: link ? (names.get(link.vacancyId) ?? null) : null,
    };
  });
}

/** Ties one of the site's active vacancies to one of ours (the caller must see ours). */
export async function linkVacancy(
  deps: JobSitesDeps,
  tenant: Tenant,
  session: Session,
  id: number,
  input: { external_id: string; vacancy_id: number },
) {
  assertCanManageJobSites(session);
  const row = await connectionOf(tenant, id);
  await getVacancy(tenant, session, input.vacancy_id).catch(() => {
    throw notFound(JOB_SITE_MESSAGES.vacancyNotFound);
  });
  const { client, call, ref } = siteSessionOf(deps, tenant, row);
  const remote = await call((token) => client.activeVacancies(deps.config, token, ref)).catch(
    siteFailure,
  );
  const found = remote.find((v) => v.externalId === input.external_id);
  if (!found) {
    throw badRequest(JOB_SITE_MESSAGES.remoteVacancyNotFound, {
      external_id: JOB_SITE_MESSAGES.remoteVacancyNotFound,
    });
  }
  const link = await tenant.transaction(async (tx) => {
    // A link of the same site vacancy beside this one (a double click) commits first: read here.
    await repo.lockSiteVacancy(tx, tenant.accountId, row.site, found.externalId);
    const existing = await repo.findLinkByExternal(
      tx,
      tenant.accountId,
      row.site,
      found.externalId,
    );
    if (existing) {
      if (existing.vacancyId === input.vacancy_id) return existing;
      throw conflict(JOB_SITE_MESSAGES.alreadyLinked);
    }
    return repo.insertLink(tx, {
      accountId: tenant.accountId,
      connectionId: row.id,
      site: row.site,
      externalId: found.externalId,
      name: found.name,
      vacancyId: input.vacancy_id,
    });
  });
  if (!link) throw conflict(JOB_SITE_MESSAGES.alreadyLinked);
  return {
    id: link.id,
    site: link.site as TJobSite,
    external_id: link.externalId,
    name: link.name,
    vacancy_id: link.vacancyId,
  };
}

/** GET /api/applicants/{id}/vacancies_from_response_hh (the applicant must be readable). */
export async function responseVacanciesOf(tenant: Tenant, applicantId: number, site: TJobSite) {
  const rows = await tenant.transaction((tx) =>
    repo.listApplicantResponses(tx, tenant.accountId, site, applicantId),
  );
  return rows.map((r) => ({
    external_vacancy_id: r.externalVacancyId,
    name: r.name ?? null,
    vacancy_id: r.vacancyId ?? null,
    negotiation_id: r.externalId,
    resume_url: r.resumeUrl ?? null,
    created_at: r.createdAt.toISOString(),
  }));
}
