import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { fillPlaceholders, type SQL, sql } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.ts';

/** Drizzle over either engine; a transaction is one of these too. */
export type Db = PgDatabase<PgQueryResultHKT>;

export type Database = {
  kind: 'pglite' | 'postgres';
  /**
   * The owner connection: not subject to row-level security. Only sign-in, session look-up,
   * migrations and content shared by all accounts use it, through functions named …AcrossAccounts.
   */
  system: Db;
  /** Runs `work` in a transaction as the application role, seeing only `accountId`'s rows. */
  withTenant: <T>(accountId: number, work: (tx: Db) => Promise<T>) => Promise<T>;
  /**
   * One read-only query as the tenant, for the hottest reads. On PostgreSQL it is a prepared
   * statement sent with its transaction in a single round trip.
   */
  readAsTenant: <T>(accountId: number, query: SQL, name: string) => Promise<T[]>;
  /**
   * Calls `listener` with the account after each `withTenant` transaction of this process that
   * changed data has committed, before its promise settles (memory kept of that account's
   * data is stale from then on), and what it changed: the `;`-separated changes the tables'
   * triggers recorded (`table` or `table:<applicant ids>`, migration 0061), '*' for too many to
   * name, '' when only tables without a trigger changed. The answer stops it.
   */
  onTenantWrite: (listener: TenantWriteListener) => () => void;
  close: () => Promise<void>;
};

export type TenantWriteListener = (accountId: number, changes: string) => void;

/** Listeners of committed tenant writes, called in order; one failing does not stop the rest. */
function tenantWriteListeners() {
  const listeners = new Set<TenantWriteListener>();
  return {
    subscribe: (listener: TenantWriteListener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    committed: (accountId: number, changes: string) => {
      for (const listener of listeners) {
        try {
          listener(accountId, changes);
        } catch {
          // A listener only drops memory; its failure must not fail the committed write.
        }
      }
    },
  };
}

/**
 * True once the transaction has changed (or locked) a row: PostgreSQL gave it an id; and what
 * the tables' triggers recorded it changed (migration 0061).
 */
const WROTE_QUERY =
  "select txid_current_if_assigned() is not null as wrote, coalesce(current_setting('app.changes', true), '') as changes";
type WroteRow = { wrote: boolean; changes: string };

export type DatabaseOptions = {
  /** PostgreSQL server; when absent the embedded PGlite in `dataDir` is used. */
  databaseUrl?: string | undefined;
  /** PGlite directory; `memory://` keeps it in memory (tests). */
  dataDir: string;
  poolSize?: number;
};

const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations');

const drizzleOptions = { casing: 'snake_case' } as const;

const assertAccountId = (accountId: number) => {
  // Interpolated into SQL below, so it must be a plain positive integer.
  if (!Number.isSafeInteger(accountId) || accountId <= 0) {
    throw new Error(`tenant handle is not an account id: ${String(accountId)}`);
  }
};

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10)
    : openPglite(options.dataDir);
}

