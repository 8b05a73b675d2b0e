// What the analytics explain scripts (bench/analytics-*-explain.ts) share: their command line, a
// connection whose Db runs each statement as the bench account's tenant in a read-only
// transaction (its rows, its EXPLAIN (ANALYZE, BUFFERS) figures, its plan printed as text, or its
// backend's CPU), the bench account of a kept `analytics` database, the periods they explain,
// a calendar of weekdays, medians and the load average.
import os from 'node:os';
import { isDeepStrictEqual } from 'node:util';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import { buildQuery, type Db } from '../../packages/db/src/connection.ts';
import type { WorkCalendar } from '../../apps/api/src/modules/analytics/analytics-reports.repository.ts';
import {
  addDaysIso,
  periodScope,
  todayIn,
  type AnalyticsScope,
} from '../../apps/api/src/modules/analytics/analytics-scope.ts';
import { processCpuMs } from './load.ts';

export type CommandLine = {
  /** The database, the first argument. */
  url: string;
  /** The earlier tree after `--before`, if given. */
  beforeDir: string | undefined;
  /** `--plans`: print the plans as text. */
  printPlans: boolean;
  /** EXPLAIN_ROUNDS, else the script's own number. */
  rounds: number;
};

/** The script's arguments; without the URL (or `--before <dir>` when `needsBefore`), `usage` as the error. */
export function commandLine(
  usage: string,
  { rounds = 3, needsBefore = false }: { rounds?: number; needsBefore?: boolean } = {},
): CommandLine {
  const url = process.argv[2];
  const beforeAt = process.argv.indexOf('--before');
  const beforeDir = beforeAt > 0 ? process.argv[beforeAt + 1] : undefined;
  if (!url || (needsBefore && !beforeDir)) throw new Error(`usage: ${usage}`);
  return {
    url,
    beforeDir,
    printPlans: process.argv.includes('--plans'),
    rounds: Number(process.env.EXPLAIN_ROUNDS ?? rounds),
  };
}

/** A statement's EXPLAIN (ANALYZE, BUFFERS) figures: execution time and shared buffers hit + read. */
export type Plan = { ms: number; buffers: number };

/**
 * What a tenant Db does with each statement: `answer` its rows; `explain` its figures (pushed to
 * `plans`, no rows); `print` its plan as text (no rows); `cpu` its rows and the backend's CPU in ms
 * spent on it (pushed to `cpu`; the server must be a process of this machine).
 */
export type TenantMode = 'answer' | 'explain' | 'print' | 'cpu';

export type TenantDb = {
  db: Db;
  /** The same for a statement's text and parameters. */
  run: (text: string, params: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
  plans: Plan[];
  cpu: number[];
};

export type TenantConnection = {
  client: pg.Client;
  /** The backend's CPU so far in ms, or null when the server is not a process of this machine. */
  backendCpu: () => number | null;
  /** A Db whose statements run as `accountId` in `mode`; `serial`: parallel workers off. */
  tenantDb: (accountId: number, mode: TenantMode, options?: { serial?: boolean }) => TenantDb;
};

/** One connection to `url` and the tenant Dbs over it (each statement in its own transaction). */
export async function connectTenant(url: string): Promise<TenantConnection> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { pid } = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!;
  const backendCpu = () => {
    try {
      return processCpuMs(pid);
    } catch {
      return null;
    }
  };
  const tenantDb = (
    accountId: number,
    mode: TenantMode,
    { serial = false }: { serial?: boolean } = {},
  ): TenantDb => {
    const plans: Plan[] = [];
    const cpu: number[] = [];
    const run = async (text: string, params: unknown[]) => {
      await client.query('begin read only');
      try {
        await client.query('set local role ats_app');
        await client.query(`select set_config('app.account_id', $1, true)`, [String(accountId)]);
        await client.query('set local jit = off');
        if (serial) await client.query('set local max_parallel_workers_per_gather = 0');
        if (mode === 'answer') return { rows: (await client.query(text, params)).rows };
        if (mode === 'cpu') {
          const start = processCpuMs(pid);
          const { rows } = await client.query(text, params);
          cpu.push(processCpuMs(pid) - start);
          return { rows };
        }
        if (mode === 'print') {
          const plan = await client.query<{ 'QUERY PLAN': string }>(
            `explain (analyze, buffers) ${text}`,
            params,
          );
          console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
          return { rows: [] };
        }
        const { rows } = await client.query<{ 'QUERY PLAN': unknown }>(
          `explain (analyze, buffers, format json) ${text}`,
          params,
        );
        const [root] = rows[0]!['QUERY PLAN'] as {
          'Execution Time': number;
          Plan: { 'Shared Hit Blocks': number; 'Shared Read Blocks': number };
        }[];
        plans.push({
          ms: root!['Execution Time'],
          buffers: root!.Plan['Shared Hit Blocks'] + root!.Plan['Shared Read Blocks'],
        });
        return { rows: [] };
      } finally {
        await client.query('rollback');
      }
    };
    const execute = (query: SQL) => {
      const { sql: text, params } = buildQuery(query);
      return run(text, params);
    };
    return { db: { execute } as unknown as Db, run, plans, cpu };
  };
  return { client, backendCpu, tenantDb };
}

