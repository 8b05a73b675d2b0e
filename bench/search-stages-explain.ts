// The team bench's searches at 1M, stage by stage, and the endpoint beside its SQL: decision 0094.
//
//   SEARCH_STAGES_URLS=postgres://…/before,postgres://…/after npx tsx bench/search-stages-explain.ts
//
// Every database is a copy of one team base (bench/generate-team.ts), say of a kept one made with
// `CREATE DATABASE … TEMPLATE …`; the first may stay at older migrations, the last is migrated by
// this tree's API (the endpoint part opens it). The queries are drawn as the team bench draws
// them (a surname, six digits of a phone, the start of an e-mail of the same applicants, and the
// five résumé words), the same on every copy. After a warm-up pass, SEARCH_STAGES_ROUNDS (3)
// rounds interleaved over the copies print per kind:
//
// 1. **The call**: the list page's statement of a search (`applicantListPageQuery`) prepared
//    and sent as `database.readAsTenant` sends it (one simple query: begin, role, tenant, the
//    prepared read, commit); p50 / p95 of its time at the client and of the server process's
//    CPU (`/proc/<pid>/schedstat`, ns), and whether the answers of every copy and round are the
//    same (`isDeepStrictEqual` of the rows: the count and every field of the page).
// 2. **Its stages** (a separate pass, as the owner: `track_functions = all` and auto_explain of
//    the nested statements): per helper function of `applicant_search_page`, the median and p95
//    of its time (pg_stat_xact_user_functions), of the statements it executed (auto_explain's
//    duration, planning excluded) and their buffers. What a helper spends beyond its
//    statements' execution is planning (an `EXECUTE` plans its text with the values) or, for
//    the estimates, all of it (they only run EXPLAIN).
// 3. **The endpoint** (last copy only, SEARCH_STAGES_ENDPOINT=0 skips it): this tree's API in
//    process (`buildHttpServer`, production settings, a pool of 10), GET /api/applicants?search=…
//    by Fastify's `inject` with `Cache-Control: no-cache` and gzip accepted, one at a time:
//    p50 / p95 of the request, of the tenant read inside it (`readAsTenant`, the round trip),
//    of the rest, the API's CPU per request, and the queries sent per request.
//
// Copies do not inherit the database's `jit = off` (migration 0058): set it on each copy
// (`ALTER DATABASE <copy> SET jit = off`), else JIT compiles most calls; each copy's setting is
// printed first.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { isDeepStrictEqual } from 'node:util';
import { applicantListPageQuery } from '../apps/api/src/modules/applicants/applicant-list.repository.ts';
import { issueSessions } from './generate-team.ts';
import { percentile, processCpuMs } from './support/load.ts';

const urls = (process.env.SEARCH_STAGES_URLS ?? '').split(',').filter(Boolean);
const rounds = Number(process.env.SEARCH_STAGES_ROUNDS ?? 3);
const perKind = Number(process.env.SEARCH_STAGES_PER_KIND ?? 40);
const withEndpoint = process.env.SEARCH_STAGES_ENDPOINT !== '0';
if (urls.length === 0) {
  console.error('SEARCH_STAGES_URLS: one or more comma-separated database URLs of team bases');
  process.exit(2);
}
const WORDS = ['бухгалтер', 'менеджер по продажам', 'Python', 'логистика', 'Вишневецкая'];

const dialect = new PgDialect({ casing: 'snake_case' });
type Case = { kind: string; text: string };

/** The big account, its admin and the searches, drawn as the team bench draws them. */
async function readCases(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const q = async (text: string) => (await c.query(text)).rows as Record<string, unknown>[];
    const [big] = await q(
      `select id as account_id from accounts
       order by applicants_count - archived_applicants_count desc limit 1`,
    );
    const accountId = Number(big!.account_id);
    const [admin] = await q(
      `select id from users where account_id = ${accountId} and is_admin order by id limit 1`,
    );
    // A fixed spread of ids (the team bench draws at random): the same on every copy.
    const people = await q(
      `select last_name, phone, email from applicants
       where account_id = ${accountId} and last_name is not null and id % 97 = 0
       order by id limit ${perKind}`,
    );
    const cases: Case[] = [];
    for (const p of people) {
      cases.push({ kind: 'surname', text: String(p.last_name) });
      const digits = String(p.phone ?? '').replace(/\D/g, '');
      if (digits.length >= 7) cases.push({ kind: 'phone, 6 digits', text: digits.slice(-7, -1) });
      const email = String(p.email ?? '');
      const at = email.indexOf('@');
      if (at > 4) cases.push({ kind: 'e-mail start', text: email.slice(0, Math.min(at, 7)) });
    }
    for (const word of WORDS) cases.push({ kind: `«${word}»`, text: word });
    return { accountId, adminId: Number(admin!.id), cases };
  } finally {
    await c.end();
  }
}

