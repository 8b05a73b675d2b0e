// `board`: the kanban board of a vacancy with 10,000 applicants on PostgreSQL — its columns, the
// first page of every column and a move — each against the SQL it runs. See bench/README.md.
import { type Database, openDatabase, selectRows } from '@ats/db/connection';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { recordApplicantsHistory } from '../apps/api/src/modules/applicants/applicants.service.ts';
import * as applications from '../apps/api/src/modules/pipeline/applications.repository.ts';
import {
  boardColumnsQuery,
  boardPageQuery,
} from '../apps/api/src/modules/pipeline/board.repository.ts';
import { hashToken } from '../apps/api/src/platform/secrets.ts';
import { tenantFor } from '../apps/api/src/platform/tenancy.ts';
import { generateApplicants } from './generate-applicants.ts';
import { interleavedLoops, type LoadSettings, type Throughput } from './support/load.ts';
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

const GOALS = { columnsP95: 50, moveP95: 20 };
const PER_PAGE = 30;

type Stage = { id: number; name: string; is_reject: boolean };

/**
 * A vacancy with the default funnel's stages and every applicant of the account on it, spread
 * over the stages as a busy vacancy is (most in the first stages), arrivals over 60 days.
 */
async function fillVacancy(database: Database, accountId: number, userId: number) {
  return database.withTenant(accountId, async (tx) => {
    const [vacancy] = await selectRows<{ id: number }>(
      tx,
      sql`insert into vacancies (account_id, position, author_id)
          values (${accountId}::int, 'Менеджер по продажам (бенчмарк)', ${userId}::int) returning id`,
    );
    const stages = await selectRows<Stage>(
      tx,
      sql`insert into statuses (account_id, vacancy_id, copied_from_id, name, color, position,
                                status_type, is_offer, is_reject, reject_kind, stay_duration)
          select account_id, ${vacancy!.id}::int, id, name, color, position, status_type, is_offer,
                 is_reject, reject_kind, stay_duration
          from statuses where account_id = ${accountId}::int and status_group_id is not null
          order by position
          returning id, name, is_reject`,
    );
    // Weights per stage: Новый 30, Первичный контакт 20, HR 15, заказчик 10, Оффер 5, вышел 2,
    // отказ компании 12, отказ кандидата 6.
    const weights = [30, 20, 15, 10, 5, 2, 12, 6];
    const slots = stages.flatMap((s, i) => Array<number>(weights[i] ?? 1).fill(s.id));
    await tx.execute(sql`
      with placed as (
        insert into applications (account_id, vacancy_id, applicant_id, status_id,
                                  entered_status_at, created_by)
        select p.account_id, ${vacancy!.id}::int, p.id,
               (${`{${slots.join(',')}}`}::int[])[1 + (p.id * 7919) % ${slots.length}::int],
               now() - make_interval(secs => ((p.id * 104729) % (60 * 86400))::double precision),
               ${userId}::int
        from applicants p where p.account_id = ${accountId}::int
        returning *)
      insert into application_transitions (account_id, application_id, vacancy_id, applicant_id,
                                           to_status_id, moved_by, moved_at, kind)
      select account_id, id, vacancy_id, applicant_id, status_id, created_by, entered_status_at,
             'place' from placed`);
    return { vacancyId: vacancy!.id, stages };
  });
}

const rows = (label: string, endpoint: Throughput, raw: Throughput, what: string): Row[] => [
  {
    measurement: `${label} · endpoint`,
    value: `${fmt.rate(endpoint.perSecond)}, p50 ${fmt.ms(endpoint.p50Ms)}, p95 ${fmt.ms(endpoint.p95Ms)}`,
    note: `${endpoint.total} requests, ${endpoint.failures} failed`,
  },
  {
    measurement: `${label} · raw SQL`,
    value: `${fmt.rate(raw.perSecond)}, p50 ${fmt.ms(raw.p50Ms)}, p95 ${fmt.ms(raw.p95Ms)}`,
    note: what,
  },
  {
    measurement: `${label} · endpoint / raw`,
    value: fmt.ratio(endpoint.perSecond / raw.perSecond),
    note: 'req/s of the endpoint over req/s of its SQL alone',
  },
];

