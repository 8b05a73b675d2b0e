// The team bench's search and home statements side by side on copies of one team base (bench/
// generate-team.ts), each as the tenant reads it, with EXPLAIN (ANALYZE, BUFFERS): decision 0091.
//
//   BENCH_EXPLAIN_URLS=postgres://…/before,postgres://…/after npx tsx bench/search-home-explain.ts
//
// Every database is a copy of the same base (one at the old migrations, one at the new), so the
// same queries are drawn from each. Per kind of search (a surname, six digits of a phone, the start
// of an e-mail, each résumé word the team bench sends) and per home statement (the overdue one also
// as it was before decision 0091, whose answers the new one must equal): a warm-up pass,
// then BENCH_EXPLAIN_ROUNDS (3) rounds interleaved over the databases; printed per database the
// median over rounds of the kind's p50 and p95 (execution + planning, ms) and of its buffers, and
// whether every answer was the same as the first database's. Home's two statements are measured
// unnamed and named (prepared once, the plan cache's choice, as the API sends them since decision
// 0095); BENCH_EXPLAIN_HOME_ONLY=1 leaves search out.
import { createHash } from 'node:crypto';
import { PgDialect } from 'drizzle-orm/pg-core';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { applicantListPageQuery } from '../apps/api/src/modules/applicants/applicant-list.repository.ts';
import {
  myOpenVacanciesQuery,
  overdueApplicationsQuery,
} from '../apps/api/src/modules/home/home.repository.ts';
import { applicantNameParts } from '../apps/api/src/platform/person-name.ts';
import { HOME_OVERDUE_LIMIT } from '../packages/contracts/src/home.ts';
import { percentile, processCpuMs } from './support/load.ts';

const urls = (process.env.BENCH_EXPLAIN_URLS ?? '').split(',').filter(Boolean);
const rounds = Number(process.env.BENCH_EXPLAIN_ROUNDS ?? 3);
const perKind = Number(process.env.BENCH_EXPLAIN_PER_KIND ?? 40);
/** BENCH_EXPLAIN_HOME_ONLY=1: home's statements alone, no search. */
const homeOnly = process.env.BENCH_EXPLAIN_HOME_ONLY === '1';
if (urls.length === 0) {
  console.error('BENCH_EXPLAIN_URLS: one or more comma-separated database URLs of team bases');
  process.exit(2);
}

const dialect = new PgDialect({ casing: 'snake_case' });
/**
 * `prepared`: sent as `database.readAsTenant` sends it (a named statement, the plan cache's
 * choice); else as `tenant.transaction` runs it (unnamed: planned with the values each time).
 * `sameAs`: the index of a case whose answer this one must equal (a statement and its rewrite).
 */
type Case = { kind: string; label: string; query: SQL; prepared: boolean; sameAs?: number };

/** The overdue statement as it was before decision 0091, for the side-by-side. */
const overdueBefore = (accountId: number, userId: number, limit: number) => sql`
    select a.id as application_id, a.applicant_id,
           ${applicantNameParts('p')} as applicant_person,
           v.id as vacancy_id, v.position as vacancy_position,
           s.id as status_id, s.name as status_name, s.stay_duration,
           floor(extract(epoch from now() - a.entered_status_at) / 86400)::int as days_in_status,
           a.entered_status_at
    from vacancy_members m
    join vacancies v on v.account_id = m.account_id and v.id = m.vacancy_id and v.state = 'open'
    join applications a on a.account_id = m.account_id and a.vacancy_id = m.vacancy_id
    join statuses s on s.account_id = a.account_id and s.id = a.status_id
    join applicants p on p.account_id = a.account_id and p.id = a.applicant_id
    where m.account_id = ${accountId} and m.user_id = ${userId}
      and s.stay_duration is not null and not s.is_reject and s.status_type <> 'hired'
      and a.entered_status_at < now() - make_interval(days => s.stay_duration)
      and p.archived_at is null and not exists (select 1 from user_status_rights r
        where r.account_id = s.account_id and r.status_id = s.id and r.user_id = ${userId}
          and not r.is_read)
    order by a.entered_status_at, a.id
    limit ${limit}`;

