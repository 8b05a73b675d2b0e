// The statement of recruiter_vacancies_details (and the report by vacancy: listVacanciesInPeriod)
// with each vacancy's placed and hired from the activity rollup's kinds per vacancy (migration
// 0097) beside the same statement reading them from the log (no `days`, as before 0097), as the
// tenant, over the last year and month, on a database the `analytics` entry prepared and kept
// (BENCH_KEEP_DB=1), migrated:
//   npx tsx bench/analytics-vacancy-days-explain.ts postgres://…/ats_bench_analytics_200000_1000000
// Each round runs both statements one right after the other (EXPLAIN (ANALYZE, BUFFERS)), three
// rounds (EXPLAIN_ROUNDS), and prints the medians, the shared buffers and the load average; both
// answers are read too and compared (`isDeepStrictEqual`). --plans prints the rollup's plan.
import os from 'node:os';
import { isDeepStrictEqual } from 'node:util';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import { buildQuery, type Db } from '../packages/db/src/connection.ts';
import { listVacanciesInPeriod } from '../apps/api/src/modules/analytics/analytics-reports.repository.ts';
import {
  addDaysIso,
  periodScope,
  todayIn,
} from '../apps/api/src/modules/analytics/analytics-scope.ts';

const url = process.argv[2];
if (!url) throw new Error('usage: analytics-vacancy-days-explain.ts <database-url> [--plans]');
const client = new pg.Client({ connectionString: url });
await client.connect();
const rounds = Number(process.env.EXPLAIN_ROUNDS ?? 3);

type Plan = { ms: number; buffers: number };

/** A Db that runs each statement as the tenant, read only: its rows, or its plan's figures. */
function asTenant(accountId: number, mode: 'answer' | 'explain' | 'print', plans: Plan[] = []) {
  const execute = async (query: SQL) => {
    const { sql: text, params } = buildQuery(query);
    await client.query('begin read only');
    try {
      await client.query('set local role ats_app');
      await client.query(`select set_config('app.account_id', '${accountId}', true)`);
      await client.query('set local jit = off');
      if (mode === 'answer') return { rows: (await client.query(text, params)).rows };
      const format = mode === 'print' ? '' : ', format json';
      const { rows } = await client.query(`explain (analyze, buffers${format}) ${text}`, params);
      if (mode === 'print') {
        console.log(rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n'));
      } else {
        const [root] = rows[0]!['QUERY PLAN'] as {
          'Execution Time': number;
          Plan: { 'Shared Hit Blocks': number; 'Shared Read Blocks': number };
        }[];
        plans.push({
          ms: root!['Execution Time'],
          buffers: root!.Plan['Shared Hit Blocks'] + root!.Plan['Shared Read Blocks'],
        });
      }
      return { rows: [] };
    } finally {
      await client.query('rollback');
    }
  };
  return { execute } as unknown as Db;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

try {
  const { rows } = await client.query<{ comment: string }>(
    `select shobj_description(oid, 'pg_database') as comment from pg_database
     where datname = current_database()`,
  );
  const accountId = (JSON.parse(rows[0]?.comment ?? '{}') as { accountId: number }).accountId;
  const zone = await client.query<{ time_zone: string; rows: string }>(
    `select coalesce(nullif(a.time_zone, ''), 'Europe/Moscow') as time_zone,
            (select count(*) from analytics_activity_days d where d.account_id = a.id
               and d.kind in ('placed_vacancy', 'hired_vacancy')) as rows
     from accounts a where a.id = $1`,
    [accountId],
  );
  const { time_zone: timeZone } = zone.rows[0]!;
  console.log(`account ${accountId}: ${zone.rows[0]!.rows} day rows of the kinds per vacancy`);
  const load = () => os.loadavg()[0]!.toFixed(1);
  const today = todayIn(timeZone);
  for (const [span, length] of [
    ['year', 365],
    ['month', 30],
  ] as const) {
    if ((process.env.EXPLAIN_SPAN ?? span) !== span) continue;
    const dateFrom = addDaysIso(today, -(length - 1));
    const scope = periodScope({ accountId, userId: 0, timeZone }, dateFrom, today);
    const run = (db: Db, rolled: boolean) =>
      listVacanciesInPeriod(
        db,
        {
          accountId,
          timeZone,
          from: scope.from,
          to: scope.to,
          days: rolled ? { from: dateFrom, to: today } : undefined,
        },
        { divisionIds: null },
      );
    const answer = asTenant(accountId, 'answer');
    const same = isDeepStrictEqual(await run(answer, false), await run(answer, true));
    const loadBefore = load();
    const before: Plan[] = [];
    const after: Plan[] = [];
    for (let i = 0; i < rounds; i++) {
      await run(asTenant(accountId, 'explain', before), false);
      await run(asTenant(accountId, 'explain', after), true);
    }
    if (process.argv.includes('--plans')) await run(asTenant(accountId, 'print'), true);
    const ms = (plans: Plan[]) => median(plans.map((p) => p.ms));
    console.log(
      `${span} (${dateFrom}…${today}) vacancies: log ${ms(before).toFixed(0)} ms ` +
        `(${before[0]!.buffers} buffers) → rollup ${ms(after).toFixed(0)} ms ` +
        `(${after[0]!.buffers} buffers), ×${(ms(before) / ms(after)).toFixed(1)}; rounds ` +
        `${before.map((p) => p.ms.toFixed(0)).join('/')} → ${after.map((p) => p.ms.toFixed(0)).join('/')}; ` +
        `same answer: ${same} [load ${loadBefore} → ${load()}]`,
    );
  }
} finally {
  await client.end();
}
