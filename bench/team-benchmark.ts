// `team`: a working team on the 1M-applicant base (issue 19). 100 users with their sessions and
// roles act at once with think times between their actions — cards, the list, search, boards,
// moves, rejections, comments, edits, tags, new applicants, home — against one API process and
// then two (with the worker as a third process), the same reads' raw SQL replayed by the same
// users beside them, and every card remembered by one process checked against the database after
// a write through the other. See bench/README.md («team»).
import { loadavg } from 'node:os';
import { readdirSync, readFileSync } from 'node:fs';
import { type ChildProcess } from 'node:child_process';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import { applicantListPageQuery } from '../apps/api/src/modules/applicants/applicant-list.repository.ts';
import { applicantCardQuery } from '../apps/api/src/modules/applicants/applicants.repository.ts';
import {
  boardColumnsQuery,
  boardPageQuery,
} from '../apps/api/src/modules/pipeline/board.repository.ts';
import { hashToken } from '../apps/api/src/platform/secrets.ts';
import {
  generateTeam,
  issueSessions,
  smallAccountSizes,
  type TeamGenerated,
  type TeamUser,
} from './generate-team.ts';
import { percentile } from './support/load.ts';
import { acquirePostgres, keptServer } from './support/postgres.ts';
import { nextMessage, spawnTsx, stopChild } from './support/process.ts';
import { AUTH_HEADER, signUpBenchAccount, startApiServer } from './support/api-server.ts';
import { type Benchmark, type BenchReport, envNumber, fmt, type Row } from './support/report.ts';
import { sqlFromSource } from './support/sql-source.ts';

const PER_PAGE = 30;
const GOAL_P95 = 50;
const GOAL_P95_CARD_BOARD = 25;

// ---------------------------------------------------------------------------------------------
// The mix: weights out of 100, writes 15.

const MIX = [
  ['card', 32],
  ['list', 12],
  ['list filtered', 6],
  ['search', 10],
  ['board', 9],
  ['board column page', 9],
  ['home', 7],
  ['move', 4],
  ['reject', 2],
  ['comment', 3],
  ['edit field', 3],
  ['tag', 2],
  ['create applicant', 1],
] as const;
type Action = (typeof MIX)[number][0];
const WRITES = new Set<Action>([
  'move',
  'reject',
  'comment',
  'edit field',
  'tag',
  'create applicant',
]);
/** Hiring managers open their vacancies' boards and cards, home, and comment. */
const MANAGER_MIX: readonly (readonly [Action, number])[] = [
  ['card', 45],
  ['board', 20],
  ['board column page', 15],
  ['home', 12],
  ['comment', 8],
];

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const weighted = (mix: readonly (readonly [Action, number])[]): Action => {
  const total = mix.reduce((s, [, w]) => s + w, 0);
  let r = Math.random() * total;
  for (const [action, w] of mix) if ((r -= w) < 0) return action;
  return mix[0]![0];
};
/** Exponential think time with the given mean (ms). */
const think = (mean: number) => -Math.log(1 - Math.random()) * mean;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');

// ---------------------------------------------------------------------------------------------
// What the users act on, read from the database once it is generated.

type Stage = { id: number; is_reject: boolean; name: string };
type World = {
  accountId: number;
  adminId: number;
  /** Applications on open vacancies: [application, applicant, vacancy]. */
  openApps: { app: number; applicant: number; vacancy: number }[];
  /** Applications on an ordinary stage of an open vacancy, with it (kept as the run moves them). */
  movable: Map<number, { applicant: number; vacancy: number; stage: number }>;
  anyApplicants: number[];
  openVacancies: number[];
  stages: Stage[];
  ordinary: number[];
  /** Each open vacancy's own stages (a vacancy copies its funnel): all, and those a move may target. */
  columnsOf: Map<number, number[]>;
  ordinaryOf: Map<number, number[]>;
  rejectReasons: number[];
  tags: number[];
  searches: string[];
  managerVacancies: Map<number, number[]>;
  managerApps: Map<number, { app: number; applicant: number; vacancy: number }[]>;
};

