// Finds a PostgreSQL server for the benchmarks, in this order:
//   1. DATABASE_URL from the environment;
//   2. scripts/start-postgres.sh of the repository (its last line is `DATABASE_URL=...`),
//      stopped again with scripts/stop-postgres.sh;
//   3. a throw-away cluster of our own in a temp directory, when initdb and postgres are on PATH.
// In every case the benchmark works in a database of its own (created here, dropped at the end),
// so a server shared with tests or development data is not polluted.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, repoRoot } from './process.ts';

export type PostgresHandle = {
  /** URL of the database created for this run. */
  url: string;
  /** Where the server came from, for the report. */
  source: string;
  stop: () => Promise<void>;
};

export type PostgresUnavailable = { skip: string };

const onPath = (binary: string) => spawnSync('sh', ['-c', `command -v ${binary}`]).status === 0;

export type Server = { baseUrl: string; source: string; stop: () => Promise<void> };

function fromStartScript(): Server | null {
  const start = path.join(repoRoot, 'scripts/start-postgres.sh');
  if (!existsSync(start)) return null;
  // A state directory of our own: `stop-postgres.sh` without a port (as the test suite runs it)
  // stops every server recorded in its directory, and must not stop ours in the middle of a run.
  const stateRoot = path.join(os.tmpdir(), 'ats-bench-postgres');
  const env = { ...process.env, ATS_PG_ROOT: stateRoot };
  const result = spawnSync('bash', [start], {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: 120_000,
    env,
  });
  const lines = result.stdout.trim().split('\n');
  const match = /^DATABASE_URL=(.+)$/.exec(lines.at(-1) ?? '');
  if (result.status !== 0 || !match?.[1]) {
    throw new Error(
      `scripts/start-postgres.sh failed (status ${String(result.status)}):\n${result.stdout}${result.stderr}`,
    );
  }
  const baseUrl = match[1].trim();
  const stopScript = path.join(repoRoot, 'scripts/stop-postgres.sh');
  return {
    baseUrl,
    source: 'scripts/start-postgres.sh',
    stop: async () => {
      if (!existsSync(stopScript)) return;
      // Only the server started here, even within our own state directory.
      const port = new URL(baseUrl).port;
      if (!port) return;
      spawnSync('bash', [stopScript, port], {
        cwd: repoRoot,
        stdio: 'ignore',
        timeout: 60_000,
        env: { ...env, DATABASE_URL: baseUrl },
      });
      try {
        rmdirSync(stateRoot); // only when no other run of ours still has a server there
      } catch {
        // not empty or already gone
      }
    },
  };
}

/** initdb + pg_ctl in a temp directory; as root the server runs as the `postgres` user. */
async function throwAwayCluster(): Promise<Server | null> {
  if (!onPath('initdb') || !onPath('pg_ctl')) return null;
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ats-bench-pg-'));
  const prefix: string[] = [];
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
    prefix.push('runuser', '-u', 'postgres', '--');
  }
  const run = (args: string[]) => {
    const [command, ...rest] = [...prefix, ...args];
    const result = spawnSync(command as string, rest, { encoding: 'utf8', timeout: 120_000 });
    if (result.status !== 0) {
      throw new Error(`${args.join(' ')} failed:\n${result.stdout}${result.stderr}`);
    }
  };
  const data = path.join(dir, 'data');
  const port = await freePort();
  run(['initdb', '-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  // Default settings apart from the address, the socket directory and room for the pools.
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c max_connections=200`;
  run(['pg_ctl', '-D', data, '-l', path.join(dir, 'server.log'), '-o', options, '-w', 'start']);
  return {
    baseUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    source: `throw-away cluster (initdb, PostgreSQL defaults) in ${dir}`,
    stop: async () => {
      try {
        run(['pg_ctl', '-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** A PostgreSQL server (not a database of its own), or the reason there is none. */
export async function findServer(): Promise<Server | PostgresUnavailable> {
  if (process.env.BENCH_PG === 'skip') return { skip: 'BENCH_PG=skip' };
  const fromEnv = process.env.DATABASE_URL;
  if (fromEnv) return { baseUrl: fromEnv, source: 'DATABASE_URL', stop: async () => {} };
  const scripted = fromStartScript();
  if (scripted) return scripted;
  const own = await throwAwayCluster();
  if (own) return own;
  return {
    skip: 'no DATABASE_URL, no scripts/start-postgres.sh and no initdb/pg_ctl on PATH — PostgreSQL part skipped',
  };
}

/** Where the kept bases' servers are recorded (`BENCH_KEEP_DB=1`). */
export const KEEP_ROOT = path.join(os.tmpdir(), 'ats-bench-keep');

/**
 * The server a kept base lives on: `DATABASE_URL` when it is set (a run told where to go goes
 * there, whatever an earlier run recorded), else the server recorded in `KEEP_ROOT/<stateFile>`
 * while it still answers, else a new one, which is recorded for the next run.
 */
export async function keptServer(stateFile: string): Promise<Server | PostgresUnavailable> {
  if (process.env.DATABASE_URL || process.env.BENCH_PG === 'skip') return findServer();
  const statePath = path.join(KEEP_ROOT, stateFile);
  if (existsSync(statePath)) {
    const { baseUrl } = JSON.parse(readFileSync(statePath, 'utf8')) as { baseUrl: string };
    const probe = new pg.Client({ connectionString: baseUrl });
    try {
      await probe.connect();
      return { baseUrl, source: `kept server ${baseUrl}`, stop: async () => {} };
    } catch {
      // gone (a reboot, stopped): find another
    } finally {
      await probe.end().catch(() => {});
    }
  }
  const found = await findServer();
  if ('skip' in found) return found;
  mkdirSync(KEEP_ROOT, { recursive: true });
  writeFileSync(statePath, JSON.stringify({ baseUrl: found.baseUrl }));
  return found;
}

/** A PostgreSQL database of this run's own, or the reason there is none. */
export async function acquirePostgres(): Promise<PostgresHandle | PostgresUnavailable> {
  const server = await findServer();
  if ('skip' in server) return server;
  const name = `ats_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: server.baseUrl });
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
  } catch (error) {
    await admin.end().catch(() => {});
    // Without the right to create databases, use the given one as it is.
    return {
      url: server.baseUrl,
      source: `${server.source} (its own database: could not create one: ${(error as Error).message})`,
      stop: server.stop,
    };
  }
  await admin.end();
  const url = new URL(server.baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    source: `${server.source}, database ${name}`,
    stop: async () => {
      const client = new pg.Client({ connectionString: server.baseUrl });
      try {
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end().catch(() => {});
        await server.stop();
      }
    },
  };
}
