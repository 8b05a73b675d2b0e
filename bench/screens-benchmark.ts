// `screens`: the card, the applicants list, a vacancy's board and the home page opened in Chromium
// on an account of 100,000 applicants (PGlite), cold (a new browser context) and warm (the same
// context, second visit): time to usable, requests and bytes, API requests before usable, next to
// the previous run's figures (bench/screens-last.json), and where the time went (`· split`; for
// a whole trace of one screen, bench/screens-trace.ts). See bench/README.md.
//
// "Usable" is the screen's own marker: the main region carries `data-ready="true"` once its first
// data is drawn (features/*: the card's <article>, the list's <section>, the board, the home page).
// An init script records `performance.now()` (since the navigation started) the moment the marker
// appears, and the resource timings of that moment: which API requests started before it.
// BENCH_SCREENS_APPLICANTS (100000), BENCH_SCREENS_ROUNDS (5), BENCH_KEEP_DB=1 keeps the base.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { chromium, type BrowserContext, type Page } from 'playwright';
import { generateApplicants, type SqlRunner } from './generate-applicants.ts';
import { backgroundLoad, percentile } from './support/load.ts';
import {
  type Api,
  apiRequest,
  BENCH_PASSWORD,
  signUpBenchAccount,
  startApiServer,
} from './support/api-server.ts';
import { type Benchmark, type BenchReport, envNumber, fmt, type Row } from './support/report.ts';
import { workerSettled } from './support/asset-worker.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const LAST_RUN_FILE = path.join(here, 'screens-last.json');
const KEEP_DIR = path.join(os.tmpdir(), 'ats-bench-screens');
const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';
/** Applicants placed on the board's vacancy (a busy vacancy's first page of every column). */
const ON_BOARD = 500;

const GOALS = {
  card: { warm: 150, cold: 250 },
  list: { warm: 150, cold: 250 },
  board: { warm: 250 },
  home: { warm: 250 },
  apiBeforeUsable: 1,
};

type ScreenName = 'card' | 'list' | 'board' | 'home';
type Mode = 'cold' | 'warm';

/** One opening of a screen, as measured in the page. */
type Visit = {
  usableMs: number;
  /** The HTML's and the last script's last byte, ms since the navigation started. */
  htmlMs: number;
  scriptsMs: number;
  /** The main thread's tasks over 50 ms before usable, summed. */
  longTasksMs: number;
  apiBeforeUsable: string[];
  requests: number;
  bytes: number;
};

type Figures = Record<
  string,
  {
    usableMs: number;
    apiBeforeUsable: number;
    requests: number;
    bytes: number;
    htmlMs?: number;
    scriptsMs?: number;
    longTasksMs?: number;
  }
>;

type Meta = { email: string; accountId: number; applicantId: number; vacancyId: number };

async function pgliteRunner(dataDir: string): Promise<SqlRunner & { close: () => Promise<void> }> {
  const db = await PGlite.create({
    dataDir: path.join(dataDir, 'pglite'),
    extensions: { btree_gin, pg_trgm, unaccent },
  });
  return { jobs: 1, query: (text) => db.query(text), close: () => db.close() };
}