async function readWorld(url: string, accountId: number, adminId: number): Promise<World> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const q = async (text: string) => (await c.query(text)).rows as Record<string, unknown>[];
    const openApps = (
      await q(
        `select a.id as app, a.applicant_id as applicant, a.vacancy_id as vacancy,
                a.status_id as stage
         from applications a join vacancies v on v.account_id = a.account_id and v.id = a.vacancy_id
         where a.account_id = ${accountId} and v.state = 'open' order by random() limit 20000`,
      )
    ).map((r) => ({
      app: Number(r.app),
      applicant: Number(r.applicant),
      vacancy: Number(r.vacancy),
      stage: Number(r.stage),
    }));
    const anyApplicants = (
      await q(
        `select id from applicants where account_id = ${accountId} order by random() limit 20000`,
      )
    ).map((r) => Number(r.id));
    const openVacancies = [...new Set(openApps.map((a) => a.vacancy))];
    const groupOf = await q(
      `select status_group_id as g from vacancies where account_id = ${accountId} and id = ${openVacancies[0]}`,
    );
    const stages = (
      await q(
        `select id, is_reject, name from statuses
         where account_id = ${accountId} and status_group_id = ${Number(groupOf[0]?.g)} and vacancy_id is null
         order by position`,
      )
    ).map((r) => ({ id: Number(r.id), is_reject: Boolean(r.is_reject), name: String(r.name) }));
    const ordinary = stages
      .filter((s) => !s.is_reject && s.name !== 'Вышел на работу')
      .map((s) => s.id);
    const columnsOf = new Map<number, number[]>();
    const ordinaryOf = new Map<number, number[]>();
    for (const r of await q(
      `select id, vacancy_id, is_reject, name from statuses
       where account_id = ${accountId} and vacancy_id = any(array[${openVacancies.join(',')}]::int[])
       order by vacancy_id, position`,
    )) {
      const v = Number(r.vacancy_id);
      columnsOf.set(v, [...(columnsOf.get(v) ?? []), Number(r.id)]);
      if (!r.is_reject && r.name !== 'Вышел на работу') {
        ordinaryOf.set(v, [...(ordinaryOf.get(v) ?? []), Number(r.id)]);
      }
    }
    const movable = new Map(
      openApps
        .filter((a) => ordinaryOf.get(a.vacancy)?.includes(a.stage))
        .map((a) => [a.app, { applicant: a.applicant, vacancy: a.vacancy, stage: a.stage }]),
    );
    const rejectReasons = (
      await q(`select id from reasons where account_id = ${accountId} and reason_type = 'reject'`)
    ).map((r) => Number(r.id));
    const tags = (await q(`select id from tags where account_id = ${accountId}`)).map((r) =>
      Number(r.id),
    );
    // What people type: a surname, a fragment of a phone, a piece of an e-mail, a résumé word.
    const people = await q(
      `select last_name, phone, email from applicants
       where account_id = ${accountId} and last_name is not null order by random() limit 300`,
    );
    const searches = people.flatMap((p) => {
      const digits = String(p.phone ?? '').replace(/\D/g, '');
      const email = String(p.email ?? '');
      const at = email.indexOf('@');
      return [
        String(p.last_name),
        ...(digits.length >= 7 ? [digits.slice(-7, -1)] : []),
        ...(at > 4 ? [email.slice(0, Math.min(at, 7))] : []),
      ];
    });
    searches.push('бухгалтер', 'менеджер по продажам', 'Python', 'логистика', 'Вишневецкая');
    const members = await q(
      `select m.user_id, m.vacancy_id from vacancy_members m join users u
         on u.account_id = m.account_id and u.id = m.user_id
       where m.account_id = ${accountId} and u.member_type = 'watcher'`,
    );
    const managerVacancies = new Map<number, number[]>();
    for (const m of members) {
      const list = managerVacancies.get(Number(m.user_id)) ?? [];
      list.push(Number(m.vacancy_id));
      managerVacancies.set(Number(m.user_id), list);
    }
    const managerApps = new Map<number, { app: number; applicant: number; vacancy: number }[]>();
    for (const [user, vacancies] of managerVacancies) {
      managerApps.set(
        user,
        (
          await q(
            `select id as app, applicant_id as applicant, vacancy_id as vacancy from applications
             where account_id = ${accountId} and vacancy_id = any(array[${vacancies.join(',')}]) limit 500`,
          )
        ).map((r) => ({
          app: Number(r.app),
          applicant: Number(r.applicant),
          vacancy: Number(r.vacancy),
        })),
      );
    }
    return {
      accountId,
      adminId,
      openApps,
      movable,
      anyApplicants,
      openVacancies,
      stages,
      ordinary,
      columnsOf,
      ordinaryOf,
      rejectReasons,
      tags,
      searches,
      managerVacancies,
      managerApps,
    };
  } finally {
    await c.end();
  }
}

// ---------------------------------------------------------------------------------------------
// API processes with their counters (bench/serve-api.ts) and the worker.

type ApiStats = { sqlCalls: number; cpuMicros: number; cacheReads: number; cacheHits: number };
type ApiProcess = { url: string; stats: () => Promise<ApiStats>; stop: () => Promise<void> };

async function startApi(env: NodeJS.ProcessEnv): Promise<ApiProcess> {
  const child = spawnTsx('bench/serve-api.ts', { ...process.env, ...env });
  const { url } = await nextMessage<{ type: 'listening'; url: string }>(
    child,
    'listening',
    120_000,
  );
  return {
    url,
    stats: async () => {
      const reply = nextMessage<ApiStats & { type: 'stats' }>(child, 'stats');
      child.send({ type: 'stats' });
      return reply;
    },
    stop: async () => {
      await stopChild(child);
    },
  };
}

