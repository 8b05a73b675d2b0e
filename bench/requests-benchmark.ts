// `requests`: the list of hiring requests (GET /api/vacancy_applications) over 10,000 requests of
// one account, with its tabs and filters, several users at once and writes mixed in, against the
// SQL it runs. PostgreSQL only. See bench/README.md.
import os from 'node:os';
import { type Database, openDatabase, selectRows } from '@ats/db/connection';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as repo from '../apps/api/src/modules/vacancy-applications/vacancy-applications.repository.ts';
import type { RequestFilter } from '../apps/api/src/modules/vacancy-applications/vacancy-applications.repository.ts';
import { requestVisibility } from '../apps/api/src/modules/vacancy-applications/vacancy-applications.policy.ts';
import { hashToken } from '../apps/api/src/platform/secrets.ts';
import { tenantFor } from '../apps/api/src/platform/tenancy.ts';
import {
  interleavedLoops,
  machineCpu,
  ownCpuSeconds,
  percentile,
  type LoadSettings,
  type Throughput,
} from './support/load.ts';
import { acquirePostgres } from './support/postgres.ts';
import {
  type Api,
  apiRequest,
  AUTH_HEADER,
  BENCH_PASSWORD,
  signUpBenchAccount,
  startApiServer,
} from './support/api-server.ts';
import { type Benchmark, type BenchReport, envNumber, fmt, type Row } from './support/report.ts';
import { sqlFromSource } from './support/sql-source.ts';

const GOAL_P95_MS = 30;
const PER_PAGE = 30;

const STATES = ['draft', 'pending', 'approved', 'rejected', 'returned', 'in_work', 'closed'];
// Shares in percent, in the order of STATES: most requests are waiting or already in work.
const STATE_WEIGHTS = [10, 35, 12, 8, 7, 20, 8];
const DIVISIONS = [
  'Бухгалтерия',
  'Продажи',
  'Разработка',
  'Логистика',
  'Производство',
  'Маркетинг',
  'Служба персонала',
  'Юридический отдел',
];
const POSITIONS = [
  'Бухгалтер по расчёту зарплаты',
  'Главный бухгалтер',
  'Менеджер по продажам',
  'Руководитель отдела продаж',
  'Frontend-разработчик',
  'Backend-разработчик',
  'Тестировщик',
  'Водитель-экспедитор',
  'Кладовщик',
  'Логист',
  'Оператор станков с ЧПУ',
  'Инженер-технолог',
  'Маркетолог',
  'SMM-менеджер',
  'Рекрутер',
  'HR bp',
  'Юрист по договорной работе',
  'Офис-менеджер',
  'Аналитик данных',
  'Системный администратор',
];
/** Words searched for (`q`): common ones and a rare one. */
const SEARCH_WORDS = ['бухгалтер', 'менеджер', 'разработчик', 'логист', 'юрист', 'инженер'];

type Person = { id: number; email: string; token: string; role: string };

/** Team members beside the admin, sharing the bench password (its hash copied from the admin). */
export async function addUsers(database: Database, accountId: number, adminId: number) {
  const specs = [
    ...Array.from({ length: 12 }, (_, i) => ({ role: 'watcher', member: 'watcher', n: i })),
    ...Array.from({ length: 3 }, (_, i) => ({ role: 'recruiter', member: 'owner', n: i })),
    ...Array.from({ length: 8 }, (_, i) => ({ role: 'head', member: 'owner', n: i })),
    ...Array.from({ length: 2 }, (_, i) => ({ role: 'finance', member: 'owner', n: i })),
    { role: 'hr-director', member: 'owner', n: 0 },
  ];
  const stamp = Date.now();
  return database.withTenant(accountId, async (tx) => {
    const rows: { id: number; email: string; role: string }[] = [];
    for (const s of specs) {
      const email = `bench-requests-${s.role}-${s.n}-${stamp}@example.com`;
      const [row] = await selectRows<{ id: number }>(
        tx,
        sql`insert into users (account_id, email, password_hash, name, last_name, member_type,
                               is_admin, is_onboarding)
            select ${accountId}::int, ${email}, password_hash, ${`Сотрудник ${s.n + 1}`},
                   ${s.role}, ${s.member}, false, false
            from users where account_id = ${accountId}::int and id = ${adminId}::int
            returning id`,
      );
      rows.push({ id: row!.id, email, role: s.role });
    }
    return rows;
  });
}

