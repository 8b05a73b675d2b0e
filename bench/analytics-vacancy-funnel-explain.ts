// company_analytics_by_vacancies (each vacancy's applicants per stage, days open, hired of needed,
// its funnel and time in stage per stage, placed and hired) statement by statement, as the
// tenant, over the last year and month, on a database the `analytics` entry prepared and kept
// (BENCH_KEEP_DB=1), reading the funnel from the cohort's summaries (`noRollup`) and from the
// per-vacancy rollups (migration 0105) one right after the other:
//   npx tsx bench/analytics-vacancy-funnel-explain.ts postgres://…/ats_bench_analytics_200000_1000000
// Three rounds (EXPLAIN_ROUNDS), medians, shared buffers and the load average; both answers are
// read too and compared (`isDeepStrictEqual`). --plans prints the plans as text. On a local server
// each statement's CPU is also read from its backend's /proc/<pid>/schedstat around the query,
// parallel workers off (five rounds, medians): under load the wall clock is mostly waiting for a
// core (decision 0100).
import os from 'node:os';
import { isDeepStrictEqual } from 'node:util';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import { buildQuery, type Db } from '../packages/db/src/connection.ts';
import { processCpuMs } from './support/load.ts';
import {
  listFunnelStages,
  listVacanciesInPeriod,
} from '../apps/api/src/modules/analytics/analytics-reports.repository.ts';
import {
  addDaysIso,
  periodScope,
  todayIn,
} from '../apps/api/src/modules/analytics/analytics-scope.ts';

const url = process.argv[2];
if (!url) throw new Error('usage: analytics-vacancy-funnel-explain.ts <database-url>');
const client = new pg.Client({ connectionString: url });
await client.connect();
const printPlans = process.argv.includes('--plans');
const rounds = Number(process.env.EXPLAIN_ROUNDS ?? 3);

type Plan = { ms: number; buffers: number };

const backendPid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!
  .pid;
/** The backend's CPU in ms, or null when the server is not a process of this machine. */
const backendCpu = () => {
  try {
    return processCpuMs(backendPid);
  } catch {
    return null;
  }
};

