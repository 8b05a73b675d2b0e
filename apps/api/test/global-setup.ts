import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '@ats/db/connection';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (a tar file) each test file's database starts from. */
    pgliteImage: string;
    /** A migrated database on the DATABASE_URL server each test file's database is copied from. */
    postgresTemplate: string;
  }
}

/**
 * The api suite migrates once, not once per test file: 113 migrations cost 4–6 s on PGlite (and
 * about 1.5 s on the server) in each of ~170 files. On PGlite the migrated data directory is
 * dumped to a file each file loads; on PostgreSQL a migrated database is the template each
 * file's database is created from. Each file still runs the migrator, which finds nothing to do.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const folder = mkdtempSync(path.join(tmpdir(), 'ats-test-image-'));
    const file = path.join(folder, 'pglite.tar');
    const database = await openDatabase({ dataDir: 'memory://' });
    const client = (
      database.system as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }
    ).$client;
    writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    await database.close();
    project.provide('pgliteImage', file);
    project.provide('postgresTemplate', '');
    return () => rmSync(folder, { recursive: true, force: true });
  }
  const name = `ats_test_template_${randomBytes(6).toString('hex')}`;
  const admin = async <T>(work: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  await admin((client) => client.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({
    databaseUrl: url.toString(),
    dataDir: 'unused',
    poolSize: 1,
  });
  await database.close();
  project.provide('pgliteImage', '');
  project.provide('postgresTemplate', name);
  return () => admin((client) => client.query(`drop database if exists ${name} with (force)`));
}