function startWorker(env: NodeJS.ProcessEnv): ChildProcess {
  return spawnTsx('apps/api/src/worker.ts', {
    ...process.env,
    ...env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
  });
}

/** CPU seconds of the PostgreSQL server: the postmaster, its children, and children gone. */
function postgresCpu(postmaster: number): number | null {
  const read = (pid: string | number) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    } catch {
      return null;
    }
  };
  const own = read(postmaster);
  if (!own) return null;
  // Fields after the name: state(0) ppid(1) … utime(11) stime(12) cutime(13) cstime(14).
  let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const f = read(pid);
    if (f && Number(f[1]) === postmaster) ticks += Number(f[11]) + Number(f[12]);
  }
  return ticks / 100;
}

async function postmasterPid(url: string): Promise<number | null> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ pid: number }>('select pg_backend_pid() as pid');
    const stat = readFileSync(`/proc/${rows[0]!.pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  } finally {
    await c.end();
  }
}

// ---------------------------------------------------------------------------------------------
// The team at work.

type Sample = { ms: number; ok: boolean };
type Outcome = {
  samples: Map<Action, Sample[]>;
  errors: Map<string, number>;
  seconds: number;
  checks: { sampled: number; hitsBefore: number; hitsAfter: number; stale: string[] };
};

/** Runs one action; answers the milliseconds of it not to count (the coherence check's priming). */
type Executor = (user: TeamUser, action: Action, world: World) => Promise<number | void>;

async function simulate(
  users: TeamUser[],
  world: World,
  seconds: number,
  thinkMs: number,
  execute: Executor,
): Promise<Omit<Outcome, 'checks'>> {
  const samples = new Map<Action, Sample[]>();
  const errors = new Map<string, number>();
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    users.map(async (user) => {
      await sleep(Math.random() * thinkMs); // not all at the same instant
      while (performance.now() < end) {
        const action = weighted(user.role === 'manager' ? MANAGER_MIX : MIX);
        const t0 = performance.now();
        let ok = true;
        let excluded = 0;
        try {
          excluded = (await execute(user, action, world)) ?? 0;
        } catch (error) {
          ok = false;
          const key = `${action}: ${(error as Error).message.slice(0, 160)}`;
          errors.set(key, (errors.get(key) ?? 0) + 1);
        }
        const list = samples.get(action) ?? [];
        list.push({ ms: performance.now() - t0 - excluded, ok });
        samples.set(action, list);
        await sleep(think(thinkMs));
      }
    }),
  );
  return { samples, errors, seconds: (performance.now() - started) / 1000 };
}

/** What a user acts on: their vacancies' applications for a manager, the skewed base otherwise. */
function cardOf(user: TeamUser, world: World): number {
  if (user.role === 'manager') {
    return pick(world.managerApps.get(user.id) ?? world.openApps).applicant;
  }
  return Math.random() < 0.8 ? pick(world.openApps).applicant : pick(world.anyApplicants);
}
function vacancyOf(user: TeamUser, world: World): number {
  return user.role === 'manager'
    ? pick(world.managerVacancies.get(user.id) ?? world.openVacancies)
    : pick(world.openVacancies);
}

function takeMovable(world: World) {
  const keys = [...world.movable.keys()];
  const app = pick(keys);
  const a = world.movable.get(app)!;
  world.movable.delete(app);
  return [app, a] as const;
}

/** A column of a board the user opens: its vacancy and one of its stages. */
function column(user: TeamUser, world: World): string {
  const vacancy = vacancyOf(user, world);
  return `vacancy_id=${vacancy}&status_id=${pick(world.columnsOf.get(vacancy) ?? world.ordinary)}`;
}

/** The HTTP client of the team: users split over the processes; `onWrite` sees every write. */
function httpExecutor(
  apis: ApiProcess[],
  users: TeamUser[],
  checker: {
    prime: (applicantId: number, through: number) => Promise<void>;
    afterWrite: (applicantId: number, through: number) => void;
  },
): Executor {
  const onWrite = checker.afterWrite;
  const apiOf = new Map(users.map((u, i) => [u.id, i % apis.length]));
  let created = 0;
  return async (user, action, world) => {
    const through = apiOf.get(user.id) ?? 0;
    const base = apis[through]!.url;
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: {
          [AUTH_HEADER]: user.token,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      if (response.status !== 200) {
        throw new Error(
          `${method} ${path.replace(/\d+/g, 'N')} → ${response.status} ${text.slice(0, 100)}`,
        );
      }
      return JSON.parse(text) as { message: unknown };
    };
    // Before a write, the card it changes is read once through the other process (remembered
    // there), outside the timing, so that the check after the write compares a remembered answer.
    let excluded = 0;
    const prime = async (applicantId: number) => {
      const t0 = performance.now();
      await checker.prime(applicantId, through);
      excluded += performance.now() - t0;
    };
    switch (action) {
      case 'card':
        await call('GET', `/api/applicants/${cardOf(user, world)}`);
        return;
      case 'list':
        await call('GET', `/api/applicants?page=${1 + Math.floor(Math.random() * 5)}`);
        return;
      case 'list filtered': {
        const filter =
          Math.random() < 0.5
            ? `vacancy_id=${pick(world.openVacancies)}`
            : `tags=${pick(world.tags)}`;
        await call('GET', `/api/applicants?${filter}&page=${1 + Math.floor(Math.random() * 3)}`);
        return;
      }
      case 'search':
        await call('GET', `/api/applicants?search=${encodeURIComponent(pick(world.searches))}`);
        return;
      case 'board':
        await call('GET', `/api/vacancies/${vacancyOf(user, world)}/get_status_vacancy_columns`);
        return;
      case 'board column page':
        await call(
          'GET',
          `/api/status_vacancy_columns/get_applicants?${column(user, world)}&per_page=${PER_PAGE}&page=${1 + Math.floor(Math.random() * 3)}`,
        );
        return;
      case 'home':
        await call('GET', '/api/home');
        return;
      case 'move': {
        // A card on an ordinary stage to another one, as a recruiter drags it; taken out of the
        // movable ones while its request runs, so two users never move the same card at once.
        const [app, a] = takeMovable(world);
        const to = pick((world.ordinaryOf.get(a.vacancy) ?? []).filter((s) => s !== a.stage));
        try {
          await prime(a.applicant);
          await call('POST', `/api/applications/${app}/move`, { status_id: to });
          a.stage = to;
        } finally {
          world.movable.set(app, a);
        }
        onWrite(a.applicant, through);
        return excluded;
      }
      case 'reject': {
        // A rejected card leaves the movable ones (a second rejection is refused: 409).
        const [app, a] = takeMovable(world);
        await prime(a.applicant);
        await call('POST', `/api/applications/${app}/reject`, {
          reason_id: pick(world.rejectReasons),
        });
        onWrite(a.applicant, through);
        return excluded;
      }
      case 'comment': {
        const id = cardOf(user, world);
        await prime(id);
        await call('POST', `/api/applicants/${id}/comments`, {
          description: 'Созвонились, договорились об интервью (бенчмарк)',
        });
        onWrite(id, through);
        return excluded;
      }
      case 'edit field': {
        const id = cardOf(user, world);
        await prime(id);
        await call('PATCH', `/api/applicants/${id}`, {
          skype: `bench.${Date.now() % 1_000_000}`,
        });
        onWrite(id, through);
        return excluded;
      }
      case 'tag': {
        const id = cardOf(user, world);
        await prime(id);
        await call('POST', `/api/applicants/${id}/update_tags`, {
          tags: [pick(world.tags), pick(world.tags)].filter((t, i, all) => all.indexOf(t) === i),
        });
        onWrite(id, through);
        return excluded;
      }
      case 'create applicant':
        created += 1;
        await call('POST', '/api/applicants', {
          first_name: 'Ирина',
          last_name: `Командная${created}`,
          phone: `+7 916 ${String(1_000_000 + ((created * 7919) % 8_999_999)).slice(0, 7)}`,
          email: `team.bench.${created}.${Date.now()}@example.com`,
        });
        return;
    }
  };
}

// ---------------------------------------------------------------------------------------------
// The same reads' SQL through the driver: the session look-up, then the tenant read exactly as
// database.readAsTenant sends it (PREPARE once per connection; one simple-protocol round trip).

const dialect = new PgDialect({ casing: 'snake_case' });
const compile = (query: SQL) => {
  const { sql, params } = dialect.sqlToQuery(query);
  return { text: sql, params };
};

function rawExecutor(url: string, connections: number, lookupText: string) {
  const pool = new pg.Pool({ connectionString: url, max: connections });
  pool.on('error', () => {});
  const prepared = new WeakMap<object, Set<string>>();
  const tenantRead = async (name: string, query: SQL, accountId: number) => {
    const { text, params } = compile(query);
    const client = await pool.connect();
    try {
      const done = prepared.get(client) ?? new Set<string>();
      prepared.set(client, done);
      // One prepared statement per text: the list's text differs with its filters.
      const key = `${name}_${done.size}`;
      let statement = [...done].find((s) => s.endsWith(`:${text}`))?.split(':')[0];
      if (!statement) {
        statement = key;
        await client.query(`prepare tenant_read_${statement} as ${text}`);
        done.add(`${statement}:${text}`);
      }
      const args = params
        .map((p) =>
          typeof p === 'number'
            ? String(p)
            : client.escapeLiteral(typeof p === 'string' ? p : JSON.stringify(p)),
        )
        .join(', ');
      await client.query(
        `begin read only; set local role ats_app; select set_config('app.account_id', '${accountId}', true); ` +
          `execute tenant_read_${statement}${args ? `(${args})` : ''}; commit`,
      );
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  };
  const execute: Executor = async (user, action, world) => {
    await pool.query({ name: 'bench_lookup', text: lookupText, values: [hashToken(user.token)] });
    const a = world.accountId;
    const list = (filters: Record<string, unknown>, page: number) =>
      tenantRead(
        'applicant_list',
        applicantListPageQuery(a, user.id, filters as never, { page, perPage: PER_PAGE }).query,
        a,
      );
    switch (action) {
      case 'card':
        return tenantRead('applicant_card', applicantCardQuery(a, cardOf(user, world)), a);
      case 'list':
        return list({}, 1 + Math.floor(Math.random() * 5));
      case 'list filtered':
        return list(
          Math.random() < 0.5
            ? { vacancy_id: pick(world.openVacancies) }
            : { tags: [pick(world.tags)] },
          1 + Math.floor(Math.random() * 3),
        );
      case 'search':
        return list({ search: pick(world.searches) }, 1);
      case 'board':
        return tenantRead(
          'board_columns',
          boardColumnsQuery(a, vacancyOf(user, world), user.id),
          a,
        );
      case 'board column page':
        return tenantRead(
          'board_cards',
          boardPageQuery(a, {
            ...(() => {
              const vacancyId = vacancyOf(user, world);
              return {
                vacancyId,
                statusId: pick(world.columnsOf.get(vacancyId) ?? world.ordinary),
              };
            })(),
            userId: user.id,
            limit: PER_PAGE,
            offset: PER_PAGE * Math.floor(Math.random() * 3),
          }),
          a,
        );
      default:
        // Home and the writes are not replayed: their SQL is spread over several services.
        await sleep(0);
    }
  };
  return { execute, close: () => pool.end() };
}

// ---------------------------------------------------------------------------------------------
// Coherence: a card remembered by process A, a write through process B, then A's answer
// compared with A's fresh read (no-cache) once the notification had time to arrive.

function coherenceChecker(apis: ApiProcess[], token: string, graceMs: number) {
  const checks = { sampled: 0, hitsBefore: 0, hitsAfter: 0, stale: [] as string[] };
  const pending: Promise<void>[] = [];
  const busy = new Set<number>();
  const get = async (url: string, fresh: boolean) => {
    const response = await fetch(url, {
      headers: { [AUTH_HEADER]: token, ...(fresh ? { 'cache-control': 'no-cache' } : {}) },
    });
    return { body: await response.text(), hit: response.headers.get('x-cache') === 'hit' };
  };
  /** Before a write: the card read through the other process, so that it remembers it. */
  const prime = async (applicantId: number, through: number) => {
    const other = apis[(through + 1) % apis.length]!;
    const first = await get(`${other.url}/api/applicants/${applicantId}`, false);
    const again = await get(`${other.url}/api/applicants/${applicantId}`, false);
    if (first.hit || again.hit) checks.hitsBefore += 1;
  };
  const afterWrite = (applicantId: number, through: number) => {
    if (busy.has(applicantId)) return;
    busy.add(applicantId);
    const other = apis[(through + 1) % apis.length]!;
    const url = `${other.url}/api/applicants/${applicantId}`;
    pending.push(
      (async () => {
        await sleep(graceMs);
        const remembered = await get(url, false);
        const fresh = await get(url, true);
        checks.sampled += 1;
        if (remembered.hit) checks.hitsAfter += 1;
        if (remembered.body !== fresh.body) checks.stale.push(`applicant ${applicantId}`);
        busy.delete(applicantId);
      })().catch(() => {
        busy.delete(applicantId);
      }),
    );
  };
  return { checks, prime, afterWrite, done: () => Promise.all(pending) };
}

// ---------------------------------------------------------------------------------------------

function summarise(samples: Sample[]) {
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  return {
    n: samples.length,
    failed: samples.filter((s) => !s.ok).length,
    p50: percentile(ms, 50),
    p95: percentile(ms, 95),
    p99: percentile(ms, 99),
  };
}

// ---------------------------------------------------------------------------------------------
// The base kept between runs (BENCH_KEEP_DB=1): generating 1M takes ~17 minutes, the run ~7.

const keepDb = () => process.env.BENCH_KEEP_DB === '1';

type TeamAccountIds = { accountId: number; userId: number };
/** What a kept base holds, in its database's comment: written once the base is complete. */
type KeptTeam = {
  complete: true;
  big: TeamAccountIds;
  small: TeamAccountIds[];
  generated: Omit<TeamGenerated, 'users'>;
  /** The users with a session; their tokens are issued afresh on every run. */
  users: Omit<TeamUser, 'token'>[];
};
type TeamDatabase = {
  url: string;
  source: string;
  /** The kept base when one was found complete. */
  kept: KeptTeam | null;
  /** Records a complete base for the next run (a no-op unless kept). */
  remember: (kept: KeptTeam) => Promise<void>;
  stop: () => Promise<void>;
};

async function withClient<T>(url: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * A database named by the base's size on a server that stays up (`keptServer`: DATABASE_URL when
 * set, else the one recorded in KEEP_ROOT/team-postgres.json while it answers, else a new one):
 * reused when its comment says it is complete, else dropped and created empty. Never dropped at
 * the end.
 */
async function keptTeamDatabase(name: string): Promise<TeamDatabase | { skip: string }> {
  const server = await keptServer('team-postgres.json');
  if ('skip' in server) return server;
  const { baseUrl, source } = server;
  const kept = await withClient(baseUrl, async (admin) => {
    const { rows } = await admin.query<{ comment: string | null }>(
      `select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1`,
      [name],
    );
    const found = rows[0]?.comment ? (JSON.parse(rows[0].comment) as Partial<KeptTeam>) : null;
    if (found?.complete) return found as KeptTeam;
    if (rows.length) await admin.query(`drop database ${name} with (force)`); // an interrupted fill
    await admin.query(`create database ${name}`);
    return null;
  });
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    source: `${source}, database ${name} (kept: BENCH_KEEP_DB=1${kept ? ', reused' : ''})`,
    kept,
    remember: (complete) =>
      withClient(baseUrl, async (admin) => {
        await admin.query(
          `comment on database ${name} is ${admin.escapeLiteral(JSON.stringify(complete))}`,
        );
      }),
    stop: async () => {}, // the server and the database stay for the next run
  };
}

async function run(): Promise<BenchReport> {
  const base = envNumber('BENCH_TEAM_BASE', 1_000_000);
  const smallCount = envNumber('BENCH_TEAM_SMALL_ACCOUNTS', 50);
  const userCount = envNumber('BENCH_TEAM_USERS', 100);
  const seconds = envNumber('BENCH_TEAM_SECONDS', 90);
  const thinkMs = envNumber('BENCH_TEAM_THINK_MS', 2_000);
  const graceMs = envNumber('BENCH_TEAM_NOTIFY_MS', 200);
  const warmup = envNumber('BENCH_TEAM_WARMUP', 15);
  const processCounts = (process.env.BENCH_TEAM_PROCESSES ?? '1,2')
    .split(',')
    .map(Number)
    .filter((n) => n >= 1);
  const handle: TeamDatabase | { skip: string } = keepDb()
    ? await keptTeamDatabase(`ats_bench_team_${base}_${smallCount}_${userCount}`)
    : { ...(await acquirePostgres()), kept: null, remember: async () => {} };
  if ('skip' in handle) {
    return { rows: [], verdicts: [], notes: [`PostgreSQL skipped: ${handle.skip}`] };
  }
  const notes = [`PostgreSQL: ${handle.source}`];
  const rows: Row[] = [];
  const verdicts: BenchReport['verdicts'] = [];
  const log = (line: string) => console.log(`  [team] ${line} (load ${load()})`);
  const env = { DATABASE_URL: handle.url };
  try {
    // ---- The base -------------------------------------------------------------------------
    let big: TeamAccountIds;
    let generated: TeamGenerated;
    const sizes = smallAccountSizes(smallCount, base);
    if (handle.kept) {
      // A kept base: migrated by one start of the API, its users given new sessions.
      const started = performance.now();
      const setup = await startApiServer(env);
      await setup.stop();
      const kept = handle.kept;
      big = kept.big;
      const users = await withClient(handle.url, (c) =>
        issueSessions(c, kept.big.accountId, kept.users),
      );
      generated = { ...kept.generated, users };
      log(
        `kept base reused, migrated and signed in in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    } else {
      // Migrates; 51 sign-ups from one address in a minute need a wider sign-up allowance.
      const setup = await startApiServer({ ...env, THROTTLE_SCALE: '100' });
      const small: TeamAccountIds[] = [];
      try {
        big = await signUpBenchAccount(setup, 'team');
        for (let i = 0; i < smallCount; i++) {
          small.push(await signUpBenchAccount(setup, `team ${i}`));
        }
      } finally {
        await setup.stop();
      }
      generated = await generateTeam(handle.url, big, small, {
        base,
        smallSizes: sizes,
        users: userCount,
        log,
      });
      const { users, ...counts } = generated;
      await handle.remember({
        complete: true,
        big,
        small,
        generated: counts,
        users: users.map(({ id, role }) => ({ id, role })),
      });
    }
    notes.push(
      `base: ${base.toLocaleString('en-US')} applicants in the big account and ${smallCount} smaller ones (${sizes
        .reduce((s, n) => s + n, 0)
        .toLocaleString('en-US')} in all); ${Object.entries(generated.rows)
        .map(([t, n]) => `${t} ${n.toLocaleString('en-US')}`)
        .join(
          ', ',
        )} — ${handle.kept ? 'reused (BENCH_KEEP_DB=1), generated earlier' : 'generated'} in ${generated.totalSeconds.toFixed(0)} s (${Math.round(generated.rowsPerSecond).toLocaleString('en-US')} rows/s; ${Object.entries(
        generated.seconds,
      )
        .map(([k, s]) => `${k} ${s.toFixed(0)} s`)
        .join(', ')})`,
    );
    const world = await readWorld(handle.url, big.accountId, big.userId);
    const users = generated.users;
    const managers = users.filter((u) => u.role === 'manager').length;
    notes.push(
      `${users.length} users (${users.length - managers} recruiters, ${managers} hiring managers on 5 open vacancies each), think time exponential with mean ${thinkMs} ms, ${seconds} s per section; ${world.openVacancies.length} open vacancies sampled, card skew 80% on open vacancies`,
    );
    const postmaster = await postmasterPid(handle.url);
    const runStarted = performance.now();

    // ---- The team against 1 and 2 API processes -------------------------------------------
    const admin = users.find((u) => u.id === big.userId) ?? users[0]!;
    const sections: {
      label: string;
      outcome: Outcome;
      apiCpu: number;
      pgCpu: number | null;
      hits: number;
      reads: number;
      loadAt: string;
    }[] = [];
    for (const n of processCounts) {
      const apis = await Promise.all(Array.from({ length: n }, () => startApi(env)));
      const worker = startWorker(env);
      try {
        const before = await Promise.all(apis.map((a) => a.stats()));
        const pgBefore = postmaster ? postgresCpu(postmaster) : null;
        // A fresh process compiles and warms up on its first requests: a short run first, not counted.
        if (warmup > 0) {
          await simulate(
            users,
            world,
            warmup,
            thinkMs,
            httpExecutor(apis, users, { prime: async () => {}, afterWrite: () => {} }),
          );
        }
        const checker = coherenceChecker(apis, admin.token, graceMs);
        const outcome = await simulate(
          users,
          world,
          seconds,
          thinkMs,
          httpExecutor(apis, users, checker),
        );
        await checker.done();
        const after = await Promise.all(apis.map((a) => a.stats()));
        const pgAfter = postmaster ? postgresCpu(postmaster) : null;
        const sum = (list: ApiStats[], key: keyof ApiStats) => list.reduce((s, x) => s + x[key], 0);
        sections.push({
          label: `${n} API process${n > 1 ? 'es' : ''}`,
          outcome: { ...outcome, checks: checker.checks },
          apiCpu: (sum(after, 'cpuMicros') - sum(before, 'cpuMicros')) / 1e6,
          pgCpu: pgBefore !== null && pgAfter !== null ? pgAfter - pgBefore : null,
          hits: sum(after, 'cacheHits') - sum(before, 'cacheHits'),
          reads: sum(after, 'cacheReads') - sum(before, 'cacheReads'),
          loadAt: load(),
        });
      } finally {
        await Promise.all(apis.map((a) => a.stop()));
        await stopChild(worker);
      }
    }

    // ---- The same reads' raw SQL, same users, same think times ----------------------------
    const lookupText = sqlFromSource(
      'apps/api/src/platform/auth.ts',
      'async function findSessionByTokenAcrossAccounts',
      ['tokenHash'],
    );
    const raw = rawExecutor(handle.url, 10, lookupText);
    let rawOutcome: Omit<Outcome, 'checks'>;
    try {
      if (warmup > 0) await simulate(users, world, Math.min(5, warmup), thinkMs, raw.execute);
      rawOutcome = await simulate(users, world, seconds, thinkMs, raw.execute);
    } finally {
      await raw.close();
    }
    const rawLoad = load();
    const runSeconds = (performance.now() - runStarted) / 1000;

    // ---- Report ---------------------------------------------------------------------------
    for (const s of sections) {
      const all = [...s.outcome.samples.values()].flat();
      const failed = all.filter((x) => !x.ok).length;
      const writes = [...s.outcome.samples.entries()]
        .filter(([a]) => WRITES.has(a))
        .reduce((n, [, l]) => n + l.length, 0);
      const perSecond = all.length / s.outcome.seconds;
      rows.push({
        measurement: `${s.label} · all actions`,
        value: `${fmt.rate(perSecond)}, ${all.length} actions, ${failed} failed, writes ${((100 * writes) / Math.max(1, all.length)).toFixed(1)}%`,
        note: `load average ${s.loadAt}`,
      });
      for (const [action] of MIX) {
        const list = s.outcome.samples.get(action) ?? [];
        if (!list.length) continue;
        const m = summarise(list);
        const rawList = rawOutcome.samples.get(action);
        const r = rawList && !WRITES.has(action) && action !== 'home' ? summarise(rawList) : null;
        rows.push({
          measurement: `${s.label} · ${action}`,
          value: `p50 ${fmt.ms(m.p50)}, p95 ${fmt.ms(m.p95)}, p99 ${fmt.ms(m.p99)}`,
          note: `${m.n} (${(m.n / s.outcome.seconds).toFixed(1)}/s), ${m.failed} failed${r ? `; raw SQL p50 ${fmt.ms(r.p50)}, p95 ${fmt.ms(r.p95)}, p99 ${fmt.ms(r.p99)} (p95 ${fmt.ratio(m.p95 / Math.max(0.01, r.p95))} of raw)` : ''}`,
        });
        const goal = action === 'card' || action === 'board' ? GOAL_P95_CARD_BOARD : GOAL_P95;
        verdicts.push({
          goal: `${s.label}: ${action} p95 ≤ ${goal} ms, no errors`,
          measured: `${fmt.ms(m.p95)}, ${m.failed} failed (load ${s.loadAt})`,
          pass: m.p95 <= goal && m.failed === 0,
        });
      }
      rows.push({
        measurement: `${s.label} · answers from memory`,
        value: `${((100 * s.hits) / Math.max(1, s.reads)).toFixed(1)}% of ${s.reads} cacheable GETs`,
        note: 'x-cache: hit, counted by serve-api.ts (GETs without no-cache)',
      });
      const requests = all.length;
      rows.push({
        measurement: `${s.label} · CPU per action`,
        value: `API ${Math.round((s.apiCpu * 1e6) / Math.max(1, requests)).toLocaleString('en-US')} µs, PostgreSQL ${s.pgCpu === null ? 'n/a' : Math.round((s.pgCpu * 1e6) / Math.max(1, requests)).toLocaleString('en-US')} µs`,
        note: `API ${s.apiCpu.toFixed(1)} s, PostgreSQL ${s.pgCpu === null ? 'n/a' : `${s.pgCpu.toFixed(1)} s`} of CPU over ${s.outcome.seconds.toFixed(0)} s (${(s.apiCpu / s.outcome.seconds).toFixed(2)} + ${s.pgCpu === null ? '?' : (s.pgCpu / s.outcome.seconds).toFixed(2)} cores)`,
      });
      const c = s.outcome.checks;
      rows.push({
        measurement: `${s.label} · remembered cards after a write${processCounts.length && s.label.startsWith('2') ? ' through the other process' : ''}`,
        value: `${c.stale.length} stale of ${c.sampled} compared`,
        note: `${c.hitsBefore} remembered before the write, ${c.hitsAfter} served from memory after it; read ${graceMs} ms after the write, compared with a no-cache read of the same process${c.stale.length ? `: ${c.stale.slice(0, 5).join(', ')}` : ''}`,
      });
      verdicts.push({
        goal: `${s.label}: zero stale remembered answers`,
        measured: `${c.stale.length} of ${c.sampled}`,
        pass: c.stale.length === 0 && c.sampled > 0,
      });
      for (const [key, n] of [...s.outcome.errors.entries()].slice(0, 8)) {
        notes.push(`${s.label} error ×${n}: ${key}`);
      }
    }
    const rawAll = [...rawOutcome.samples.values()].flat();
    rows.push({
      measurement: 'raw SQL replay · same users and think times, reads only',
      value: `${rawAll.filter((x) => x.ok).length} statements' sequences, ${rawAll.filter((x) => !x.ok).length} failed`,
      note: `pg.Pool of 10 (one API process's); home and writes not replayed; load average ${rawLoad}`,
    });
    for (const [key, n] of [...rawOutcome.errors.entries()].slice(0, 4)) {
      notes.push(`raw replay error ×${n}: ${key}`);
    }
    if (sections.length === 2) {
      const rate = (s: (typeof sections)[number]) =>
        [...s.outcome.samples.values()].flat().length / s.outcome.seconds;
      verdicts.push({
        goal: 'two API processes: throughput not below one',
        measured: fmt.ratio(rate(sections[1]!) / rate(sections[0]!)),
        pass: rate(sections[1]!) >= 0.95 * rate(sections[0]!),
      });
    }
    verdicts.push({
      goal: 'the run ≤ 10 minutes after generation',
      measured: fmt.seconds(runSeconds),
      pass: runSeconds <= 600,
    });
    return { rows, verdicts, notes };
  } finally {
    await handle.stop();
  }
}

export const teamBenchmark: Benchmark = {
  name: 'team',
  summary: '100 users of a team at work on the 1M base: the action mix on 1 and 2 API processes',
  run,
};
