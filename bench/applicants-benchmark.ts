// `applicants`: the card, the list page and search with a big applicant base, each against the raw
// SQL it runs, on PostgreSQL (1M applicants) and PGlite (200k). See bench/README.md.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { applicantListPageQuery } from '../apps/api/src/modules/applicants/applicant-list.repository.ts';
import { applicantCardQuery } from '../apps/api/src/modules/applicants/applicants.repository.ts';
import { hashToken } from '../apps/api/src/platform/secrets.ts';
import {
  batchSql,
  COMMON_WORD,
  type GenerateResult,
  generateApplicants,
  RARE_SURNAME,
  type SqlRunner,
} from './generate-applicants.ts';
import {
  httpLoad,
  interleavedLoops,
  type LoadSettings,
  machineCpu,
  percentile,
  type Throughput,
} from './support/load.ts';
import { findServer, KEEP_ROOT, keptServer } from './support/postgres.ts';
import { nextMessage, spawnTsx, stopChild } from './support/process.ts';
import { type Benchmark, type BenchReport, envNumber, fmt, type Row } from './support/report.ts';
import { sqlFromSource } from './support/sql-source.ts';

const GOALS = {
  cardRps: 5000,
  cardP95: 10,
  listRps: 3000,
  listP95: 20,
  listQueries: 3,
  smallSearchP95: 50,
  smallSearchMatches: 10_000,
  largeSearchP95: 300,
  fragmentP95: 50,
  pgliteFactor: 5,
};
const AUTH_HEADER = 'x-dcrt-hrm-auth';
const API_POOL_SIZE = 10;
const PER_PAGE = 30;
/** The list benchmark reads pages 1–10 at random: what a recruiter scrolls through. */
const LIST_PAGES = 10;
const PROBE_REQUESTS = 50;
const SECOND_ACCOUNT_APPLICANTS = 2000;
const SECONDARY_NOTE = `second account with ${SECOND_ACCOUNT_APPLICANTS.toLocaleString('en-US')} applicants`;
const PASSWORD = 'bench-Password-123';
const SEARCHES = [
  {
    key: 'small',
    label: `search '${RARE_SURNAME.female}' (rare surname)`,
    text: RARE_SURNAME.female,
  },
  { key: 'large', label: `search '${COMMON_WORD}' (common résumé word)`, text: COMMON_WORD },
  // The search box's contacts and typos (issue 20): a rare phone fragment, a common e-mail
  // domain (every seventh address) and the rare surname with a letter dropped.
  { key: 'phone', label: "search '916 123' (phone fragment)", text: '916 123' },
  { key: 'email', label: "search 'mail.ru' (common e-mail domain)", text: 'mail.ru' },
  { key: 'typo', label: `search 'Вишневецкя' (typo)`, text: 'Вишневецкя' },
] as const;
type SearchKey = (typeof SEARCHES)[number]['key'];

// Issue 22: fragments of phones and e-mails of applicants drawn across the whole base, a new one
// for every request, each as a recruiter types it (decision 0051).
const FRAGMENT_SEARCHES = [
  { key: 'phoneShort', label: 'phone fragments of 4–5 digits' },
  { key: 'phoneLong', label: 'phone fragments of 6–7 digits' },
  { key: 'emailPart', label: 'e-mail parts' },
] as const;
type FragmentKey = (typeof FRAGMENT_SEARCHES)[number]['key'];
/** How many applicants the fragments are drawn from. */
const FRAGMENT_SOURCES = 400;
/** The indexes that answer phone and e-mail fragments: their size and write cost are printed. */
const CONTACT_INDEXES = [
  'applicants_search_phones_idx',
  'applicants_search_contacts_idx',
  // Decision 0068: the newest walk of a common fragment, index-only, and its long-keys companion.
  'applicants_active_contacts_idx',
  'applicants_active_long_contacts_idx',
];
/** The part of them decision 0068 added: its own write cost is printed too. */
const COVERING_INDEXES = ['applicants_active_contacts_idx', 'applicants_active_long_contacts_idx'];
/**
 * Decision 0074: the narrow table of the contact keys the fragments' trigram candidates are read
 * from, its indexes, and the statement triggers on `applicants` that write it (their own write
 * cost is printed: the same inserts with the triggers disabled).
 */
const CONTACT_KEYS_RELATIONS = [
  'applicant_contact_keys',
  'applicant_contact_keys_pk',
  'applicant_contact_keys_account_contacts_idx',
  'applicant_contact_keys_phones_idx',
];
const CONTACT_KEYS_TRIGGERS = [
  'applicants_contact_keys_i',
  'applicants_contact_keys_u',
  'applicants_contact_keys_d',
  'applicants_contact_keys_t',
];
const WRITE_COST_ROWS = 10_000;

/**
 * A fragment of 4–7 digits of the phone, written as people type one: plain digits, groups of
 * three, '+7 (916) 12' from the start of the number, or with dashes.
 */
export function phoneFragment(phone: string, i: number, lengths: readonly number[]): string | null {
  let digits = phone.replace(/\D/g, '');
  if (/^[78]\d{10}$/.test(digits)) digits = `7${digits.slice(1)}`;
  if (digits.length < 8) return null;
  const length = lengths[i % lengths.length]!;
  const national = digits.slice(1);
  const format = i % 4;
  if (format === 2) {
    const part = national.slice(0, length);
    return `+7 (${part.slice(0, 3)})${part.length > 3 ? ` ${part.slice(3)}` : ''}`;
  }
  const start = Math.floor(Math.random() * (national.length - length + 1));
  const part = national.slice(start, start + length);
  if (format === 1) return part.replace(/(\d{3})(?=\d)/g, '$1 ');
  if (format === 3) return part.replace(/(\d{2})(?=\d)/g, '$1-');
  return part;
}

/** A part of the e-mail: a word of the name ('ivanov'), '@yandex', across the @ ('23@ma'), a piece. */
export function emailFragment(email: string, i: number): string | null {
  const [local, domain] = email.toLowerCase().split('@');
  if (!local || !domain) return null;
  switch (i % 4) {
    case 0: {
      const word = local.split(/[^a-z]+/).sort((a, b) => b.length - a.length)[0] ?? '';
      return word.length >= 4 ? word : null;
    }
    case 1:
      return `@${domain.slice(0, 3 + (i % 4))}`;
    case 2:
      return `${local.slice(-2)}@${domain.slice(0, 2)}`;
    default: {
      const length = Math.min(local.length, 5 + (i % 3));
      const start = Math.floor(Math.random() * (local.length - length + 1));
      return local.length >= 4 ? local.slice(start, start + length) : null;
    }
  }
}