/**
 * Divisions with heads, three templates with a three-step route (the division head; finance,
 * any of two; the HR director and an outside e-mail, all of them) and `count` requests spread
 * over states, divisions, authors, templates and a year of dates, their routes resolved as submit
 * resolves them and each pending one waiting on the approvers of its current step.
 */
export async function seedRequests(
  database: Database,
  accountId: number,
  users: { id: number; role: string }[],
  count: number,
) {
  const ids = (role: string) => users.filter((u) => u.role === role).map((u) => u.id);
  const heads = ids('head');
  const [fin1, fin2] = ids('finance') as [number, number];
  const [hr] = ids('hr-director') as [number];
  const authors = [...ids('watcher'), ...ids('recruiter')];
  const slots = STATE_WEIGHTS.flatMap((w, i) => Array<string>(w).fill(STATES[i]!));
  const pgArray = (values: (number | string)[]) =>
    `{${values.map((v) => (typeof v === 'number' ? v : `"${v}"`)).join(',')}}`;

  return database.withTenant(accountId, async (tx) => {
    const divisions = await selectRows<{ id: number }>(
      tx,
      sql`insert into account_divisions (account_id, name, head_id, position)
          select ${accountId}::int, d.name, (${pgArray(heads)}::int[])[d.n], d.n
          from unnest(${pgArray(DIVISIONS)}::text[]) with ordinality as d(name, n)
          returning id`,
    );
    const steps = [
      { name: 'Руководитель подразделения', mode: 'any', approvers: [{ type: 'division_head' }] },
      {
        name: 'Финансовый контроль',
        mode: 'any',
        deadline_days: 3,
        approvers: [
          { type: 'user', user_id: fin1 },
          { type: 'user', user_id: fin2 },
        ],
      },
      {
        name: 'HR-директор',
        mode: 'all',
        deadline_days: 5,
        approvers: [
          { type: 'user', user_id: hr },
          { type: 'email', email: 'board@partner.example', name: 'Совет директоров' },
        ],
      },
    ];
    const fields = [
      { key: 'reason', name: 'Причина открытия', type: 'text', required: true, options: [] },
      {
        key: 'kind',
        name: 'Тип занятости',
        type: 'choice',
        required: true,
        options: ['Полная', 'Частичная'],
      },
    ];
    const templates = await selectRows<{ id: number }>(
      tx,
      sql`insert into vacancy_application_templates (account_id, name, fields, steps)
          values (${accountId}::int, 'Новая ставка', ${JSON.stringify(fields)}::jsonb,
                  ${JSON.stringify(steps)}::jsonb),
                 (${accountId}::int, 'Замена сотрудника', '[]'::jsonb,
                  ${JSON.stringify(steps)}::jsonb),
                 (${accountId}::int, 'Временная позиция', ${JSON.stringify(fields.slice(0, 1))}::jsonb,
                  ${JSON.stringify(steps)}::jsonb)
          returning id`,
    );
    const divisionIds = divisions.map((d) => d.id);
    const templateIds = templates.map((t) => t.id);

    // Step k's approver with its decision: decided steps are those before the current one (and
    // every step of an approved request); a rejected or returned request stops at its current step.
    const approver = (k: number, type: string, userId: string, email: string, name: string) => `
      jsonb_build_object('type', '${type}', 'user_id', ${userId}, 'email', ${email},
        'name', ${name},
        'decision', case when k.done_${k} then 'approved'
                         when r.state in ('rejected', 'returned') and r.cs = ${k}
                           then r.state end,
        'decided_at', case when k.done_${k}
                                or (r.state in ('rejected', 'returned') and r.cs = ${k})
                           then to_char(r.created_at + interval '${k + 1} day',
                                        'YYYY-MM-DD"T"HH24:MI:SS"Z"') end,
        'comment', case when r.state in ('rejected', 'returned') and r.cs = ${k}
                        then 'Нет бюджета в этом квартале' end)`;
    const step = (k: number, name: string, mode: string, days: string, approvers: string[]) => `
      jsonb_build_object('name', '${name}', 'mode', '${mode}', 'deadline_days', ${days},
        'started_at', case when k.done_${k} or r.cs >= ${k} and r.state <> 'draft'
                           then to_char(r.created_at + interval '${k} day',
                                        'YYYY-MM-DD"T"HH24:MI:SS"Z"') end,
        'approvers', jsonb_build_array(${approvers.join(',')}))`;
    const route = `jsonb_build_array(
      ${step(0, 'Руководитель подразделения', 'any', 'null', [
        approver(0, 'division_head', 'r.head_id', 'null', `'Руководитель'`),
      ])},
      ${step(1, 'Финансовый контроль', 'any', '3', [
        approver(1, 'user', String(fin1), 'null', `'Финансист 1'`),
        approver(1, 'user', String(fin2), 'null', `'Финансист 2'`),
      ])},
      ${step(2, 'HR-директор', 'all', '5', [
        approver(2, 'user', String(hr), 'null', `'HR-директор'`),
        approver(2, 'email', 'null', `'board@partner.example'`, `'Совет директоров'`),
      ])})`;

    await tx.execute(
      sql.raw(`
      with base as (
        select g,
               (${`'${pgArray(slots)}'`}::text[])[1 + (g * 7919) % ${slots.length}] as state,
               g % 3 as cs,
               case when g % 7 = 0 then null
                    else (${`'${pgArray(divisionIds)}'`}::int[])[1 + (g * 31) % ${divisionIds.length}]
               end as division_id,
               (${`'${pgArray(authors)}'`}::int[])[1 + (g * 104729) % ${authors.length}] as author_id,
               case when g % 5 = 0 then null
                    else (${`'${pgArray(templateIds)}'`}::int[])[1 + (g * 13) % ${templateIds.length}]
               end as template_id,
               now() - make_interval(secs => ((g * 7727) % (365 * 86400))::double precision)
                 as created_at
        from generate_series(1, ${count}) g),
      r as (
        select b.*, d.head_id from base b
        left join account_divisions d on d.account_id = ${accountId} and d.id = b.division_id),
      k as (
        select r.g,
               r.state in ('approved', 'in_work', 'closed')
                 or r.state in ('pending', 'rejected', 'returned') and r.cs > 0 as done_0,
               r.state in ('approved', 'in_work', 'closed')
                 or r.state in ('pending', 'rejected', 'returned') and r.cs > 1 as done_1,
               r.state in ('approved', 'in_work', 'closed') as done_2
        from r)
      insert into vacancy_applications (
        account_id, template_id, author_id, account_division_id, state, position, salary_from,
        salary_to, currency, needed, date_will_close, body, requirements, conditions, priority,
        template_values, route, current_step, current_approver_ids, step_started_at,
        submitted_at, created_at, updated_at)
      select ${accountId}, r.template_id, r.author_id, r.division_id, r.state,
             (${`'${pgArray(POSITIONS)}'`}::text[])[1 + (r.g * 17) % ${POSITIONS.length}]
               || case when r.g % 4 = 0 then ' (г. Казань)' else '' end,
             80000 + (r.g % 12) * 10000, 120000 + (r.g % 12) * 15000, 'RUB',
             1 + r.g % 3, (r.created_at + interval '60 day')::date,
             '<p>Растёт объём работы, нужен ещё один сотрудник в команду.</p>',
             '<p>Опыт от двух лет, знание профильных программ.</p>',
             case when r.g % 2 = 0 then '<p>Офис в центре, ДМС после испытательного срока.</p>' end,
             r.g % 3,
             case when r.template_id is null then '{}'::jsonb
                  else jsonb_build_object('reason', 'Расширение штата', 'kind', 'Полная') end,
             case when r.state = 'draft' then '[]'::jsonb else ${route} end,
             case when r.state = 'pending' then r.cs end,
             case when r.state <> 'pending' then '{}'::int[]
                  when r.cs = 0 then case when r.head_id is null then '{}'::int[]
                                          else array[r.head_id] end
                  when r.cs = 1 then array[${fin1}, ${fin2}]
                  else array[${hr}] end,
             case when r.state = 'pending' then r.created_at + make_interval(days => r.cs) end,
             case when r.state <> 'draft' then r.created_at end,
             r.created_at, r.created_at
      from r join k on k.g = r.g`),
    );
    return { divisionIds, templateIds };
  });
}