/** Signs up, makes a vacancy, then (server stopped) generates the applicants and fills the board. */
async function fill(dataDir: string, applicants: number): Promise<Meta> {
  const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
  const api = await startApiServer(env);
  let account: Awaited<ReturnType<typeof signUpBenchAccount>>;
  let vacancy: { id: number; statuses: { id: number; order: number }[] };
  try {
    account = await signUpBenchAccount(api, 'screens');
    const token = await logIn(api, account.email);
    vacancy = await apiRequest('POST', `${api.url}/api/vacancies`, token, {
      position: 'Менеджер по продажам (бенчмарк)',
    });
  } finally {
    await api.stop();
  }
  const runner = await pgliteRunner(dataDir);
  try {
    await generateApplicants(runner, {
      accountId: account.accountId,
      applicants,
      batch: 10_000,
      log: (line) => console.log(`  [screens] ${line}`),
    });
    const stages = [...vacancy.statuses].sort((a, b) => a.order - b.order).map((s) => s.id);
    await runner.query(`
      with placed as (
        insert into applications (account_id, vacancy_id, applicant_id, status_id,
                                  entered_status_at, created_by)
        select p.account_id, ${vacancy.id}, p.id,
               ('{${stages.join(',')}}'::int[])[1 + (p.id::bigint * 7919) % ${stages.length}],
               now() - make_interval(secs => ((p.id::bigint * 104729) % (30 * 86400))::double precision),
               ${account.userId}
        from (select * from applicants where account_id = ${account.accountId}
              order by id desc limit ${ON_BOARD}) p
        returning *)
      insert into application_transitions (account_id, application_id, vacancy_id, applicant_id,
                                           to_status_id, moved_by, moved_at, kind)
      select account_id, id, vacancy_id, applicant_id, status_id, created_by, entered_status_at,
             'place' from placed`);
    const picked = await runner.query(
      `select id from applicants where account_id = ${account.accountId}
       order by id desc limit 1`,
    );
    await runner.query('analyze');
    return {
      email: account.email,
      accountId: account.accountId,
      applicantId: Number(picked.rows[0]!.id),
      vacancyId: vacancy.id,
    };
  } finally {
    await runner.close();
  }
}

async function logIn(api: Api, email: string): Promise<string> {
  const answer = await apiRequest<{ auth_token: string }>(
    'POST',
    `${api.url}/api/auth/login`,
    null,
    { email, password: BENCH_PASSWORD },
  );
  return answer.auth_token;
}

/**
 * Records when the ready marker appears and what the page had loaded by then, with where the
 * time went: the HTML's last byte, the last script's last byte and the main thread's long tasks
 * (over 50 ms: script evaluation and React's render) before the marker.
 */
const READY_PROBE = `
(() => {
  let longTasks = 0;
  try {
    new PerformanceObserver((list) => {
      if (window.__screenReady) return;
      for (const entry of list.getEntries()) longTasks += entry.duration;
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
  const mark = () => {
    if (window.__screenReady || !document.querySelector('[data-screen][data-ready="true"]')) return;
    const at = performance.now();
    const resources = performance.getEntriesByType('resource').filter((e) => e.startTime < at);
    const api = resources
      .filter((e) => new URL(e.name).pathname.startsWith('/api/'))
      .map((e) => new URL(e.name).pathname + new URL(e.name).search);
    const html = performance.getEntriesByType('navigation')[0]?.responseEnd ?? 0;
    const scripts = resources
      .filter((e) => e.initiatorType === 'script' || e.initiatorType === 'link')
      .filter((e) => new URL(e.name).pathname.endsWith('.js'))
      .reduce((last, e) => Math.max(last, e.responseEnd), html);
    window.__screenReady = { at, api, html, scripts, longTasks };
  };
  new MutationObserver(mark).observe(document, { subtree: true, childList: true, attributes: true,
    attributeFilter: ['data-ready'] });
})();`;

async function visit(page: Page, url: string): Promise<Visit> {
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => (globalThis as unknown as Probe).__screenReady, null, {
    timeout: 60_000,
    polling: 50,
  });
  // What the screen loads after it is usable counts in its requests and bytes, too.
  await page.waitForLoadState('networkidle').catch(() => {});
  return page.evaluate(() => {
    const ready = (globalThis as unknown as Probe).__screenReady!;
    const timing = (globalThis as unknown as { performance: PagePerformance }).performance;
    const entries = [
      ...timing.getEntriesByType('navigation'),
      ...timing.getEntriesByType('resource'),
    ];
    return {
      usableMs: ready.at,
      htmlMs: ready.html,
      scriptsMs: ready.scripts,
      longTasksMs: ready.longTasks,
      apiBeforeUsable: ready.api,
      requests: entries.length,
      bytes: entries.reduce((sum, e) => sum + (e.transferSize || 0), 0),
    };
  });
}

// Functions run in the page (never strings: the app's CSP forbids eval); the bench's tsconfig has
// no DOM types, so what they touch is typed here.
type PagePerformance = { getEntriesByType: (type: string) => { transferSize: number }[] };
type Probe = {
  __screenReady?: { at: number; api: string[]; html: number; scripts: number; longTasks: number };
};

