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
import type { Db } from '../packages/db/src/connection.ts';
import {
  listFunnelStages,
  listVacanciesInPeriod,
} from '../apps/api/src/modules/analytics/analytics-reports.repository.ts';
import { addDaysIso } from '../apps/api/src/modules/analytics/analytics-scope.ts';
import {
  beforeAfter,
  benchAccount,
  commandLine,
  connectTenant,
  explainBeforeAfter,
  explainPeriods,
  loadAverage,
  median,
  roundsOf,
  weekdayCalendar,
} from './support/tenant-statements.ts';

const { url, printPlans, rounds } = commandLine(
  'analytics-vacancy-funnel-explain.ts <database-url>',
);
const connection = await connectTenant(url);
const { client, tenantDb, backendCpu } = connection;

try {
  const { accountId, timeZone } = await benchAccount(client);
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
  for (const { span, dateFrom, dateTo: today, scope } of explainPeriods({ accountId, timeZone })) {
    const cal = weekdayCalendar(addDaysIso(dateFrom, -1), addDaysIso(today, 1));
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
      const { same, load, before, after } = await explainBeforeAfter(
        connection,
        accountId,
        rounds,
        (db) => run(db, true),
        (db) => run(db, false),
      );
      console.log(
        `${span} (${dateFrom}…${today}) ${name}: before ${beforeAfter(before, 'after', after)}; ` +
          `same answer: ${same} [load ${load} → ${loadAverage()}]`,
      );
      if (backendCpu() !== null) {
        const cpuBefore: number[] = [];
        const cpuAfter: number[] = [];
        await run(tenantDb(accountId, 'answer').db, false);
        for (let i = 0; i < 5; i++) {
          const b = tenantDb(accountId, 'cpu', { serial: true });
          await run(b.db, true);
          cpuBefore.push(...b.cpu);
          const a = tenantDb(accountId, 'cpu', { serial: true });
          await run(a.db, false);
          cpuAfter.push(...a.cpu);
        }
        console.log(
          `  ${span} ${name}: backend CPU, parallel workers off: before ` +
            `${median(cpuBefore).toFixed(1)} ms → after ${median(cpuAfter).toFixed(1)} ms; rounds ` +
            `${roundsOf(cpuBefore)} → ${roundsOf(cpuAfter)}`,
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