type Call = { ms: number; cpuMs: number; answer: unknown };
type Stage = { ms: number; execMs: number; buffers: number; calls: number };
type Stages = Record<string, Stage>;

/** What a nested statement is, by its text (the helpers' EXECUTEd statements). */
function stageOf(text: string): string | null {
  const t = text.replace(/\s+/g, ' ');
  const newest = /ORDER BY a\.created_at/.test(t);
  if (/FROM applicant_contact_keys k/.test(t)) return 'ats_search_contact_hits';
  if (/%1\$I LIKE|search_contacts LIKE|search_phones LIKE|\.search_\w+ LIKE/.test(t) && newest) {
    return 'ats_search_newest_contact_hits';
  }
  if (/name_words @@ \$2/.test(t)) {
    return newest ? 'ats_search_newest_name_matches' : 'ats_search_name_matches';
  }
  if (/search_document @@ \$2/.test(t)) {
    return newest ? 'ats_search_newest_document_matches' : 'ats_search_document_matches';
  }
  if (/name_typo_keys/.test(t)) return 'ats_search_typo_matches';
  return null;
}

function planBuffers(plan: Record<string, unknown>): number {
  const p = plan as Record<string, number>;
  return (p['Shared Hit Blocks'] ?? 0) + (p['Shared Read Blocks'] ?? 0);
}

class Copy {
  private prepared = new Set<string>();
  private notices: string[] = [];
  private constructor(
    readonly client: pg.Client,
    readonly pid: number,
  ) {
    client.on('notice', (n) => this.notices.push(n.message ?? ''));
  }