/** One list request: whose, which tab and filters, which page. */
type Scenario = { person: Person; label: string; query: Record<string, string | number> };

async function run(): Promise<BenchReport> {
  const count = envNumber('BENCH_REQUESTS', 10_000);
  const settings: LoadSettings = {
    duration: envNumber('BENCH_REQUESTS_SECONDS', 6),
    warmup: envNumber('BENCH_REQUESTS_WARMUP', 1),
    connections: envNumber('BENCH_REQUESTS_CONNECTIONS', 4),
  };
  const writeEveryMs = envNumber('BENCH_REQUESTS_WRITE_MS', 100);
  const handle = await acquirePostgres();
  if ('skip' in handle) {
    return { rows: [], verdicts: [], notes: [`PostgreSQL skipped: ${handle.skip}`] };
  }
  const cpus = os.cpus();
  const notes = [
    `PostgreSQL: ${handle.source}`,
    `machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, shared by the API, this load generator and PostgreSQL`,
    `${count.toLocaleString('en-US')} requests in one account (7 states, ${DIVISIONS.length} divisions, 15 authors, 3 templates and none); ${settings.connections} requests in flight from 6 users of 4 roles, ${settings.duration} s measured per loop in 1-second slices interleaved with the raw SQL`,
  ];
  const env = { DATABASE_URL: handle.url };
  let api: Api | null = null;
  let database: Database | null = null;
  try {
    api = await startApiServer(env);
    const admin = await signUpBenchAccount(api, 'requests');
    database = await openDatabase({ databaseUrl: handle.url, dataDir: 'unused', poolSize: 10 });
    const db = database;
    const members = await addUsers(db, admin.accountId, admin.userId);
    const seedStarted = performance.now();
    const { divisionIds, templateIds } = await seedRequests(db, admin.accountId, members, count);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const visible = await vacuumUntilVisible(db);
    notes.push(
      `seeding ${count.toLocaleString('en-US')} requests: ${fmt.seconds(seedSeconds)} (${fmt.rate(count / seedSeconds)} rows), then VACUUM ANALYZE: ${visible}`,
    );

    const login = async (email: string) =>
      (
        await apiRequest<{ auth_token: string }>('POST', `${api!.url}/api/auth/login`, null, {
          email,
          password: BENCH_PASSWORD,
        })
      ).auth_token;
    const pick = async (role: string, n = 0): Promise<Person> => {
      const m = members.filter((u) => u.role === role)[n]!;
      return { id: m.id, email: m.email, role, token: await login(m.email) };
    };
    const people = {
      admin: {
        id: admin.userId,
        email: admin.email,
        role: 'admin',
        token: await login(admin.email),
      },
      recruiter: await pick('recruiter'),
      watcher: await pick('watcher', 3),
      writer: await pick('watcher', 5),
      finance: await pick('finance'),
      head: await pick('head', 2),
    };

    // The requests drawn: every tab, each filter alone and two together, and pages all over
    // the base (the page count read from the first answer of each kind).
    const random = <T>(values: readonly T[]) => values[Math.floor(Math.random() * values.length)]!;
    const pages = Math.max(1, Math.ceil(count / PER_PAGE));
    const scenarios: (() => Scenario)[] = [
      () => ({
        person: people.admin,
        label: 'all, a page anywhere',
        query: { tab: 'all', page: 1 + Math.floor(Math.random() * pages) },
      }),
      () => {
        const n = Math.floor(Math.random() * STATES.length);
        const statePages = Math.ceil((count * STATE_WEIGHTS[n]!) / 100 / PER_PAGE);
        return {
          person: people.admin,
          label: 'all, state, a page anywhere',
          query: {
            tab: 'all',
            state: STATES[n]!,
            page: 1 + Math.floor(Math.random() * statePages),
          },
        };
      },
      () => ({
        person: people.recruiter,
        label: 'all, division',
        query: { tab: 'all', account_division_id: random(divisionIds) },
      }),
      () => ({
        person: people.recruiter,
        label: 'all, a page anywhere',
        query: { tab: 'all', page: 1 + Math.floor(Math.random() * 60) },
      }),
      () => ({
        person: people.watcher,
        label: 'all',
        query: { tab: 'all', page: 1 + Math.floor(Math.random() * 20) },
      }),
      () => ({
        person: people.admin,
        label: 'all, q',
        query: { tab: 'all', q: random(SEARCH_WORDS) },
      }),
      () => ({
        person: people.recruiter,
        label: 'all, state + division, page 2',
        query: {
          tab: 'all',
          state: random(['pending', 'in_work']),
          account_division_id: random(divisionIds),
          page: 2,
        },
      }),
      () => ({ person: people.watcher, label: 'mine', query: { tab: 'mine' } }),
      () => ({
        person: people.finance,
        label: 'to approve, a page anywhere',
        query: { tab: 'to_approve', page: 1 + Math.floor(Math.random() * 35) },
      }),
      () => ({ person: people.head, label: 'to approve', query: { tab: 'to_approve' } }),
      () => ({
        person: people.admin,
        label: 'all, template, deep page',
        query: {
          tab: 'all',
          template_id: random(templateIds),
          page: 1 + Math.floor(Math.random() * 50),
        },
      }),
    ];
    const draw = () => random(scenarios)();
    const search = (query: Scenario['query']) =>
      new URLSearchParams(
        Object.entries({ per_page: PER_PAGE, ...query }).map(([k, v]): [string, string] => [
          k,
          String(v),
        ]),
      ).toString();

    // Is the endpoint there? Its raw SQL is measured either way.
    const probe = await fetch(`${api.url}/api/vacancy_applications?per_page=${PER_PAGE}`, {
      headers: { [AUTH_HEADER]: people.admin.token },
    });
    const probeBody = (await probe.json()) as {
      message?: { vacancy_application_count?: number } | string;
    };
    const endpointThere = probe.status === 200;
    if (endpointThere && typeof probeBody.message === 'object') {
      notes.push(
        `GET /api/vacancy_applications as the admin: ${probeBody.message.vacancy_application_count ?? '?'} requests listed`,
      );
    } else {
      notes.push(
        `GET /api/vacancy_applications answers ${probe.status} (${JSON.stringify(probeBody.message).slice(0, 120)}): the endpoint is not measured, only its raw SQL`,
      );
    }

    const lookupText = sqlFromSource(
      'apps/api/src/platform/auth.ts',
      'async function findSessionByTokenAcrossAccounts',
      ['tokenHash'],
    );
    const lookupPool = new pg.Pool({ connectionString: handle.url, max: 10 });
    const lookup = (token: string) =>
      lookupPool.query({ name: 'bench_lookup', text: lookupText, values: [hashToken(token)] });

    const get = async (scenario: Scenario, noCache: boolean) => {
      const response = await fetch(
        `${api!.url}/api/vacancy_applications?${search(scenario.query)}`,
        {
          headers: {
            [AUTH_HEADER]: scenario.person.token,
            ...(noCache ? { 'cache-control': 'no-cache' } : {}),
          },
        },
      );
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`list: ${response.status}`);
    };

    // Writes mixed in, as in a working day, in turn: a hiring manager edits a draft (PATCH) and
    // submits another, a finance approver and a division head approve a request waiting on them
    // (each moves it to its next step, out of and into «на моём согласовании» lists, and changes
    // the indexed columns), so answers kept in memory keep going stale and index pages change.
    const idsOf = (condition: ReturnType<typeof sql>) =>
      db.withTenant(admin.accountId, (tx) =>
        selectRows<{ id: number }>(
          tx,
          sql`select id from vacancy_applications where account_id = ${admin.accountId}::int
                and ${condition} order by id`,
        ),
      );
    const writerDrafts = await idsOf(sql`author_id = ${people.writer.id}::int and state = 'draft'`);
    const queues = {
      patch: writerDrafts.slice(0, 20).map((r) => r.id),
      submit: writerDrafts.slice(20).map((r) => r.id),
      approveFinance: (
        await idsOf(
          sql`state = 'pending' and current_approver_ids @> array[${people.finance.id}::int]`,
        )
      ).map((r) => r.id),
      approveHead: (
        await idsOf(
          sql`state = 'pending' and current_approver_ids @> array[${people.head.id}::int]`,
        )
      ).map((r) => r.id),
    };
    type WriteKind = 'patch' | 'submit' | 'approve';
    const writes = {
      latencies: { patch: [], submit: [], approve: [] } as Record<WriteKind, number[]>,
      failures: 0,
      stopped: false,
      statuses: new Set<number>(),
    };
    const send = async (kind: WriteKind, path: string, token: string, body?: unknown) => {
      const t0 = performance.now();
      const response = await fetch(`${api!.url}${path}`, {
        method: kind === 'patch' ? 'PATCH' : 'POST',
        headers: {
          [AUTH_HEADER]: token,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }).catch(() => null);
      await response?.arrayBuffer();
      if (response?.status === 200) {
        writes.latencies[kind].push(performance.now() - t0);
      } else {
        writes.failures += 1;
        if (response) writes.statuses.add(response.status);
      }
    };
    const writer = async () => {
      const path = (id: number, action = '') => `/api/vacancy_applications/${id}${action}`;
      for (let n = 0; !writes.stopped; n += 1) {
        const turn = n % 4;
        if (turn === 0 && queues.patch.length > 0) {
          const id = queues.patch[n % queues.patch.length]!;
          await send('patch', path(id), people.writer.token, { comment: `Правка ${n}` });
        } else if (turn === 1 && queues.submit.length > 0) {
          await send('submit', path(queues.submit.shift()!, '/submit'), people.writer.token);
        } else if (turn === 2 && queues.approveFinance.length > 0) {
          const id = queues.approveFinance.shift()!;
          await send('approve', path(id, '/approve'), people.finance.token, {});
        } else if (turn === 3 && queues.approveHead.length > 0) {
          const id = queues.approveHead.shift()!;
          await send('approve', path(id, '/approve'), people.head.token, {});
        }
        await new Promise((resolve) => setTimeout(resolve, writeEveryMs));
      }
    };

    const raw = rawList(db, admin.accountId);
    const works: Record<string, () => Promise<unknown>> = {
      rawSql: async () => {
        const scenario = draw();
        await lookup(scenario.person.token);
        await raw(scenario);
      },
    };
    if (endpointThere) {
      works.endpoint = () => get(draw(), false);
      works.endpointNoCache = () => get(draw(), true);
    }

    const loadBefore = os.loadavg();
    const cpuBefore = { machine: machineCpu(), own: ownCpuSeconds(), at: performance.now() };
    const writing = writer();
    let results: Record<string, Throughput>;
    try {
      results = await interleavedLoops(works, settings);
    } finally {
      writes.stopped = true;
      await writing;
    }
    const cpuAfter = { machine: machineCpu(), own: ownCpuSeconds(), at: performance.now() };
    const loadAverage = (when: string, [one, five]: number[]) =>
      `${when} ${one!.toFixed(2)} (1 min), ${five!.toFixed(2)} (5 min)`;
    notes.push(
      `load average of the machine: ${loadAverage('before the run', loadBefore)}; ${loadAverage('after', os.loadavg())}`,
    );

    // Each kind of list request alone, one at a time: which filter or tab costs what.
    const perKind: { label: string; person: string; endpoint: number[]; raw: number[] }[] = [];
    const probes = envNumber('BENCH_REQUESTS_PROBES', 15);
    for (const make of scenarios) {
      const first = make();
      const kind = {
        label: first.label,
        person: first.person.role,
        endpoint: [] as number[],
        raw: [] as number[],
      };
      for (let i = 0; i < probes; i += 1) {
        const scenario = make();
        if (endpointThere) {
          const t0 = performance.now();
          await get(scenario, true);
          kind.endpoint.push(performance.now() - t0);
        }
        const t1 = performance.now();
        await lookup(scenario.person.token);
        await raw(scenario);
        kind.raw.push(performance.now() - t1);
      }
      kind.endpoint.sort((a, b) => a - b);
      kind.raw.sort((a, b) => a - b);
      perKind.push(kind);
    }
    await lookupPool.end();
    if (['1', 'full'].includes(process.env.BENCH_REQUESTS_EXPLAIN ?? '')) {
      notes.push(
        ...(await explainKinds(handle.url, admin.accountId, scenarios, raw).catch(
          (error: unknown) => [`EXPLAIN failed: ${String(error)}`],
        )),
      );
    }
    const seconds = (cpuAfter.at - cpuBefore.at) / 1000;

    const line = (t: Throughput) =>
      `${fmt.rate(t.perSecond)}, p50 ${fmt.ms(t.p50Ms)}, p95 ${fmt.ms(t.p95Ms)}, p99 ${fmt.ms(t.p99Ms)}`;
    const rows: Row[] = [];
    if (results.endpoint && results.endpointNoCache) {
      rows.push(
        {
          measurement: 'GET /api/vacancy_applications · endpoint',
          value: line(results.endpoint),
          note: `${results.endpoint.total} requests, ${results.endpoint.failures} failed; as clients call it (answers kept in memory while nothing changed)`,
        },
        {
          measurement: 'GET /api/vacancy_applications · endpoint, read from the database',
          value: line(results.endpointNoCache),
          note: `${results.endpointNoCache.total} requests, ${results.endpointNoCache.failures} failed; Cache-Control: no-cache`,
        },
      );
    }
    rows.push({
      measurement: 'GET /api/vacancy_applications · raw SQL',
      value: line(results.rawSql!),
      note: `${results.rawSql!.total} runs, ${results.rawSql!.failures} failed; ${raw.what}`,
    });
    if (results.endpointNoCache) {
      rows.push({
        measurement: 'endpoint (database) / raw SQL',
        value: fmt.ratio(results.endpointNoCache.perSecond / results.rawSql!.perSecond),
        note: 'req/s of the endpoint over req/s of its SQL alone',
      });
    }
    for (const kind of perKind) {
      rows.push({
        measurement: `· ${kind.label} (${kind.person})`,
        value:
          kind.endpoint.length > 0
            ? `endpoint p50 ${fmt.ms(percentile(kind.endpoint, 50))}, p95 ${fmt.ms(percentile(kind.endpoint, 95))}, p99 ${fmt.ms(percentile(kind.endpoint, 99))}`
            : 'endpoint missing',
        note: `raw SQL p50 ${fmt.ms(percentile(kind.raw, 50))}, p95 ${fmt.ms(percentile(kind.raw, 95))}, p99 ${fmt.ms(percentile(kind.raw, 99))}; ${probes} sequential, read from the database`,
      });
    }
    const writeLine = (Object.entries(writes.latencies) as [WriteKind, number[]][])
      .map(([kind, latencies]) => {
        latencies.sort((a, b) => a - b);
        return latencies.length > 0
          ? `${kind} ${latencies.length}, p50 ${fmt.ms(percentile(latencies, 50))}, p95 ${fmt.ms(percentile(latencies, 95))}`
          : `${kind} none`;
      })
      .join('; ');
    rows.push({
      measurement: 'writes mixed in (PATCH, submit, approve)',
      value: writeLine,
      note: `one writer, a write every ${writeEveryMs} ms in turn through the whole run; ${writes.failures} failed${writes.statuses.size ? ` (HTTP ${[...writes.statuses].join(', ')})` : ''}`,
    });
    if (cpuBefore.machine && cpuAfter.machine) {
      rows.push({
        measurement: 'CPU during the run',
        value: `${fmt.cores((cpuAfter.machine.busy - cpuBefore.machine.busy) / seconds)} of ${cpus.length}`,
        note: `load generator ${fmt.cores((cpuAfter.own - cpuBefore.own) / seconds)}; the rest is the API, PostgreSQL and other processes`,
      });
    }
    const measured = results.endpointNoCache ?? null;
    return {
      notes,
      rows,
      verdicts: [
        {
          goal: `list of ${count.toLocaleString('en-US')} requests with filters p95 ≤ ${GOAL_P95_MS} ms (read from the database)`,
          measured: measured ? fmt.ms(measured.p95Ms) : 'endpoint missing',
          pass: measured !== null && measured.p95Ms <= GOAL_P95_MS && measured.failures === 0,
        },
      ],
    };
  } finally {
    await database?.close();
    await api?.stop();
    // BENCH_KEEP_DB=1: the seeded database stays, to EXPLAIN by hand (its URL in the notes).
    if (process.env.BENCH_KEEP_DB === '1') notes.push(`database kept: ${handle.url}`);
    else await handle.stop();
  }
}

