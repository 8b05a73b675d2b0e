import { randomBytes } from 'node:crypto';
import { type Database, openDatabase } from '@ats/db/connection';
import pg from 'pg';
import { inject } from 'vitest';

/**
 * A fresh, migrated database for one test file: embedded PGlite in memory, or, when DATABASE_URL
 * points at a PostgreSQL server, a new database on it that is dropped afterwards, copied from the
 * one global-setup.ts migrated once for the whole run.
 */
export async function openTestDatabase(): Promise<Database & { url?: string }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return openDatabase({ dataDir: 'memory://' });
  const name = `ats_test_${randomBytes(6).toString('hex')}`;
  const template = inject('postgresTemplate');
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  if (template) {
    await admin.query(`create database ${name} template ${template}`);
    // A database's own settings (migration 0058's jit = off) are not copied with the template.
    const settings = await admin.query<{ setting: string }>(
      `select unnest(s.setconfig) as setting from pg_db_role_setting s
         join pg_database d on d.oid = s.setdatabase
        where d.datname = $1 and s.setrole = 0`,
      [template],
    );
    for (const { setting } of settings.rows) {
      const at = setting.indexOf('=');
      await admin.query(
        `alter database ${name} set ${setting.slice(0, at)} = ${pg.escapeLiteral(setting.slice(at + 1))}`,
      );
    }
  } else {
    await admin.query(`create database ${name}`);
  }
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({
    databaseUrl: url.toString(),
    dataDir: 'unused',
    poolSize: 5,
  });
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