async function run(): Promise<BenchReport> {
  const applicants = envNumber('BENCH_BOARD_APPLICANTS', 10_000);
  const settings: LoadSettings = {
    duration: envNumber('BENCH_BOARD_SECONDS', 6),
    warmup: envNumber('BENCH_BOARD_WARMUP', 1),
    connections: envNumber('BENCH_BOARD_CONNECTIONS', 4),
  };
  const handle = await acquirePostgres();
  if ('skip' in handle) {
    return { rows: [], verdicts: [], notes: [`PostgreSQL skipped: ${handle.skip}`] };
  }
  const notes = [
    `PostgreSQL: ${handle.source}`,
    `${applicants.toLocaleString('en-US')} applicants on one vacancy of 8 stages; ${settings.connections} requests in flight, ${settings.duration} s measured per loop in 1-second slices interleaved with the raw SQL`,
  ];
  const env = { DATABASE_URL: handle.url };
  let api: Api | null = null;
  let database: Database | null = null;
  try {
    api = await startApiServer(env);
    const { email, accountId, userId } = await signUpBenchAccount(api, 'board');
    const token = (
      await apiRequest<{ auth_token: string }>('POST', `${api.url}/api/auth/login`, null, {
        email,
        password: BENCH_PASSWORD,
      })
    ).auth_token;

    const pool = new pg.Pool({ connectionString: handle.url, max: 2 });
    try {
      await generateApplicants(
        { jobs: 2, query: (text) => pool.query(text) },
        { accountId, applicants, batch: 10_000, vacuum: false },
      );
    } finally {
      await pool.end();
    }
    database = await openDatabase({ databaseUrl: handle.url, dataDir: 'unused', poolSize: 10 });
    const { vacancyId, stages } = await fillVacancy(database, accountId, userId);
    await database.system.execute(sql`vacuum analyze`);
    const ordinary = stages.filter((s) => !s.is_reject && s.name !== 'Вышел на работу');

    // What the endpoints run besides their own query: the session look-up of authentication.
    const lookupText = sqlFromSource(
      'apps/api/src/platform/auth.ts',
      'async function findSessionByTokenAcrossAccounts',
      ['tokenHash'],
    );
    const lookupPool = new pg.Pool({ connectionString: handle.url, max: 10 });
    const lookup = () =>
      lookupPool.query({ name: 'bench_lookup', text: lookupText, values: [hashToken(token)] });
    const db = database;
    const tenant = tenantFor(db, accountId, userId);

    // Applications to move: a random card of an ordinary stage goes to another ordinary stage.
    const movable = await db.withTenant(accountId, (tx) =>
      selectRows<{ id: number; status_id: number }>(
        tx,
        sql`select id, status_id from applications where account_id = ${accountId}::int
              and vacancy_id = ${vacancyId}::int
              and status_id = any(${`{${ordinary.map((s) => s.id).join(',')}}`}::int[])`,
      ),
    );
    const busy = new Set<number>();
    const pickMove = () => {
      let id: number;
      do id = movable[Math.floor(Math.random() * movable.length)]!.id;
      while (busy.has(id));
      busy.add(id);
      return id;
    };
    const stageOf = new Map(movable.map((m) => [m.id, m.status_id]));
    const nextStage = (id: number) => {
      const current = stageOf.get(id);
      const choices = ordinary.filter((s) => s.id !== current);
      const to = choices[Math.floor(Math.random() * choices.length)]!.id;
      return to;
    };

    const headers = { [AUTH_HEADER]: token };
    const get = async (path: string) => {
      const response = await fetch(`${api!.url}${path}`, { headers });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`GET ${path}: ${response.status}`);
    };
    let column = 0;
    const nextColumn = () => stages[column++ % stages.length]!.id;

    const results = await interleavedLoops(
      {
        columnsEndpoint: () => get(`/api/vacancies/${vacancyId}/get_status_vacancy_columns`),
        columnsRaw: async () => {
          await lookup();
          await db.readAsTenant(
            accountId,
            boardColumnsQuery(accountId, vacancyId, userId),
            'board_columns',
          );
        },
        pageEndpoint: () =>
          get(
            `/api/status_vacancy_columns/get_applicants?vacancy_id=${vacancyId}&status_id=${nextColumn()}&per_page=${PER_PAGE}`,
          ),
        pageRaw: async () => {
          await lookup();
          await db.readAsTenant(
            accountId,
            boardPageQuery(accountId, {
              vacancyId,
              statusId: nextColumn(),
              userId,
              limit: PER_PAGE,
              offset: 0,
            }),
            'board_cards',
          );
        },
        moveEndpoint: async () => {
          const id = pickMove();
          try {
            const to = nextStage(id);
            const response = await fetch(`${api!.url}/api/applications/${id}/move`, {
              method: 'POST',
              headers: { ...headers, 'content-type': 'application/json' },
              body: JSON.stringify({ status_id: to }),
            });
            await response.arrayBuffer();
            if (response.status !== 200) throw new Error(`move: ${response.status}`);
            stageOf.set(id, to);
          } finally {
            busy.delete(id);
          }
        },
        // The move's statements through the same driver: look-up, the lock with the vacancy's
        // stages, update with its transition, the worklog entry — one tenant transaction, no HTTP.
        moveRaw: async () => {
          const id = pickMove();
          try {
            const to = nextStage(id);
            await lookup();
            await tenant.transaction(async (tx) => {
              const current = await applications.lockApplication(tx, accountId, id, userId);
              await applications.moveApplication(tx, accountId, current!, {
                statusId: to,
                kind: 'move',
                userId,
                reasonId: null,
                comment: null,
                rejectKind: null,
              });
              await recordApplicantsHistory(tx, tenant, [
                { applicantId: current!.applicant_id, action: 'vacancy_move', changes: {} },
              ]);
            });
            stageOf.set(id, to);
          } finally {
            busy.delete(id);
          }
        },
      },
      settings,
    );
    await lookupPool.end();

    const firstPages = await Promise.all(
      stages.map(async (s) => {
        const t0 = performance.now();
        await get(
          `/api/status_vacancy_columns/get_applicants?vacancy_id=${vacancyId}&status_id=${s.id}&per_page=${PER_PAGE}`,
        );
        return performance.now() - t0;
      }),
    );
    notes.push(
      `the whole board once (its 8 first pages fetched at once, as the screen does): slowest ${fmt.ms(Math.max(...firstPages))}`,
    );

    return {
      notes,
      rows: [
        ...rows(
          'GET /api/vacancies/{id}/get_status_vacancy_columns',
          results.columnsEndpoint,
          results.columnsRaw,
          'session look-up + boardColumnsQuery through readAsTenant',
        ),
        ...rows(
          `GET /api/status_vacancy_columns/get_applicants (page 1 of ${PER_PAGE}, each column in turn)`,
          results.pageEndpoint,
          results.pageRaw,
          'session look-up + boardPageQuery through readAsTenant',
        ),
        ...rows(
          'POST /api/applications/{id}/move',
          results.moveEndpoint,
          results.moveRaw,
          'session look-up + lock with stages, move with its transition, worklog in one transaction',
        ),
      ],
      verdicts: [
        {
          goal: `columns p95 ≤ ${GOALS.columnsP95} ms (${applicants.toLocaleString('en-US')} applicants)`,
          measured: fmt.ms(results.columnsEndpoint.p95Ms),
          pass: results.columnsEndpoint.p95Ms <= GOALS.columnsP95,
        },
        {
          goal: `move p95 ≤ ${GOALS.moveP95} ms`,
          measured: fmt.ms(results.moveEndpoint.p95Ms),
          pass: results.moveEndpoint.p95Ms <= GOALS.moveP95,
        },
      ],
    };
  } finally {
    await database?.close();
    await api?.stop();
    await handle.stop();
  }
}

export const boardBenchmark: Benchmark = {
  name: 'board',
  summary: 'a 10,000-applicant vacancy: board columns, first pages and a move vs their SQL',
  run,
};
