// `doubles`: the check for doubles on create in an account of 1,000,000 applicants, against the SQL
// it runs, and the background scan of an account of 100,000. PostgreSQL only. See bench/README.md.
import { type Database, openDatabase } from '@ats/db/connection';
import pg from 'pg';
import { findDoublesOfSubject } from '../apps/api/src/modules/duplicates/double-detection.service.ts';
import * as scans from '../apps/api/src/modules/duplicates/double-scan.repository.ts';
import { runDoubleScan } from '../apps/api/src/modules/duplicates/double-scan.runner.ts';
import { loadConfig } from '../apps/api/src/platform/config.ts';
import type { JobContext } from '../apps/api/src/platform/queue.ts';
import { hashToken } from '../apps/api/src/platform/secrets.ts';
import { generateApplicants } from './generate-applicants.ts';
import { fillMatchKeys } from './support/match-keys.ts';
import { interleavedLoops, type LoadSettings, type Throughput } from './support/load.ts';
import { acquirePostgres } from './support/postgres.ts';
import {
  type Api,
  apiRequest,
  AUTH_HEADER,
  BENCH_PASSWORD,
  signUpBenchAccount,
  startApiServer,
} from './support/api-server.ts';
import { type Benchmark, type BenchReport, envNumber, fmt, type Row } from './support/report.ts';
import { sqlFromSource } from './support/sql-source.ts';

const GOALS = { checkP95: 100, scanSeconds: 60 };

const quiet = () => {};
/** The scan's logger: it logs only a failure, which the report shows anyway. */
const silentLog = {
  level: 'silent',
  fatal: quiet,
  error: quiet,
  warn: quiet,
  info: quiet,
  debug: quiet,
  trace: quiet,
  silent: quiet,
  child: () => silentLog,
} as unknown as JobContext['log'];

type Account = { accountId: number; userId: number; token: string };

async function signUp(api: Api, label: string): Promise<Account> {
  const { email, accountId, userId } = await signUpBenchAccount(api, `doubles ${label}`);
  const { auth_token: token } = await apiRequest<{ auth_token: string }>(
    'POST',
    `${api.url}/api/auth/login`,
    null,
    { email, password: BENCH_PASSWORD },
  );
  return { accountId, userId, token };
}

/**
 * Second records of about 1% of the people, written as doubles arrive: the name in Latin (the
 * database's own transliteration) with the phone typed with 8, or the same name with the e-mail in
 * capitals and no patronymic.
 */
async function addDoubles(pool: pg.Pool, accountId: number, share: number) {
  const { rowCount } = await pool.query(
    `insert into applicants (account_id, first_name, last_name, middle_name, birthday, phone, email,
                             city, company, created_via)
     select account_id,
            case when id % 2 = 0 then initcap(ats_translit(first_name)) else first_name end,
            case when id % 2 = 0 then initcap(ats_translit(last_name)) else last_name end,
            null,
            birthday,
            case when id % 2 = 0 then '8' || right(regexp_replace(phone, '\\D', '', 'g'), 10) end,
            case when id % 2 = 1 then upper(email) end,
            city, company, 'import'
     from applicants where account_id = $1 and (hashint4(id) & 2147483647) % 10000 < $2`,
    [accountId, Math.round(share * 10000)],
  );
  return rowCount ?? 0;
}

type Draft = Partial<Record<string, string | null>>;

/** Forms of new applicants: half re-enter someone of the base, half are names alone. */
async function draftsOf(pool: pg.Pool, accountId: number, count: number): Promise<Draft[]> {
  const { rows } = await pool.query<{
    first_name: string;
    last_name: string;
    phone: string | null;
    email: string | null;
    birthday: string | null;
    latin_first: string;
    latin_last: string;
  }>(
    `select first_name, last_name, phone, email, to_char(birthday, 'YYYY-MM-DD') as birthday,
            initcap(ats_translit(first_name)) as latin_first, initcap(ats_translit(last_name)) as latin_last
     from applicants where account_id = $1
     order by hashint4(id) limit $2`,
    [accountId, count],
  );
  return rows.map((r, i) =>
    i % 2 === 0
      ? {
          first_name: r.latin_first,
          last_name: r.latin_last,
          phone: r.phone ? `8${r.phone.replace(/\D/g, '').slice(-10)}` : null,
        }
      : { first_name: r.first_name, last_name: r.last_name, birthday: r.birthday },
  );
}

