import { sql } from 'drizzle-orm';
import { integer, pgPolicy, pgRole } from 'drizzle-orm/pg-core';

/** The role the application works as inside a tenant transaction: no superuser, no BYPASSRLS. */
export const appRole = pgRole('ats_app').existing();

/** The tenant of the current transaction, set with set_config('app.account_id', …, true). */
export const currentAccountId = sql`nullif(current_setting('app.account_id', true), '')::integer`;

export const accountIdColumn = () => integer('account_id').notNull();

/** Row-level security: a row is visible and writable only inside its own account's transaction. */
export const tenantPolicy = (table: string, column = 'account_id') =>
  pgPolicy(`${table}_tenant_isolation`, {
    as: 'permissive',
    for: 'all',
    to: appRole,
    using: sql`${sql.identifier(column)} = ${currentAccountId}`,
    withCheck: sql`${sql.identifier(column)} = ${currentAccountId}`,
  });
