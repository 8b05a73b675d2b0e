import { type Db, selectRows } from '@ats/db/connection';
import { sql } from 'drizzle-orm';
import type { Config } from './config.ts';
import { tooManyAttempts } from './errors.ts';

// Rate limits of calls anyone may make (decision 0026). Counters live in the database table of the
// sign-in throttle (auth_throttle), so every API process and every restart sees the same counts.
// A counter is a fixed window: the first call opens it, calls in it are counted, the first call
// after it opens a new one.

/** How many calls one client (an address or a user) and everyone together may make per window. */
export type RateLimit = {
  /** Key prefix of the counters, e.g. `feedback`. */
  name: string;
  perClient: number;
  /** All clients together; none for a quota of one client's own. */
  global?: number;
  windowSeconds: number;
  /** Russian text of the 429. */
  message: string;
};

/** Counters older than this are deleted when a global window opens. */
const STALE_AFTER_SECONDS = 24 * 3600;

/** A limit multiplied by THROTTLE_SCALE (never below one call). */
export const scaled = (config: Pick<Config, 'THROTTLE_SCALE'>, count: number) =>
  Math.max(1, Math.round(count * config.THROTTLE_SCALE));

/** Counts one call against `key`; answers the count in the window and the seconds it has left. */
export async function countCall(db: Db, key: string, windowSeconds: number) {
  const [row] = await selectRows<{ count: number; seconds_left: number }>(
    db,
    sql`
      insert into auth_throttle as t (key, failures, window_started_at)
      values (${key}, 1, now())
      on conflict (key) do update set
        failures = case when t.window_started_at <= now() - make_interval(secs => ${windowSeconds})
                        then 1 else t.failures + 1 end,
        window_started_at = case when t.window_started_at <= now() - make_interval(secs => ${windowSeconds})
                                 then now() else t.window_started_at end
      returning failures as count,
        extract(epoch from (window_started_at + make_interval(secs => ${windowSeconds}) - now()))::float8
          as seconds_left`,
  );
  return { count: Number(row!.count), secondsLeft: Number(row!.seconds_left) };
}

/** Forgets counters and locks that have been over for a day (addresses come and go). */
export async function pruneStaleCounters(db: Db) {
  await db.execute(sql`
    delete from auth_throttle
    where window_started_at < now() - make_interval(secs => ${STALE_AFTER_SECONDS})
      and (locked_until is null or locked_until < now())`);
}

/**
 * Counts one call of `client` (its address, or `user:<id>` when signed in) and of everyone; throws
 * 429 with Retry-After and the limit's message when either is over. A client over its own limit
 * does not use up the global allowance.
 */
export async function spendAllowance(
  deps: { database: { system: Db }; config: Pick<Config, 'THROTTLE_SCALE'> },
  limit: RateLimit,
  client: string | null,
) {
  const db = deps.database.system;
  if (client) {
    const own = await countCall(db, `rate:${limit.name}:${client}`, limit.windowSeconds);
    if (own.count > scaled(deps.config, limit.perClient)) {
      throw tooManyAttempts(own.secondsLeft, limit.message);
    }
  }
  if (limit.global === undefined) return;
  const all = await countCall(db, `rate:${limit.name}:*`, limit.windowSeconds);
  if (all.count === 1) await pruneStaleCounters(db);
  if (all.count > scaled(deps.config, limit.global)) {
    throw tooManyAttempts(all.secondsLeft, limit.message);
  }
}

/** The client of an anonymous-or-not call: the signed-in user, else the address Fastify saw. */
export const clientOf = (request: {
  ip?: string;
  session?: { accountId: number; userId: number } | null;
}) =>
  request.session
    ? `user:${request.session.accountId}:${request.session.userId}`
    : request.ip
      ? `ip:${request.ip}`
      : null;
