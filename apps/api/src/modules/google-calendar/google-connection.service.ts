import { randomBytes } from 'node:crypto';
import {
  GOOGLE_MESSAGES,
  type TGoogleCalendar,
  type TGoogleStatus,
} from '@ats/contracts/google-calendar';
import type { Database } from '@ats/db/connection';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../platform/config.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { secretBox } from '../../platform/secrets.ts';
import { type Tenant, tenantFor } from '../../platform/tenancy.ts';
import {
  type GoogleClient,
  GoogleError,
  createGoogleClient,
  googleConfigured,
} from './google-client.ts';
import * as repo from './google-calendar.repository.ts';

// A user's link to their Google account (decision 0038): OAuth authorization code with a signed
// state, tokens sealed at rest, the access token refreshed a minute before it ends and again on a
// 401, rate limits (429, 403 rateLimitExceeded) retried with exponential backoff and then
// remembered (`retry_after`) so nothing is sent to Google before that moment.

export type GoogleDeps = {
  config: Config;
  database: Database;
  log?: FastifyBaseLogger;
  /** Tests replace the waits between retries. */
  sleep?: (ms: number) => Promise<void>;
};

const STATE_TTL_MS = 10 * 60_000;
const REFRESH_MARGIN_MS = 60_000;
const RATE_LIMIT_RETRIES = 3;
const RATE_LIMIT_PAUSE_MS = 60_000;

const clients = new WeakMap<Config, GoogleClient>();
export const googleClient = (config: Config) => {
  let client = clients.get(config);
  if (!client) {
    client = createGoogleClient(config);
    clients.set(config, client);
  }
  return client;
};

export const tokenBox = (config: Config) =>
  secretBox(config.SECRETS_KEY ?? config.GOOGLE_CLIENT_SECRET ?? 'unconfigured', 'google-tokens');

export function assertConfigured(config: Config) {
  if (!googleConfigured(config)) throw badRequest(GOOGLE_MESSAGES.notConfigured);
}

const unavailable = () => new AppError(503, GOOGLE_MESSAGES.unavailable);

export const pushEnabled = (config: Config) => Boolean(config.PUBLIC_URL);

export async function googleStatus(deps: GoogleDeps, tenant: Tenant): Promise<TGoogleStatus> {
  const row = googleConfigured(deps.config)
    ? await tenant.transaction((tx) => repo.findConnection(tx, tenant.accountId, tenant.userId))
    : null;
  return {
    configured: googleConfigured(deps.config),
    connected: Boolean(row),
    google_email: row?.googleEmail ?? null,
    calendar_id: row?.calendarId ?? null,
    calendar_summary: row?.calendarSummary ?? null,
    last_synced_at: row?.lastSyncedAt?.toISOString() ?? null,
    last_error: row?.lastError ?? null,
    push: pushEnabled(deps.config) && Boolean(row?.channelId),
  };
}

type State = { a: number; u: number; exp: number; n: string };

/** The consent page's address; the state names the caller and ends in 10 minutes. */
export function startConnect(deps: GoogleDeps, tenant: Tenant, redirectUri: string) {
  assertConfigured(deps.config);
  const state = tokenBox(deps.config).sign({
    a: tenant.accountId,
    u: tenant.userId,
    exp: Date.now() + STATE_TTL_MS,
    n: randomBytes(8).toString('hex'),
  } satisfies State);
  return { url: googleClient(deps.config).authorizeUrl(redirectUri, state) };
}

/**
 * Google's redirect back: the code is exchanged for tokens, sealed and stored for the user the
 * state names; the primary calendar is chosen at once (another can be picked on /google).
 * Answers the message to show on /google, or null when connected.
 */
export async function completeConnect(
  deps: GoogleDeps,
  query: { code?: string | undefined; state?: string | undefined; error?: string | undefined },
  redirectUri: string,
): Promise<{ tenant: Tenant | null; error: string | null }> {
  if (!googleConfigured(deps.config)) return { tenant: null, error: GOOGLE_MESSAGES.notConfigured };
  const box = tokenBox(deps.config);
  const state = query.state ? box.verify<State>(query.state) : null;
  if (!state || typeof state.a !== 'number' || state.exp < Date.now()) {
    return { tenant: null, error: GOOGLE_MESSAGES.badState };
  }
  const tenant = tenantFor(deps.database, state.a, state.u);
  if (query.error || !query.code) return { tenant, error: GOOGLE_MESSAGES.denied };
  const client = googleClient(deps.config);
  let tokens;
  try {
    tokens = await client.exchangeCode(query.code, redirectUri);
  } catch (error) {
    deps.log?.warn({ err: error }, 'google code exchange failed');
    return { tenant, error: GOOGLE_MESSAGES.refused };
  }
  let primary: { id: string; summary?: string | undefined } | undefined;
  try {
    const list = await client.listCalendars(tokens.access_token);
    primary = list.items?.find((c) => c.primary) ?? list.items?.[0];
  } catch (error) {
    deps.log?.warn({ err: error }, 'google calendar list failed');
  }
  await tenant.transaction((tx) =>
    repo.replaceConnection(tx, {
      accountId: state.a,
      userId: state.u,
      googleEmail: primary?.id.includes('@') ? primary.id : null,
      accessToken: box.seal(tokens.access_token),
      refreshToken: tokens.refresh_token ? box.seal(tokens.refresh_token) : null,
      accessExpiresAt: new Date(Date.now() + tokens.expires_in * 1000),
      calendarId: primary?.id ?? null,
      calendarSummary: primary?.summary ?? primary?.id ?? null,
    }),
  );
  return { tenant, error: null };
}