const subjectOfDraft = (d: Draft) => ({
  id: 0,
  firstName: d.first_name ?? null,
  lastName: d.last_name ?? null,
  middleName: null,
  birthday: d.birthday ?? null,
  email: d.email ?? null,
  phone: d.phone ?? null,
  tg: null,
  contacts: [],
  resumeUrls: [],
  city: null,
  company: null,
});

const rowsOf = (label: string, endpoint: Throughput, raw: Throughput, what: string): Row[] => [
  {
    measurement: `${label} · endpoint`,
    value: `${fmt.rate(endpoint.perSecond)}, p50 ${fmt.ms(endpoint.p50Ms)}, p95 ${fmt.ms(endpoint.p95Ms)}`,
    note: `${endpoint.total} requests, ${endpoint.failures} failed`,
  },
  {
    measurement: `${label} · raw`,
    value: `${fmt.rate(raw.perSecond)}, p50 ${fmt.ms(raw.p50Ms)}, p95 ${fmt.ms(raw.p95Ms)}`,
    note: what,
  },
  {
    measurement: `${label} · endpoint / raw`,
    value: fmt.ratio(endpoint.perSecond / raw.perSecond),
    note: 'req/s of the endpoint over req/s of its work without HTTP',
  },
];

/** Runs the scan job in this process and follows its progress as the progress bar does. */
async function timeScan(database: Database, account: Account) {
  const scan = await database.withTenant(account.accountId, (tx) =>
    scans.insertScan(tx, account.accountId, account.userId, 0),
  );
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: '/tmp' });
  const progress: number[] = [];
  let running = true;
  const follow = (async () => {
    while (running) {
      const row = await database.withTenant(account.accountId, (tx) =>
        scans.lockScan(tx, account.accountId, scan.id),
      );
      if (row && (progress.length === 0 || progress.at(-1) !== row.processed)) {
        progress.push(row.processed);
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  })();
  const started = performance.now();
  await runDoubleScan(
    { accountId: account.accountId, scanId: scan.id },
    { config, database, log: silentLog },
  );
  const seconds = (performance.now() - started) / 1000;
  running = false;
  await follow;
  const done = await database.withTenant(account.accountId, (tx) =>
    scans.lockScan(tx, account.accountId, scan.id),
  );
  return { seconds, scan: done!, progress };
}

async function run(): Promise<BenchReport> {
  const applicants = envNumber('BENCH_DOUBLES_APPLICANTS', 1_000_000);
  const scanned = envNumber('BENCH_DOUBLES_SCAN_APPLICANTS', 100_000);
  const settings: LoadSettings = {
    duration: envNumber('BENCH_DOUBLES_SECONDS', 6),
    warmup: envNumber('BENCH_DOUBLES_WARMUP', 1),
    connections: envNumber('BENCH_DOUBLES_CONNECTIONS', 4),
  };
  const handle = await acquirePostgres();
  if ('skip' in handle) {
    return { rows: [], verdicts: [], notes: [`PostgreSQL skipped: ${handle.skip}`] };
  }
  const notes = [
    `PostgreSQL: ${handle.source}`,
    `check: ${applicants.toLocaleString('en-US')} applicants (+1% re-entered as doubles) in one account; ${settings.connections} requests in flight, ${settings.duration} s per loop in 1-second slices interleaved with the raw work`,
  ];
  let api: Api | null = null;
  let database: Database | null = null;
  const pool = new pg.Pool({ connectionString: handle.url, max: 2 });
  try {
    api = await startApiServer({ DATABASE_URL: handle.url });
    const big = await signUp(api, 'check');
    const prepared = performance.now();
    await generateApplicants(
      { jobs: 2, query: (text) => pool.query(text) },
      {
        accountId: big.accountId,
        applicants,
        batch: 50_000,
        vacuum: false,
      },
    );
    const added = await addDoubles(pool, big.accountId, 0.01);
    database = await openDatabase({ databaseUrl: handle.url, dataDir: 'unused', poolSize: 10 });
    const keyed = await fillMatchKeys(database, big.accountId);
    await pool.query('vacuum analyze');
    notes.push(
      `prepared in ${fmt.seconds((performance.now() - prepared) / 1000)}: ${keyed.toLocaleString('en-US')} applicants keyed (${added.toLocaleString('en-US')} of them doubles)`,
    );

    const drafts = await draftsOf(pool, big.accountId, 2000);
    let next = 0;
    const draft = () => drafts[next++ % drafts.length]!;
    const lookupText = sqlFromSource(
      'apps/api/src/platform/auth.ts',
      'async function findSessionByTokenAcrossAccounts',
      ['tokenHash'],
    );
    const lookupPool = new pg.Pool({ connectionString: handle.url, max: 10 });
    const lookup = () =>
      lookupPool.query({ name: 'bench_lookup', text: lookupText, values: [hashToken(big.token)] });
    const db = database;
    const post = async (path: string, body: unknown) => {
      const response = await fetch(`${api!.url}${path}`, {
        method: 'POST',
        headers: { [AUTH_HEADER]: big.token, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`POST ${path}: ${response.status}`);
    };
    let found = 0;
    let checked = 0;
    const results = await interleavedLoops(
      {
        checkEndpoint: () => post('/api/applicants/check_doubles', draft()),
        // The same work without HTTP: session look-up, the keys → candidates statement and the
        // comparison in Node, in one tenant transaction.
        checkRaw: async () => {
          await lookup();
          const matches = await db.withTenant(big.accountId, (tx) =>
            findDoublesOfSubject(tx, big.accountId, subjectOfDraft(draft()), []),
          );
          checked += 1;
          if (matches.length > 0) found += 1;
        },
        createEndpoint: () => post('/api/applicants', draft()),
      },
      settings,
    );
    await lookupPool.end();
    notes.push(
      `${Math.round((100 * found) / Math.max(1, checked))}% of the checked drafts found a double (every draft re-enters a person of the base: half in Latin with the phone typed with 8, half by name and birthday alone)`,
    );

    const small = await signUp(api, 'scan');
    await generateApplicants(
      { jobs: 2, query: (text) => pool.query(text) },
      {
        accountId: small.accountId,
        applicants: scanned,
        batch: 50_000,
        vacuum: false,
      },
    );
    const scanDoubles = await addDoubles(pool, small.accountId, 0.01);
    await pool.query('vacuum analyze');
    const scan = await timeScan(database, small);
    notes.push(
      `scan: ${(scanned + scanDoubles).toLocaleString('en-US')} applicants (${scanDoubles} re-entered), progress seen at ${scan.progress.length} steps: ${scan.progress.slice(0, 12).join(', ')}${scan.progress.length > 12 ? ', …' : ''}`,
    );

    const rows: Row[] = [
      ...rowsOf(
        'POST /api/applicants/check_doubles',
        results.checkEndpoint,
        results.checkRaw,
        'session look-up + keys → candidates + comparison, one tenant transaction',
      ),
      {
        measurement: 'POST /api/applicants (create with the check)',
        value: `${fmt.rate(results.createEndpoint.perSecond)}, p50 ${fmt.ms(results.createEndpoint.p50Ms)}, p95 ${fmt.ms(results.createEndpoint.p95Ms)}`,
        note: `${results.createEndpoint.total} created, ${results.createEndpoint.failures} failed`,
      },
      {
        measurement: `scan of ${(scanned + scanDoubles).toLocaleString('en-US')} applicants`,
        value: fmt.seconds(scan.seconds),
        note: `${scan.scan.state}, ${scan.scan.pairsFound} pairs found, ${Math.round((scanned + scanDoubles) / scan.seconds).toLocaleString('en-US')} applicants/s`,
      },
    ];
    return {
      notes,
      rows,
      verdicts: [
        {
          // The check the create form runs before saving (and the create runs again inside its
          // transaction, whose whole p95 is in the table above).
          goal: `check on create (check_doubles) p95 ≤ ${GOALS.checkP95} ms (${applicants.toLocaleString('en-US')} applicants)`,
          measured: fmt.ms(results.checkEndpoint.p95Ms),
          pass: results.checkEndpoint.p95Ms <= GOALS.checkP95,
        },
        {
          goal: `scan of ${scanned.toLocaleString('en-US')} ≤ ${GOALS.scanSeconds} s`,
          measured: fmt.seconds(scan.seconds),
          pass: scan.scan.state === 'done' && scan.seconds <= GOALS.scanSeconds,
        },
      ],
    };
  } finally {
    await pool.end().catch(() => {});
    await database?.close();
    await api?.stop();
    await handle.stop();
  }
}

export const doublesBenchmark: Benchmark = {
  name: 'doubles',
  summary: 'doubles: the check on create with 1M applicants vs its SQL, and the scan of 100k',
  run,
};