async function newContext(
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  base: string,
  token: string,
  serviceWorkers: 'allow' | 'block' = 'allow',
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: base, serviceWorkers });
  await context.addCookies([
    { name: 'auth_token', value: token, url: base, httpOnly: true, sameSite: 'Lax' },
  ]);
  await context.addInitScript(READY_PROBE);
  return context;
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

function readLastRun(): Figures | null {
  try {
    return JSON.parse(readFileSync(LAST_RUN_FILE, 'utf8')) as Figures;
  } catch {
    return null;
  }
}

/** Debian's Chromium, installed with apt when missing (as the browser tests do), before the base
 * is generated: a fresh machine learns it lacks a browser in seconds, not after the generation. */
function ensureChromium() {
  if (process.env.BENCH_CHROMIUM) return;
  const ensured = spawnSync('bash', [path.join(root, 'scripts/ensure-chromium.sh')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (ensured.status !== 0) {
    throw new Error('Chromium is missing (scripts/ensure-chromium.sh failed)');
  }
}

function buildWeb() {
  const built = spawnSync(process.execPath, [path.join(root, 'scripts/build-web-if-stale.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('the web build failed');
}

async function run(): Promise<BenchReport> {
  const applicants = envNumber('BENCH_SCREENS_APPLICANTS', 100_000);
  const rounds = Math.max(1, envNumber('BENCH_SCREENS_ROUNDS', 5));
  // BENCH_SCREENS_WORKER=compare: each screen opened twice a round, with the build's service
  // worker and with it blocked (the HTTP cache alone), in alternated order; not kept as a run.
  const compare = process.env.BENCH_SCREENS_WORKER === 'compare';
  const notes: string[] = [];
  ensureChromium();
  buildWeb();
  const keep = process.env.BENCH_KEEP_DB === '1';
  const dataDir = keep
    ? path.join(KEEP_DIR, `pglite-${applicants}`)
    : mkdtempSync(path.join(os.tmpdir(), 'ats-bench-screens-'));
  const metaPath = path.join(dataDir, 'bench-meta.json');
  let meta: Meta | null =
    keep && existsSync(metaPath) ? (JSON.parse(readFileSync(metaPath, 'utf8')) as Meta) : null;
  if (!meta) {
    if (keep) rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
    const started = performance.now();
    meta = await fill(dataDir, applicants);
    if (keep) writeFileSync(metaPath, JSON.stringify(meta));
    notes.push(
      `Base of ${applicants.toLocaleString('en-US')} applicants generated in ${fmt.seconds((performance.now() - started) / 1000)}.`,
    );
  } else {
    notes.push(`Base of ${applicants.toLocaleString('en-US')} applicants reused (${dataDir}).`);
  }
  const api = await startApiServer({ DATA_DIR: dataDir, DATABASE_URL: '' });
  // A browser that fails to start must not leave the API holding the kept base's lock.
  const browser = await chromium.launch({ executablePath: CHROMIUM }).catch(async (error) => {
    await api.stop();
    throw error;
  });
  const screens: Record<ScreenName, string> = {
    card: `/applicant/${meta.applicantId}`,
    list: '/applicants',
    board: `/vacancy/${meta.vacancyId}/candidates`,
    home: '/',
  };
  const visits: Record<string, Visit[]> = {};
  const loads: number[] = [];
  const cpuBefore = await backgroundLoad();
  try {
    const token = await logIn(api, meta.email);
    const withWorker = (await fetch(`${api.url}/sw.js`)).ok;
    // One throwaway round: the server's first requests compile its queries and fill its caches.
    {
      const context = await newContext(browser, api.url, token);
      const page = await context.newPage();
      for (const url of Object.values(screens)) await visit(page, url);
      await context.close();
    }
    for (let round = 0; round < rounds; round += 1) {
      // Screens interleaved within a round, so the machine's load hits them alike.
      for (const [name, url] of Object.entries(screens)) {
        const variants: ('allow' | 'block')[] = !compare
          ? ['allow']
          : round % 2 === 0
            ? ['allow', 'block']
            : ['block', 'allow'];
        for (const workers of variants) {
          const suffix = !compare ? '' : workers === 'allow' ? ' · worker' : ' · no worker';
          const context = await newContext(browser, api.url, token, workers);
          const page = await context.newPage();
          (visits[`${name} · cold${suffix}`] ??= []).push(await visit(page, url));
          // Warm: the same tab goes elsewhere, then comes back (a second visit, caches kept), once
          // the service worker of the build's files, registered after the first visit, is active.
          if (withWorker && workers === 'allow') await workerSettled(page);
          // Without the worker, the same pause, so that both warm visits find an idle page.
          else if (compare) await page.waitForTimeout(4_000);
          await page.goto('about:blank');
          (visits[`${name} · warm${suffix}`] ??= []).push(await visit(page, url));
          await context.close();
        }
      }
      loads.push(os.loadavg()[0]!);
    }
  } finally {
    await browser.close();
    await api.stop();
    if (!keep) rmSync(dataDir, { recursive: true, force: true });
  }
  const cpuAfter = await backgroundLoad();

  const previous = readLastRun();
  const figures: Figures = {};
  const rows: Row[] = [];
  const verdicts: BenchReport['verdicts'] = [];
  const load = `load ${median(loads).toFixed(2)}`;
  for (const [key, list] of Object.entries(visits)) {
    const f = {
      usableMs: median(list.map((v) => v.usableMs)),
      apiBeforeUsable: Math.max(...list.map((v) => v.apiBeforeUsable.length)),
      requests: median(list.map((v) => v.requests)),
      bytes: median(list.map((v) => v.bytes)),
      htmlMs: median(list.map((v) => v.htmlMs)),
      scriptsMs: median(list.map((v) => v.scriptsMs)),
      longTasksMs: median(list.map((v) => v.longTasksMs)),
    };
    figures[key] = f;
    const before = previous?.[key];
    const was = before
      ? ` (previous ${fmt.ms(before.usableMs)}, ${before.apiBeforeUsable} API, ${before.requests} req, ${(before.bytes / 1024).toFixed(1)} kB)`
      : '';
    rows.push({
      measurement: `${key} · usable`,
      value: `${fmt.ms(f.usableMs)} (p50 of ${list.length}), ${load}`,
      note: `${f.apiBeforeUsable} API before usable, ${f.requests} requests, ${(f.bytes / 1024).toFixed(1)} kB${was}`,
    });
    rows.push({
      measurement: `${key} · split`,
      value: `HTML ${fmt.ms(f.htmlMs)}, scripts ${fmt.ms(f.scriptsMs)}, long tasks ${fmt.ms(f.longTasksMs)}`,
      note: "medians: the HTML's and the last script's last byte, the main thread's tasks over 50 ms before usable",
    });
    rows.push({
      measurement: `${key} · API before usable`,
      value: list[list.length - 1]!.apiBeforeUsable.join(' ') || '—',
    });
    const [screen, mode] = key.split(' · ') as [ScreenName, Mode];
    const goal = (GOALS[screen] as Partial<Record<Mode, number>>)[mode];
    if (goal !== undefined) {
      verdicts.push({
        goal: `${key} usable ≤ ${goal} ms`,
        measured: `${fmt.ms(f.usableMs)}, ${load}`,
        pass: f.usableMs <= goal,
      });
    }
    verdicts.push({
      goal: `${key} ≤ ${GOALS.apiBeforeUsable} API request before usable`,
      measured: String(f.apiBeforeUsable),
      pass: f.apiBeforeUsable <= GOALS.apiBeforeUsable,
    });
  }
  if (!compare) writeFileSync(LAST_RUN_FILE, `${JSON.stringify(figures, null, 2)}\n`);
  notes.push(
    `${rounds} rounds, screens interleaved; Chromium ${CHROMIUM}; PGlite; ${os.cpus().length} cores, ` +
      `background ${cpuBefore === null ? '?' : fmt.cores(cpuBefore)} before / ` +
      `${cpuAfter === null ? '?' : fmt.cores(cpuAfter)} after, load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}.`,
    `Previous run: ${previous ? 'bench/screens-last.json (in parentheses)' : 'none'}; ` +
      (compare ? 'this comparison not written there.' : 'this run written there.'),
  );
  return { rows, verdicts, notes };
}

export const screensBenchmark: Benchmark = {
  name: 'screens',
  summary: 'card, list, board and home in Chromium on 100k applicants: time to usable, requests',
  run,
};