async function openPglite(dataDir: string): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://');
  let lock: DataDirLock | undefined;
  if (!inMemory) {
    mkdirSync(dataDir, { recursive: true });
    lock = acquireDataDirLock(dataDir);
  }
  try {
    const client = await PGlite.create({
      dataDir: inMemory ? undefined : path.join(dataDir, 'pglite'),
      extensions: { btree_gin, pg_trgm, unaccent },
    });
    const db = drizzlePglite(client, drizzleOptions) as unknown as Db;
    const preparedOnPglite = new Set<string>();
    await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
    const writes = tenantWriteListeners();
    const tenant: Database['withTenant'] = async (accountId, work) => {
      assertAccountId(accountId);
      let wrote: WroteRow | undefined;
      const result = await db.transaction(async (tx) => {
        // PGlite's only role is a superuser, which bypasses row-level security: switch per transaction.
        await tx.execute(sql.raw('set local role ats_app'));
        await tx.execute(sql.raw(`select set_config('app.account_id', '${accountId}', true)`));
        const answer = await work(withoutNestedTransactions(tx));
        const checked = (await tx.execute(sql.raw(WROTE_QUERY))) as { rows: WroteRow[] };
        wrote = checked.rows[0];
        return answer;
      });
      if (wrote?.wrote === true) writes.committed(accountId, wrote.changes);
      return result;
    };
    return {
      kind: 'pglite',
      system: db,
      withTenant: tenant,
      readAsTenant: (accountId, query, name) => {
        assertAccountId(accountId);
        const { sql: text, params } = buildQuery(query);
        const statement = quoteIdentifier(`tenant_read_${name}`);
        // As on PostgreSQL: planned once (PREPARE lives as long as the embedded session), then
        // role, tenant and the read in one call inside PGlite's transaction; a read that plans
        // its statement every time costs several times more than the read itself.
        return client.transaction(async (tx) => {
          if (!preparedOnPglite.has(name)) {
            await tx.exec(`prepare ${statement} as ${text}`);
            preparedOnPglite.add(name);
          }
          const args = params.map(sqlLiteral).join(', ');
          const results = await tx.exec(
            `set local role ats_app; select set_config('app.account_id', '${accountId}', true); ` +
              `execute ${statement}${args ? `(${args})` : ''}`,
          );
          return results[2]!.rows as never;
        });
      },
      onTenantWrite: writes.subscribe,
      close: async () => {
        await client.close();
        lock?.release();
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

async function openPostgres(databaseUrl: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  // A connection the server drops emits 'error': on the pool while it is idle, on the client
  // itself while it is checked out between two queries (a transaction awaiting the app), and an
  // 'error' event without a listener ends the process ("terminating connection due to unexpected
  // postmaster exit" on a restart). Nothing is lost by ignoring the event: the query that runs on
  // such a connection fails (the API answers 503), the pool discards the connection on release,
  // and the next query opens a fresh one once the server is back.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg(pool, drizzleOptions) as unknown as Db;
  await migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR });
  const writes = tenantWriteListeners();
  return {
    kind: 'postgres',
    system: db,
    withTenant: async (accountId, work) => {
      assertAccountId(accountId);
      let wrote: WroteRow | undefined;
      const result = await inTransactionOnClient(pool, async (client) => {
        // One round trip opens the transaction as the application role in this account: no
        // parameters, so node-postgres sends it as a simple multi-statement query.
        await client.query(
          `begin; set local role ats_app; select set_config('app.account_id', '${accountId}', true)`,
        );
        const answer = await work(
          withoutNestedTransactions(drizzlePg(client, drizzleOptions) as unknown as Db),
        );
        // Whether it wrote travels with the commit: no extra round trip.
        const [check] = (await client.query(`${WROTE_QUERY}; commit`)) as unknown as {
          rows: WroteRow[];
        }[];
        wrote = check?.rows[0];
        return answer;
      });
      if (wrote?.wrote === true) writes.committed(accountId, wrote.changes);
      return result;
    },
    readAsTenant: (accountId, query, name) => {
      assertAccountId(accountId);
      const { sql: text, params } = buildQuery(query);
      return inTransactionOnClient(pool, async (client) => {
        const prepared = preparedByClient.get(client) ?? new Set<string>();
        preparedByClient.set(client, prepared);
        // SQL-level PREPARE shares its namespace with protocol-level named statements (selectRows
        // with a name): a prefix keeps the same query prepared both ways on one connection.
        const statement = quoteIdentifier(`tenant_read_${name}`);
        if (!prepared.has(name)) {
          await client.query(`prepare ${statement} as ${text}`);
          prepared.add(name);
        }
        const args = params.map(sqlLiteral).join(', ');
        // Transaction, tenant, the prepared read and the commit travel as one simple query.
        const results = (await client.query(
          `begin read only; set local role ats_app; select set_config('app.account_id', '${accountId}', true); ` +
            `execute ${statement}${args ? `(${args})` : ''}; commit`,
        )) as unknown as { rows: unknown[] }[];
        return results[3]!.rows as never;
      });
    },
    onTenantWrite: writes.subscribe,
    close: () => pool.end(),
  };
}

const preparedByClient = new WeakMap<object, Set<string>>();

/**
 * Runs `work` on one pooled connection that `work` opens a transaction on; a failure rolls it
 * back, and a connection that cannot even roll back is discarded rather than reused.
 */
async function inTransactionOnClient<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
) {
  const client = await pool.connect();
  let broken = false;
  try {
    return await work(client);
  } catch (error) {
    await client.query('rollback').catch(() => {
      broken = true;
    });
    throw error;
  } finally {
    client.release(broken);
  }
}