/** The big account, its admin, and the statements to measure, read from the first database. */
async function readCases(url: string): Promise<{ accountId: number; cases: Case[] }> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const q = async (text: string) => (await c.query(text)).rows as Record<string, unknown>[];
    const [big] = await q(
      `select account_id from applicants group by account_id order by count(*) desc limit 1`,
    );
    const accountId = Number(big!.account_id);
    const [admin] = await q(
      `select id from users where account_id = ${accountId} and is_admin order by id limit 1`,
    );
    const adminId = Number(admin!.id);
    // The team bench draws 300 people at random; a fixed spread of ids here, the same on every copy.
    const people = await q(
      `select last_name, phone, email from applicants
       where account_id = ${accountId} and last_name is not null and id % 97 = 0
       order by id limit ${perKind}`,
    );
    const cases: Case[] = [];
    const search = (kind: string, text: string) => {
      if (homeOnly) return;
      cases.push({
        kind,
        label: text,
        query: applicantListPageQuery(
          accountId,
          adminId,
          { search: text },
          { page: 1, perPage: 30 },
        ).query,
        prepared: true,
      });
    };
    for (const p of people) {
      search('surname', String(p.last_name));
      const digits = String(p.phone ?? '').replace(/\D/g, '');
      if (digits.length >= 7) search('phone, 6 digits', digits.slice(-7, -1));
      const email = String(p.email ?? '');
      const at = email.indexOf('@');
      if (at > 4) search('e-mail start', email.slice(0, Math.min(at, 7)));
    }
    for (const word of [
      'бухгалтер',
      'менеджер по продажам',
      'Python',
      'логистика',
      'Вишневецкая',
    ]) {
      search(`«${word}»`, word);
    }
    // Home: the owners of the most open vacancies and the hiring managers (watchers).
    const members = await q(
      `select m.user_id from vacancy_members m
       join vacancies v on v.account_id = m.account_id and v.id = m.vacancy_id and v.state = 'open'
       where m.account_id = ${accountId}
       group by m.user_id order by count(*) desc, m.user_id limit ${perKind}`,
    );
    for (const m of members) {
      const userId = Number(m.user_id);
      cases.push({
        kind: 'home: open vacancies',
        label: `user ${userId}`,
        query: myOpenVacanciesQuery(accountId, userId),
        prepared: false,
      });
      cases.push({
        kind: 'home: overdue, before 0091',
        label: `user ${userId}`,
        query: overdueBefore(accountId, userId, HOME_OVERDUE_LIMIT),
        prepared: false,
      });
      cases.push({
        kind: 'home: overdue',
        label: `user ${userId}`,
        query: overdueApplicationsQuery(accountId, userId, HOME_OVERDUE_LIMIT),
        prepared: false,
        sameAs: cases.length - 1,
      });
      // As the API sends them since decision 0095: named, planned once per connection.
      cases.push({
        kind: 'home: open vacancies, named',
        label: `user ${userId}`,
        query: myOpenVacanciesQuery(accountId, userId),
        prepared: true,
        sameAs: cases.length - 3,
      });
      cases.push({
        kind: 'home: overdue, named',
        label: `user ${userId}`,
        query: overdueApplicationsQuery(accountId, userId, HOME_OVERDUE_LIMIT),
        prepared: true,
        sameAs: cases.length - 2,
      });
    }
    return { accountId, cases };
  } finally {
    await c.end();
  }
}

type Measured = { ms: number; buffers: number; cpuMs: number; answer: string };

