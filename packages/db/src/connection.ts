import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { type SQL, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
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
  close: () => Promise<void>;
};

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
      extensions: { pg_trgm, unaccent },
    });
    const db = drizzlePglite(client, drizzleOptions) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
    return {
      kind: 'pglite',
      system: db,
      withTenant: (accountId, work) => {
        assertAccountId(accountId);
        return db.transaction(async (tx) => {
          // PGlite's only role is a superuser, which bypasses row-level security: switch per transaction.
          await tx.execute(sql.raw('set local role ats_app'));
          await tx.execute(sql.raw(`select set_config('app.account_id', '${accountId}', true)`));
          return work(tx);
        });
      },
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
  const db = drizzlePg(pool, drizzleOptions) as unknown as Db;
  await migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR });
  return {
    kind: 'postgres',
    system: db,
    withTenant: (accountId, work) => {
      assertAccountId(accountId);
      return db.transaction(async (tx) => {
        // One round trip: no parameters, so node-postgres sends it as a simple multi-statement query.
        await tx.execute(
          sql.raw(
            `set local role ats_app; select set_config('app.account_id', '${accountId}', true)`,
          ),
        );
        return work(tx);
      });
    },
    close: () => pool.end(),
  };
}

/** Rows of a hand-written query; both drivers answer with `{ rows }`. */
export async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}