const dialect = new PgDialect({ casing: 'snake_case' });
const compile = (query: SQL) => {
  const { sql, params } = dialect.sqlToQuery(query);
  return { text: sql, params };
};
const lookupSql = () =>
  sqlFromSource(
    'apps/api/src/platform/auth.ts',
    'async function findSessionByTokenAcrossAccounts',
    ['tokenHash'],
  );
type ListFilters = Parameters<typeof applicantListPageQuery>[2];
const randomItem = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const randomPage = () => 1 + Math.floor(Math.random() * LIST_PAGES);

type Account = { accountId: number; userId: number; email: string };
/** What a prepared database holds; kept next to it when BENCH_KEEP_DB=1. */
type Meta = {
  applicants: number;
  big: Account;
  small: Account;
  generated: GenerateResult;
  smallGenerated: GenerateResult;
  complete: true;
};

type Kind = 'postgres' | 'pglite';
type Prepared = {
  kind: Kind;
  label: string;
  env: NodeJS.ProcessEnv;
  meta: Meta;
  reused: boolean;
  /** Seconds spent preparing in this run (server start + sign-ups + generation). */
  prepareSeconds: number;
  /** Opens a runner on the database as its owner (PGlite: only while no server runs). */
  open: () => Promise<Runner>;
  cleanup: () => Promise<void>;
  source: string;
  /** PostgreSQL: the database's URL. */
  url?: string;
};
type Runner = SqlRunner & {
  /** The tenant read the endpoint does: session look-up, then the query as the tenant. */
  tenantRead: (
    name: string,
    text: string,
    params: unknown[],
    accountId: number,
  ) => Promise<unknown>;
  /** The statement alone (prepared on PostgreSQL), no tenant transaction. */
  bare: (name: string, text: string, params: unknown[]) => Promise<unknown>;
  lookup: (hash: string) => Promise<unknown>;
  close: () => Promise<void>;
};

// ---------------------------------------------------------------------------------------------
// Runners: the same SQL the API sends, through the same driver.

