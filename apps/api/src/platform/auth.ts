import { AUTH_COOKIE, AUTH_HEADER, SESSION_TTL_SECONDS } from '@ats/contracts/auth';
import { API_CODES, MESSAGES } from '@ats/contracts/envelope';
import { type Database, selectRows } from '@ats/db/connection';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from './config.ts';
import { AppError } from './errors.ts';
import { hashToken } from './secrets.ts';

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
  account_is_active: boolean;
};

/** Sessions are found by token before the tenant is known: the one look-up across accounts. */
async function findSessionByTokenAcrossAccounts(database: Database, token: string) {
  const [row] = await selectRows<SessionRow>(
    database.system,
    sql`
    select s.id as session_id, s.account_id, s.user_id, s.source, s.expires_at, s.last_seen_at, s.revoked_at,
           u.is_active as user_is_active, u.deleted_at is not null as user_deleted,
           u.is_admin, u.member_type,
           (a.is_active and coalesce(t.end_at > now(), false)) as account_is_active
    from sessions s
    join users u on u.account_id = s.account_id and u.id = s.user_id
    join accounts a on a.id = s.account_id
    left join lateral (
      select end_at from account_tariffs where account_id = s.account_id order by end_at desc limit 1
    ) t on true
    where s.token_hash = ${hashToken(token)}`,
    { name: 'session_by_token_hash' },
  );
  return row ?? null;
}

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
  void reply.setCookie(AUTH_COOKIE, token, {
    path: '/',
    maxAge: SESSION_TTL_SECONDS,
    sameSite: 'lax',
    httpOnly: true,
    secure: request.protocol === 'https',
  });
}

export function clearSessionCookie(reply: FastifyReply, request: FastifyRequest) {
  void reply.clearCookie(AUTH_COOKIE, {
    path: '/',
    sameSite: 'lax',
    httpOnly: true,
    secure: request.protocol === 'https',
  });
}

export function registerAuthentication(app: FastifyInstance, database: Database, config: Config) {
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
    const row =
      presented.token.length <= 128
        ? await findSessionByTokenAcrossAccounts(database, presented.token)
        : null;
    if (!row || row.revoked_at || !row.user_is_active || row.user_deleted) {
      if (mode === 'optional') return;
      throw new AppError(API_CODES.sessionMissing, MESSAGES.sessionMissing);
    }
    if (new Date(row.expires_at) <= new Date()) {
      if (mode === 'optional') return;
      throw new AppError(API_CODES.sessionExpired, MESSAGES.sessionExpired);
    }
    if (presented.via === 'cookie' && !SAFE_METHODS.has(request.method)) {
      assertSameOrigin(request, config);
    }
    if (!row.account_is_active && !request.routeOptions.config?.allowInactiveAccount) {
      throw new AppError(API_CODES.accountInactive, MESSAGES.accountInactive);
    }
    request.session = {
      token: presented.token,
      sessionId: row.session_id,
      accountId: row.account_id,
      userId: row.user_id,
      source: row.source,
      isAdmin: row.is_admin,
      memberType: row.member_type,
      accountIsActive: row.account_is_active,
      lastSeenAt: new Date(row.last_seen_at),
      via: presented.via,
    };
  });
}

/** The session of a route whose auth mode is 'required'. */
export function requireSession(request: FastifyRequest): Session {
  if (!request.session) throw new AppError(API_CODES.sessionMissing, MESSAGES.sessionMissing);
  return request.session;
}