/** Values inlined into EXECUTE: numbers checked, text escaped by the driver. */
/** A parameter as an SQL literal, for the one-trip tenant reads that EXECUTE a prepared read. */
function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('not a finite number');
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = value instanceof Date ? value.toISOString() : String(value);
  if (text.includes('\0')) throw new Error('a NUL character cannot be sent to PostgreSQL');
  // Standard-conforming strings: quotes doubled; with a backslash, an E'' string doubling it.
  const quoted = `'${text.replace(/'/g, "''")}'`;
  return text.includes('\\') ? ` E${quoted.replace(/\\/g, '\\\\')}` : quoted;
}

const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** A second BEGIN inside the tenant transaction would commit it early; refuse it loudly instead. */
function withoutNestedTransactions(tx: Db): Db {
  return Object.assign(tx, {
    transaction: () => {
      throw new Error('withTenant already runs in a transaction; do not open another inside it');
    },
  });
}

const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * The text and parameters of a drizzle statement, built once per statement object: a hot read
 * whose prepared name is derived from its text (`statementName`) would otherwise walk the same
 * statement twice, once for the name and once to send it (decision 0049).
 */
const builtQueries = new WeakMap<SQL, { sql: string; params: unknown[] }>();
export function buildQuery(query: SQL): { sql: string; params: unknown[] } {
  const known = builtQueries.get(query);
  if (known) return known;
  const built = dialect.sqlToQuery(query);
  builtQueries.set(query, built);
  return built;
}

/**
 * A prepared statement's name for one shape of a statement: `prefix` and a hash of its text, so
 * each combination of filters keeps a plan of its own (its parameters are not part of the text).
 */
/**
 * Registers the text and parameters of `query`, known already (a statement whose text is built
 * once for its shape and filled with each request's values): `buildQuery` answers them without
 * walking it. They must be what drizzle builds from it (the caller's tests compare both).
 */
export function withBuiltQuery(query: SQL, built: { sql: string; params: unknown[] }): SQL {
  builtQueries.set(query, built);
  return query;
}

/** The text of each shape of a statement built by `shapedQuery`, with its placeholders. */
export type StatementShapes = Map<string, { sql: string; params: unknown[] }>;

/**
 * A hot read's statement whose text is the same for every call of one shape (decision 0079).
 * `build` writes the statement with each of `values` through `bind`, as a parameter only (no
 * logic may read a bound value: the first call of a shape binds placeholders). The first call of
 * `key` builds the text with placeholders (drizzle's walk of the whole statement, once); every
 * call fills them with its own values and registers the text and parameters for `buildQuery`. The
 * statement answered is built afresh too, so drizzle renders it (EXPLAIN, a statement inside
 * another) exactly as before. `key` must name everything else the text depends on.
 */
export function shapedQuery<V extends Record<string, unknown>>(
  shapes: StatementShapes,
  key: string,
  values: V,
  build: (bind: <K extends keyof V & string>(name: K) => V[K]) => SQL,
): SQL {
  let shape = shapes.get(key);
  if (!shape) {
    const built = buildQuery(build((name) => sql.placeholder(name) as never));
    shape = { sql: built.sql, params: built.params };
    shapes.set(key, shape);
  }
  return withBuiltQuery(
    build((name) => values[name]),
    {
      sql: shape.sql,
      params: fillPlaceholders(shape.params, values),
    },
  );
}

export function statementName(prefix: string, query: SQL): string {
  return `${prefix}_${createHash('sha1').update(buildQuery(query).sql).digest('hex').slice(0, 16)}`;
}

type PgQueryable = {
  query: (config: {
    name: string;
    text: string;
    values: unknown[];
  }) => Promise<{ rows: unknown[] }>;
};
const isPgQueryable = (client: unknown): client is PgQueryable =>
  client instanceof pg.Pool || client instanceof pg.Client;

/**
 * Rows of a hand-written query; both drivers answer with `{ rows }`. A `name` makes it a prepared
 * statement on PostgreSQL, parsed and planned once per connection: for the hottest queries.
 */
export async function selectRows<T>(
  db: Db,
  query: SQL,
  options: { name?: string } = {},
): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (options.name && isPgQueryable(client)) {
    const { sql: text, params } = buildQuery(query);
    const result = await client.query({ name: options.name, text, values: params });
    return result.rows as T[];
  }
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}
