// The answers of the report by source, by vacancy (the whole company and a division's subtree), of
// one vacancy and of the recruiters' vacancy details
// compared between this tree and an earlier one, on a database the `analytics` entry prepared and
// kept (BENCH_KEEP_DB=1; migrated to this tree's migrations):
//   npx tsx bench/analytics-answers-compare.ts postgres://…/ats_bench_analytics_200000_1000000 \
//     --before <dir>
// `<dir>` holds the earlier tree (`git archive <commit> apps packages | tar -x -C <dir>`, with
// `node_modules` linked to this one's). Periods: the last year, quarter, month and week, a month
// a year ago, the previous year and the last three whole calendar months; vacancies: the
// busiest, a few spread over the sizes and a closed one (EXPLAIN_VACANCIES: how many, 8 by
// default). Each pair of answers is compared with `isDeepStrictEqual`; the first difference is
// printed and the exit code is 1.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../packages/db/src/connection.ts';
import { tenantFor } from '../apps/api/src/platform/tenancy.ts';
import {
  addDaysIso,
  periodScope,
  todayIn,
} from '../apps/api/src/modules/analytics/analytics-scope.ts';

const url = process.argv[2];
const beforeAt = process.argv.indexOf('--before');
const beforeDir = beforeAt > 0 ? process.argv[beforeAt + 1] : undefined;
if (!url || !beforeDir) {
  throw new Error('usage: analytics-answers-compare.ts <database-url> --before <dir>');
}
const vacancyCount = Number(process.env.EXPLAIN_VACANCIES ?? 8);
/** The first day of the month `back` months before the month of `iso`. */
const monthStart = (iso: string, back: number) => {
  const [y, m] = iso.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 - back, 1)).toISOString().slice(0, 10);
};

async function reportsOf(root: string) {
  const file = path.join(root, 'apps/api/src/modules/analytics/analytics-reports.service.ts');
  return (await import(pathToFileURL(file).href)) as Record<
    string,
    (tenant: unknown, scope: unknown, query: object) => Promise<unknown>
  >;
}

const database = await openDatabase({ databaseUrl: url, dataDir: '', poolSize: 2 });
const client = new pg.Client({ connectionString: url });
await client.connect();
let differ = 0;
let compared = 0;
try {
  const { rows } = await client.query<{ comment: string }>(
    `select shobj_description(oid, 'pg_database') as comment from pg_database
     where datname = current_database()`,
  );
  const accountId = (JSON.parse(rows[0]?.comment ?? '{}') as { accountId: number }).accountId;
  const owner = await client.query<{ time_zone: string; user_id: number }>(
    `select coalesce(nullif(a.time_zone, ''), 'Europe/Moscow') as time_zone,
            (select u.id from users u where u.account_id = a.id order by u.id limit 1) as user_id
     from accounts a where a.id = $1`,
    [accountId],
  );
  const { time_zone: timeZone, user_id: userId } = owner.rows[0]!;
  const sized = await client.query<{ id: number; state: string }>(
    `select v.id, v.state from vacancies v
     left join lateral (select count(*) as n from applications p
                        where p.account_id = v.account_id and p.vacancy_id = v.id) c on true
     where v.account_id = $1
     order by c.n desc, v.id`,
    [accountId],
  );
  const all = sized.rows;
  const step = Math.max(1, Math.floor(all.length / Math.max(1, vacancyCount - 1)));
  const picked = new Set<number>();
  for (let i = 0; i < all.length && picked.size < vacancyCount - 1; i += step) {
    picked.add(all[i]!.id);
  }
  const closed = all.find((v) => v.state === 'closed' && !picked.has(v.id));
  if (closed) picked.add(closed.id);
  const tenant = tenantFor(database, accountId, userId);
  const after = await reportsOf(path.resolve(import.meta.dirname, '..'));
  const before = await reportsOf(path.resolve(beforeDir));
  const today = todayIn(timeZone);
  const periods: [string, string, string][] = [
    ['year', addDaysIso(today, -364), today],
    ['quarter', addDaysIso(today, -89), today],
    ['month', addDaysIso(today, -29), today],
    ['week', addDaysIso(today, -6), today],
    ['a month a year ago', addDaysIso(today, -394), addDaysIso(today, -365)],
    ['the previous year', addDaysIso(today, -729), addDaysIso(today, -365)],
    ['three whole months', monthStart(today, 3), addDaysIso(monthStart(today, 0), -1)],
  ];
  // The first top-level division and its children (the bench's tree is 4 + 16), for the report
  // by vacancy narrowed to a subtree.
  const division = await client.query<{ ids: number[] }>(
    `select array_agg(d.id order by d.id) as ids
     from account_divisions p
     join account_divisions d on d.account_id = p.account_id and (d.id = p.id or d.parent_id = p.id)
     where p.account_id = $1 and p.parent_id is null
     group by p.id order by p.id limit 1`,
    [accountId],
  );
  const subtree = division.rows[0]?.ids ?? null;
  const check = async (label: string, call: string, query: object, scope: unknown) => {
    const b = await before[call]!(tenant, scope, query);
    const a = await after[call]!(tenant, scope, query);
    compared++;
    if (!isDeepStrictEqual(a, b)) {
      differ++;
      console.log(`DIFFER ${label} ${call} ${JSON.stringify(query)}`);
      console.log(`  before: ${JSON.stringify(b).slice(0, 2000)}`);
      console.log(`  after:  ${JSON.stringify(a).slice(0, 2000)}`);
    }
  };
  for (const [label, from, to] of periods) {
    const scope = periodScope({ accountId, userId, timeZone }, from, to);
    await check(label, 'analyticsBySources', {}, scope);
    await check(label, 'recruiterVacanciesDetails', {}, scope);
    await check(label, 'recruiterVacanciesDetails', { state: 'closed' }, scope);
    await check(label, 'analyticsByVacancies', {}, scope);
    if (subtree) {
      const narrowed = periodScope({ accountId, userId, timeZone }, from, to, subtree, subtree[0]);
      await check(`${label}, division ${subtree[0]}`, 'analyticsByVacancies', {}, narrowed);
    }
    for (const id of picked) await check(label, 'vacancyAnalytics', { vacancy_id: id }, scope);
    console.log(`${label}: ${compared} compared, ${differ} differ`);
  }
} finally {
  await client.end();
  await database.close();
}
if (differ) process.exit(1);
