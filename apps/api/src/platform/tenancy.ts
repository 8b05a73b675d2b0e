import type { Database, Db } from '@ats/db/connection';
import type { Session } from './auth.ts';

/** The caller's account and user, taken from the session; repositories are built from it. */
export type Tenant = {
  accountId: number;
  userId: number;
  /** Runs `work` in one transaction that sees only this account's rows. */
  transaction: <T>(work: (tx: Db) => Promise<T>) => Promise<T>;
};

export const tenantFromSession = (database: Database, session: Session): Tenant => ({
  accountId: session.accountId,
  userId: session.userId,
  transaction: (work) => database.withTenant(session.accountId, work),
});
