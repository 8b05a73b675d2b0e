// `me`: throughput of GET /api/me against the raw SQL it runs, on embedded PGlite and PostgreSQL.
// See bench/README.md for how to read the figures.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import pg from 'pg';
import { hashToken } from '../apps/api/src/platform/secrets.ts';
import { startApi } from './serve-api.ts';
import {
  httpLoad,
  interleavedLoops,
  type LoadSettings,
  machineCpu,
  ownCpuSeconds,
  type Throughput,
} from './support/load.ts';
import { acquirePostgres } from './support/postgres.ts';
import { nextMessage, spawnTsx, stopChild } from './support/process.ts';
import { type Benchmark, type BenchReport, envNumber, fmt, type Row } from './support/report.ts';
import { sqlFromSource } from './support/sql-source.ts';

/** The goal for GET /api/me on PostgreSQL on the 2-core machine. */
const GOAL_RPS = 3000;
const AUTH_HEADER = 'x-dcrt-hrm-auth';
/** Pool size of the API's PostgreSQL connection (openDatabase's default); the raw pool uses it too. */
const API_POOL_SIZE = 10;
const PROBE_REQUESTS = 100;

const lookupSql = () =>
  sqlFromSource(
    'apps/api/src/platform/auth.ts',
    'async function findSessionByTokenAcrossAccounts',
    ['tokenHash'],
  );
const findMeSql = () =>
  sqlFromSource('apps/api/src/modules/me/me.repository.ts', 'const meQuery', [
    'accountId',
    'userId',
  ]);
/** What withTenant sends after BEGIN (packages/db/src/connection.ts). */
const tenantSetup = (accountId: number) =>
  `set local role ats_app; select set_config('app.account_id', '${accountId}', true)`;

type ServerMode = 'child' | 'inprocess';

type Target = {
  kind: 'pglite' | 'postgres';
  label: string;
  env: NodeJS.ProcessEnv;
  /** Runs the raw SQL loops once the server has stopped. */
  raw: (session: SignedUp, settings: LoadSettings) => Promise<RawResult>;
};

type SignedUp = { token: string; accountId: number; userId: number };
type RawResult = {
  lookup: Throughput;
  sequence: Throughput;
  sequenceTrips: string;
  /** What-if variants, measured the same way (PostgreSQL only). */
  variants: { label: string; note: string; result: Throughput; versus: 'lookup' | 'sequence' }[];
};

type ServerHandle = {
  url: string;
  /** CPU seconds the server process used so far; null in-process (shared with the load). */
  cpuSeconds: () => Promise<number | null>;
  /** SQL round trips sent so far (node-postgres only, child mode only). */
  sqlCalls: () => Promise<number | null>;
  stop: () => Promise<void>;
};

type Stats = { type: 'stats'; sqlCalls: number; cpuMicros: number };

async function startServer(mode: ServerMode, env: NodeJS.ProcessEnv): Promise<ServerHandle> {
  if (mode === 'inprocess') {
    const api = await startApi(env);
    return {
      url: api.url,
      cpuSeconds: async () => null,
      sqlCalls: async () => null,
      stop: api.close,
    };
  }
  const child: ChildProcess = spawnTsx('bench/serve-api.ts', { ...env, BENCH_COUNT_SQL: '1' });
  const { url } = await nextMessage<{ type: 'listening'; url: string }>(child, 'listening');
  const stats = async () => {
    const reply = nextMessage<Stats>(child, 'stats', 10_000);
    child.send({ type: 'stats' });
    return reply;
  };
  return {
    url,
    cpuSeconds: async () => (await stats()).cpuMicros / 1e6,
    sqlCalls: async () => (env.DATABASE_URL ? (await stats()).sqlCalls : null),
    stop: async () => {
      const { graceful, exit } = await stopChild(child);
      if (!graceful || exit.code !== 0) {
        throw new Error(`serve-api did not exit cleanly (${JSON.stringify(exit)})`);
      }
    },
  };
}

