// `analytics`: the 15 analytics calls (issue 13) over a company's year and month, on PostgreSQL
// with 1,000,000 applicants, 5,000,000 transitions and 2,000 vacancies, and on PGlite with
// 200,000 applicants; each call beside the raw SQL it runs, replayed at the same concurrency,
// while moves are written through the API. See bench/README.md.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import pg from 'pg';
import { ANALYTICS_CALLS, type TAnalyticsCall } from '../packages/contracts/src/analytics.ts';
import { REFERENCE_QUERIES, type ReferenceParams } from './analytics-reference-sql.ts';
import { type AnalyticsGenerated, generateAnalytics } from './generate-analytics.ts';
import { generateApplicants, type GenerateResult, type SqlRunner } from './generate-applicants.ts';
import { startApi } from './serve-api.ts';
import {
  type Api,
  apiRequest,
  AUTH_HEADER,
  BENCH_PASSWORD,
  signUpBenchAccount,
  startApiServer,
} from './support/api-server.ts';
import {
  interleavedLoops,
  type LoadSettings,
  percentile,
  type Throughput,
} from './support/load.ts';
import { findServer, KEEP_ROOT, keptServer } from './support/postgres.ts';
import { type Benchmark, type BenchReport, envNumber, fmt, type Row } from './support/report.ts';

const GOALS = { yearP95: 300, monthP95: 100, pgliteFactor: 5 };
const keepDb = () => process.env.BENCH_KEEP_DB === '1';

type Meta = {
  applicants: number;
  transitionsAsked: number;
  accountId: number;
  userId: number;
  email: string;
  /** Set when the full applicant generator ran (BENCH_ANALYTICS_FULL_APPLICANTS=1). */
  applicantsGenerated: GenerateResult | null;
  generated: AnalyticsGenerated;
  busyVacancyId: number;
  vacuumSeconds: number;
  complete: true;
};

type Owner = SqlRunner & { close: () => Promise<void> };

type Prepared = {
  label: string;
  kind: 'postgres' | 'pglite';
  env: NodeJS.ProcessEnv;
  url: string | null;
  meta: Meta;
  reused: boolean;
  prepareSeconds: number;
  source: string;
  /** One connection as the owner (PGlite: only while no server runs). */
  owner: () => Promise<Owner>;
  cleanup: () => Promise<void>;
};

// ---------------------------------------------------------------------------------------------
// Preparing: sign up, applicants, then the analytics history; or reuse a kept database.

function pgOwner(url: string, jobs: number): Owner {
  const pool = new pg.Pool({ connectionString: url, max: jobs });
  return { jobs, query: (text) => pool.query(text), close: () => pool.end() };
}

async function pgliteOwner(dataDir: string): Promise<Owner> {
  const db = await PGlite.create({
    dataDir: path.join(dataDir, 'pglite'),
    extensions: { btree_gin, pg_trgm, unaccent },
  });
  return { jobs: 1, query: (text) => db.query(text), close: () => db.close() };
}

async function fill(
  env: NodeJS.ProcessEnv,
  owner: (jobs: number) => Promise<Owner>,
  applicants: number,
  transitions: number,
  label: string,
): Promise<Meta> {
  const api = await startApiServer(env); // migrates
  let account: Awaited<ReturnType<typeof signUpBenchAccount>>;
  try {
    account = await signUpBenchAccount(api, 'analytics');
  } finally {
    await api.stop();
  }
  const log = (line: string) => console.log(`  [${label}] ${line}`);
  // Full applicants (résumés, contacts, search keys) only when asked: analytics reads a name, a
  // source, who added them and when, and the full generator needs many minutes for 1M rows.
  const full = process.env.BENCH_ANALYTICS_FULL_APPLICANTS === '1';
  let applicantsGenerated: GenerateResult | null = null;
  if (full) {
    const many = await owner(2);
    try {
      applicantsGenerated = await generateApplicants(many, {
        accountId: account.accountId,
        applicants,
        batch: many.jobs > 1 ? 50_000 : 10_000,
        vacuum: false,
        log,
      });
    } finally {
      await many.close();
    }
  }
  // Temp tables: one connection throughout.
  const one = await owner(1);
  try {
    const generated = await generateAnalytics(one, {
      accountId: account.accountId,
      adminUserId: account.userId,
      vacancies: envNumber('BENCH_ANALYTICS_VACANCIES', 2000),
      transitions,
      ...(full ? {} : { lightApplicants: applicants }),
      batch: one.jobs > 1 ? 200_000 : 50_000,
      log,
    });
    const v0 = performance.now();
    await one.query('vacuum analyze');
    const vacuumSeconds = (performance.now() - v0) / 1000;
    const busy = await one.query(
      `select vacancy_id from applications where account_id = ${account.accountId}
       group by vacancy_id order by count(*) desc limit 1`,
    );
    return {
      applicants,
      transitionsAsked: transitions,
      accountId: account.accountId,
      userId: account.userId,
      email: account.email,
      applicantsGenerated,
      generated,
      busyVacancyId: Number(busy.rows[0]?.vacancy_id),
      vacuumSeconds,
      complete: true,
    };
  } finally {
    await one.close();
  }
}