/**
 * VACUUM ANALYZE until the table's pages are marked all-visible, as autovacuum leaves a table
 * that is not being bulk-loaded: a VACUUM right after the load can find the rows not yet visible
 * to every transaction (another session's snapshot) and mark nothing, and then every list is
 * planned as if its index-only scans had to read the table. Says what it got.
 */
async function vacuumUntilVisible(db: Database) {
  let share = 0;
  const percent = (value: number) => `${Math.round(value * 100)} %`;
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    await db.system.execute(sql`vacuum analyze`);
    const [row] = await selectRows<{ pages: number; visible: number }>(
      db.system,
      sql`select relpages as pages, relallvisible as visible from pg_class
          where oid = 'vacancy_applications'::regclass`,
    );
    share = row && row.pages > 0 ? row.visible / row.pages : 0;
    if (share >= 0.95) return `${percent(share)} of its pages all-visible (${attempt} run)`;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return `only ${percent(share)} of its pages all-visible after 5 runs`;
}

/**
 * The list's SQL without HTTP: the repository's own statement (`requestListQuery`: the count, the
 * page of requests with their author's, division's and template's names, and the page's files)
 * through the single-trip tenant read, as `listRequests` of the service sends it — the same
 * function, so the statement cannot drift.
 */
function rawList(db: Database, accountId: number) {
  const what =
    'session look-up + repo.requestListQuery (count, page with names and files) as one tenant read';
  const statement = ({ person, query }: Scenario) => {
    const reader = {
      userId: person.id,
      memberType: person.role === 'watcher' ? ('watcher' as const) : ('owner' as const),
      isAdmin: person.role === 'admin',
    };
    const page = Number(query.page ?? 1);
    return repo.requestListQuery(
      accountId,
      {
        visibility: requestVisibility(reader),
        tab: (query.tab ?? 'all') as RequestFilter['tab'],
        state: query.state as RequestFilter['state'],
        divisionId: query.account_division_id as number | undefined,
        templateId: query.template_id as number | undefined,
        q: query.q as string | undefined,
      },
      { limit: PER_PAGE, offset: (page - 1) * PER_PAGE },
    );
  };
  const run = async (scenario: Scenario) => {
    const { query, name } = statement(scenario);
    repo.requestListPage(
      await tenantFor(db, accountId, scenario.person.id).read<repo.RequestListRow>(query, name),
    );
  };
  return Object.assign(run, { what, statement });
}

