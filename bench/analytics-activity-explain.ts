// Where the time of the activity calls goes (company_base_indicators, company_count_applicants,
// company_count_applicants_by_period, recruiter_vacancies_details), over the last year and month,
// on a database the `analytics` entry prepared and kept (BENCH_KEEP_DB=1; it is migrated first):
//   npx tsx bench/analytics-activity-explain.ts postgres://…/ats_bench_analytics_200000_1000000 \
//     [--before <dir>]
// `EXPLAIN_ALL=1` adds every other call (the vacancy calls and the funnel's asked for the base's
// busiest vacancy and its funnel).
// `<dir>` holds an earlier tree of the sources (`git archive <commit> apps packages | tar -x -C
// <dir>`, with `node_modules` linked to this one's): its services run beside this tree's, one
// right after the other, and their answers are compared (`isDeepStrictEqual`).
// Per call, period and version, three rounds (EXPLAIN_ROUNDS), medians: the round trips of one
// request (every `pg` query: the transactions' opening and commit included), the statements that
// read, the call's wall and CPU time in this process (services, driver, formatting), and the
// sum of EXPLAIN (ANALYZE, BUFFERS) execution times of its statements as the tenant, with their
// shared buffers. `--plans` prints each statement's plan of the last version as text.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../packages/db/src/connection.ts';
import { tenantFor, type Tenant } from '../apps/api/src/platform/tenancy.ts';
import type { AnalyticsScope } from '../apps/api/src/modules/analytics/analytics-scope.ts';
import {
  benchAccount,
  commandLine,
  connectTenant,
  explainPeriods,
  loadAverage,
  median,
} from './support/tenant-statements.ts';

const { url, beforeDir, printPlans, rounds } = commandLine(
  'analytics-activity-explain.ts <database-url> [--before <dir>]',
);
const only = process.env.EXPLAIN_CALLS?.split(',');

type Report = (tenant: Tenant, scope: AnalyticsScope, query: object) => Promise<unknown>;
type Calls = Record<string, Report>;

/** What the other calls (`EXPLAIN_ALL=1`) are asked for: the busiest vacancy and its funnel. */
type Ids = { vacancyId: number; statusGroupId: number };

async function callsOf(root: string, ids?: Ids): Promise<Calls> {
  const dir = path.join(root, 'apps/api/src/modules/analytics');
  const company = await import(pathToFileURL(path.join(dir, 'analytics-company.service.ts')).href);
  const reports = await import(pathToFileURL(path.join(dir, 'analytics-reports.service.ts')).href);
  const calls: Calls = {
    company_base_indicators: company.companyBaseIndicators,
    company_count_applicants: company.companyCountApplicants,
    company_count_applicants_by_period: company.companyCountApplicantsByPeriod,
    recruiter_vacancies_details: reports.recruiterVacanciesDetails,
  };
  if (!ids) return calls;
  const vacancy = { vacancy_id: ids.vacancyId };
  const asked =
    (report: Report, query: object): Report =>
    (tenant, scope) =>
      report(tenant, scope, query);
  return {
    ...calls,
    company_analytics_by_sources: reports.analyticsBySources,
    company_analytics_by_vacancies: reports.analyticsByVacancies,
    company_reasons_rejection: company.companyReasonsRejection,
    recruiter_count_applicants: reports.recruiterCountApplicants,
    recruiter_count_applicants_by_period: reports.recruiterCountApplicantsByPeriod,
    recruiter_vacancies: reports.recruiterVacancies,
    vacancy: asked(reports.vacancyAnalytics, vacancy),
    vacancy_count_applicants: asked(reports.vacancyCountApplicants, vacancy),
    vacancy_count_applicants_by_period: asked(reports.vacancyCountApplicantsByPeriod, vacancy),
    vacancy_reasons_rejection: asked(reports.vacancyReasonsRejection, vacancy),
    status_group_conversion: asked(reports.statusGroupConversion, {
      status_group_id: ids.statusGroupId,
    }),
  };
}

// Every query of the process is seen here while `recording` is set.
type Sent = { text: string; values: unknown[] };
let recording: Sent[] | null = null;
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  if (recording) {
    const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown];
    if (typeof first === 'string') {
      recording.push({ text: first, values: Array.isArray(second) ? second : [] });
    } else if (first && typeof first === 'object' && 'text' in first) {
      recording.push({
        text: first.text,
        values: first.values ?? (Array.isArray(second) ? second : []),
      });
    }
  }
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

