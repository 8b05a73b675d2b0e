// The funnel of a template (status_group_conversion) with its «reached» from the rollup of
// distinct applicants per template stage and day (migration 0091) beside the same statement
// reading the cohort's summaries (`noRollup`, as before 0091), as the tenant, over the last year
// and month, on a database the `analytics` entry prepared and kept (BENCH_KEEP_DB=1):
//   npx tsx bench/analytics-funnel-days-explain.ts postgres://…/ats_bench_analytics_200000_1000000
// Each round runs both statements one right after the other (EXPLAIN (ANALYZE, BUFFERS)), three
// rounds, and prints the medians, the shared buffers and the load average; both answers are read
// too and compared (`isDeepStrictEqual`). EXPLAIN_ROUNDS changes the rounds; --plans prints the
// rollup's plan as text.
import type { Db } from '../packages/db/src/connection.ts';
import { listFunnelStages } from '../apps/api/src/modules/analytics/analytics-reports.repository.ts';
import { addDaysIso } from '../apps/api/src/modules/analytics/analytics-scope.ts';
import {
  beforeAfter,
  benchAccount,
  commandLine,
  connectTenant,
  explainBeforeAfter,
  explainPeriods,
  loadAverage,
  weekdayCalendar,
} from './support/tenant-statements.ts';

const { url, printPlans, rounds } = commandLine('analytics-funnel-days-explain.ts <database-url>');
const connection = await connectTenant(url);
const { client, tenantDb } = connection;

try {
  const { accountId, timeZone } = await benchAccount(client);
  const owner = await client.query<{ group_id: number }>(
    `select (select g.id from status_groups g where g.account_id = $1
             order by g.is_favorite desc, g.position, g.id limit 1) as group_id`,
    [accountId],
  );
  const { group_id: groupId } = owner.rows[0]!;
  const sizes = await client.query<{ summaries: string; funnel_days: string }>(
    `select (select count(*) from analytics_application_summaries where account_id = $1) as summaries,
            (select count(*) from analytics_funnel_days where account_id = $1) as funnel_days`,
    [accountId],
  );
  console.log(
    `account ${accountId}: ${sizes.rows[0]!.summaries} summaries, ` +
      `${sizes.rows[0]!.funnel_days} rows of analytics_funnel_days; template ${groupId}`,
  );
  for (const { span, dateFrom, dateTo: today, scope } of explainPeriods({ accountId, timeZone })) {
    const cal = weekdayCalendar(addDaysIso(dateFrom, -1), addDaysIso(today, 1));
    const run = (db: Db, noRollup: boolean) =>
      listFunnelStages(
        db,
        { accountId, timeZone, from: scope.from, to: scope.to, noRollup },
        { divisionIds: null, statusGroupId: groupId },
        { kind: 'group', statusGroupId: groupId },
        cal,
      );
    const { same, load, before, after } = await explainBeforeAfter(
      connection,
      accountId,
      rounds,
      (db) => run(db, true),
      (db) => run(db, false),
    );
    console.log(
      `${span} (${dateFrom}…${today}) template funnel: summaries ${beforeAfter(before, 'rollup', after)}; ` +
        `same answer: ${same} [load ${load} → ${loadAverage()}]`,
    );
    if (printPlans) await run(tenantDb(accountId, 'print').db, false);
  }
} finally {
  await client.end();
}