/**
 * BENCH_REQUESTS_EXPLAIN=1: the list's statement of one request of each kind (as `rawList` sends
 * it), EXPLAIN ANALYZEd as the tenant, with its execution time and the plan's top nodes.
 */
async function explainKinds(
  url: string,
  accountId: number,
  scenarios: (() => Scenario)[],
  raw: ReturnType<typeof rawList>,
): Promise<string[]> {
  const lines: string[] = [];
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const make of scenarios) {
      const scenario = make();
      const { sql: text, params } = explainDialect.sqlToQuery(raw.statement(scenario).query);
      await client.query('begin');
      await client.query('set local role ats_app');
      await client.query(`select set_config('app.account_id', '${accountId}', true)`);
      // Several runs of the same statement: the least time is the statement's own cost with the
      // least waiting for a core (the machine is shared), the buffers touched do not depend on
      // the load at all.
      const times: number[] = [];
      let plan: string[] = [];
      for (let run = 0; run < EXPLAIN_RUNS; run += 1) {
        const result = await client.query<{ 'QUERY PLAN': string }>(
          `explain (analyze, buffers, format text) ${text}`,
          params,
        );
        plan = result.rows.map((r) => r['QUERY PLAN']);
        times.push(Number(/Execution Time: ([\d.]+)/.exec(plan.join('\n'))?.[1] ?? NaN));
      }
      await client.query('commit');
      times.sort((a, b) => a - b);
      const buffers = /Buffers: ([^\n]+)/.exec(plan.join('\n'))?.[1] ?? 'no buffers';
      // The nodes that read the table: which index (or a scan) each subquery took.
      const reads = plan
        .filter((l) => /Scan|Aggregate|Sort {2}|Limit/.test(l))
        .slice(0, 8)
        .map((l) => l.trim().replace(/\s+\(cost=.*$/, ''));
      lines.push(
        `EXPLAIN ${scenario.label} (${scenario.person.role}): execution min ${fmt.ms(times[0]!)}, median ${fmt.ms(times[Math.floor(times.length / 2)]!)} of ${EXPLAIN_RUNS}; ${buffers}; ${reads.join(' | ')}`,
        // BENCH_REQUESTS_EXPLAIN=full: the whole plan.
        ...(process.env.BENCH_REQUESTS_EXPLAIN === 'full' ? plan.map((l) => `    ${l}`) : []),
      );
    }
  } finally {
    await client.end();
  }
  return lines;
}

const explainDialect = new PgDialect({ casing: 'snake_case' });
const EXPLAIN_RUNS = 9;

export const requestsBenchmark: Benchmark = {
  name: 'requests',
  summary: '10,000 hiring requests: the list with tabs and filters, writes mixed in, vs its SQL',
  run,
};