/** As the tenant, in a read-only transaction: the rows, or the plan's figures when `explain`. */
function tenantDb(
  accountId: number,
  mode: 'answer' | 'explain' | 'print' | 'cpu',
): { db: Db; plans: Plan[]; cpu: number[] } {
  const plans: Plan[] = [];
  const cpu: number[] = [];
  const execute = async (query: SQL) => {
    const { sql: text, params } = buildQuery(query);
    await client.query('begin read only');
    try {
      await client.query('set local role ats_app');
      await client.query(`select set_config('app.account_id', '${accountId}', true)`);
      await client.query('set local jit = off');
      if (mode === 'answer') return { rows: (await client.query(text, params)).rows };
      if (mode === 'cpu') {
        await client.query('set local max_parallel_workers_per_gather = 0');
        const before = backendCpu();
        await client.query(text, params);
        const after = backendCpu();
        if (before !== null && after !== null) cpu.push(after - before);
        return { rows: [] };
      }
      if (mode === 'print') {
        const plan = await client.query<{ 'QUERY PLAN': string }>(
          `explain (analyze, buffers) ${text}`,
          params,
        );
        console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
        return { rows: [] };
      }
      const { rows } = await client.query<{ 'QUERY PLAN': unknown }>(
        `explain (analyze, buffers, format json) ${text}`,
        params,
      );
      const [root] = rows[0]!['QUERY PLAN'] as {
        'Execution Time': number;
        Plan: { 'Shared Hit Blocks': number; 'Shared Read Blocks': number };
      }[];
      plans.push({
        ms: root!['Execution Time'],
        buffers: root!.Plan['Shared Hit Blocks'] + root!.Plan['Shared Read Blocks'],
      });
      return { rows: [] };
    } finally {
      await client.query('rollback');
    }
  };
  return { db: { execute } as unknown as Db, plans, cpu };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

try {
  const { rows } = await client.query<{ comment: string }>(
    `select shobj_description(oid, 'pg_database') as comment from pg_database
     where datname = current_database()`,
  );
  const accountId = (JSON.parse(rows[0]?.comment ?? '{}') as { accountId: number }).accountId;
  const owner = await client.query<{ time_zone: string }>(
    `select coalesce(nullif(a.time_zone, ''), 'Europe/Moscow') as time_zone
     from accounts a where a.id = $1`,
    [accountId],
  );
  const { time_zone: timeZone } = owner.rows[0]!;
  const sizes = await client.query<{ summaries: string; rollup: string; stays: string }>(
    `select (select count(*) from analytics_application_summaries where account_id = $1) as summaries,
            (select count(*) from analytics_vacancy_reach_days where account_id = $1) as rollup,
            (select count(*) from analytics_vacancy_stays where account_id = $1) as stays`,
    [accountId],
  );
  console.log(
    `account ${accountId}: ${sizes.rows[0]!.summaries} summaries, ` +
      `${sizes.rows[0]!.rollup} rows of analytics_vacancy_reach_days, ` +
      `${sizes.rows[0]!.stays} of analytics_vacancy_stays`,
  );
  const load = () => os.loadavg()[0]!.toFixed(1);
  const today = todayIn(timeZone);
  for (const [span, days] of [
    ['year', 365],
    ['month', 30],
  ] as const) {
    if ((process.env.EXPLAIN_SPAN ?? span) !== span) continue;
    const dateFrom = addDaysIso(today, -(days - 1));
    const scope = periodScope({ accountId, userId: 0, timeZone }, dateFrom, today);
    const lo = addDaysIso(dateFrom, -1);
    const hi = addDaysIso(today, 1);
    const workingDays: string[] = [];
    for (let d = lo; d <= hi; d = addDaysIso(d, 1)) {
      const weekday = new Date(`${d}T00:00:00Z`).getUTCDay();
      if (weekday !== 0 && weekday !== 6) workingDays.push(d);
    }
    const cal = { lo, hi, workingDays };
    const range = (noRollup: boolean) => ({
      accountId,
      timeZone,
      from: scope.from,
      to: scope.to,
      noRollup,
    });
    const statements = {
      // As the report reads it (placed and hired from the activity rollup, migration 0097): the
      // same statement both times, for the share of the call it leaves.
      vacancies: (db: Db) =>
        listVacanciesInPeriod(
          db,
          { ...range(false), days: { from: dateFrom, to: today } },
          { divisionIds: null },
        ),
      funnel: (db: Db, noRollup: boolean) =>
        listFunnelStages(db, range(noRollup), { divisionIds: null }, { kind: 'vacancy' }, cal),
    };
    for (const [name, run] of Object.entries(statements)) {
      const answer = tenantDb(accountId, 'answer').db;
      const same = isDeepStrictEqual(await run(answer, true), await run(answer, false));
      const loadBefore = load();
      const before: Plan[] = [];
      const after: Plan[] = [];
      for (let i = 0; i < rounds; i++) {
        const b = tenantDb(accountId, 'explain');
        await run(b.db, true);
        before.push(b.plans[0]!);
        const a = tenantDb(accountId, 'explain');
        await run(a.db, false);
        after.push(a.plans[0]!);
      }
      const ms = (plans: Plan[]) => median(plans.map((p) => p.ms));
      console.log(
        `${span} (${dateFrom}…${today}) ${name}: before ${ms(before).toFixed(0)} ms ` +
          `(${before[0]!.buffers} buffers) → after ${ms(after).toFixed(0)} ms ` +
          `(${after[0]!.buffers} buffers), ×${(ms(before) / ms(after)).toFixed(1)}; rounds ` +
          `${before.map((p) => p.ms.toFixed(0)).join('/')} → ${after.map((p) => p.ms.toFixed(0)).join('/')}; ` +
          `same answer: ${same} [load ${loadBefore} → ${load()}]`,
      );
      if (backendCpu() !== null) {
        const cpuBefore: number[] = [];
        const cpuAfter: number[] = [];
        await run(tenantDb(accountId, 'answer').db, false);
        for (let i = 0; i < 5; i++) {
          const b = tenantDb(accountId, 'cpu');
          await run(b.db, true);
          cpuBefore.push(...b.cpu);
          const a = tenantDb(accountId, 'cpu');
          await run(a.db, false);
          cpuAfter.push(...a.cpu);
        }
        console.log(
          `  ${span} ${name}: backend CPU, parallel workers off: before ` +
            `${median(cpuBefore).toFixed(1)} ms → after ${median(cpuAfter).toFixed(1)} ms; rounds ` +
            `${cpuBefore.map((c) => c.toFixed(0)).join('/')} → ${cpuAfter.map((c) => c.toFixed(0)).join('/')}`,
        );
      }
      if (printPlans) {
        await run(tenantDb(accountId, 'print').db, true);
        await run(tenantDb(accountId, 'print').db, false);
      }
    }
  }
} finally {
  await client.end();
}
