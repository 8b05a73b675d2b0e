import { AUTH_COOKIE, AUTH_HEADER, SESSION_TTL_SECONDS } from '@ats/contracts/auth';
import { API_CODES, MESSAGES } from '@ats/contracts/envelope';
import { type Database, selectRows } from '@ats/db/connection';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from './config.ts';
import { AppError } from './errors.ts';
import type { Notifier } from './notify.ts';
import { hashToken } from './secrets.ts';
import { type CachedSession, createSessionCache, type SessionCache } from './session-cache.ts';

export type AuthMode = 'required' | 'optional' | 'none';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; 'required' unless a route says otherwise. */
    auth?: AuthMode;
    /** Still answered when the account is deactivated (the user, sign-out, the extension request). */
    allowInactiveAccount?: boolean;
  }
  interface FastifyRequest {
    session: Session | null;
  }
}

export type Session = {
  token: string;
  sessionId: number;
  accountId: number;
  userId: number;
  source: 'web' | 'plugin';
  isAdmin: boolean;
  memberType: 'owner' | 'watcher';
  accountIsActive: boolean;
  lastSeenAt: Date;
  via: 'header' | 'cookie';
  /** Drops this session from the in-process cache (after the session row itself changed). */
  forget?: () => void;
};

type SessionRow = {
  session_id: number;
  account_id: number;
  user_id: number;
  source: 'web' | 'plugin';
  expires_at: Date | string;
  last_seen_at: Date | string;
  revoked_at: Date | string | null;
  user_is_active: boolean;
  user_deleted: boolean;
  is_admin: boolean;
  member_type: 'owner' | 'watcher';
  account_flag_active: boolean;
  tariff_end_at: Date | string | null;
};

/** Sessions are found by token before the tenant is known: the one look-up across accounts. */
async function findSessionByTokenAcrossAccounts(database: Database, tokenHash: string) {
  const [row] = await selectRows<SessionRow>(
    database.system,
    sql`
    select s.id as session_id, s.account_id, s.user_id, s.source, s.expires_at, s.last_seen_at, s.revoked_at,
           u.is_active as user_is_active, u.deleted_at is not null as user_deleted,
           u.is_admin, u.member_type,
           a.is_active as account_flag_active, t.end_at as tariff_end_at
    from sessions s
    join users u on u.account_id = s.account_id and u.id = s.user_id
    join accounts a on a.id = s.account_id
    left join lateral (
      select end_at from account_tariffs where account_id = s.account_id order by end_at desc limit 1
    ) t on true
    where s.token_hash = ${tokenHash}`,
    { name: 'session_by_token_hash' },
  );
  return row ?? null;
}

/** The session behind a token: from memory when it may be trusted, else from the database. */
async function lookUpSession(
  database: Database,
  cache: SessionCache,
  tokenHash: string,
): Promise<CachedSession | { invalid: 'missing' | 'expired' }> {
  const cached = cache.get(tokenHash);
  if (cached) return cached;
  const generation = cache.generation();
  const row = await findSessionByTokenAcrossAccounts(database, tokenHash);
  if (!row || row.revoked_at || !row.user_is_active || row.user_deleted) {
    return { invalid: 'missing' };
  }
  const session: CachedSession = {
    session_id: row.session_id,
    account_id: row.account_id,
    user_id: row.user_id,
    source: row.source,
    expires_at: new Date(row.expires_at),
    last_seen_at: new Date(row.last_seen_at),
    is_admin: row.is_admin,
    member_type: row.member_type,
    account_flag_active: row.account_flag_active,
    tariff_end_at: row.tariff_end_at === null ? null : new Date(row.tariff_end_at),
  };
  if (session.expires_at.getTime() <= Date.now()) return { invalid: 'expired' };
  if (isAccountActive(session)) cache.set(tokenHash, session, generation);
  return session;
}

const isAccountActive = (session: CachedSession) =>
  session.account_flag_active &&
  session.tariff_end_at !== null &&
  session.tariff_end_at.getTime() > Date.now();

/** Changes of sessions, users, accounts and tariffs made anywhere: the account id (migration 0017). */
export const AUTH_CHANNEL = 'ats_auth';

