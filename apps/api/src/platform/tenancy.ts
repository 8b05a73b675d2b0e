import type { Database, Db } from '@ats/db/connection';
import type { SQL } from 'drizzle-orm';
import type { Session } from './auth.ts';

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
