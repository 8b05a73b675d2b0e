// EXPLAIN ANALYZE of the reference SQL (analytics-reference-sql.ts) as the tenant, over the last
// year and month, on a database the `analytics` entry prepared and kept (BENCH_KEEP_DB=1):
//   npx tsx bench/analytics-explain.ts postgres://…/ats_bench_analytics_1000000_5000000
// Prints each query's execution time and the plan's scan nodes: how migration 0040 was checked.
import pg from 'pg';
import { REFERENCE_QUERIES } from './analytics-reference-sql.ts';

const url = process.argv[2];
if (!url) throw new Error('usage: analytics-explain.ts <database-url>');
const client = new pg.Client({ connectionString: url });
await client.connect();
try {
  const { rows } = await client.query<{ comment: string }>(
    `select shobj_description(oid, 'pg_database') as comment from pg_database
     where datname = current_database()`,
  );
  const meta = JSON.parse(rows[0]?.comment ?? '{}') as { accountId: number; busyVacancyId: number };
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const tomorrow = day(new Date(Date.now() + 86_400_000));
  for (const [span, days] of [
    ['year', 364],
    ['month', 29],
  ] as const) {
    const params = {
      accountId: meta.accountId,
      from: day(new Date(Date.now() - days * 86_400_000)),
      to: tomorrow,
      vacancyId: meta.busyVacancyId,
    };
    for (const ref of REFERENCE_QUERIES) {
      await client.query('begin read only');
      await client.query('set local role ats_app');
      await client.query(`select set_config('app.account_id', '${meta.accountId}', true)`);
      const plan = await client.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, costs off, timing off, summary on) ${ref.text(params)}`,
      );
      await client.query('commit');
      const lines = plan.rows.map((r) => r['QUERY PLAN']);
      const time = lines.find((l) => l.startsWith('Execution Time')) ?? '';
      const scans = lines
        .filter((l) => /Scan|Join|Aggregate/.test(l))
        .map((l) => l.trim().replace(/\s+\(actual.*$/, ''))
        .slice(0, 6);
      console.log(`${span} ${ref.key}: ${time}\n    ${scans.join('\n    ')}`);
    }
  }
} finally {
  await client.end();
}