/**
 * `before` and `after` (each one statement) as the tenant: whether they answer the same
 * (`isDeepStrictEqual`), the load average then, and each round's figures of both, explained one
 * right after the other.
 */
export async function explainBeforeAfter(
  connection: TenantConnection,
  accountId: number,
  rounds: number,
  before: (db: Db) => Promise<unknown>,
  after: (db: Db) => Promise<unknown>,
): Promise<{ same: boolean; load: string; before: Plan[]; after: Plan[] }> {
  const answer = connection.tenantDb(accountId, 'answer').db;
  const same = isDeepStrictEqual(await before(answer), await after(answer));
  const figures = { same, load: loadAverage(), before: [] as Plan[], after: [] as Plan[] };
  for (let i = 0; i < rounds; i++) {
    const b = connection.tenantDb(accountId, 'explain');
    await before(b.db);
    figures.before.push(b.plans[0]!);
    const a = connection.tenantDb(accountId, 'explain');
    await after(a.db);
    figures.after.push(a.plans[0]!);
  }
  return figures;
}

/**
 * `<ms> ms (<buffers> buffers) → <afterName> <ms> ms (<buffers> buffers), ×<ratio>; rounds
 * <ms>/… → <ms>/…`: the medians of the execution times, the first round's buffers.
 */
export function beforeAfter(before: Plan[], afterName: string, after: Plan[]): string {
  const ms = (plans: Plan[]) => median(plans.map((p) => p.ms));
  return (
    `${ms(before).toFixed(0)} ms (${before[0]!.buffers} buffers) → ${afterName} ` +
    `${ms(after).toFixed(0)} ms (${after[0]!.buffers} buffers), ` +
    `×${(ms(before) / ms(after)).toFixed(1)}; rounds ` +
    `${roundsOf(before.map((p) => p.ms))} → ${roundsOf(after.map((p) => p.ms))}`
  );
}

/** The account the `analytics` entry made (from the database's comment) and its time zone. */
export async function benchAccount(
  client: pg.Client,
): Promise<{ accountId: number; timeZone: string }> {
  const { rows } = await client.query<{ comment: string | null }>(
    `select shobj_description(oid, 'pg_database') as comment from pg_database
     where datname = current_database()`,
  );
  let accountId: unknown;
  try {
    ({ accountId } = JSON.parse(rows[0]?.comment ?? '{}') as { accountId?: unknown });
  } catch {
    accountId = undefined;
  }
  if (typeof accountId !== 'number') {
    throw new Error('not a kept analytics bench database: no accountId in its comment');
  }
  const zone = await client.query<{ time_zone: string }>(
    `select coalesce(nullif(a.time_zone, ''), 'Europe/Moscow') as time_zone
     from accounts a where a.id = $1`,
    [accountId],
  );
  return { accountId, timeZone: zone.rows[0]!.time_zone };
}

/** The spans explained, with their days: the last year and month (EXPLAIN_SPAN=year|month keeps one). */
export function explainSpans() {
  const spans = [
    ['year', 365],
    ['month', 30],
  ] as const;
  return spans.filter(([span]) => (process.env.EXPLAIN_SPAN ?? span) === span);
}

export type Period = {
  span: 'year' | 'month';
  dateFrom: string;
  dateTo: string;
  scope: AnalyticsScope;
};

/** The spans to today in the account's time zone, as its scopes (`userId` 0 unless given). */
export function explainPeriods(account: {
  accountId: number;
  timeZone: string;
  userId?: number;
}): Period[] {
  const { accountId, timeZone, userId = 0 } = account;
  const dateTo = todayIn(timeZone);
  return explainSpans().map(([span, days]) => {
    const dateFrom = addDaysIso(dateTo, -(days - 1));
    const scope = periodScope({ accountId, userId, timeZone }, dateFrom, dateTo);
    return { span, dateFrom, dateTo, scope };
  });
}

/** The calendar from `lo` to `hi` with Monday to Friday as its working days (no holidays). */
export function weekdayCalendar(lo: string, hi: string): WorkCalendar {
  const workingDays: string[] = [];
  for (let d = lo; d <= hi; d = addDaysIso(d, 1)) {
    const weekday = new Date(`${d}T00:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) workingDays.push(d);
  }
  return { lo, hi, workingDays };
}

/** The middle value (the upper one of an even count). */
export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** Each round's figure, rounded, joined by slashes: `12/14/13`. */
export const roundsOf = (values: number[]) => values.map((v) => v.toFixed(0)).join('/');

/** The machine's load average over the last minute, one decimal. */
export const loadAverage = () => os.loadavg()[0]!.toFixed(1);