  static async open(url: string) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const pid = Number((await client.query('select pg_backend_pid() as pid')).rows[0].pid);
    return new Copy(client, pid);
  }

  private statement(accountId: number, adminId: number, k: Case) {
    const { sql: text, params } = dialect.sqlToQuery(
      applicantListPageQuery(accountId, adminId, { search: k.text }, { page: 1, perPage: 30 })
        .query,
    );
    const name = `stages_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    const args = params
      .map((p) =>
        typeof p === 'number'
          ? String(p)
          : this.client.escapeLiteral(typeof p === 'string' ? p : JSON.stringify(p)),
      )
      .join(', ');
    return { name, text, execute: `execute ${name}(${args})` };
  }

  /** The call as `database.readAsTenant` sends it. */
  async call(accountId: number, adminId: number, k: Case): Promise<Call> {
    const s = this.statement(accountId, adminId, k);
    if (!this.prepared.has(s.name)) {
      await this.client.query(`prepare ${s.name} as ${s.text}`);
      this.prepared.add(s.name);
    }
    const cpu0 = processCpuMs(this.pid);
    const t0 = performance.now();
    const results = (await this.client.query(
      `begin read only; set local role ats_app; select set_config('app.account_id', '${accountId}', true); ` +
        `${s.execute}; commit`,
    )) as unknown as pg.QueryResult[];
    const ms = performance.now() - t0;
    const cpuMs = processCpuMs(this.pid) - cpu0;
    const answer = results[3]!.rows;
    return { ms, cpuMs, answer };
  }

  /**
   * The call's helpers: their time (track_functions, counted before and after the call within its
   * transaction) in one pass, their statements' execution and buffers (auto_explain) in another,
   * so that neither instrument inflates the other's figures.
   */
  async stages(accountId: number, adminId: number, k: Case): Promise<Stages> {
    const s = this.statement(accountId, adminId, k);
    if (!this.prepared.has(s.name)) {
      await this.client.query(`prepare ${s.name} as ${s.text}`);
      this.prepared.add(s.name);
    }
    const stages: Stages = {};
    const at = (name: string) =>
      (stages[name] ??= { ms: 0, execMs: 0, buffers: 0, calls: 0 }) as Stage;
    const functions = `select funcname, calls, total_time from pg_stat_xact_user_functions`;
    type FunctionRow = { funcname: string; calls: string; total_time: number };
    await this.client.query(`set track_functions = 'all'`);
    const timed = (await this.client.query(
      `begin read only; ${functions}; set local role ats_app; ` +
        `select set_config('app.account_id', '${accountId}', true); ` +
        `${s.execute}; reset role; ${functions}; commit`,
    )) as unknown as pg.QueryResult[];
    await this.client.query(`set track_functions = 'none'`);
    const before = new Map((timed[1]!.rows as FunctionRow[]).map((r) => [r.funcname, r] as const));
    for (const row of timed[6]!.rows as FunctionRow[]) {
      const was = before.get(row.funcname);
      const calls = Number(row.calls) - Number(was?.calls ?? 0);
      if (calls === 0) continue;
      const stage = at(row.funcname);
      stage.ms += Number(row.total_time) - Number(was?.total_time ?? 0);
      stage.calls += calls;
    }
    await this.client.query(
      `load 'auto_explain'; set auto_explain.log_min_duration = 0;
       set auto_explain.log_nested_statements = on; set auto_explain.log_analyze = on;
       set auto_explain.log_buffers = on; set auto_explain.log_timing = off;
       set auto_explain.log_format = 'json'; set auto_explain.log_level = 'notice';
       set client_min_messages = 'notice'`,
    );
    this.notices = [];
    await this.client.query(
      `begin read only; set local role ats_app; select set_config('app.account_id', '${accountId}', true); ` +
        `${s.execute}; commit`,
    );
    await this.client.query(`set auto_explain.log_min_duration = -1; reset client_min_messages`);
    for (const notice of this.notices) {
      const match = /duration: ([\d.]+) ms\s+plan:\s*([\s\S]*)$/.exec(notice);
      if (!match) continue;
      let plan: { 'Query Text'?: string; Plan?: Record<string, unknown> };
      try {
        plan = JSON.parse(match[2]!);
      } catch {
        continue;
      }
      const name = stageOf(plan['Query Text'] ?? '');
      if (!name) continue;
      const stage = at(name);
      stage.execMs += Number(match[1]);
      stage.buffers += plan.Plan ? planBuffers(plan.Plan) : 0;
    }
    return stages;
  }

  close = () => this.client.end();
}

/** The endpoint in process, one request at a time, its tenant read timed inside it. */
async function endpointRuns(url: string, accountId: number, adminId: number, cases: Case[]) {
  const { openDatabase } = await import('@ats/db/connection');
  const { buildHttpServer } = await import(
    pathToFileURL(path.resolve('apps/api/src/http-server.ts')).href
  );
  const { loadConfig } = await import(
    pathToFileURL(path.resolve('apps/api/src/platform/config.ts')).href
  );
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: url,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
  });
  const database = await openDatabase({ databaseUrl: url, dataDir: 'unused', poolSize: 10 });
  const owner = new pg.Client({ connectionString: url });
  await owner.connect();
  const [user] = await issueSessions({ query: (text: string) => owner.query(text) }, accountId, [
    { id: adminId, role: 'recruiter' },
  ]);
  await owner.end();
  let readMs = 0;
  let reads = 0;
  const readAsTenant = database.readAsTenant;
  database.readAsTenant = (async (...args: Parameters<typeof readAsTenant>) => {
    const t0 = performance.now();
    try {
      return await readAsTenant(...args);
    } finally {
      readMs += performance.now() - t0;
      reads += 1;
    }
  }) as typeof readAsTenant;
  let queries = 0;
  const clientQuery = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    queries += 1;
    return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as never;
  const app = await buildHttpServer({ config, database, logger: false });
  await app.ready();
  type Run = { ms: number; readMs: number; cpuUs: number; reads: number; queries: number };
  const runs = new Map<string, Run[]>();
  const one = async (k: Case) => {
    readMs = 0;
    reads = 0;
    queries = 0;
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const answer = await app.inject({
      method: 'GET',
      url: `/api/applicants?search=${encodeURIComponent(k.text)}`,
      headers: {
        'x-dcrt-hrm-auth': user!.token,
        'cache-control': 'no-cache',
        'accept-encoding': 'gzip, deflate',
      },
    });
    const ms = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    if (answer.statusCode !== 200) {
      throw new Error(`${k.text}: ${answer.statusCode} ${answer.body}`);
    }
    return { ms, readMs, cpuUs: cpu.user + cpu.system, reads, queries };
  };
  try {
    for (const k of cases) await one(k); // warm-up
    for (let r = 0; r < rounds; r++) {
      for (const k of cases) {
        const run = await one(k);
        runs.set(k.kind, [...(runs.get(k.kind) ?? []), run]);
      }
    }
  } finally {
    await app.close();
    await database.close();
    pg.Client.prototype.query = clientQuery;
  }
  return runs;
}

const median = (xs: number[]) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    50,
  );
const p95 = (xs: number[]) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    95,
  );
const f1 = (x: number) => x.toFixed(1);

async function main() {
  const { accountId, adminId, cases } = await readCases(urls[urls.length - 1]!);
  const kinds = [...new Set(cases.map((k) => k.kind))];
  const copies = await Promise.all(urls.map((u) => Copy.open(u)));
  // A copy made with CREATE DATABASE … TEMPLATE does not inherit the database's settings, among
  // them `jit = off` (migration 0058): compiling the search's statements then costs more than
  // running them, so the figures would not be the API's.
  for (const [d, copy] of copies.entries()) {
    const jit = (await copy.client.query(`select current_setting('jit') as jit`)).rows[0].jit;
    console.log(
      `db${d + 1}: jit = ${jit}${jit === 'on' ? ' (ALTER DATABASE … SET jit = off first)' : ''}`,
    );
  }
  const calls = urls.map(() => cases.map(() => [] as Call[]));
  const stages = urls.map(() => cases.map(() => [] as Stages[]));
  try {
    for (let round = 0; round <= rounds; round++) {
      for (const [i, k] of cases.entries()) {
        // Alternating which copy goes first, per query.
        const order = copies.map((_, d) => d);
        if (i % 2 === 1) order.reverse();
        for (const d of order) {
          const call = await copies[d]!.call(accountId, adminId, k);
          if (round > 0) calls[d]![i]!.push(call); // round 0 warms up
        }
      }
      for (const [i, k] of cases.entries()) {
        for (const [d, copy] of copies.entries()) {
          const s = await copy.stages(accountId, adminId, k);
          if (round > 0) stages[d]![i]!.push(s);
        }
      }
      if (round > 0) console.error(`round ${round} of ${rounds} done`);
    }
  } finally {
    await Promise.all(copies.map((c) => c.close()));
  }

  console.log(`account ${accountId}; ${rounds} rounds after a warm-up; ${cases.length} queries`);
  console.log('\n## The call (as readAsTenant sends it): ms at the client, server CPU ms');
  console.log(
    ['kind', 'n', ...urls.map((_, d) => `db${d + 1} p50 / p95 ms, CPU p50 / p95 ms`)].join(' | '),
  );
  let differ = 0;
  for (const kind of kinds) {
    const idx = cases.flatMap((k, i) => (k.kind === kind ? [i] : []));
    const cells = urls.map((_, d) => {
      const all = idx.flatMap((i) => calls[d]![i]!);
      const ms = all.map((c) => c.ms);
      const cpu = all.map((c) => c.cpuMs);
      return `${f1(median(ms))} / ${f1(p95(ms))}, ${f1(median(cpu))} / ${f1(p95(cpu))}`;
    });
    for (const i of idx) {
      for (let d = 1; d < urls.length; d++) {
        // The whole answer (the count and every field of every row), of every round.
        if (calls[d]![i]!.some((c) => !isDeepStrictEqual(c.answer, calls[0]![i]![0]!.answer))) {
          differ++;
          console.error(`answers differ: ${kind} ${cases[i]!.text} (db${d + 1})`);
        }
      }
    }
    console.log([kind, idx.length, ...cells].join(' | '));
  }
  console.log(
    `answers: ${differ === 0 ? 'the same on every database' : `${differ} differ`} (${cases.length} queries)`,
  );

  console.log(
    '\n## Stages: per helper, ms p50 / p95 of its time, of its statements executed, buffers p50 / p95, calls per search',
  );
  for (const [d] of urls.entries()) {
    console.log(`\n### db${d + 1}`);
    for (const kind of kinds) {
      const idx = cases.flatMap((k, i) => (k.kind === kind ? [i] : []));
      const all = idx.flatMap((i) => stages[d]![i]!);
      const names = [...new Set(all.flatMap((s) => Object.keys(s)))].sort();
      console.log(`- ${kind}`);
      for (const name of names) {
        const of = (pick: (s: Stage) => number) => all.map((s) => (s[name] ? pick(s[name]!) : 0));
        const ms = of((s) => s.ms);
        const exec = of((s) => s.execMs);
        const buf = of((s) => s.buffers);
        const n = of((s) => s.calls).reduce((a, b) => a + b, 0) / all.length;
        console.log(
          `  ${name}: ${f1(median(ms))} / ${f1(p95(ms))} ms; executed ${f1(median(exec))} / ${f1(p95(exec))} ms; ` +
            `buffers ${Math.round(median(buf))} / ${Math.round(p95(buf))}; ${n.toFixed(2)} calls`,
        );
      }
    }
  }

  if (withEndpoint) {
    const runs = await endpointRuns(urls[urls.length - 1]!, accountId, adminId, cases);
    console.log(
      `\n## The endpoint in process (db${urls.length}): request, its tenant read, the rest (ms p50 / p95), API CPU µs p50, reads and queries per request`,
    );
    for (const kind of kinds) {
      const all = runs.get(kind) ?? [];
      const ms = all.map((r) => r.ms);
      const read = all.map((r) => r.readMs);
      const rest = all.map((r) => r.ms - r.readMs);
      console.log(
        [
          kind,
          all.length,
          `${f1(median(ms))} / ${f1(p95(ms))}`,
          `${f1(median(read))} / ${f1(p95(read))}`,
          `${f1(median(rest))} / ${f1(p95(rest))}`,
          `${Math.round(median(all.map((r) => r.cpuUs)))} µs`,
          `${median(all.map((r) => r.reads))} / ${median(all.map((r) => r.queries))}`,
        ].join(' | '),
      );
    }
  }
}

await main();
