// The team bench's filtered list, board and column page side by side on copies of one team base
// (bench/generate-team.ts), each statement as the tenant reads it, with EXPLAIN (ANALYZE,
// BUFFERS): decision 0093.
//
//   BENCH_EXPLAIN_URLS=postgres://…/before,postgres://…/after npx tsx bench/list-filter-explain.ts
//
// Every database is a copy of the same base (say one without a migration's indexes and one with
// them), so the same cases are drawn from each. The cases are the filters "list filtered" sends
// (an open vacancy, a tag; pages 1–3), their combinations (a tag with an open vacancy, a vacancy
// with a stage, two tags), and the board's columns and a column's pages 1–3 of open vacancies.
// Each is prepared once per text and executed as `database.readAsTenant` sends it, so the plan
// cache chooses as the API's does. A warm-up pass, then BENCH_EXPLAIN_ROUNDS (3) rounds
// interleaved over the databases; printed per database the median over rounds of the kind's p50
// and p95 (execution + planning, ms) and of its buffers, the server's CPU per call, and whether
// every answer was the same as the first database's. BENCH_EXPLAIN_PER_KIND (12) vacancies per
// kind; BENCH_EXPLAIN_ONLY=<part of a kind's name> keeps those kinds; BENCH_EXPLAIN_PLANS=1 prints
// the plan of each kind's slowest case (last round) on each database. A statement changed in the
// code is compared across two runs: BENCH_EXPLAIN_SAVE=<file> writes each case's answer (a hash)
// and figures, BENCH_EXPLAIN_COMPARE=<file> checks this run's answers against them.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import { applicantListPageQuery } from '../apps/api/src/modules/applicants/applicant-list.repository.ts';
import {
  boardColumnsQuery,
  boardPageQuery,
} from '../apps/api/src/modules/pipeline/board.repository.ts';
import { percentile, processCpuMs } from './support/load.ts';

const urls = (process.env.BENCH_EXPLAIN_URLS ?? '').split(',').filter(Boolean);
const rounds = Number(process.env.BENCH_EXPLAIN_ROUNDS ?? 3);
const perKind = Number(process.env.BENCH_EXPLAIN_PER_KIND ?? 12);
const only = process.env.BENCH_EXPLAIN_ONLY ?? '';
const showPlans = process.env.BENCH_EXPLAIN_PLANS === '1';
const saveTo = process.env.BENCH_EXPLAIN_SAVE;
const compareWith = process.env.BENCH_EXPLAIN_COMPARE;
if (urls.length === 0) {
  console.error('BENCH_EXPLAIN_URLS: one or more comma-separated database URLs of team bases');
  process.exit(2);
}

const PER_PAGE = 30;
const dialect = new PgDialect({ casing: 'snake_case' });
type Case = { kind: string; label: string; query: SQL };