const reads = (sent: Sent[]) =>
  sent.filter(
    (s) =>
      /^[\s(]*(select|with)\b/i.test(s.text) &&
      !/set_config\(|txid_current_if_assigned|;\s*commit/i.test(s.text),
  );

const database = await openDatabase({ databaseUrl: url, dataDir: '', poolSize: 2 });
const { client: explainer, tenantDb } = await connectTenant(url);

/** EXPLAIN (ANALYZE, BUFFERS) of a statement as the tenant (printed first when `print`). */
async function explain(accountId: number, s: Sent, print: boolean) {
  if (print) await tenantDb(accountId, 'print').run(s.text, s.values);
  const { run, plans } = tenantDb(accountId, 'explain');
  await run(s.text, s.values);
  return plans[0]!;
}

type Figures = {
  trips: number;
  statements: number;
  wall: number;
  cpu: number;
  sql: number;
  buffers: number;
  answer: unknown;
};

async function measure(
  report: Report,
  tenant: Tenant,
  scope: AnalyticsScope,
  print: boolean,
): Promise<Figures> {
  const runs: Omit<Figures, 'answer'>[] = [];
  let answer: unknown;
  for (let i = 0; i < rounds; i++) {
    recording = [];
    const cpu = process.cpuUsage();
    const start = performance.now();
    answer = await report(tenant, scope, {});
    const wall = performance.now() - start;
    const used = process.cpuUsage(cpu);
    const sent = recording;
    recording = null;
    let sql = 0;
    let buffers = 0;
    for (const s of reads(sent)) {
      const plan = await explain(tenant.accountId, s, print && i === rounds - 1);
      sql += plan.ms;
      buffers += plan.buffers;
    }
    runs.push({
      trips: sent.length,
      statements: reads(sent).length,
      wall,
      cpu: (used.user + used.system) / 1000,
      sql,
      buffers,
    });
  }
  return {
    trips: runs[0]!.trips,
    statements: runs[0]!.statements,
    wall: median(runs.map((r) => r.wall)),
    cpu: median(runs.map((r) => r.cpu)),
    sql: median(runs.map((r) => r.sql)),
    buffers: runs[0]!.buffers,
    answer,
  };
}

const show = (f: Figures) =>
  `${f.trips} trips, ${f.statements} statements, wall ${f.wall.toFixed(0)} ms, ` +
  `CPU ${f.cpu.toFixed(0)} ms, SQL ${f.sql.toFixed(0)} ms (${f.buffers} buffers)`;

try {
  const { accountId, timeZone } = await benchAccount(explainer);
  const owner = await explainer.query<{ user_id: number }>(
    `select (select u.id from users u where u.account_id = $1 order by u.id limit 1) as user_id`,
    [accountId],
  );
  const { user_id: userId } = owner.rows[0]!;
  const tenant = tenantFor(database, accountId, userId);
  let ids: Ids | undefined;
  if (process.env.EXPLAIN_ALL === '1') {
    const busiest = await explainer.query<Ids>(
      `select v.id as "vacancyId", v.status_group_id as "statusGroupId"
       from vacancies v
       where v.account_id = $1 and v.status_group_id is not null
       order by (select count(*) from applications p
                 where p.account_id = v.account_id and p.vacancy_id = v.id) desc, v.id
       limit 1`,
      [accountId],
    );
    ids = busiest.rows[0];
  }
  const after = await callsOf(path.resolve(import.meta.dirname, '..'), ids);
  const before = beforeDir ? await callsOf(path.resolve(beforeDir), ids) : undefined;
  for (const { span, scope } of explainPeriods({ accountId, timeZone, userId })) {
    for (const call of Object.keys(after)) {
      if (only && !only.includes(call)) continue;
      const loadBefore = loadAverage();
      const b = before ? await measure(before[call]!, tenant, scope, false) : undefined;
      const a = await measure(after[call]!, tenant, scope, printPlans);
      console.log(
        `${span} ${call} [load ${loadBefore} → ${loadAverage()}]\n` +
          (b
            ? `  before: ${show(b)}\n  after:  ${show(a)}\n` +
              `  SQL ×${(b.sql / a.sql).toFixed(1)}, wall ×${(b.wall / a.wall).toFixed(1)}, ` +
              `same answer: ${isDeepStrictEqual(a.answer, b.answer)}`
            : `  ${show(a)}`),
      );
    }
  }
} finally {
  await explainer.end();
  await database.close();
}