async function preparePostgres(
  applicants: number,
  transitions: number,
): Promise<Prepared | { skip: string }> {
  const started = performance.now();
  const server = keepDb() ? await keptServer('analytics-postgres.json') : await findServer();
  if ('skip' in server) return server;
  const srv = server;
  const name = keepDb()
    ? `ats_bench_analytics_${applicants}_${transitions}`
    : `ats_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: srv.baseUrl });
  await admin.connect();
  let meta: Meta | null = null;
  try {
    if (keepDb()) {
      const { rows } = await admin.query<{ comment: string | null }>(
        `select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1`,
        [name],
      );
      const kept = rows[0]?.comment ? (JSON.parse(rows[0].comment) as Partial<Meta>) : null;
      if (kept?.complete) meta = kept as Meta;
      else if (rows.length) await admin.query(`drop database ${name} with (force)`);
    }
    if (!meta) await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(srv.baseUrl);
  url.pathname = `/${name}`;
  const env = { DATABASE_URL: url.toString() };
  const owner = async (jobs: number) => pgOwner(url.toString(), jobs);
  const reused = meta !== null;
  meta ??= await fill(env, owner, applicants, transitions, 'PostgreSQL');
  if (!reused && keepDb()) {
    const client = new pg.Client({ connectionString: srv.baseUrl });
    await client.connect();
    await client.query(
      `comment on database ${name} is ${client.escapeLiteral(JSON.stringify(meta))}`,
    );
    await client.end();
  }
  return {
    label: 'PostgreSQL',
    kind: 'postgres',
    env,
    url: url.toString(),
    meta,
    reused,
    prepareSeconds: (performance.now() - started) / 1000,
    source: `${srv.source}, database ${name}${keepDb() ? ' (kept: BENCH_KEEP_DB=1)' : ''}`,
    owner: () => owner(1),
    cleanup: async () => {
      if (keepDb()) return;
      const client = new pg.Client({ connectionString: srv.baseUrl });
      try {
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end().catch(() => {});
        await srv.stop();
      }
    },
  };
}

async function preparePglite(applicants: number, transitions: number): Promise<Prepared> {
  const started = performance.now();
  const dataDir = keepDb()
    ? path.join(KEEP_ROOT, `analytics-pglite-${applicants}-${transitions}`)
    : mkdtempSync(path.join(os.tmpdir(), 'ats-bench-analytics-'));
  const metaPath = path.join(dataDir, 'bench-meta.json');
  let meta: Meta | null = null;
  if (keepDb() && existsSync(metaPath)) {
    meta = JSON.parse(readFileSync(metaPath, 'utf8')) as Meta;
  } else if (keepDb()) {
    rmSync(dataDir, { recursive: true, force: true });
  }
  mkdirSync(dataDir, { recursive: true });
  const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
  const owner = () => pgliteOwner(dataDir);
  const reused = meta !== null;
  meta ??= await fill(env, owner, applicants, transitions, 'PGlite');
  if (!reused && keepDb()) writeFileSync(metaPath, JSON.stringify(meta));
  return {
    label: 'PGlite',
    kind: 'pglite',
    env,
    url: null,
    meta,
    reused,
    prepareSeconds: (performance.now() - started) / 1000,
    source: `DATA_DIR ${dataDir}${keepDb() ? ' (kept: BENCH_KEEP_DB=1)' : ''}`,
    owner,
    cleanup: async () => {
      if (!keepDb()) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The calls and their periods.

type Span = 'year' | 'month';
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
function spanDates(span: Span) {
  const to = new Date();
  const from = new Date(to.getTime() - (span === 'year' ? 364 : 29) * 86_400_000);
  return { from: isoDay(from), to: isoDay(to) };
}
/** `BENCH_ANALYTICS_CALLS` (comma-separated) measures only those calls; all 15 by default. */
const CALLS = (Object.keys(ANALYTICS_CALLS) as TAnalyticsCall[]).filter(
  (call) =>
    !process.env.BENCH_ANALYTICS_CALLS ||
    process.env.BENCH_ANALYTICS_CALLS.split(',').includes(call),
);

function callPath(call: TAnalyticsCall, span: Span, meta: Meta) {
  const { from, to } = spanDates(span);
  const params = new URLSearchParams({ date_from: from, date_to: to });
  const wants = ANALYTICS_CALLS[call] as readonly string[];
  if (call.startsWith('vacancy')) params.set('vacancy_id', String(meta.busyVacancyId));
  if (wants.includes('status_group_id') || call === 'status_group_conversion') {
    params.set('status_group_id', String(meta.generated.statusGroupId));
  }
  return `/api/analytics/${call}?${params.toString()}`;
}

// ---------------------------------------------------------------------------------------------
// The raw SQL of a call: every statement one request sends (caught at the driver in an API
// started in this process), replayed on one pooled connection in the same order.

type Statement = { text: string; values?: unknown[]; name?: string };

function catchStatements() {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  let sink: Statement[] | null = null;
  proto.query = function caught(this: unknown, ...args: unknown[]) {
    const [first, second] = args;
    if (sink) {
      if (typeof first === 'string') {
        sink.push({ text: first, values: Array.isArray(second) ? second : undefined });
      } else if (first && typeof first === 'object' && 'text' in first) {
        const c = first as { text: string; values?: unknown[]; name?: string };
        // drizzle passes the parameters beside the config: query({ text, rowMode }, params).
        const values = Array.isArray(second) ? (second as unknown[]) : c.values;
        sink.push({ text: c.text, values, name: c.name });
      }
    }
    return original.apply(this, args);
  };
  return {
    record: async (work: () => Promise<unknown>) => {
      const statements: Statement[] = [];
      sink = statements;
      try {
        await work();
      } finally {
        sink = null;
      }
      return statements;
    },
    restore: () => {
      proto.query = original;
    },
  };
}

/** `prepare <name> as …` texts seen anywhere: a replay connection prepares what it executes. */
const PREPARE = /^\s*prepare\s+("?\w+"?)\s+as\s/i;
const EXECUTE = /\bexecute\s+("?\w+"?)/gi;

function replayer(url: string, connections: number) {
  const pool = new pg.Pool({ connectionString: url, max: connections });
  pool.on('error', (error) => console.error(`replay pool: ${error.message}`));
  const prepares = new Map<string, string>();
  const preparedOn = new WeakMap<object, Set<string>>();
  return {
    learn: (statements: Statement[]) => {
      for (const s of statements) {
        const m = PREPARE.exec(s.text);
        if (m?.[1]) prepares.set(m[1], s.text);
      }
    },
    run: async (statements: Statement[]) => {
      const client = await pool.connect();
      try {
        const done = preparedOn.get(client) ?? new Set<string>();
        preparedOn.set(client, done);
        for (const s of statements) {
          if (PREPARE.test(s.text)) continue;
          for (const m of s.text.matchAll(EXECUTE)) {
            const name = m[1]!;
            const text = prepares.get(name);
            if (text && !done.has(name)) {
              await client.query(text);
              done.add(name);
            }
          }
          await client.query(
            s.name
              ? { name: s.name, text: s.text, values: s.values }
              : { text: s.text, values: s.values },
          );
        }
      } catch (error) {
        // Never hand the pool a connection left in a failed transaction.
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

// ---------------------------------------------------------------------------------------------
// Measuring one database.

type CallResult = {
  call: TAnalyticsCall;
  span: Span;
  status: number;
  error?: string;
  endpoint?: Throughput;
  raw?: Throughput;
  statements?: number;
};
type RefResult = { key: string; label: string; span: Span; raw: Throughput };

const summary = (t: Throughput) =>
  `p50 ${fmt.ms(t.p50Ms)}, p95 ${fmt.ms(t.p95Ms)}, ${t.perSecond.toFixed(1)}/s${t.failures ? `, ${t.failures} failed` : ''}`;

/** Moves through the API every `everyMs` while a measurement runs: the writes mixed in. */
function startWriter(apiUrl: string, token: string, owner: Owner, meta: Meta, everyMs: number) {
  let stopped = false;
  const latencies: number[] = [];
  let failures = 0;
  let firstError: string | null = null;
  const done = (async () => {
    // Cards of the busiest open vacancy (a closed or held one refuses moves), not rejected, each
    // moved to an ordinary stage other than the one it is at.
    const { rows } = await owner.query(
      `select a.id, a.status_id, (select array_agg(s.id order by s.position) from statuses s
                where s.account_id = a.account_id and s.vacancy_id = a.vacancy_id
                  and not s.is_reject and s.status_type <> 'hired') as stages
       from applications a
       where a.account_id = ${meta.accountId} and a.reject_kind is null
         and a.vacancy_id = (select x.vacancy_id from applications x
                             join vacancies v on v.account_id = x.account_id and v.id = x.vacancy_id
                             where x.account_id = ${meta.accountId} and v.state = 'open'
                             group by x.vacancy_id order by count(*) desc limit 1)
       limit 400`,
    );
    const cards = rows.map((r) => ({
      id: Number(r.id),
      at: Number(r.status_id),
      stages: (Array.isArray(r.stages)
        ? r.stages
        : String(r.stages).replace(/[{}]/g, '').split(',')
      ).map(Number),
    }));
    let n = 0;
    while (!stopped && cards.length) {
      const card = cards[n++ % cards.length]!;
      const others = card.stages.filter((id) => id !== card.at);
      const to = others[n % others.length]!;
      const t0 = performance.now();
      try {
        const response = await fetch(`${apiUrl}/api/applications/${card.id}/move`, {
          method: 'POST',
          headers: { [AUTH_HEADER]: token, 'content-type': 'application/json' },
          body: JSON.stringify({ status_id: to }),
        });
        const body = await response.text();
        if (response.status === 200) {
          latencies.push(performance.now() - t0);
          card.at = to;
        } else {
          failures += 1;
          firstError ??= `${response.status} ${body.slice(0, 200)}`;
        }
      } catch (error) {
        failures += 1;
        firstError ??= String(error);
      }
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await done;
      latencies.sort((x, y) => x - y);
      return { count: latencies.length, failures, firstError, p95: percentile(latencies, 95) };
    },
  };
}

async function measure(
  prepared: Prepared,
  settings: LoadSettings,
  writeMs: number,
): Promise<{ calls: CallResult[]; refs: RefResult[]; writes: string }> {
  const { meta } = prepared;
  const calls: CallResult[] = [];
  const refs: RefResult[] = [];
  const replayErrors = new Map<string, string>();
  const headers = { [AUTH_HEADER]: '', 'cache-control': 'no-cache' };

  // 1. PostgreSQL: one request of each call in an API in this process, its statements caught.
  const captured = new Map<string, Statement[]>();
  const replay = prepared.url ? replayer(prepared.url, settings.connections) : null;
  if (prepared.url && replay) {
    const catcher = catchStatements();
    const local = await startApi({ ...process.env, ...prepared.env });
    try {
      const token = (
        await apiRequest<{ auth_token: string }>('POST', `${local.url}/api/auth/login`, null, {
          email: meta.email,
          password: BENCH_PASSWORD,
        })
      ).auth_token;
      for (const call of CALLS) {
        for (const span of ['year', 'month'] as Span[]) {
          let status = 0;
          const statements = await catcher.record(async () => {
            const response = await fetch(`${local.url}${callPath(call, span, meta)}`, {
              headers: { ...headers, [AUTH_HEADER]: token },
            });
            await response.arrayBuffer();
            status = response.status;
          });
          replay.learn(statements);
          if (status === 200) captured.set(`${call}|${span}`, statements);
        }
      }
    } finally {
      catcher.restore();
      await local.close();
    }
  }

  // 2. The API in a child process; each call against its replayed SQL, moves written meanwhile.
  const api: Api = await startApiServer(prepared.env);
  const owner = prepared.kind === 'postgres' ? await prepared.owner() : null;
  let writes = 'none';
  try {
    const token = (
      await apiRequest<{ auth_token: string }>('POST', `${api.url}/api/auth/login`, null, {
        email: meta.email,
        password: BENCH_PASSWORD,
      })
    ).auth_token;
    headers[AUTH_HEADER] = token;
    const get = async (p: string) => {
      const response = await fetch(`${api.url}${p}`, { headers });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`GET ${p}: ${response.status}`);
    };
    const writerOwner = owner ?? null;
    const writer =
      writerOwner && writeMs > 0 ? startWriter(api.url, token, writerOwner, meta, writeMs) : null;
    try {
      for (const call of CALLS) {
        for (const span of ['year', 'month'] as Span[]) {
          const p = callPath(call, span, meta);
          const probe = await fetch(`${api.url}${p}`, { headers });
          const body = await probe.text();
          if (probe.status !== 200) {
            calls.push({ call, span, status: probe.status, error: body.slice(0, 160) });
            continue;
          }
          const statements = captured.get(`${call}|${span}`);
          const works: Record<string, () => Promise<unknown>> = { endpoint: () => get(p) };
          if (statements && replay) {
            works.raw = () =>
              replay.run(statements).catch((error: unknown) => {
                if (!replayErrors.has(`${call}|${span}`)) {
                  replayErrors.set(`${call}|${span}`, (error as Error).message.slice(0, 200));
                }
                throw error;
              });
          }
          const result = await interleavedLoops(works, settings);
          calls.push({
            call,
            span,
            status: 200,
            endpoint: result.endpoint,
            raw: result.raw,
            statements: statements?.length,
            ...(replayErrors.has(`${call}|${span}`)
              ? { error: replayErrors.get(`${call}|${span}`) }
              : {}),
          });
        }
      }
      // 3. The reference SQL (analytics-reference-sql.ts) as the tenant, same concurrency
      // (BENCH_ANALYTICS_REFS=0 leaves it out).
      if (prepared.url && envNumber('BENCH_ANALYTICS_REFS', 1) > 0) {
        const pool = new pg.Pool({ connectionString: prepared.url, max: settings.connections });
        try {
          for (const span of ['year', 'month'] as Span[]) {
            const { from, to } = spanDates(span);
            const params: ReferenceParams = {
              accountId: meta.accountId,
              from,
              to: isoDay(new Date(Date.parse(to) + 86_400_000)),
              vacancyId: meta.busyVacancyId,
            };
            for (const ref of REFERENCE_QUERIES) {
              const text =
                `begin read only; set local role ats_app; ` +
                `select set_config('app.account_id', '${meta.accountId}', true); ${ref.text(params)}; commit`;
              const result = await interleavedLoops({ raw: () => pool.query(text) }, settings);
              refs.push({ key: ref.key, label: ref.label, span, raw: result.raw });
            }
          }
        } finally {
          await pool.end();
        }
      }
    } finally {
      if (writer) {
        const w = await writer.stop();
        writes = `${w.count} moves through the API (one every ${writeMs} ms), p95 ${fmt.ms(w.p95)}, ${w.failures} failed${w.firstError ? ` (first: ${w.firstError})` : ''}`;
      }
    }
  } finally {
    await owner?.close();
    await replay?.close();
    await api.stop();
  }
  // PGlite: the reference SQL once the server is stopped (one process owns the files).
  if (
    prepared.kind === 'pglite' &&
    envNumber('BENCH_ANALYTICS_PGLITE_REFS', 1) > 0 &&
    envNumber('BENCH_ANALYTICS_REFS', 1) > 0
  ) {
    const db = await PGlite.create({
      dataDir: path.join(prepared.env.DATA_DIR as string, 'pglite'),
      extensions: { btree_gin, pg_trgm, unaccent },
    });
    try {
      for (const span of ['year', 'month'] as Span[]) {
        const { from, to } = spanDates(span);
        const params: ReferenceParams = {
          accountId: meta.accountId,
          from,
          to: isoDay(new Date(Date.parse(to) + 86_400_000)),
          vacancyId: meta.busyVacancyId,
        };
        for (const ref of REFERENCE_QUERIES) {
          const work = () =>
            db.transaction(async (tx) => {
              await tx.exec('set local role ats_app');
              await tx.query(`select set_config('app.account_id', '${meta.accountId}', true)`);
              return tx.query(ref.text(params));
            });
          const result = await interleavedLoops({ raw: work }, { ...settings, connections: 1 });
          refs.push({ key: ref.key, label: ref.label, span, raw: result.raw });
        }
      }
    } finally {
      await db.close();
    }
  }
  return { calls, refs, writes };
}

// ---------------------------------------------------------------------------------------------

async function run(): Promise<BenchReport> {
  const applicants = envNumber('BENCH_APPLICANTS', 1_000_000);
  const pgliteApplicants = Math.min(envNumber('BENCH_APPLICANTS_PGLITE', 200_000), applicants);
  const perApplicant = envNumber('BENCH_TRANSITIONS_PER_APPLICANT', 5);
  const targets = (process.env.BENCH_TARGETS ?? 'postgres,pglite').split(',');
  const settings: LoadSettings = {
    duration: envNumber('BENCH_ANALYTICS_SECONDS', 3),
    warmup: envNumber('BENCH_ANALYTICS_WARMUP', 0.5),
    connections: envNumber('BENCH_ANALYTICS_CONNECTIONS', 4),
  };
  const writeMs = envNumber('BENCH_ANALYTICS_WRITE_MS', 200);
  const rows: Row[] = [];
  const notes: string[] = [
    `${settings.connections} requests in flight (several users at once), ${settings.duration} s measured per call and period in 1-second slices interleaved with its raw SQL; responses read from the database (Cache-Control: no-cache)`,
  ];
  const verdicts: BenchReport['verdicts'] = [];
  const byTarget = new Map<string, CallResult[]>();
  const refsByTarget = new Map<string, RefResult[]>();

  for (const target of targets) {
    const prepared =
      target === 'postgres'
        ? await preparePostgres(applicants, applicants * perApplicant)
        : target === 'pglite'
          ? await preparePglite(pgliteApplicants, pgliteApplicants * perApplicant)
          : null;
    if (!prepared) continue;
    if ('skip' in prepared) {
      notes.push(`PostgreSQL skipped: ${prepared.skip}`);
      continue;
    }
    try {
      const g = prepared.meta.generated;
      notes.push(
        `${prepared.label}: ${prepared.source}; ${prepared.meta.applicants.toLocaleString('en-US')} applicants, ` +
          `${g.applications.toLocaleString('en-US')} applications, ${g.transitions.toLocaleString('en-US')} transitions, ` +
          `${g.vacancies.toLocaleString('en-US')} vacancies, ${g.recruiters.length} recruiters, ${g.divisions.length} divisions; ` +
          (prepared.reused
            ? 'reused (BENCH_KEEP_DB=1), generated earlier: '
            : `prepared now in ${fmt.seconds(prepared.prepareSeconds)}: `) +
          `applicants ${fmt.seconds(prepared.meta.applicantsGenerated?.totalSeconds ?? g.seconds.applicants)}${prepared.meta.applicantsGenerated ? ' (full)' : ' (light)'}, ` +
          `applications ${fmt.seconds(g.seconds.applications)}, transitions ${fmt.seconds(g.seconds.transitions)}, ` +
          `indexes ${fmt.seconds(g.seconds.indexes)}, vacuum analyze ${fmt.seconds(prepared.meta.vacuumSeconds)}`,
      );
      if (process.env.BENCH_ANALYTICS_PREPARE_ONLY === '1') continue;
      const { calls, refs, writes } = await measure(prepared, settings, writeMs);
      byTarget.set(prepared.kind, calls);
      refsByTarget.set(prepared.kind, refs);
      notes.push(`${prepared.label} writes during the run: ${writes}`);
      for (const c of calls) {
        const label = `${prepared.label} · ${c.call} · ${c.span}`;
        if (!c.endpoint) {
          rows.push({
            measurement: label,
            value: c.status === 404 ? 'endpoint missing (404)' : `HTTP ${c.status}`,
            note: c.error ?? '',
          });
          continue;
        }
        rows.push({
          measurement: `${label} · endpoint`,
          value: summary(c.endpoint),
          note: `${c.endpoint.total} requests`,
        });
        if (c.raw) {
          rows.push({
            measurement: `${label} · raw SQL`,
            value: summary(c.raw),
            note:
              `${c.statements} statements (session look-up and transaction included), replayed on one connection` +
              (c.error ? `; replay failed: ${c.error}` : ''),
          });
        }
      }
      for (const r of refs) {
        rows.push({
          measurement: `${prepared.label} · reference SQL · ${r.key} · ${r.span}`,
          value: summary(r.raw),
          note: r.label,
        });
      }
    } finally {
      await prepared.cleanup();
    }
  }

  const pgCalls = byTarget.get('postgres') ?? [];
  for (const c of pgCalls) {
    const goal = c.span === 'year' ? GOALS.yearP95 : GOALS.monthP95;
    verdicts.push({
      goal: `${c.call} over a ${c.span}: p95 ≤ ${goal} ms (PostgreSQL)`,
      measured: c.endpoint
        ? fmt.ms(c.endpoint.p95Ms)
        : c.status === 404
          ? 'endpoint missing'
          : `HTTP ${c.status}`,
      pass: !!c.endpoint && c.endpoint.p95Ms <= goal,
    });
  }
  const liteCalls = byTarget.get('pglite') ?? [];
  for (const c of liteCalls) {
    const twin = pgCalls.find((p) => p.call === c.call && p.span === c.span);
    if (!c.endpoint || !twin?.endpoint) continue;
    const ratio = c.endpoint.p95Ms / twin.endpoint.p95Ms;
    verdicts.push({
      goal: `${c.call} over a ${c.span}: PGlite p95 within ${GOALS.pgliteFactor}× of PostgreSQL`,
      measured: fmt.ratio(ratio),
      pass: ratio <= GOALS.pgliteFactor,
    });
  }
  const pgRefs = refsByTarget.get('postgres') ?? [];
  // The reference SQL against the same goals: what the log can give a call of that shape.
  for (const r of pgRefs) {
    const goal = r.span === 'year' ? GOALS.yearP95 : GOALS.monthP95;
    verdicts.push({
      goal: `reference SQL ${r.key} over a ${r.span}: p95 ≤ ${goal} ms (PostgreSQL)`,
      measured: fmt.ms(r.raw.p95Ms),
      pass: r.raw.p95Ms <= goal,
    });
  }
  for (const r of refsByTarget.get('pglite') ?? []) {
    const twin = pgRefs.find((p) => p.key === r.key && p.span === r.span);
    if (!twin) continue;
    rows.push({
      measurement: `PGlite / PostgreSQL · reference SQL · ${r.key} · ${r.span}`,
      value: fmt.ratio(r.raw.p95Ms / twin.raw.p95Ms),
      note: 'p95 over p95',
    });
  }
  return { rows, verdicts, notes };
}

export const analyticsBenchmark: Benchmark = {
  name: 'analytics',
  summary:
    'the 15 analytics calls over a year and a month vs their SQL, 1M applicants / 5M transitions',
  run,
};