async function refreshAccess(deps: GoogleDeps, tenant: Tenant, row: repo.ConnectionRow) {
  const box = tokenBox(deps.config);
  const refreshToken = row.refreshToken ? box.open(row.refreshToken) : null;
  if (!refreshToken) {
    await tenant.transaction((tx) =>
      repo.updateConnection(tx, row.accountId, row.userId, {
        lastError: GOOGLE_MESSAGES.reconnect,
      }),
    );
    throw badRequest(GOOGLE_MESSAGES.reconnect);
  }
  try {
    const tokens = await googleClient(deps.config).refresh(refreshToken);
    const patch = {
      accessToken: box.seal(tokens.access_token),
      accessExpiresAt: new Date(Date.now() + tokens.expires_in * 1000),
      ...(tokens.refresh_token ? { refreshToken: box.seal(tokens.refresh_token) } : {}),
    };
    await tenant.transaction((tx) => repo.updateConnection(tx, row.accountId, row.userId, patch));
    return tokens.access_token;
  } catch (error) {
    if (error instanceof GoogleError && error.reason === 'invalid_grant') {
      await tenant.transaction((tx) =>
        repo.updateConnection(tx, row.accountId, row.userId, {
          refreshToken: null,
          lastError: GOOGLE_MESSAGES.reconnect,
        }),
      );
      throw badRequest(GOOGLE_MESSAGES.reconnect);
    }
    throw unavailable();
  }
}

export type GoogleSession = {
  connection: repo.ConnectionRow;
  /** Calls Google with a fresh access token: refreshed on 401, retried on rate limits. */
  call: <T>(work: (accessToken: string) => Promise<T>) => Promise<T>;
};

/** The user's connection and a way to call Google as them; null when not connected. */
export async function googleSessionOf(
  deps: GoogleDeps,
  tenant: Tenant,
): Promise<GoogleSession | null> {
  if (!googleConfigured(deps.config)) return null;
  const row = await tenant.transaction((tx) =>
    repo.findConnection(tx, tenant.accountId, tenant.userId),
  );
  if (!row) return null;
  const sleep = deps.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  let accessToken: string | null =
    row.accessExpiresAt.getTime() - Date.now() > REFRESH_MARGIN_MS
      ? tokenBox(deps.config).open(row.accessToken)
      : null;

  const call = async <T>(work: (token: string) => Promise<T>): Promise<T> => {
    if (row.retryAfter && row.retryAfter.getTime() > Date.now()) {
      throw new AppError(429, GOOGLE_MESSAGES.rateLimited);
    }
    let refreshed = false;
    for (let attempt = 0; ; attempt += 1) {
      accessToken ??= await refreshAccess(deps, tenant, row);
      try {
        return await work(accessToken);
      } catch (error) {
        if (!(error instanceof GoogleError)) throw error;
        if (error.status === 401 && !refreshed) {
          refreshed = true;
          accessToken = null;
          attempt -= 1;
          continue;
        }
        if (error.retryable && attempt < RATE_LIMIT_RETRIES) {
          await sleep(250 * 2 ** attempt + Math.floor(Math.random() * 100));
          continue;
        }
        if (error.rateLimited) {
          const retryAfter = new Date(Date.now() + RATE_LIMIT_PAUSE_MS);
          row.retryAfter = retryAfter;
          await tenant.transaction((tx) =>
            repo.updateConnection(tx, row.accountId, row.userId, {
              retryAfter,
              lastError: GOOGLE_MESSAGES.rateLimited,
            }),
          );
          throw new AppError(429, GOOGLE_MESSAGES.rateLimited);
        }
        throw error;
      }
    }
  };
  return { connection: row, call };
}

export async function requireGoogleSession(deps: GoogleDeps, tenant: Tenant) {
  assertConfigured(deps.config);
  const session = await googleSessionOf(deps, tenant);
  if (!session) throw badRequest(GOOGLE_MESSAGES.notConnected);
  return session;
}

/** A Google failure a route cannot do better with: 503 in Russian (AppErrors pass). */
export function answerGoogleFailure(error: unknown): never {
  if (error instanceof GoogleError) throw unavailable();
  throw error;
}

export async function listCalendars(deps: GoogleDeps, tenant: Tenant): Promise<TGoogleCalendar[]> {
  const session = await requireGoogleSession(deps, tenant);
  const list = await session
    .call((token) => googleClient(deps.config).listCalendars(token))
    .catch(answerGoogleFailure);
  return (list.items ?? []).map((c) => ({
    id: c.id,
    summary: c.summary ?? c.id,
    primary: Boolean(c.primary),
    access_role: c.accessRole ?? 'reader',
  }));
}