/** One statement as `database.readAsTenant` sends it (prepared once), explained, then answered. */
async function measure(
  c: pg.Client,
  backend: number,
  prepared: Set<string>,
  accountId: number,
  k: Case,
): Promise<Measured> {
  const { sql: text, params } = dialect.sqlToQuery(k.query);
  let explain: pg.QueryConfig;
  let execute: pg.QueryConfig;
  if (k.prepared) {
    const name = `explain_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    if (!prepared.has(name)) {
      await c.query(`prepare ${name} as ${text}`);
      prepared.add(name);
    }
    const args = params
      .map((p) =>
        typeof p === 'number'
          ? String(p)
          : c.escapeLiteral(typeof p === 'string' ? p : JSON.stringify(p)),
      )
      .join(', ');
    const statement = `execute ${name}${args ? `(${args})` : ''}`;
    explain = { text: `explain (analyze, buffers, format json) ${statement}` };
    execute = { text: statement };
  } else {
    explain = { text: `explain (analyze, buffers, format json) ${text}`, values: params };
    execute = { text, values: params };
  }
  await c.query(
    `begin read only; set local role ats_app; select set_config('app.account_id', '${accountId}', true)`,
  );
  try {
    const explained = await c.query(explain);
    const plan = (explained.rows[0] as { 'QUERY PLAN': Record<string, unknown>[] })[
      'QUERY PLAN'
    ][0]!;
    const top = plan.Plan as Record<string, number>;
    const cpuBefore = processCpuMs(backend);
    const answer = await c.query(execute);
    const cpuMs = processCpuMs(backend) - cpuBefore;
    return {
      cpuMs,
      ms: Number(plan['Execution Time']) + Number(plan['Planning Time'] ?? 0),
      buffers: (top['Shared Hit Blocks'] ?? 0) + (top['Shared Read Blocks'] ?? 0),
      answer: createHash('sha1').update(JSON.stringify(answer.rows)).digest('hex'),
    };
  } finally {
    await c.query('commit');
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function main() {
  const { accountId, cases } = await readCases(urls[0]!);
  const clients = await Promise.all(
    urls.map(async (url) => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      return c;
    }),
  );
  const backends = await Promise.all(
    clients.map(async (c) => Number((await c.query('select pg_backend_pid() as pid')).rows[0].pid)),
  );
  const prepared = urls.map(() => new Set<string>());
  // results[db][case] = measurements over rounds
  const results = urls.map(() => cases.map(() => [] as Measured[]));
  try {
    for (let round = 0; round <= rounds; round++) {
      for (const [d, c] of clients.entries()) {
        for (const [i, k] of cases.entries()) {
          const m = await measure(c, backends[d]!, prepared[d]!, accountId, k);
          if (round > 0) results[d]![i]!.push(m); // round 0 warms up
        }
      }
      if (round > 0) console.error(`round ${round} of ${rounds} done`);
    }
  } finally {
    await Promise.all(clients.map((c) => c.end()));
  }
  const kinds = [...new Set(cases.map((k) => k.kind))];
  console.log(`account ${accountId}; ${rounds} rounds after a warm-up; ms = execution + planning`);
  console.log(
    [
      'kind',
      'n',
      ...urls.map((_, d) => `db${d + 1}: p50 / p95 ms, buffers p50 / p95, server CPU ms per call`),
    ].join(' | '),
  );
  let differ = 0;
  for (const kind of kinds) {
    const idx = cases.flatMap((k, i) => (k.kind === kind ? [i] : []));
    const cells = urls.map((_, d) => {
      const perRound = Array.from({ length: rounds }, (_, r) => {
        const ms = idx.map((i) => results[d]![i]![r]!.ms).sort((a, b) => a - b);
        const buf = idx.map((i) => results[d]![i]![r]!.buffers).sort((a, b) => a - b);
        return [percentile(ms, 50), percentile(ms, 95), percentile(buf, 50), percentile(buf, 95)];
      });
      const [p50, p95, b50, b95] = [0, 1, 2, 3].map((j) => median(perRound.map((x) => x[j]!)));
      const cpu = idx.reduce((sum, i) => sum + results[d]![i]!.reduce((t, m) => t + m.cpuMs, 0), 0);
      const calls = idx.length * rounds;
      return `${p50!.toFixed(1)} / ${p95!.toFixed(1)} ms, ${Math.round(b50!)} / ${Math.round(b95!)}, ${(cpu / calls).toFixed(1)}`;
    });
    for (const i of idx) {
      const twin = cases[i]!.sameAs;
      for (let d = 0; d < urls.length && twin !== undefined; d++) {
        if (results[d]![i]![0]!.answer !== results[d]![twin]![0]!.answer) {
          differ++;
          console.error(`answers differ: ${cases[i]!.kind} ${cases[i]!.label} (db${d + 1})`);
        }
      }
      for (let d = 1; d < urls.length; d++) {
        if (results[d]![i]![0]!.answer !== results[0]![i]![0]!.answer) {
          differ++;
          console.error(`answers differ: ${cases[i]!.kind} ${cases[i]!.label} (db${d + 1})`);
        }
      }
    }
    console.log([kind, idx.length, ...cells].join(' | '));
  }
  console.log(
    `answers: ${differ === 0 ? 'the same on every database and of every rewrite' : `${differ} differ`}`,
  );
}

await main();
