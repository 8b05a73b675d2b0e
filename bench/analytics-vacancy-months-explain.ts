// Each vacancy's funnel of company_analytics_by_vacancies (and its other statement, the vacancies
// of the period) by the server's CPU, this tree's statement against an earlier tree's on the same
// database, as the tenant, on a database the `analytics` entry prepared and kept (BENCH_KEEP_DB=1)
// and migrated to this tree (decision 0105: «reached» over whole months from
// `analytics_vacancy_reach_months`):
//   npx tsx bench/analytics-vacancy-months-explain.ts postgres://…/<copy> --before <dir>
// `<dir>` holds the earlier tree (`git archive <commit> | tar -x -C <dir>`, with `node_modules`
// linked to this one's); its statement reads only the tables it knew. Periods: the last 365 days,
// the last three whole calendar months and the last 30 days; sets: the whole company, a
// top-level division's subtree and the busiest vacancy (EXPLAIN_SETS, comma-separated). Each
// statement's CPU is read from its backend's /proc/<pid>/schedstat around the query (the server
// must be local), parallel workers off, before and after alternated (EXPLAIN_ROUNDS, 7), medians;
// both answers are compared (`isDeepStrictEqual`) in every round. --plans prints both plans.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import type { Db } from '../packages/db/src/connection.ts';
import * as after from '../apps/api/src/modules/analytics/analytics-reports.repository.ts';
import {
  addDaysIso,
  periodScope,
  todayIn,
} from '../apps/api/src/modules/analytics/analytics-scope.ts';
import {
  benchAccount,
  commandLine,
  connectTenant,
  loadAverage,
  median,
  roundsOf,
  weekdayCalendar,
} from './support/tenant-statements.ts';

const { url, beforeDir, printPlans, rounds } = commandLine(
  'analytics-vacancy-months-explain.ts <database-url> --before <dir>',
  { rounds: 7, needsBefore: true },
);
const setNames = (process.env.EXPLAIN_SETS ?? 'company,division,vacancy').split(',');
const before = (await import(
  pathToFileURL(
    path.join(
      path.resolve(beforeDir!),
      'apps/api/src/modules/analytics/analytics-reports.repository.ts',
    ),
  ).href
)) as typeof after;

const { client, tenantDb: asTenant } = await connectTenant(url);
/** As the tenant, read only, parallel workers off: the rows, and the backend's CPU in ms. */
const tenantDb = (accountId: number, mode: 'cpu' | 'print') =>
  asTenant(accountId, mode, { serial: true });

/** The first day of the month `back` months before the month of `iso`. */
const monthStart = (iso: string, back: number) => {
  const [y, m] = iso.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 - back, 1)).toISOString().slice(0, 10);
};

let differ = 0;
try {
  const { accountId, timeZone } = await benchAccount(client);
  const sizes = await client.query<{ days: string; months: string }>(
    `select (select count(*) from analytics_vacancy_reach_days where account_id = $1) as days,
            (select count(*) from analytics_vacancy_reach_months where account_id = $1) as months`,
    [accountId],
  );
  console.log(
    `account ${accountId}: ${sizes.rows[0]!.days} rows of analytics_vacancy_reach_days, ` +
      `${sizes.rows[0]!.months} of analytics_vacancy_reach_months`,
  );
  const subtree = (
    await client.query<{ ids: number[] }>(
      `select array_agg(d.id order by d.id) as ids
       from account_divisions p
       join account_divisions d on d.account_id = p.account_id and (d.id = p.id or d.parent_id = p.id)
       where p.account_id = $1 and p.parent_id is null
       group by p.id order by p.id limit 1`,
      [accountId],
    )
  ).rows[0]?.ids;
  const busiest = (
    await client.query<{ vacancy_id: number }>(
      `select vacancy_id from applications where account_id = $1
       group by vacancy_id order by count(*) desc, vacancy_id limit 1`,
      [accountId],
    )
  ).rows[0]!.vacancy_id;
  const sets: Record<string, after.VacancySet> = {
    company: { divisionIds: null },
    division: { divisionIds: subtree ?? null },
    vacancy: { divisionIds: null, vacancyId: busiest },
  };
  const today = todayIn(timeZone);
  const periods: [string, string, string][] = [
    ['year', addDaysIso(today, -364), today],
    ['three whole months', monthStart(today, 3), addDaysIso(monthStart(today, 0), -1)],
    ['30 days', addDaysIso(today, -29), today],
  ];
  for (const [label, dateFrom, dateTo] of periods) {
    const scope = periodScope({ accountId, userId: 0, timeZone }, dateFrom, dateTo);
    const cal = weekdayCalendar(
      addDaysIso(dateFrom, -1),
      addDaysIso(today > dateTo ? today : dateTo, 1),
    );
    const range = {
      accountId,
      timeZone,
      from: scope.from,
      to: scope.to,
      days: { from: dateFrom, to: dateTo },
    };
    for (const name of setNames) {
      const set = sets[name];
      if (!set) throw new Error(`unknown set ${name}`);
      const funnel = (tree: typeof after, db: Db) =>
        tree.listFunnelStages(db, range, set, { kind: 'vacancy' }, cal);
      // A warm-up of each, then before and after alternated.
      await funnel(before, tenantDb(accountId, 'cpu').db);
      await funnel(after, tenantDb(accountId, 'cpu').db);
      const cpuBefore: number[] = [];
      const cpuAfter: number[] = [];
      const loadBefore = loadAverage();
      let answerRows = 0;
      let sameEveryRound = true;
      for (let i = 0; i < rounds; i++) {
        const b = tenantDb(accountId, 'cpu');
        const old = await funnel(before, b.db);
        const a = tenantDb(accountId, 'cpu');
        const now = await funnel(after, a.db);
        cpuBefore.push(...b.cpu);
        cpuAfter.push(...a.cpu);
        answerRows = now.length;
        if (!isDeepStrictEqual(old, now)) {
          differ++;
          sameEveryRound = false;
          console.log(`DIFFER ${label} ${name} round ${i + 1}`);
        }
      }
      // The report's other statement (unchanged), for the call's whole CPU.
      const v = tenantDb(accountId, 'cpu');
      for (let i = 0; i < 3; i++) await after.listVacanciesInPeriod(v.db, range, set);
      console.log(
        `${label} (${dateFrom}…${dateTo}), ${name}: funnel CPU before ` +
          `${median(cpuBefore).toFixed(1)} ms → after ${median(cpuAfter).toFixed(1)} ms ` +
          `(${answerRows} rows, same answer every round: ${sameEveryRound}); rounds ` +
          `${roundsOf(cpuBefore)} → ${roundsOf(cpuAfter)}; ` +
          `vacancies statement ${median(v.cpu).toFixed(1)} ms [load ${loadBefore} → ${loadAverage()}]`,
      );
      if (printPlans) {
        await funnel(before, tenantDb(accountId, 'print').db);
        await funnel(after, tenantDb(accountId, 'print').db);
      }
    }
  }
} finally {
  await client.end();
}
if (differ) process.exit(1);