/** The big account, its admin, and the statements to measure, read from the first database. */
async function readCases(url: string): Promise<{ accountId: number; cases: Case[] }> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const q = async (text: string) => (await c.query(text)).rows as Record<string, unknown>[];
    const [big] = await q(
      `select id as account_id from accounts order by applicants_count desc, id limit 1`,
    );
    const accountId = Number(big!.account_id);
    const [admin] = await q(
      `select id from users where account_id = ${accountId} and is_admin order by id limit 1`,
    );
    const userId = Number(admin!.id);
    // The team bench draws open vacancies at random; an even spread of them here, fixed by id.
    const vacancies = (
      await q(
        `with open as (select id, row_number() over (order by id) as n, count(*) over () as total
                       from vacancies where account_id = ${accountId} and state = 'open')
         select id from open where (n - 1) % greatest(total / ${perKind}, 1) = 0
         order by id limit ${perKind}`,
      )
    ).map((r) => Number(r.id));
    const tags = (await q(`select id from tags where account_id = ${accountId} order by id`)).map(
      (r) => Number(r.id),
    );
    const stageOf = new Map<number, number[]>();
    for (const r of await q(
      `select vacancy_id, id from statuses
       where account_id = ${accountId} and vacancy_id = any(array[${vacancies.join(',')}]::int[])
       order by vacancy_id, position, id`,
    )) {
      const v = Number(r.vacancy_id);
      stageOf.set(v, [...(stageOf.get(v) ?? []), Number(r.id)]);
    }
    const cases: Case[] = [];
    const list = (kind: string, label: string, filters: Record<string, unknown>) => {
      for (const page of [1, 2, 3]) {
        cases.push({
          kind,
          label: `${label}, page ${page}`,
          query: applicantListPageQuery(accountId, userId, filters as never, {
            page,
            perPage: PER_PAGE,
          }).query,
        });
      }
    };
    for (const v of vacancies) list('list: open vacancy', `vacancy ${v}`, { vacancy_id: v });
    for (const t of tags) list('list: tag', `tag ${t}`, { tags: [t] });
    for (const [i, v] of vacancies.entries()) {
      const tag = tags[i % tags.length]!;
      list('list: open vacancy and a tag', `vacancy ${v}, tag ${tag}`, {
        vacancy_id: v,
        tags: [tag],
      });
      // The stage where most applications stand: the first.
      const stage = stageOf.get(v)?.[0];
      if (stage !== undefined) {
        list('list: open vacancy and a stage', `vacancy ${v}, stage ${stage}`, {
          vacancy_id: v,
          status_id: stage,
        });
      }
    }
    for (const [i, t] of tags.entries()) {
      const other = tags[(i + 1) % tags.length]!;
      if (other !== t) list('list: two tags', `tags ${t}, ${other}`, { tags: [t, other] });
    }
    for (const v of vacancies) {
      cases.push({
        kind: 'board: columns',
        label: `vacancy ${v}`,
        query: boardColumnsQuery(accountId, v, userId),
      });
      for (const stage of (stageOf.get(v) ?? []).slice(0, 3)) {
        for (const page of [0, 1, 2]) {
          cases.push({
            kind: 'board: a column page',
            label: `vacancy ${v}, stage ${stage}, page ${page + 1}`,
            query: boardPageQuery(accountId, {
              vacancyId: v,
              statusId: stage,
              userId,
              limit: PER_PAGE,
              offset: page * PER_PAGE,
            }),
          });
        }
      }
    }
    return { accountId, cases: cases.filter((k) => k.kind.includes(only)) };
  } finally {
    await c.end();
  }
}

type Measured = { ms: number; buffers: number; cpuMs: number; answer: string; plan: string };

