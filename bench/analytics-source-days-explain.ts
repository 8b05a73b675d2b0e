// The report by resume source (company_analytics_by_sources) with its «came» and «hired» from the
// activity rollup (migration 0092: kinds placed_source, hired_source) beside the same statement
// reading them from the log (`noRollup`, as before 0092), as the tenant, over the last year and
// month, on a database the `analytics` entry prepared and kept (BENCH_KEEP_DB=1), migrated:
//   npx tsx bench/analytics-source-days-explain.ts postgres://…/ats_bench_analytics_200000_1000000
// Each round runs both statements one right after the other (EXPLAIN (ANALYZE, BUFFERS)), three
// rounds, and prints the medians, the shared buffers and the load average; both answers are read
// too and compared (`isDeepStrictEqual`). EXPLAIN_ROUNDS changes the rounds; --plans prints the
// rollup's plan as text.
import type { Db } from '../packages/db/src/connection.ts';
import {
  listDefaultFunnelStages,
  listSources,
} from '../apps/api/src/modules/analytics/analytics-reports.repository.ts';
import {
  beforeAfter,
  benchAccount,
  commandLine,
  connectTenant,
  explainBeforeAfter,
  explainPeriods,
  loadAverage,
} from './support/tenant-statements.ts';

const { url, printPlans, rounds } = commandLine('analytics-source-days-explain.ts <database-url>');
const connection = await connectTenant(url);
const { client, tenantDb } = connection;

try {
  const { accountId, timeZone } = await benchAccount(client);
  const sizes = await client.query<{ summaries: string; source_days: string }>(
    `select (select count(*) from analytics_application_summaries where account_id = $1) as summaries,
            (select count(*) from analytics_activity_days where account_id = $1
               and kind in ('placed_source', 'hired_source')) as source_days`,
    [accountId],
  );
  console.log(
    `account ${accountId}: ${sizes.rows[0]!.summaries} summaries, ` +
      `${sizes.rows[0]!.source_days} rows of analytics_activity_days by source`,
  );
  const columns = await listDefaultFunnelStages(tenantDb(accountId, 'answer').db, accountId);
  for (const { span, dateFrom, dateTo: today, scope } of explainPeriods({ accountId, timeZone })) {
    const run = (db: Db, noRollup: boolean) =>
      listSources(
        db,
        { accountId, timeZone, from: scope.from, to: scope.to, noRollup },
        { divisionIds: null },
        columns,
      );
    const { same, load, before, after } = await explainBeforeAfter(
      connection,
      accountId,
      rounds,
      (db) => run(db, true),
      (db) => run(db, false),
    );
    console.log(
      `${span} (${dateFrom}…${today}) by_sources: log ${beforeAfter(before, 'rollup', after)}; ` +
        `same answer: ${same} [load ${load} → ${loadAverage()}]`,
    );
    if (printPlans) await run(tenantDb(accountId, 'print').db, false);
  }
} finally {
  await client.end();
}
