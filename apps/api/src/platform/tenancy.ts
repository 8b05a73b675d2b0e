import type { Database, Db } from '@ats/db/connection';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireSession, type Session } from './auth.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The database the routes' tenants are built on (registerTenancy). */
    database: Database;
  }
}

/** The caller's account and user, taken from the session; repositories are built from it. */
export type Tenant = {
  accountId: number;
  userId: number;
  /** Runs `work` in one transaction that sees only this account's rows. */
  transaction: <T>(work: (tx: Db) => Promise<T>) => Promise<T>;
  /** One read-only prepared query as this account: the fast path for the hottest reads. */
  read: <T>(query: SQL, name: string) => Promise<T[]>;
};

/** The tenant of a user acting in their account (a session, or the demo seed). */
export const tenantFor = (database: Database, accountId: number, userId: number): Tenant => ({
  accountId,
  userId,
  transaction: (work) => database.withTenant(accountId, work),
  read: (query, name) => database.readAsTenant(accountId, query, name),
});

export const tenantFromSession = (database: Database, session: Session): Tenant =>
  tenantFor(database, session.accountId, session.userId);

/** Lets every route find the caller's tenant from the request alone (callerOf). */
export function registerTenancy(app: FastifyInstance, database: Database) {
  app.decorate('database', database);
}

/**
 * The caller of a route whose auth mode is 'required': their session (420 without one) and the
 * tenant built from it — never from the request's body or query.
 */
export function callerOf(request: FastifyRequest): { session: Session; tenant: Tenant } {
  const session = requireSession(request);
  return { session, tenant: tenantFromSession(request.server.database, session) };
}