/** One statement as `database.readAsTenant` sends it (prepared once), explained, then answered. */
async function measure(
  c: pg.Client,
  backend: number,
  prepared: Set<string>,
  accountId: number,
  k: Case,
  withPlan: boolean,
): Promise<Measured> {
  const { sql: text, params } = dialect.sqlToQuery(k.query);
  const name = `explain_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
  if (!prepared.has(name)) {
    await c.query(`prepare ${name} as ${text}`);
    prepared.add(name);
  }
  const args = params
    .map((p) =>
      typeof p === 'number'
        ? String(p)
        : c.escapeLiteral(typeof p === 'string' ? p : JSON.stringify(p)),
    )
    .join(', ');
  const statement = `execute ${name}${args ? `(${args})` : ''}`;
  await c.query(
    `begin read only; set local role ats_app; select set_config('app.account_id', '${accountId}', true)`,
  );
  try {
    const explained = await c.query(`explain (analyze, buffers, format json) ${statement}`);
    const plan = (explained.rows[0] as { 'QUERY PLAN': Record<string, unknown>[] })[
      'QUERY PLAN'
    ][0]!;
    const top = plan.Plan as Record<string, number>;
    const cpuBefore = processCpuMs(backend);
    const answer = await c.query(statement);
    const cpuMs = processCpuMs(backend) - cpuBefore;
    const text = withPlan
      ? (await c.query(`explain (analyze, buffers, costs off) ${statement}`)).rows
          .map((r: Record<string, string>) => r['QUERY PLAN'])
          .join('\n')
      : '';
    return {
      cpuMs,
      ms: Number(plan['Execution Time']) + Number(plan['Planning Time'] ?? 0),
      buffers: (top['Shared Hit Blocks'] ?? 0) + (top['Shared Read Blocks'] ?? 0),
      answer: createHash('sha1').update(JSON.stringify(answer.rows)).digest('hex'),
      plan: text,
    };
  } finally {
    await c.query('commit');
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function main() {
  const { accountId, cases } = await readCases(urls[0]!);
  const clients = await Promise.all(
    urls.map(async (url) => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      return c;
    }),
  );
  const backends = await Promise.all(
    clients.map(async (c) => Number((await c.query('select pg_backend_pid() as pid')).rows[0].pid)),
  );
  const prepared = urls.map(() => new Set<string>());
  // results[db][case] = measurements over rounds
  const results = urls.map(() => cases.map(() => [] as Measured[]));
  try {
    for (let round = 0; round <= rounds; round++) {
      for (const [d, c] of clients.entries()) {
        for (const [i, k] of cases.entries()) {
          const m = await measure(c, backends[d]!, prepared[d]!, accountId, k, false);
          if (round > 0) results[d]![i]!.push(m); // round 0 warms up
        }
      }
      if (round > 0) console.error(`round ${round} of ${rounds} done`);
    }
    if (showPlans) {
      for (const kind of new Set(cases.map((k) => k.kind))) {
        for (const [d, c] of clients.entries()) {
          const idx = cases.flatMap((k, i) => (k.kind === kind ? [i] : []));
          const slowest = idx.reduce((a, b) =>
            results[d]![b]!.at(-1)!.ms > results[d]![a]!.at(-1)!.ms ? b : a,
          );
          const m = await measure(c, backends[d]!, prepared[d]!, accountId, cases[slowest]!, true);
          console.log(`--- db${d + 1} ${kind}: ${cases[slowest]!.label}\n${m.plan}\n`);
        }
      }
    }
  } finally {
    await Promise.all(clients.map((c) => c.end()));
  }
  const kinds = [...new Set(cases.map((k) => k.kind))];
  console.log(`account ${accountId}; ${rounds} rounds after a warm-up; ms = execution + planning`);
  console.log(
    [
      'kind',
      'n',
      ...urls.map(
        (_, d) => `db${d + 1}: p50 / p95 / max ms, buffers p50 / p95, server CPU ms per call`,
      ),
    ].join(' | '),
  );
  let differ = 0;
  for (const kind of kinds) {
    const idx = cases.flatMap((k, i) => (k.kind === kind ? [i] : []));
    const cells = urls.map((_, d) => {
      const perRound = Array.from({ length: rounds }, (_, r) => {
        const ms = idx.map((i) => results[d]![i]![r]!.ms).sort((a, b) => a - b);
        const buf = idx.map((i) => results[d]![i]![r]!.buffers).sort((a, b) => a - b);
        return [
          percentile(ms, 50),
          percentile(ms, 95),
          ms.at(-1)!,
          percentile(buf, 50),
          percentile(buf, 95),
        ];
      });
      const [p50, p95, max, b50, b95] = [0, 1, 2, 3, 4].map((j) =>
        median(perRound.map((x) => x[j]!)),
      );
      const cpu = idx.reduce((sum, i) => sum + results[d]![i]!.reduce((t, m) => t + m.cpuMs, 0), 0);
      const calls = idx.length * rounds;
      return `${p50!.toFixed(1)} / ${p95!.toFixed(1)} / ${max!.toFixed(1)} ms, ${Math.round(b50!)} / ${Math.round(b95!)}, ${(cpu / calls).toFixed(1)}`;
    });
    for (const i of idx) {
      for (let d = 1; d < urls.length; d++) {
        if (results[d]![i]![0]!.answer !== results[0]![i]![0]!.answer) {
          differ++;
          console.error(`answers differ: ${cases[i]!.kind} ${cases[i]!.label} (db${d + 1})`);
        }
      }
    }
    console.log([kind, idx.length, ...cells].join(' | '));
  }
  console.log(`answers: ${differ === 0 ? 'the same on every database' : `${differ} differ`}`);
  const answers = cases.map((k, i) => ({
    kind: k.kind,
    label: k.label,
    answer: results[0]![i]![0]!.answer,
    ms: median(results[0]![i]!.map((m) => m.ms)),
    buffers: median(results[0]![i]!.map((m) => m.buffers)),
  }));
  if (saveTo) writeFileSync(saveTo, JSON.stringify(answers, null, 1));
  if (compareWith) {
    const saved = new Map(
      (JSON.parse(readFileSync(compareWith, 'utf8')) as typeof answers).map((a) => [
        `${a.kind}: ${a.label}`,
        a.answer,
      ]),
    );
    let compared = 0;
    let changed = 0;
    for (const a of answers) {
      const before = saved.get(`${a.kind}: ${a.label}`);
      if (before === undefined) continue;
      compared++;
      if (before !== a.answer) {
        changed++;
        console.error(`answer changed since ${compareWith}: ${a.kind} ${a.label}`);
      }
    }
    console.log(`answers against ${compareWith}: ${compared} compared, ${changed} changed`);
  }
}

await main();
