// EXPLAIN (ANALYZE, BUFFERS) of the statements that read the per-application summaries
// (migrations 0066, 0082) beside the same reports read from the log (`fromLog`, the reference
// path the randomized rollup test compares with), as the tenant, over the last year and month,
// on a database the `analytics` entry prepared and kept (BENCH_KEEP_DB=1):
//   npx tsx bench/analytics-summaries-explain.ts postgres://…/ats_bench_analytics_200000_1000000
// Each line: execution time, shared buffers hit + read, and the before / after ratio.
// EXPLAIN_SPAN=year|month and EXPLAIN_ONLY=<part of a name> narrow it; --plans prints the
// summaries' plans as text.
import os from 'node:os';
import { buildQuery, type Db } from '../packages/db/src/connection.ts';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import {
  countFacts,
  countFactsFromSummaries,
  hiresWithPlacement,
} from '../apps/api/src/modules/analytics/analytics-facts.repository.ts';
import {
  listFunnelStages,
  listSources,
} from '../apps/api/src/modules/analytics/analytics-reports.repository.ts';

const url = process.argv[2];
if (!url) throw new Error('usage: analytics-summaries-explain.ts <database-url>');
const client = new pg.Client({ connectionString: url });
await client.connect();

type Plan = { ms: number; buffers: number; top: string };
const plans: Plan[] = [];
/** `--plans`: print each plan of the summaries' path as text too (where the time goes). */
const printPlans = process.argv.includes('--plans');
let printing = false;

/** A Db whose statements are explained (as the tenant) instead of answered. */
function explaining(accountId: number): Db {
  const execute = async (query: SQL) => {
    const { sql: text_, params } = buildQuery(query);
    await client.query('begin read only');
    try {
      await client.query('set local role ats_app');
      await client.query(`select set_config('app.account_id', '${accountId}', true)`);
      await client.query('set local jit = off');
      const { rows } = await client.query<{ 'QUERY PLAN': unknown }>(
        `explain (analyze, buffers, format json) ${text_}`,
        params,
      );
      const [root] = rows[0]!['QUERY PLAN'] as {
        'Execution Time': number;
        Plan: { 'Shared Hit Blocks': number; 'Shared Read Blocks': number; 'Node Type': string };
      }[];
      if (printing) {
        const text = await client.query<{ 'QUERY PLAN': string }>(
          `explain (analyze, buffers) ${text_}`,
          params,
        );
        console.log(text.rows.map((r) => r['QUERY PLAN']).join('\n'));
      }
      plans.push({
        ms: root!['Execution Time'],
        buffers: root!.Plan['Shared Hit Blocks'] + root!.Plan['Shared Read Blocks'],
        top: root!.Plan['Node Type'],
      });
    } finally {
      await client.query('rollback');
    }
    return { rows: [] };
  };
  return { execute } as unknown as Db;
}

async function measure(run: () => Promise<unknown>) {
  plans.length = 0;
  await run();
  return plans.reduce((sum, p) => ({ ms: sum.ms + p.ms, buffers: sum.buffers + p.buffers }), {
    ms: 0,
    buffers: 0,
  });
}

try {
  const { rows } = await client.query<{ comment: string }>(
    `select shobj_description(oid, 'pg_database') as comment from pg_database
     where datname = current_database()`,
  );
  const meta = JSON.parse(rows[0]?.comment ?? '{}') as { accountId: number };
  const accountId = meta.accountId;
  const db = explaining(accountId);
  const owner = await client.query<{ time_zone: string; group_id: number }>(
    `select coalesce(nullif(a.time_zone, ''), 'Europe/Moscow') as time_zone,
            (select g.id from status_groups g where g.account_id = a.id
             order by g.is_favorite desc, g.position, g.id limit 1) as group_id
     from accounts a where a.id = $1`,
    [accountId],
  );
  const { time_zone: timeZone, group_id: groupId } = owner.rows[0]!;
  const columns = (
    await client.query<{ id: number; name: string; position: number }>(
      `select s.id, s.name, s.position from statuses s
       where s.account_id = $1 and not s.is_reject and s.status_group_id = $2
       order by s.position, s.id`,
      [accountId, groupId],
    )
  ).rows;
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const load = () => os.loadavg()[0]!.toFixed(1);
  const spans = [
    ['year', 365],
    ['month', 30],
  ] as const;
  for (const [span, days] of spans.filter(([s]) => (process.env.EXPLAIN_SPAN ?? s) === s)) {
    const to = new Date(`${day(new Date(Date.now() + 86_400_000))}T00:00:00Z`);
    const from = new Date(to.getTime() - days * 86_400_000);
    const before = new Date(from.getTime() - days * 86_400_000);
    const lo = day(new Date(from.getTime() - 86_400_000));
    const hi = day(new Date(Date.now() + 2 * 86_400_000));
    const workingDays: string[] = [];
    for (
      let d = new Date(`${lo}T00:00:00Z`);
      day(d) <= hi;
      d = new Date(d.getTime() + 86_400_000)
    ) {
      if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) workingDays.push(day(d));
    }
    const cal = { lo, hi, workingDays };
    const range = (fromLog: boolean) => ({ accountId, timeZone, from, to, fromLog });
    const f = { accountId, divisionIds: null };
    const cases: [string, (fromLog: boolean) => Promise<unknown>][] = [
      [
        'funnel of each vacancy (by_vacancies, vacancy)',
        (fromLog) =>
          listFunnelStages(db, range(fromLog), { divisionIds: null }, { kind: 'vacancy' }, cal),
      ],
      [
        'funnel of a template (status_group_conversion)',
        (fromLog) =>
          listFunnelStages(
            db,
            range(fromLog),
            { divisionIds: null, statusGroupId: groupId },
            { kind: 'group', statusGroupId: groupId },
            cal,
          ),
      ],
      ['by_sources', (fromLog) => listSources(db, range(fromLog), { divisionIds: null }, columns)],
      [
        'offers made and accepted, now and before',
        (fromLog) =>
          fromLog
            ? countFacts(db, ['offers', 'accepted'], f, { from, to }, { from: before, to: from })
            : countFactsFromSummaries(
                db,
                ['offers', 'accepted'],
                f,
                { from, to },
                { from: before, to: from },
              ),
      ],
      [
        'hires with their placement (time to hire)',
        (fromLog) => hiresWithPlacement(db, f, { from, to }, fromLog),
      ],
    ];
    const only = process.env.EXPLAIN_ONLY;
    for (const [name, run] of cases.filter(([n]) => !only || n.includes(only))) {
      const loadBefore = load();
      const log = await measure(() => run(true));
      printing = printPlans;
      const summaries = await measure(() => run(false));
      printing = false;
      console.log(
        `${span} ${name}: log ${log.ms.toFixed(0)} ms (${log.buffers} buffers) → summaries ` +
          `${summaries.ms.toFixed(0)} ms (${summaries.buffers} buffers), ×${(log.ms / summaries.ms).toFixed(1)}` +
          ` [load ${loadBefore} → ${load()}]`,
      );
    }
  }
} finally {
  await client.end();
}