const readToken = (request: FastifyRequest): { token: string; via: Session['via'] } | null => {
  const header = request.headers[AUTH_HEADER];
  const fromHeader = Array.isArray(header) ? header[0] : header;
  if (fromHeader) return { token: fromHeader.trim(), via: 'header' };
  const fromCookie = request.cookies[AUTH_COOKIE];
  return fromCookie ? { token: fromCookie, via: 'cookie' } : null;
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A mutation carried by the cookie alone must come from the app's own pages. */
function assertSameOrigin(request: FastifyRequest, config: Config) {
  const origin = request.headers.origin ?? request.headers.referer;
  const originOf = (url: string) => {
    try {
      return new URL(url).origin;
    } catch {
      return null;
    }
  };
  const allowed = new Set<string | null>();
  if (config.PUBLIC_URL) allowed.add(originOf(config.PUBLIC_URL));
  if (request.headers.host) {
    allowed.add(originOf(`http://${request.headers.host}`));
    allowed.add(originOf(`https://${request.headers.host}`));
  }
  const requestOrigin = origin ? originOf(origin) : null;
  if (!requestOrigin || !allowed.has(requestOrigin)) {
    throw new AppError(API_CODES.forbidden, MESSAGES.foreignOrigin);
  }
}

export function setSessionCookie(reply: FastifyReply, request: FastifyRequest, token: string) {
  reply.setCookie(AUTH_COOKIE, token, {
    path: '/',
    maxAge: SESSION_TTL_SECONDS,
    sameSite: 'lax',
    httpOnly: true,
    secure: request.protocol === 'https',
  });
}

export function clearSessionCookie(reply: FastifyReply, request: FastifyRequest) {
  reply.clearCookie(AUTH_COOKIE, {
    path: '/',
    sameSite: 'lax',
    httpOnly: true,
    secure: request.protocol === 'https',
  });
}

export async function registerAuthentication(
  app: FastifyInstance,
  database: Database,
  config: Config,
  notifier: Notifier,
) {
  const cache = createSessionCache();
  // Subscribed before anything is cached: from here on every change elsewhere reaches us.
  const stopListening = await notifier.subscribe(AUTH_CHANNEL, (payload) => {
    const accountId = Number(payload);
    if (Number.isInteger(accountId) && accountId > 0) cache.forgetAccount(accountId);
    else cache.clear();
  });
  const stopWatching = notifier.watchConnection((connected) => cache.setLive(connected));
  app.addHook('onClose', async () => {
    stopWatching();
    stopListening();
    cache.setLive(false);
  });

  app.decorateRequest('session', null);
  // onRequest: a caller without a session gets 420 before its body is parsed or validated.
  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    // The SPA's files and the API docs are public; every other /api route needs a session by default.
    if (!url?.startsWith('/api/') || url.startsWith('/api/docs')) return;
    const mode = request.routeOptions.config?.auth ?? 'required';
    if (mode === 'none') return;
    const presented = readToken(request);
    if (!presented) {
      if (mode === 'optional') return;
      throw new AppError(API_CODES.sessionMissing, MESSAGES.sessionMissing);
    }
    const tokenHash = presented.token.length <= 128 ? hashToken(presented.token) : null;
    const found = tokenHash
      ? await lookUpSession(database, cache, tokenHash)
      : ({ invalid: 'missing' } as const);
    if ('invalid' in found) {
      if (mode === 'optional') return;
      throw found.invalid === 'expired'
        ? new AppError(API_CODES.sessionExpired, MESSAGES.sessionExpired)
        : new AppError(API_CODES.sessionMissing, MESSAGES.sessionMissing);
    }
    if (presented.via === 'cookie' && !SAFE_METHODS.has(request.method)) {
      assertSameOrigin(request, config);
    }
    const accountIsActive = isAccountActive(found);
    if (!accountIsActive && !request.routeOptions.config?.allowInactiveAccount) {
      throw new AppError(API_CODES.accountInactive, MESSAGES.accountInactive);
    }
    request.session = {
      token: presented.token,
      sessionId: found.session_id,
      accountId: found.account_id,
      userId: found.user_id,
      source: found.source,
      isAdmin: found.is_admin,
      memberType: found.member_type,
      accountIsActive,
      lastSeenAt: found.last_seen_at,
      via: presented.via,
      forget: () => cache.forgetToken(tokenHash!),
    };
  });

  // A writing request may have ended sessions, changed a role or deactivated someone: whatever
  // it did, its account's sessions are read afresh from now on (before the answer leaves, so the
  // caller's next request already sees it). Writes without a session (a password reset, a
  // payment notification) are rare: they empty the cache.
  app.addHook('onSend', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (request.session) cache.forgetAccount(request.session.accountId);
    else if (request.routeOptions.url?.startsWith('/api/')) cache.clear();
  });
}

/** The session of a route whose auth mode is 'required'. */
export function requireSession(request: FastifyRequest): Session {
  if (!request.session) throw new AppError(API_CODES.sessionMissing, MESSAGES.sessionMissing);
  return request.session;
}
