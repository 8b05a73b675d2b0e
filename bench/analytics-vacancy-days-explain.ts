// The statement of recruiter_vacancies_details (and the report by vacancy: listVacanciesInPeriod)
// with each vacancy's placed and hired from the activity rollup's kinds per vacancy (migration
// 0097) beside the same statement reading them from the log (no `days`, as before 0097), as the
// tenant, over the last year and month, on a database the `analytics` entry prepared and kept
// (BENCH_KEEP_DB=1), migrated:
//   npx tsx bench/analytics-vacancy-days-explain.ts postgres://…/ats_bench_analytics_200000_1000000
// Each round runs both statements one right after the other (EXPLAIN (ANALYZE, BUFFERS)), three
// rounds (EXPLAIN_ROUNDS), and prints the medians, the shared buffers and the load average; both
// answers are read too and compared (`isDeepStrictEqual`). --plans prints the rollup's plan.
import type { Db } from '../packages/db/src/connection.ts';
import { listVacanciesInPeriod } from '../apps/api/src/modules/analytics/analytics-reports.repository.ts';
import {
  beforeAfter,
  benchAccount,
  commandLine,
  connectTenant,
  explainBeforeAfter,
  explainPeriods,
  loadAverage,
} from './support/tenant-statements.ts';

const { url, printPlans, rounds } = commandLine(
  'analytics-vacancy-days-explain.ts <database-url> [--plans]',
);
const connection = await connectTenant(url);
const { client, tenantDb } = connection;

try {
  const { accountId, timeZone } = await benchAccount(client);
  const sizes = await client.query<{ rows: string }>(
    `select count(*) as rows from analytics_activity_days d where d.account_id = $1
       and d.kind in ('placed_vacancy', 'hired_vacancy')`,
    [accountId],
  );
  console.log(`account ${accountId}: ${sizes.rows[0]!.rows} day rows of the kinds per vacancy`);
  for (const { span, dateFrom, dateTo: today, scope } of explainPeriods({ accountId, timeZone })) {
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
    const { same, load, before, after } = await explainBeforeAfter(
      connection,
      accountId,
      rounds,
      (db) => run(db, false),
      (db) => run(db, true),
    );
    if (printPlans) await run(tenantDb(accountId, 'print').db, true);
    console.log(
      `${span} (${dateFrom}…${today}) vacancies: log ${beforeAfter(before, 'rollup', after)}; ` +
        `same answer: ${same} [load ${load} → ${loadAverage()}]`,
    );
  }
} finally {
  await client.end();
}