function pgRunner(url: string, max: number): Runner {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', (error) => console.error(`raw pool: ${error.message}`));
  const lookup = lookupSql();
  const prepared = new WeakMap<object, Set<string>>();
  const literal = (client: pg.PoolClient, value: unknown) =>
    typeof value === 'number' ? String(value) : client.escapeLiteral(String(value));
  return {
    jobs: max,
    query: (text) => pool.query(text),
    lookup: (hash) => pool.query({ name: 'bench_session_lookup', text: lookup, values: [hash] }),
    bare: (name, text, params) => pool.query({ name: `bench_${name}`, text, values: params }),
    // database.readAsTenant of packages/db/src/connection.ts: PREPARE once per connection, then
    // BEGIN READ ONLY + tenant + EXECUTE + COMMIT as one simple query.
    tenantRead: async (name, text, params, accountId) => {
      const client = await pool.connect();
      try {
        const done = prepared.get(client) ?? new Set<string>();
        prepared.set(client, done);
        if (!done.has(name)) {
          await client.query(`prepare tenant_read_${name} as ${text}`);
          done.add(name);
        }
        const args = params.map((p) => literal(client, p)).join(', ');
        return await client.query(
          `begin read only; set local role ats_app; select set_config('app.account_id', '${accountId}', true); ` +
            `execute tenant_read_${name}${args ? `(${args})` : ''}; commit`,
        );
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

async function pgliteRunner(dataDir: string): Promise<Runner> {
  const db = await PGlite.create({
    dataDir: path.join(dataDir, 'pglite'),
    extensions: { btree_gin, pg_trgm, unaccent },
  });
  const lookup = lookupSql();
  return {
    jobs: 1,
    query: (text) => db.query(text),
    lookup: (hash) => db.query(lookup, [hash]),
    bare: (_name, text, params) => db.query(text, params),
    // readAsTenant on PGlite: a transaction, the role and the tenant, then the query.
    tenantRead: (_name, text, params, accountId) =>
      db.transaction(async (tx) => {
        await tx.exec('set local role ats_app');
        await tx.query(`select set_config('app.account_id', '${accountId}', true)`);
        return tx.query(text, params);
      }),
    close: () => db.close(),
  };
}

// ---------------------------------------------------------------------------------------------
// The API server in a child process (bench/serve-api.ts), as the `me` entry runs it.

type Api = {
  url: string;
  stats: () => Promise<ApiStats>;
  stop: () => Promise<void>;
};

type ApiStats = { sqlCalls: number; cpuMicros: number; cacheReads: number; cacheHits: number };

/** A load with a team's writes mixed in, and the share of its answers served from memory. */
type WithWrites = { load: Throughput; hitRatio: number; writes: number; writeFailures: number };

async function startServer(env: NodeJS.ProcessEnv): Promise<Api> {
  const child = spawnTsx('bench/serve-api.ts', { ...process.env, ...env, BENCH_COUNT_SQL: '1' });
  const { url } = await nextMessage<{ type: 'listening'; url: string }>(
    child,
    'listening',
    120_000,
  );
  return {
    url,
    stats: async () => {
      const reply = nextMessage<{ type: 'stats' } & ApiStats>(child, 'stats', 10_000);
      child.send({ type: 'stats' });
      return reply;
    },
    stop: async () => {
      const { graceful, exit } = await stopChild(child);
      if (!graceful || exit.code !== 0) {
        throw new Error(`serve-api did not exit cleanly (${JSON.stringify(exit)})`);
      }
    },
  };
}

async function post<T>(url: string, body: unknown): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { message?: T };
  if (response.status !== 200 || !json.message) {
    throw new Error(`POST ${url}: HTTP ${response.status} ${JSON.stringify(json).slice(0, 300)}`);
  }
  return json.message;
}

async function signUp(api: Api, label: string): Promise<Account> {
  const email = `bench-${label}-${Date.now()}@example.com`;
  const message = await post<{ admin_user: { id: number; account_id: number } }>(
    `${api.url}/api/sign_up`,
    {
      admin_user: {
        email,
        password: PASSWORD,
        password_confirmation: PASSWORD,
        name: 'Bench',
        company: `Bench ${label}`,
      },
    },
  );
  return { accountId: message.admin_user.account_id, userId: message.admin_user.id, email };
}

const logIn = async (api: Api, account: Account) =>
  (
    await post<{ auth_token: string }>(`${api.url}/api/auth/login`, {
      email: account.email,
      password: PASSWORD,
    })
  ).auth_token;

// ---------------------------------------------------------------------------------------------
// Preparing a database: sign up two accounts, fill them; or reuse one kept by BENCH_KEEP_DB=1.

async function fill(
  env: NodeJS.ProcessEnv,
  open: () => Promise<Runner>,
  applicants: number,
  label: string,
): Promise<Meta> {
  const api = await startServer(env); // migrates the database
  let big: Account;
  let small: Account;
  try {
    big = await signUp(api, 'big');
    small = await signUp(api, 'small');
  } finally {
    await api.stop();
  }
  const runner = await open();
  try {
    const log = (line: string) => console.log(`  [${label}] ${line}`);
    const generated = await generateApplicants(runner, {
      accountId: big.accountId,
      applicants,
      batch: runner.jobs > 1 ? 50_000 : 10_000,
      log,
    });
    const smallGenerated = await generateApplicants(runner, {
      accountId: small.accountId,
      applicants: SECOND_ACCOUNT_APPLICANTS,
      seed: 2,
      vacuum: false,
    });
    await runner.query('analyze');
    return { applicants, big, small, generated, smallGenerated, complete: true };
  } finally {
    await runner.close();
  }
}

const keepDb = () => process.env.BENCH_KEEP_DB === '1';

async function preparePostgres(applicants: number): Promise<Prepared | { skip: string }> {
  const started = performance.now();
  const server = keepDb() ? await keptServer('postgres.json') : await findServer();
  if ('skip' in server) return server;
  const srv = server;
  const name = keepDb()
    ? `ats_bench_applicants_${applicants}`
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
  const open = async () => pgRunner(url.toString(), 2);
  const reused = meta !== null;
  meta ??= await fill(env, open, applicants, 'PostgreSQL');
  if (!reused && keepDb()) {
    const client = new pg.Client({ connectionString: srv.baseUrl });
    await client.connect();
    await client.query(
      `comment on database ${name} is ${client.escapeLiteral(JSON.stringify(meta))}`,
    );
    await client.end();
  }
  return {
    kind: 'postgres',
    label: 'PostgreSQL',
    env,
    meta,
    reused,
    prepareSeconds: (performance.now() - started) / 1000,
    open: async () => pgRunner(url.toString(), API_POOL_SIZE),
    url: url.toString(),
    source: `${srv.source}, database ${name}${keepDb() ? ' (kept: BENCH_KEEP_DB=1)' : ''}`,
    cleanup: async () => {
      if (keepDb()) return; // the server and the database stay for the next run
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

async function preparePglite(applicants: number): Promise<Prepared> {
  const started = performance.now();
  const dataDir = keepDb()
    ? path.join(KEEP_ROOT, `pglite-${applicants}`)
    : mkdtempSync(path.join(os.tmpdir(), 'ats-bench-applicants-'));
  const metaPath = path.join(dataDir, 'bench-meta.json');
  let meta: Meta | null = null;
  if (keepDb() && existsSync(metaPath)) {
    meta = JSON.parse(readFileSync(metaPath, 'utf8')) as Meta;
  } else if (keepDb()) {
    rmSync(dataDir, { recursive: true, force: true }); // an interrupted fill: start over
  }
  mkdirSync(dataDir, { recursive: true });
  const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
  const open = () => pgliteRunner(dataDir);
  const reused = meta !== null;
  meta ??= await fill(env, open, applicants, 'PGlite');
  if (!reused && keepDb()) writeFileSync(metaPath, JSON.stringify(meta));
  return {
    kind: 'pglite',
    label: 'PGlite',
    env,
    meta,
    reused,
    prepareSeconds: (performance.now() - started) / 1000,
    open,
    source: `DATA_DIR ${dataDir}${keepDb() ? ' (kept: BENCH_KEEP_DB=1)' : ''}`,
    cleanup: async () => {
      if (!keepDb()) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Measuring.

type Latencies = { p50Ms: number; p95Ms: number; count: number };
/** `capped`: the search matched more than it lists (the API pages through its best 1,000). */
type SearchResult = {
  matches: number;
  capped: boolean;
  /** Every match, counted by the bench when the answer was capped. */
  exactMatches?: number;
  endpoint: Latencies;
  raw: Latencies;
  bare: Latencies;
};
type FragmentResult = {
  /** The answers' applicant_count (at most 1,001): least, median, most. */
  matches: { min: number; median: number; max: number };
  fragments: number;
  examples: string[];
  endpoint: Latencies;
  raw: Latencies;
  /** The 1-minute load average after the endpoint's and after the raw loop. */
  load: { endpoint: number; raw: number };
};
type WriteCost = {
  /** Median ms of one statement inserting WRITE_COST_ROWS applicants, rolled back. */
  withMs: number;
  withoutMs: number;
  /** Without the covering indexes of decision 0068 only (the trigram ones kept). */
  withoutCoveringMs: number;
  /** Without the contact keys' triggers only (decision 0074: the narrow table not written). */
  withoutKeysMs: number;
  indexes: string[];
  /** The load average over the rounds. */
  load: string;
};
type TargetResult = {
  prepared: Prepared;
  fragments: Record<FragmentKey, FragmentResult>;
  indexSizes: { name: string; bytes: number }[];
  tableBytes: number;
  writeCost: WriteCost | null;
  card: {
    endpoint: Throughput;
    /** The same load with `Cache-Control: no-cache`: every card read from the database. */
    fromDatabase: Throughput;
    raw: Throughput;
    bare: Throughput;
    trips: number | null;
    withWrites: WithWrites;
  };
  list: {
    endpoint: Throughput;
    fromDatabase: Throughput;
    withWrites: WithWrites;
    raw: Throughput;
    bare: Throughput;
    noCount: Throughput | null;
    trips: number | null;
  };
  search: Record<SearchKey, SearchResult>;
  fence: { matches: number; expectedAtMost: number };
  cpu: string;
};

/** Sequential calls (one user waiting for each answer) for up to `seconds`, `max` calls. */
async function sequential(work: () => Promise<unknown>, seconds: number, max: number) {
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  while (latencies.length < max && (latencies.length < 3 || performance.now() < end)) {
    const t0 = performance.now();
    await work();
    latencies.push(performance.now() - t0);
  }
  latencies.sort((a, b) => a - b);
  return {
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    count: latencies.length,
  };
}

const matchText = (r: { matches: number; capped: boolean; exactMatches?: number | undefined }) =>
  r.capped
    ? `${r.exactMatches?.toLocaleString('en-US') ?? `more than ${r.matches.toLocaleString('en-US')}`} matches (the best ${r.matches.toLocaleString('en-US')} listed)`
    : `${r.matches.toLocaleString('en-US')} matches`;

/** Asks for an answer computed now, not one the server kept in memory (search is measured). */
const FRESH = { 'cache-control': 'no-cache' };

async function getJson(url: string, token: string) {
  const response = await fetch(url, { headers: { [AUTH_HEADER]: token, ...FRESH } });
  const body = (await response.json()) as {
    message?: { applicant_count?: number; applicant_count_capped?: boolean };
  };
  if (response.status !== 200) throw new Error(`GET ${url}: HTTP ${response.status}`);
  return body.message;
}

async function measureTarget(
  prepared: Prepared,
  settings: LoadSettings,
  searchSeconds: number,
): Promise<TargetResult> {
  const { meta } = prepared;
  const big = meta.big;
  // Applicant ids of the big account, sampled before the server holds the files (PGlite).
  let ids: number[];
  let fragmentTexts: Record<FragmentKey, string[]>;
  {
    const runner = await prepared.open();
    try {
      const { rows } = await runner.query(
        `select id from applicants where account_id = ${big.accountId} order by random() limit ${cardIdsOf()}`,
      );
      ids = rows.map((r) => Number(r.id));
      const contacts = await runner.query(
        `select phone, email from applicants where account_id = ${big.accountId}
           and archived_at is null and id in (${ids.slice(0, FRAGMENT_SOURCES).join(', ')})`,
      );
      const pick = (make: (row: Record<string, unknown>, i: number) => string | null) =>
        contacts.rows.map((row, i) => make(row, i)).filter((f): f is string => f !== null);
      fragmentTexts = {
        phoneShort: pick((r, i) => phoneFragment(String(r.phone ?? ''), i, [4, 5])),
        phoneLong: pick((r, i) => phoneFragment(String(r.phone ?? ''), i, [6, 7])),
        emailPart: pick((r, i) => emailFragment(String(r.email ?? ''), i)),
      };
    } finally {
      await runner.close();
    }
  }
  const rotate = (texts: string[]) => {
    let next = 0;
    return () => texts[next++ % texts.length]!;
  };
  const cardPath = () => `/api/applicants/${randomItem(ids)}`;
  const listPath = () => `/api/applicants?page=${randomPage()}`;

  const api = await startServer(prepared.env);
  let token: string;
  let card: Omit<TargetResult['card'], 'raw' | 'bare'>;
  const writeEveryMs = envNumber('BENCH_APPLICANTS_WRITE_MS', 100);
  let list: Omit<TargetResult['list'], 'raw' | 'bare' | 'noCount'>;
  const searchEndpoint = {} as Record<
    SearchKey,
    { matches: number; capped: boolean; endpoint: Latencies }
  >;
  const fragmentEndpoint = {} as Record<
    FragmentKey,
    Omit<FragmentResult, 'raw' | 'load'> & { loadAfter: number }
  >;
  let fence: TargetResult['fence'];
  let cpu: string;
  try {
    token = await logIn(api, big);
    const headers = { [AUTH_HEADER]: token };
    const trips = async (makePath: () => string) => {
      // Steady state: after the load every pooled connection has its statements prepared.
      const before = await api.stats();
      for (let i = 0; i < PROBE_REQUESTS; i += 1) await getJson(`${api.url}${makePath()}`, token);
      const after = await api.stats();
      return prepared.kind === 'postgres'
        ? (after.sqlCalls - before.sqlCalls) / PROBE_REQUESTS
        : null;
    };
    const cpuBefore = {
      api: (await api.stats()).cpuMicros,
      machine: machineCpu(),
      at: performance.now(),
    };
    // As clients call it: a card or page opened again is answered from memory while unchanged.
    const cardLoad = await httpLoad(api.url, headers, settings, undefined, cardPath);
    const listLoad = await httpLoad(api.url, headers, settings, undefined, listPath);
    const seconds = (performance.now() - cpuBefore.at) / 1000;
    const machineAfter = machineCpu();
    const apiCpu = ((await api.stats()).cpuMicros - cpuBefore.api) / 1e6;
    cpu =
      `API ${fmt.cores(apiCpu / seconds)}` +
      (machineAfter && cpuBefore.machine
        ? `, whole machine ${fmt.cores((machineAfter.busy - cpuBefore.machine.busy) / seconds)} of ${os.cpus().length}`
        : '');
    // Every answer read from the database (the first opening of a card, a changed account).
    const fresh = { ...headers, ...FRESH };
    // A working team (decision 0050): one colleague edits an applicant or comments on one, in
    // turn, every BENCH_APPLICANTS_WRITE_MS, through the whole load (warm-up included).
    const withWrites = async (makePath: () => string): Promise<WithWrites> => {
      let stopped = false;
      let writes = 0;
      let writeFailures = 0;
      const writer = (async () => {
        for (let n = 0; !stopped; n += 1) {
          const id = randomItem(ids);
          const response = await fetch(
            n % 2 === 0
              ? `${api.url}/api/applicants/${id}`
              : `${api.url}/api/applicants/${id}/comments`,
            {
              method: n % 2 === 0 ? 'PATCH' : 'POST',
              headers: { ...headers, 'content-type': 'application/json' },
              body: JSON.stringify(
                n % 2 === 0 ? { skype: `bench.${n}` } : { description: `Заметка ${n}` },
              ),
            },
          ).catch(() => null);
          await response?.arrayBuffer();
          if (response?.status === 200) writes += 1;
          else writeFailures += 1;
          await new Promise((resolve) => setTimeout(resolve, writeEveryMs));
        }
      })();
      const before = await api.stats();
      const load = await httpLoad(api.url, headers, settings, undefined, makePath);
      const after = await api.stats();
      stopped = true;
      await writer;
      const reads = after.cacheReads - before.cacheReads;
      return {
        load,
        hitRatio: reads > 0 ? (after.cacheHits - before.cacheHits) / reads : 0,
        writes,
        writeFailures,
      };
    };
    card = {
      endpoint: cardLoad,
      fromDatabase: await httpLoad(api.url, fresh, settings, undefined, cardPath),
      withWrites: await withWrites(cardPath),
      trips: await trips(cardPath),
    };
    list = {
      endpoint: listLoad,
      fromDatabase: await httpLoad(api.url, fresh, settings, undefined, listPath),
      withWrites: await withWrites(listPath),
      trips: await trips(listPath),
    };
    for (const search of SEARCHES) {
      const url = `${api.url}/api/applicants?search=${encodeURIComponent(search.text)}`;
      const first = await getJson(url, token);
      searchEndpoint[search.key] = {
        matches: first?.applicant_count ?? 0,
        capped: first?.applicant_count_capped ?? false,
        endpoint: await sequential(() => getJson(url, token), searchSeconds, 200),
      };
    }
    for (const f of FRAGMENT_SEARCHES) {
      const texts = fragmentTexts[f.key];
      const counts: number[] = [];
      const nextText = rotate(texts);
      const endpoint = await sequential(
        async () => {
          const text = nextText();
          const answer = await getJson(
            `${api.url}/api/applicants?search=${encodeURIComponent(text)}`,
            token,
          );
          counts.push(answer?.applicant_count ?? 0);
        },
        searchSeconds,
        texts.length,
      );
      counts.sort((a, b) => a - b);
      fragmentEndpoint[f.key] = {
        matches: { min: counts[0] ?? 0, median: percentile(counts, 50), max: counts.at(-1) ?? 0 },
        fragments: texts.length,
        examples: texts.slice(0, 8),
        endpoint,
        loadAfter: os.loadavg()[0]!,
      };
    }
    // The tenant fence: the small account searched for the rare surname sees its own rows only.
    const smallToken = await logIn(api, meta.small);
    const fenced = await getJson(
      `${api.url}/api/applicants?search=${encodeURIComponent(RARE_SURNAME.female)}`,
      smallToken,
    );
    fence = { matches: fenced?.applicant_count ?? 0, expectedAtMost: SECOND_ACCOUNT_APPLICANTS };
  } finally {
    await api.stop();
  }

  // Raw SQL, with the server stopped: the exact statements the endpoints run.
  const runner = await prepared.open();
  try {
    const hash = hashToken(token);
    const cards = ids.map((id) => compile(applicantCardQuery(big.accountId, id)));
    const pages = Array.from({ length: LIST_PAGES }, (_, i) =>
      compile(
        applicantListPageQuery(big.accountId, big.userId, {} as ListFilters, {
          page: i + 1,
          perPage: PER_PAGE,
        }).query,
      ),
    );
    // What-if: the same page without count(*) — `false and` makes the planner skip the count.
    const noCountPages = pages.map((p) => ({
      ...p,
      text: p.text.replace(
        '(select count(*)::int from applicants a where ',
        '(select count(*)::int from applicants a where false and ',
      ),
    }));
    const { accountId } = big;
    const cardWork = () => {
      const q = randomItem(cards);
      return runner.tenantRead('applicant_card', q.text, q.params, accountId);
    };
    const works: Record<string, () => Promise<unknown>> = {
      cardRaw: async () => {
        await runner.lookup(hash);
        await cardWork();
      },
      cardBare: () => {
        const q = randomItem(cards);
        return runner.bare('applicant_card', q.text, q.params);
      },
      listRaw: async () => {
        await runner.lookup(hash);
        const q = pages[randomPage() - 1]!;
        await runner.tenantRead('applicant_list', q.text, q.params, accountId);
      },
      listBare: () => {
        const q = pages[randomPage() - 1]!;
        return runner.bare('applicant_list', q.text, q.params);
      },
    };
    if (prepared.kind === 'postgres') {
      works.listNoCount = async () => {
        await runner.lookup(hash);
        const q = noCountPages[randomPage() - 1]!;
        await runner.tenantRead('applicant_list_no_count', q.text, q.params, accountId);
      };
    }
    const loops = await interleavedLoops(works, settings);
    const search = {} as Record<SearchKey, SearchResult>;
    for (const s of SEARCHES) {
      const q = compile(
        applicantListPageQuery(big.accountId, big.userId, { search: s.text } as ListFilters, {
          page: 1,
          perPage: PER_PAGE,
        }).query,
      );
      const name = `applicant_search_${s.key}`;
      const raw = await sequential(
        async () => {
          await runner.lookup(hash);
          await runner.tenantRead(name, q.text, q.params, accountId);
        },
        searchSeconds,
        200,
      );
      // The tenant read alone, without the session look-up.
      const bare = await sequential(
        () => runner.tenantRead(name, q.text, q.params, accountId),
        searchSeconds / 2,
        100,
      );
      search[s.key] = { ...searchEndpoint[s.key], raw, bare };
      if (searchEndpoint[s.key].capped) {
        // The answer stops counting at 1,000: count every match once, as the owner, to know
        // which goal applies (the same two conditions as the search's exact stage).
        const literal = `'${s.text.replace(/'/g, "''")}'`;
        const { rows } = await runner.query(
          `select count(*)::int as n from applicants a
           where a.account_id = ${big.accountId} and a.archived_at is null
             and (a.search_name_words @@ ats_name_tsquery(${literal})
               or a.search_document @@ websearch_to_tsquery('russian', ${literal}))`,
        );
        search[s.key].exactMatches = Number(rows[0]!.n);
      }
    }
    const fragments = {} as Record<FragmentKey, FragmentResult>;
    for (const f of FRAGMENT_SEARCHES) {
      const nextText = rotate(fragmentTexts[f.key]);
      const pageOf = (text: string) =>
        compile(
          applicantListPageQuery(big.accountId, big.userId, { search: text } as ListFilters, {
            page: 1,
            perPage: PER_PAGE,
          }).query,
        );
      const raw = await sequential(
        async () => {
          const q = pageOf(nextText());
          await runner.lookup(hash);
          await runner.tenantRead('applicant_search_fragment', q.text, q.params, accountId);
        },
        searchSeconds,
        fragmentTexts[f.key].length,
      );
      const { loadAfter, ...measured } = fragmentEndpoint[f.key];
      fragments[f.key] = { ...measured, raw, load: { endpoint: loadAfter, raw: os.loadavg()[0]! } };
    }
    const { rows: sizes } = await runner.query(
      `select c.relname as name,
         (case when c.relkind = 'r' then pg_table_size(c.oid) else pg_relation_size(c.oid) end)::bigint as bytes
       from pg_class c
       where c.relname in (${[...CONTACT_INDEXES, ...CONTACT_KEYS_RELATIONS].map((n) => `'${n}'`).join(', ')})
       order by c.relname`,
    );
    const { rows: table } = await runner.query(
      `select pg_table_size('applicants')::bigint as bytes`,
    );
    const writeCost =
      prepared.kind === 'postgres' && prepared.url
        ? await measureWriteCost(prepared.url, meta.small.accountId)
        : null;
    return {
      prepared,
      fragments,
      indexSizes: sizes.map((r) => ({ name: String(r.name), bytes: Number(r.bytes) })),
      tableBytes: Number(table[0]?.bytes ?? 0),
      writeCost,
      card: { ...card, raw: loops.cardRaw!, bare: loops.cardBare! },
      list: {
        ...list,
        raw: loops.listRaw!,
        bare: loops.listBare!,
        noCount: loops.listNoCount ?? null,
      },
      search,
      fence,
      cpu,
    };
  } finally {
    await runner.close();
  }
}

/**
 * The contact indexes' write cost: one statement inserting WRITE_COST_ROWS applicants (the
 * generator's batch, with every trigger) into the small account, with the indexes and with them
 * dropped inside the same transaction, always rolled back; alternated, the median of each.
 */
async function measureWriteCost(url: string, accountId: number): Promise<WriteCost> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `select indexname as name from pg_indexes where tablename = 'applicants' and indexname = any($1)`,
      [CONTACT_INDEXES],
    );
    const indexes = rows.map((r) => r.name);
    const context = { accountId, seed: 22, adminUserId: null, sourceIds: [] };
    const times = {
      with: [] as number[],
      without: [] as number[],
      withoutCovering: [] as number[],
      withoutKeys: [] as number[],
    };
    const loads: number[] = [];
    for (let round = 0; round < 2; round += 1) {
      for (const variant of ['with', 'without', 'withoutCovering', 'withoutKeys'] as const) {
        const lo = 10_000_000 + round * WRITE_COST_ROWS;
        await client.query('begin');
        try {
          const dropped =
            variant === 'without'
              ? indexes
              : variant === 'withoutCovering'
                ? indexes.filter((index) => COVERING_INDEXES.includes(index))
                : [];
          for (const index of dropped) await client.query(`drop index ${index}`);
          if (variant === 'without' || variant === 'withoutKeys') {
            for (const trigger of CONTACT_KEYS_TRIGGERS) {
              await client.query(`alter table applicants disable trigger ${trigger}`);
            }
          }
          const t0 = performance.now();
          await client.query(batchSql(context, lo, lo + WRITE_COST_ROWS - 1));
          times[variant].push(performance.now() - t0);
          loads.push(os.loadavg()[0]!);
        } finally {
          await client.query('rollback');
        }
      }
    }
    const median = (values: number[]) =>
      percentile(
        [...values].sort((a, b) => a - b),
        50,
      );
    return {
      withMs: median(times.with),
      withoutMs: median(times.without),
      withoutCoveringMs: median(times.withoutCovering),
      withoutKeysMs: median(times.withoutKeys),
      indexes,
      load: `${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`,
    };
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------
// Report.

const lat = (t: { p50Ms: number; p95Ms: number }) =>
  `p50 ${fmt.ms(t.p50Ms)}, p95 ${fmt.ms(t.p95Ms)}`;

function rowsFor(r: TargetResult): Row[] {
  const l = r.prepared.label;
  const g = r.prepared.meta.generated;
  const rows: Row[] = [
    {
      measurement: `${l} · applicants in the big account`,
      value: r.prepared.meta.applicants.toLocaleString('en-US'),
      note:
        `+ ${SECONDARY_NOTE}; ` +
        (r.prepared.reused ? `reused (BENCH_KEEP_DB=1), generated earlier: ` : `generated now: `) +
        `insert ${fmt.seconds(g.insertSeconds)} (${fmt.rate(g.rowsPerSecond)} rows), indexes ${fmt.seconds(g.indexSeconds)}, ` +
        `vacuum analyze ${fmt.seconds(g.vacuumSeconds)}, ${g.tagged.toLocaleString('en-US')} tag links; ` +
        `preparing took ${fmt.seconds(r.prepared.prepareSeconds)} in this run`,
    },
    {
      measurement: `${l} · GET /api/applicants/{id} (card)`,
      value: fmt.rate(r.card.endpoint.perSecond),
      note: `${lat(r.card.endpoint)}; ${r.card.endpoint.total} requests over ${cardIdsOf().toLocaleString('en-US')} random ids (opened again: from memory while unchanged), ${r.card.endpoint.failures} non-2xx/errors`,
    },
    {
      measurement: `${l} · card read from the database (Cache-Control: no-cache)`,
      value: fmt.rate(r.card.fromDatabase.perSecond),
      note: `${lat(r.card.fromDatabase)}; ${r.card.fromDatabase.failures} non-2xx/errors; the same ids, every request runs the card SQL`,
    },
    {
      measurement: `${l} · card with writes mixed in (as clients call it)`,
      value: fmt.rate(r.card.withWrites.load.perSecond),
      note: `${lat(r.card.withWrites.load)}; from memory ${(r.card.withWrites.hitRatio * 100).toFixed(1)}% of answers; ${r.card.withWrites.writes} writes (edit or comment of a random applicant of the ${cardIdsOf().toLocaleString('en-US')}, one every ${writeEveryMsOf()} ms), ${r.card.withWrites.writeFailures} failed; ${r.card.withWrites.load.failures} non-2xx/errors; / from the database ${fmt.ratio(r.card.withWrites.load.perSecond / r.card.fromDatabase.perSecond)}`,
    },
    {
      measurement: `${l} · raw card SQL (look-up + tenant read)`,
      value: fmt.rate(r.card.raw.perSecond),
      note: `${lat(r.card.raw)}; endpoint / raw ${fmt.ratio(r.card.endpoint.perSecond / r.card.raw.perSecond)}, from the database / raw ${fmt.ratio(r.card.fromDatabase.perSecond / r.card.raw.perSecond)}`,
    },
    {
      measurement: `${l} · raw card query alone`,
      value: fmt.rate(r.card.bare.perSecond),
      note: `${lat(r.card.bare)}; endpoint / query ${fmt.ratio(r.card.endpoint.perSecond / r.card.bare.perSecond)}, from the database / query ${fmt.ratio(r.card.fromDatabase.perSecond / r.card.bare.perSecond)}`,
    },
    {
      measurement: `${l} · GET /api/applicants?page=1..${LIST_PAGES} (list, 30 a page)`,
      value: fmt.rate(r.list.endpoint.perSecond),
      note: `${lat(r.list.endpoint)}; ${r.list.endpoint.total} requests (a page read again: from memory while unchanged), ${r.list.endpoint.failures} non-2xx/errors`,
    },
    {
      measurement: `${l} · list page read from the database (Cache-Control: no-cache)`,
      value: fmt.rate(r.list.fromDatabase.perSecond),
      note: `${lat(r.list.fromDatabase)}; ${r.list.fromDatabase.failures} non-2xx/errors`,
    },
    {
      measurement: `${l} · list page with writes mixed in (as clients call it)`,
      value: fmt.rate(r.list.withWrites.load.perSecond),
      note: `${lat(r.list.withWrites.load)}; from memory ${(r.list.withWrites.hitRatio * 100).toFixed(1)}% of answers; ${r.list.withWrites.writes} writes, ${r.list.withWrites.writeFailures} failed; ${r.list.withWrites.load.failures} non-2xx/errors; / from the database ${fmt.ratio(r.list.withWrites.load.perSecond / r.list.fromDatabase.perSecond)}`,
    },
    {
      measurement: `${l} · raw list SQL (look-up + tenant read)`,
      value: fmt.rate(r.list.raw.perSecond),
      note: `${lat(r.list.raw)}; endpoint / raw ${fmt.ratio(r.list.endpoint.perSecond / r.list.raw.perSecond)}, from the database / raw ${fmt.ratio(r.list.fromDatabase.perSecond / r.list.raw.perSecond)}`,
    },
    {
      measurement: `${l} · raw list query alone`,
      value: fmt.rate(r.list.bare.perSecond),
      note: `${lat(r.list.bare)}; endpoint / query ${fmt.ratio(r.list.endpoint.perSecond / r.list.bare.perSecond)}, from the database / query ${fmt.ratio(r.list.fromDatabase.perSecond / r.list.bare.perSecond)}`,
    },
  ];
  if (r.list.noCount) {
    rows.push({
      measurement: `${l} · what-if: list SQL without count(*)`,
      value: fmt.rate(r.list.noCount.perSecond),
      note: `${lat(r.list.noCount)}; ${fmt.ratio(r.list.noCount.perSecond / r.list.raw.perSecond)} the raw list SQL — the share of count(*) (a counter would replace it)`,
    });
  }
  if (r.card.trips !== null && r.list.trips !== null) {
    rows.push({
      measurement: `${l} · SQL round trips per request`,
      value: `card ${r.card.trips.toFixed(2)}, list ${r.list.trips.toFixed(2)}`,
      note: `node-postgres client.query calls over ${PROBE_REQUESTS} sequential requests read from the database (no-cache) after the load; 0 when answered from memory`,
    });
  }
  for (const s of SEARCHES) {
    const result = r.search[s.key];
    rows.push(
      {
        measurement: `${l} · ${s.label}, page 1`,
        value: `p95 ${fmt.ms(result.endpoint.p95Ms)}`,
        note: `${matchText(result)}; p50 ${fmt.ms(result.endpoint.p50Ms)}; ${result.endpoint.count} sequential requests`,
      },
      {
        measurement: `${l} · raw ${s.key} search SQL`,
        value: `p95 ${fmt.ms(result.raw.p95Ms)}`,
        note: `p50 ${fmt.ms(result.raw.p50Ms)}; endpoint / raw p95 ${fmt.ratio(result.endpoint.p95Ms / result.raw.p95Ms)}; statement without the look-up p95 ${fmt.ms(result.bare.p95Ms)}`,
      },
    );
  }
  for (const f of FRAGMENT_SEARCHES) {
    const result = r.fragments[f.key];
    const m = result.matches;
    rows.push(
      {
        measurement: `${l} · search ${f.label} (drawn across the base), page 1`,
        value: `p95 ${fmt.ms(result.endpoint.p95Ms)}`,
        note:
          `p50 ${fmt.ms(result.endpoint.p50Ms)}; ${result.endpoint.count} sequential requests over ${result.fragments} fragments ` +
          `(${result.examples.map((e) => `'${e}'`).join(', ')}, …); matches per answer ${m.min}–${m.max}, median ${m.median} ` +
          `(1,001 = more than 1,000); load average ${result.load.endpoint.toFixed(1)}`,
      },
      {
        measurement: `${l} · raw SQL of the same searches`,
        value: `p95 ${fmt.ms(result.raw.p95Ms)}`,
        note: `p50 ${fmt.ms(result.raw.p50Ms)}; endpoint / raw p95 ${fmt.ratio(result.endpoint.p95Ms / result.raw.p95Ms)}; load average ${result.load.raw.toFixed(1)}`,
      },
    );
  }
  const mb = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;
  rows.push({
    measurement: `${l} · contact search indexes' size`,
    value: mb(r.indexSizes.reduce((sum, i) => sum + i.bytes, 0)),
    note: `${r.indexSizes.map((i) => `${i.name} ${mb(i.bytes)}`).join(', ')} (the narrow table itself counted among them); the applicants table ${mb(r.tableBytes)}`,
  });
  if (r.writeCost) {
    const w = r.writeCost;
    rows.push({
      measurement: `${l} · write cost: ${WRITE_COST_ROWS.toLocaleString('en-US')} inserts with / without the contact indexes`,
      value: `${fmt.seconds(w.withMs / 1000)} / ${fmt.seconds(w.withoutMs / 1000)}`,
      note:
        `${fmt.rate((WRITE_COST_ROWS * 1000) / w.withMs)} / ${fmt.rate((WRITE_COST_ROWS * 1000) / w.withoutMs)} rows; ` +
        `${fmt.ratio(w.withMs / w.withoutMs)} the time without ${w.indexes.join(', ')} and without writing applicant_contact_keys (one insert…select statement, rolled back, median of 2 each, alternated; load average ${w.load})`,
    });
    rows.push({
      measurement: `${l} · write cost of the covering indexes alone (decision 0068)`,
      value: `${fmt.seconds(w.withMs / 1000)} / ${fmt.seconds(w.withoutCoveringMs / 1000)}`,
      note: `${fmt.ratio(w.withMs / w.withoutCoveringMs)} the time without ${COVERING_INDEXES.join(', ')} (the trigram indexes kept; same rounds as above)`,
    });
    rows.push({
      measurement: `${l} · write cost of the contact keys' table alone (decision 0074)`,
      value: `${fmt.seconds(w.withMs / 1000)} / ${fmt.seconds(w.withoutKeysMs / 1000)}`,
      note: `${fmt.ratio(w.withMs / w.withoutKeysMs)} the time without writing applicant_contact_keys (its statement triggers on applicants disabled; same rounds as above)`,
    });
  }
  rows.push(
    {
      measurement: `${l} · tenant fence`,
      value: `${r.fence.matches} matches`,
      note: `the ${SECONDARY_NOTE} searching '${RARE_SURNAME.female}' (must be ≤ ${r.fence.expectedAtMost})`,
    },
    { measurement: `${l} · CPU during card + list loads (as clients call them)`, value: r.cpu },
  );
  return rows;
}

const writeEveryMsOf = () => envNumber('BENCH_APPLICANTS_WRITE_MS', 100);
/** How many applicants the card loads and the writes draw from (a team's working set). */
const cardIdsOf = () => envNumber('BENCH_APPLICANTS_CARD_IDS', 2000);

async function run(): Promise<BenchReport> {
  const settings: LoadSettings = {
    duration: envNumber('BENCH_DURATION', 10),
    warmup: envNumber('BENCH_WARMUP', 2),
    connections: envNumber('BENCH_CONNECTIONS', 32),
  };
  const searchSeconds = envNumber('BENCH_SEARCH_SECONDS', 8);
  const pgCount = envNumber('BENCH_APPLICANTS', 1_000_000);
  const liteCount = envNumber('BENCH_APPLICANTS_PGLITE', Math.min(200_000, pgCount));
  const targets = (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',').map((t) => t.trim());
  const report: BenchReport = { rows: [], verdicts: [], notes: [] };
  report.notes.push(
    `card and list: ${settings.connections} connections, ${settings.warmup} s warm-up + ${settings.duration} s measured, ` +
      `card ids drawn from ${cardIdsOf().toLocaleString('en-US')} random applicants, list pages 1–${LIST_PAGES} at random; raw loops at the same concurrency ` +
      `(PostgreSQL: pool of ${API_POOL_SIZE} as the API), interleaved 1-second slices; search: sequential requests ` +
      `(one user waiting), up to ${searchSeconds} s each; server: child process (bench/serve-api.ts).`,
  );
  const results: TargetResult[] = [];
  if (targets.includes('pglite')) {
    const prepared = await preparePglite(liteCount);
    try {
      report.notes.push(`PGlite: ${prepared.source}.`);
      results.push(await measureTarget(prepared, settings, searchSeconds));
    } finally {
      await prepared.cleanup();
    }
  }
  if (targets.includes('postgres')) {
    const prepared = await preparePostgres(pgCount);
    if ('skip' in prepared) {
      report.notes.push(`PostgreSQL: SKIPPED — ${prepared.skip}.`);
    } else {
      try {
        report.notes.push(`PostgreSQL: ${prepared.source}.`);
        results.push(await measureTarget(prepared, settings, searchSeconds));
      } finally {
        await prepared.cleanup();
      }
    }
  }
  for (const result of results) report.rows.push(...rowsFor(result));
  const p = results.find((r) => r.prepared.kind === 'postgres');
  const lite = results.find((r) => r.prepared.kind === 'pglite');
  if (p && lite) {
    report.rows.push(
      {
        measurement: 'ratio PostgreSQL / PGlite · card req/s',
        value: fmt.ratio(p.card.endpoint.perSecond / lite.card.endpoint.perSecond),
        note: `raw card SQL ${fmt.ratio(p.card.raw.perSecond / lite.card.raw.perSecond)}`,
      },
      {
        measurement: 'ratio PostgreSQL / PGlite · list req/s',
        value: fmt.ratio(p.list.endpoint.perSecond / lite.list.endpoint.perSecond),
        note: `raw list SQL ${fmt.ratio(p.list.raw.perSecond / lite.list.raw.perSecond)}`,
      },
      ...SEARCHES.map((s) => ({
        measurement: `ratio PGlite / PostgreSQL · ${s.key} search p95`,
        value: fmt.ratio(lite.search[s.key].endpoint.p95Ms / p.search[s.key].endpoint.p95Ms),
        note: `raw ${fmt.ratio(lite.search[s.key].raw.p95Ms / p.search[s.key].raw.p95Ms)}`,
      })),
    );
  }
  const n = (value: number) => value.toLocaleString('en-US');
  if (p) {
    const at = `(${n(p.prepared.meta.applicants)} applicants)`;
    report.verdicts.push(
      {
        goal: `card on PostgreSQL ≥ ${n(GOALS.cardRps)} req/s, p95 ≤ ${GOALS.cardP95} ms ${at}`,
        measured: `${fmt.rate(p.card.endpoint.perSecond)}, p95 ${fmt.ms(p.card.endpoint.p95Ms)}`,
        pass:
          p.card.endpoint.perSecond >= GOALS.cardRps &&
          p.card.endpoint.p95Ms <= GOALS.cardP95 &&
          p.card.endpoint.failures === 0,
      },
      {
        goal: `list page on PostgreSQL ≥ ${n(GOALS.listRps)} req/s, p95 ≤ ${GOALS.listP95} ms, ≤ ${GOALS.listQueries} queries`,
        measured: `${fmt.rate(p.list.endpoint.perSecond)}, p95 ${fmt.ms(p.list.endpoint.p95Ms)}, ${p.list.trips?.toFixed(2) ?? '?'} queries`,
        pass:
          p.list.endpoint.perSecond >= GOALS.listRps &&
          p.list.endpoint.p95Ms <= GOALS.listP95 &&
          (p.list.trips ?? Infinity) <= GOALS.listQueries &&
          p.list.endpoint.failures === 0,
      },
      {
        goal: `search on PostgreSQL p95 ≤ ${GOALS.smallSearchP95} ms at ≤ ${n(GOALS.smallSearchMatches)} matches`,
        measured: `p95 ${fmt.ms(p.search.small.endpoint.p95Ms)} at ${matchText(p.search.small)}`,
        pass:
          p.search.small.endpoint.p95Ms <= GOALS.smallSearchP95 &&
          // A capped search lists its best 1,000: judged on every match, counted apart.
          (p.search.small.capped
            ? (p.search.small.exactMatches ?? Number.POSITIVE_INFINITY)
            : p.search.small.matches) <= GOALS.smallSearchMatches,
      },
      {
        goal: `search on PostgreSQL p95 ≤ ${GOALS.largeSearchP95} ms whatever the count`,
        measured: `p95 ${fmt.ms(p.search.large.endpoint.p95Ms)} at ${matchText(p.search.large)}`,
        pass: p.search.large.endpoint.p95Ms <= GOALS.largeSearchP95,
      },
      ...FRAGMENT_SEARCHES.map((f) => ({
        goal: `search of ${f.label} on PostgreSQL p95 ≤ ${GOALS.fragmentP95} ms (issue 22)`,
        measured: `p95 ${fmt.ms(p.fragments[f.key].endpoint.p95Ms)} (raw SQL ${fmt.ms(p.fragments[f.key].raw.p95Ms)}; load average ${p.fragments[f.key].load.endpoint.toFixed(1)})`,
        pass: p.fragments[f.key].endpoint.p95Ms <= GOALS.fragmentP95,
      })),
    );
  }
  if (p && lite) {
    const within = (slower: number, faster: number) => slower / faster <= GOALS.pgliteFactor;
    const at = `(${n(lite.prepared.meta.applicants)} vs ${n(p.prepared.meta.applicants)})`;
    report.verdicts.push(
      {
        goal: `PGlite within ${GOALS.pgliteFactor}× of PostgreSQL · card req/s ${at}`,
        measured: fmt.ratio(p.card.endpoint.perSecond / lite.card.endpoint.perSecond),
        pass: within(p.card.endpoint.perSecond, lite.card.endpoint.perSecond),
      },
      {
        goal: `PGlite within ${GOALS.pgliteFactor}× of PostgreSQL · list req/s`,
        measured: fmt.ratio(p.list.endpoint.perSecond / lite.list.endpoint.perSecond),
        pass: within(p.list.endpoint.perSecond, lite.list.endpoint.perSecond),
      },
      ...SEARCHES.map((s) => ({
        goal: `PGlite within ${GOALS.pgliteFactor}× of PostgreSQL · ${s.key} search p95`,
        measured: fmt.ratio(lite.search[s.key].endpoint.p95Ms / p.search[s.key].endpoint.p95Ms),
        pass: within(lite.search[s.key].endpoint.p95Ms, p.search[s.key].endpoint.p95Ms),
      })),
    );
  }
  for (const r of results) {
    if (r.fence.matches > r.fence.expectedAtMost) {
      report.verdicts.push({
        goal: `${r.prepared.label}: tenant fence (second account sees only its rows)`,
        measured: `${r.fence.matches} matches`,
        pass: false,
      });
    }
  }
  if (!p) report.notes.push('PostgreSQL goals not measured (no PostgreSQL).');
  return report;
}

export const applicantsBenchmark: Benchmark = {
  name: 'applicants',
  summary: 'card, list page and search with 1M applicants (PostgreSQL) / 200k (PGlite) vs raw SQL',
  run,
};