async function signUp(url: string): Promise<SignedUp> {
  const password = 'bench-Password-123';
  const response = await fetch(`${url}/api/sign_up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      admin_user: {
        email: `bench-${Date.now()}@example.com`,
        password,
        password_confirmation: password,
        name: 'Bench',
        company: 'Bench Co',
      },
    }),
  });
  const body = (await response.json()) as {
    message?: { auth_token?: string; admin_user?: { id: number; account_id: number } };
  };
  const token = body.message?.auth_token;
  const user = body.message?.admin_user;
  if (response.status !== 200 || !token || !user) {
    throw new Error(`sign-up failed: HTTP ${response.status} ${JSON.stringify(body)}`);
  }
  return { token, accountId: user.account_id, userId: user.id };
}

const pgliteTarget = (dataDir: string): Target => ({
  kind: 'pglite',
  label: 'PGlite',
  env: { DATA_DIR: dataDir, DATABASE_URL: '' },
  raw: async (session, settings) => {
    // The server has stopped and released the directory: open the same files in this process.
    const db = await PGlite.create({
      dataDir: path.join(dataDir, 'pglite'),
      extensions: { btree_gin, pg_trgm, unaccent },
    });
    try {
      const lookup = lookupSql();
      const findMe = findMeSql();
      const hash = hashToken(session.token);
      const rates = await interleavedLoops(
        {
          lookup: () => db.query(lookup, [hash]),
          sequence: async () => {
            await db.query(lookup, [hash]);
            await db.transaction(async (tx) => {
              await tx.exec('set local role ats_app');
              await tx.query(`select set_config('app.account_id', '${session.accountId}', true)`);
              await tx.query(findMe, [session.accountId, session.userId]);
            });
          },
        },
        settings,
      );
      return {
        lookup: rates.lookup,
        sequence: rates.sequence,
        sequenceTrips: 'lookup, BEGIN, set role, set_config, /me query, COMMIT (in-process calls)',
        variants: [],
      };
    } finally {
      await db.close();
    }
  },
});

const postgresTarget = (url: string): Target => ({
  kind: 'postgres',
  label: 'PostgreSQL',
  env: { DATABASE_URL: url },
  raw: async (session, settings) => {
    const pool = new pg.Pool({ connectionString: url, max: API_POOL_SIZE });
    // An idle client's error (the server going away) must fail the loop, not crash the process.
    pool.on('error', (error) => console.error(`raw pool: ${error.message}`));
    try {
      const lookup = lookupSql();
      const findMe = findMeSql();
      const hash = hashToken(session.token);
      const setup = tenantSetup(session.accountId);
      // What the endpoint sends: the look-up as a named prepared statement, then one simple
      // query holding the tenant transaction around an EXECUTE of the prepared /me statement
      // (database.readAsTenant). Each pooled connection prepares the /me statement once.
      const preparedOn = new WeakSet<object>();
      const oneTripRead = `begin read only; ${setup}; execute bench_me(${session.accountId}, ${session.userId}); commit`;
      const rates = await interleavedLoops(
        {
          lookup: () => pool.query(lookup, [hash]),
          sequence: async () => {
            await pool.query({ name: 'bench_session_lookup', text: lookup, values: [hash] });
            const client = await pool.connect();
            try {
              if (!preparedOn.has(client)) {
                await client.query(`prepare bench_me as ${findMe}`);
                preparedOn.add(client);
              }
              await client.query(oneTripRead);
            } finally {
              client.release();
            }
          },
          // Before: five round trips, nothing prepared (the first version of the endpoint).
          before: async () => {
            await pool.query(lookup, [hash]);
            const client = await pool.connect();
            try {
              await client.query('begin');
              await client.query(setup);
              await client.query(findMe, [session.accountId, session.userId]);
              await client.query('commit');
            } finally {
              client.release();
            }
          },
        },
        settings,
      );
      const lookupRate = rates.lookup;
      const sequence = rates.sequence;
      return {
        lookup: lookupRate,
        sequence,
        sequenceTrips:
          '2 round trips: prepared look-up, then BEGIN READ ONLY + tenant + EXECUTE /me + COMMIT',
        variants: [
          {
            label: 'before: 5 round trips, nothing prepared',
            note: 'look-up, BEGIN, set role + set_config, /me query, COMMIT',
            result: rates.before,
            versus: 'sequence',
          },
        ],
      };
    } finally {
      await pool.end();
    }
  },
});

type TargetResult = {
  target: Target;
  endpoint: Throughput;
  raw: RawResult;
  sqlPerRequest: number | null;
  cpu: { api: number | null; loadGen: number; machine: number | null; seconds: number };
};

async function measureTarget(
  target: Target,
  mode: ServerMode,
  settings: LoadSettings,
): Promise<TargetResult> {
  const server = await startServer(mode, { ...process.env, ...target.env });
  let session: SignedUp;
  let endpoint: Throughput;
  let sqlPerRequest: number | null = null;
  const cpuStart = { api: 0 as number | null, loadGen: 0, machine: machineCpu(), at: 0 };
  let cpu: TargetResult['cpu'];
  try {
    session = await signUp(server.url);
    const url = `${server.url}/api/me`;
    const headers = { [AUTH_HEADER]: session.token };
    // Round trips per request: a short sequential probe with the query counter of serve-api.
    const callsBefore = await server.sqlCalls();
    for (let i = 0; i < PROBE_REQUESTS; i += 1) {
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`GET /api/me answered ${response.status}`);
    }
    const callsAfter = await server.sqlCalls();
    if (callsBefore !== null && callsAfter !== null) {
      sqlPerRequest = (callsAfter - callsBefore) / PROBE_REQUESTS;
    }
    endpoint = await httpLoad(url, headers, settings, async () => {
      cpuStart.api = await server.cpuSeconds();
      cpuStart.loadGen = ownCpuSeconds();
      cpuStart.machine = machineCpu();
      cpuStart.at = performance.now();
    });
    const seconds = (performance.now() - cpuStart.at) / 1000;
    const apiNow = await server.cpuSeconds();
    const machineNow = machineCpu();
    cpu = {
      api: apiNow !== null && cpuStart.api !== null ? apiNow - cpuStart.api : null,
      loadGen: ownCpuSeconds() - cpuStart.loadGen,
      machine: machineNow && cpuStart.machine ? machineNow.busy - cpuStart.machine.busy : null,
      seconds,
    };
  } finally {
    await server.stop();
  }
  const raw = await target.raw(session, settings);
  return { target, endpoint, raw, sqlPerRequest, cpu };
}

function rowsFor(result: TargetResult, mode: ServerMode): Row[] {
  const { target, endpoint, raw, cpu } = result;
  const l = target.label;
  const rows: Row[] = [
    {
      measurement: `${l} · GET /api/me`,
      value: fmt.rate(endpoint.perSecond),
      note: `${endpoint.total} requests, ${endpoint.failures} non-2xx/errors`,
    },
    {
      measurement: `${l} · GET /api/me latency p50 / p99`,
      value: `${fmt.ms(endpoint.p50Ms)} / ${fmt.ms(endpoint.p99Ms)}`,
    },
    {
      measurement: `${l} · raw session look-up`,
      value: fmt.rate(raw.lookup.perSecond),
      note: `p50 ${fmt.ms(raw.lookup.p50Ms)}, p99 ${fmt.ms(raw.lookup.p99Ms)}, ${raw.lookup.failures} errors`,
    },
    {
      measurement: `${l} · raw /me SQL sequence`,
      value: fmt.rate(raw.sequence.perSecond),
      note: `${raw.sequenceTrips}; p50 ${fmt.ms(raw.sequence.p50Ms)}, ${raw.sequence.failures} errors`,
    },
    ...raw.variants.flatMap((v) => [
      {
        measurement: `${l} · ${v.label}`,
        value: fmt.rate(v.result.perSecond),
        note: `${fmt.ratio(v.result.perSecond / raw[v.versus].perSecond)} the raw ${v.versus === 'lookup' ? 'look-up' : 'sequence'}; ${v.note}; ${v.result.failures} errors`,
      },
    ]),
    {
      measurement: `${l} · ratio endpoint / raw look-up`,
      value: fmt.ratio(endpoint.perSecond / raw.lookup.perSecond),
      note: 'share of the bare look-up rate the endpoint keeps',
    },
    {
      measurement: `${l} · ratio endpoint / raw sequence`,
      value: fmt.ratio(endpoint.perSecond / raw.sequence.perSecond),
      note: 'near 1 = bound by its SQL; well below 1 = HTTP/Fastify/drizzle cost',
    },
  ];
  if (result.sqlPerRequest !== null) {
    rows.push({
      measurement: `${l} · SQL round trips per request`,
      value: result.sqlPerRequest.toFixed(2),
      note: `node-postgres client.query calls over ${PROBE_REQUESTS} sequential requests`,
    });
  }
  const perCore = (seconds: number) => fmt.cores(seconds / cpu.seconds);
  const cpuParts = [
    cpu.api !== null ? `API ${perCore(cpu.api)}` : `API + load generator ${perCore(cpu.loadGen)}`,
    cpu.api !== null ? `load generator ${perCore(cpu.loadGen)}` : null,
    cpu.machine !== null
      ? `rest (database, other processes) ${perCore(Math.max(0, cpu.machine - (cpu.api ?? 0) - cpu.loadGen))}`
      : null,
  ].filter(Boolean);
  rows.push({
    measurement: `${l} · CPU during the run`,
    value: cpu.machine !== null ? `${perCore(cpu.machine)} of ${os.cpus().length}` : 'n/a',
    note: `${cpuParts.join(', ')} (server: ${mode === 'child' ? 'child process' : 'in-process'})`,
  });
  if (cpu.api !== null) {
    rows.push({
      measurement: `${l} · API CPU per request`,
      value: `${((cpu.api / endpoint.total) * 1e6).toFixed(0)} µs`,
      note: 'API process CPU time / requests; 1e6 / this = req/s one core could serve',
    });
  }
  return rows;
}

async function run(): Promise<BenchReport> {
  const settings: LoadSettings = {
    duration: envNumber('BENCH_DURATION', 10),
    warmup: envNumber('BENCH_WARMUP', 2),
    connections: envNumber('BENCH_CONNECTIONS', 32),
  };
  const mode: ServerMode = process.env.BENCH_SERVER === 'inprocess' ? 'inprocess' : 'child';
  const report: BenchReport = { rows: [], verdicts: [], notes: [] };
  report.notes.push(
    `${settings.connections} connections, pipelining 1, ${settings.warmup} s warm-up + ${settings.duration} s measured; ` +
      `raw loops: same concurrency, pool of ${API_POOL_SIZE} for PostgreSQL (as the API); ` +
      `server: ${mode === 'child' ? 'child process (node --import tsx bench/serve-api.ts)' : 'in the load generator process'}; ` +
      `${os.cpus().length} CPUs shared by the server, autocannon and the database.`,
  );

  const targets = (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',').map((t) => t.trim());
  const results: TargetResult[] = [];
  if (targets.includes('pglite')) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ats-bench-pglite-'));
    try {
      results.push(await measureTarget(pgliteTarget(dataDir), mode, settings));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }

  const postgres = targets.includes('postgres')
    ? await acquirePostgres()
    : { skip: 'not in BENCH_TARGETS' };
  if ('skip' in postgres) {
    report.notes.push(`PostgreSQL: SKIPPED — ${postgres.skip}.`);
  } else {
    report.notes.push(`PostgreSQL: ${postgres.source}.`);
    try {
      results.push(await measureTarget(postgresTarget(postgres.url), mode, settings));
    } finally {
      await postgres.stop();
    }
  }

  for (const result of results) report.rows.push(...rowsFor(result, mode));
  const lite = results.find((r) => r.target.kind === 'pglite');
  const pgResult = results.find((r) => r.target.kind === 'postgres');
  if (lite && pgResult) {
    report.rows.push({
      measurement: 'ratio PostgreSQL / PGlite · GET /api/me',
      value: fmt.ratio(pgResult.endpoint.perSecond / lite.endpoint.perSecond),
      note: `raw look-up ratio ${fmt.ratio(pgResult.raw.lookup.perSecond / lite.raw.lookup.perSecond)}`,
    });
  }
  if (pgResult) {
    report.verdicts.push({
      goal: `GET /api/me on PostgreSQL ≥ ${GOAL_RPS.toLocaleString('en-US')} req/s`,
      measured: fmt.rate(pgResult.endpoint.perSecond),
      pass: pgResult.endpoint.perSecond >= GOAL_RPS && pgResult.endpoint.failures === 0,
    });
  } else {
    report.notes.push(
      `Goal GET /api/me on PostgreSQL ≥ ${GOAL_RPS} req/s: not measured (no PostgreSQL).`,
    );
  }
  return report;
}

export const meBenchmark: Benchmark = {
  name: 'me',
  summary: 'GET /api/me req/s vs the raw session look-up and /me SQL, PGlite and PostgreSQL',
  run,
};
