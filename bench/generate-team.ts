// The team-day base (issue 19): one big account (BENCH_TEAM_BASE applicants, 1,000,000 by
// default) and 50 smaller ones, each with vacancies (open, on hold, closed; one funnel of
// stages), applications and their transitions, tags and comments; the big one with 100 users —
// recruiters and hiring managers who watch some open vacancies — each with a session.
//
// Everything is server-side bulk SQL: the applicants by generate-applicants.ts (batched
// `insert … select … from generate_series`, secondary indexes dropped and rebuilt for big
// loads), vacancies, applications and transitions by generate-analytics.ts (indexes and the
// board's trigger off during the load), then comments, hiring managers, memberships and
// sessions here, and one `VACUUM ANALYZE` at the end. The accounts must exist (sign them up
// through the API first: it migrates and makes each account's funnel and dictionaries).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { hashToken } from '../apps/api/src/platform/secrets.ts';
import { generateAnalytics } from './generate-analytics.ts';
import { generateApplicants, type SqlRunner } from './generate-applicants.ts';

export type TeamAccount = { accountId: number; userId: number };

export type TeamUser = {
  id: number;
  role: 'recruiter' | 'manager';
  /** The session's token, as a client sends it in X-DCRT-HRM-AUTH. */
  token: string;
};

export type TeamGenerated = {
  users: TeamUser[];
  rows: Record<string, number>;
  seconds: Record<string, number>;
  totalSeconds: number;
  rowsPerSecond: number;
};

export type TeamOptions = {
  base: number;
  /** Sizes of the smaller accounts' bases, one per account. */
  smallSizes: number[];
  /** Users of the big account with a session (the admin included); a fifth are hiring managers. */
  users: number;
  log?: (line: string) => void;
};

/** The sizes of `count` smaller accounts: 2,000–20,000 each at a 1M base, scaled with the base. */
export function smallAccountSizes(count: number, base: number): number[] {
  const scale = Math.min(1, base / 1_000_000);
  return Array.from({ length: count }, (_, i) =>
    Math.max(200, Math.round((2_000 + ((i * 7919) % 18_001)) * scale)),
  );
}

function pool(url: string, max: number): SqlRunner & { close: () => Promise<void> } {
  const p = new pg.Pool({ connectionString: url, max });
  return { jobs: max, query: (text) => p.query(text), close: () => p.end() };
}

async function count(runner: SqlRunner, table: string, accountIds: number[]) {
  const { rows } = await runner.query(
    `select count(*)::bigint as n from ${table} where account_id = any(array[${accountIds.join(',')}])`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** Vacancies, applications and transitions of one account, on a connection of its own. */
async function funnel(url: string, account: TeamAccount, applicants: number, recruiters: number) {
  const one = pool(url, 1);
  try {
    return await generateAnalytics(one, {
      accountId: account.accountId,
      adminUserId: account.userId,
      vacancies: Math.max(10, Math.round(applicants / 500)),
      // About 0.55 applications per applicant, 2.8 transitions each.
      transitions: Math.round(applicants * 1.5),
      recruiters,
      batch: 200_000,
    });
  } finally {
    await one.close();
  }
}

/** Comments on about one applicant in ten, by the account's users, over the last year. */
async function comments(runner: SqlRunner, accountId: number) {
  await runner.query(
    `with team as (select array_agg(id order by id) as ids from users where account_id = ${accountId})
     insert into applicant_comments (account_id, applicant_id, author_id, description, created_at,
                                     updated_at)
     select a.account_id, a.id, team.ids[1 + a.id % cardinality(team.ids)],
            (array['Созвонились, ждёт приглашения на интервью',
                   'Просит зарплату выше вилки, обсудить с заказчиком',
                   'Хорошее первое впечатление, отправил тестовое задание',
                   'Не отвечает на звонки, написал в Telegram'])[1 + a.id % 4],
            now() - make_interval(days => a.id % 365), now() - make_interval(days => a.id % 365)
     from applicants a, team
     where a.account_id = ${accountId} and a.id % 10 = 3`,
  );
}

/**
 * A session for each of `users` (a fresh token, inserted as its hash, as sign-in stores it),
 * replacing the sessions they had: a base kept from an earlier run gets new tokens this way.
 */
export async function issueSessions(
  db: { query: (text: string) => Promise<unknown> },
  accountId: number,
  users: Omit<TeamUser, 'token'>[],
): Promise<TeamUser[]> {
  const issued = users.map((u) => ({ ...u, token: randomBytes(32).toString('base64url') }));
  await db.query(
    `delete from sessions where account_id = ${accountId} and user_id = any(array[${users.map((u) => u.id).join(',')}]::int[])`,
  );
  await db.query(
    `insert into sessions (account_id, user_id, token_hash, expires_at)
     values ${issued.map((u) => `(${accountId}, ${u.id}, '${hashToken(u.token)}', now() + interval '30 days')`).join(',\n')}`,
  );
  return issued;
}

/**
 * Fills the accounts (`big` with `options.base` applicants and its team, `small[i]` with
 * `options.smallSizes[i]`) on the PostgreSQL database at `url`. Prints rows/s.
 */
export async function generateTeam(
  url: string,
  big: TeamAccount,
  small: TeamAccount[],
  options: TeamOptions,
): Promise<TeamGenerated> {
  const log = options.log ?? (() => {});
  const started = performance.now();
  const seconds: Record<string, number> = {};
  const step = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const t0 = performance.now();
    const result = await work();
    seconds[name] = (seconds[name] ?? 0) + (performance.now() - t0) / 1000;
    log(`${name}: ${(seconds[name] ?? 0).toFixed(1)} s`);
    return result;
  };
  const many = pool(url, 2);
  try {
    // The small accounts first: each funnel's load drops and rebuilds the indexes of
    // applications and transitions, cheap while the tables are small.
    await step('applicants (small accounts)', async () => {
      for (const [i, account] of small.entries()) {
        await generateApplicants(many, {
          accountId: account.accountId,
          applicants: options.smallSizes[i] ?? 2_000,
          batch: 50_000,
          seed: i + 2,
          rebuildIndexes: false,
          vacuum: false,
        });
      }
    });
    await step('vacancies, applications, transitions (small accounts)', async () => {
      for (const [i, account] of small.entries()) {
        await funnel(url, account, options.smallSizes[i] ?? 2_000, 3);
      }
    });
    await step('applicants (big)', () =>
      generateApplicants(many, {
        accountId: big.accountId,
        applicants: options.base,
        batch: 50_000,
        vacuum: false,
      }),
    );
    const managers = Math.round(options.users / 5);
    const recruiters = options.users - managers - 1; // the admin is a recruiter too
    await step('vacancies, applications, transitions (big)', () =>
      funnel(url, big, options.base, recruiters),
    );
    // Hiring managers: watchers of the big account, each on 5 open vacancies.
    await step('hiring managers, memberships, comments, sessions', async () => {
      await many.query(
        `insert into users (account_id, email, password_hash, name, last_name, member_type,
                            is_admin, is_onboarding)
         select ${big.accountId}, 'bench-manager-' || g || '-' || ${big.accountId} || '@example.com',
                u.password_hash, 'Руководитель ' || g, 'Заказчиков', 'watcher', false, false
         from users u, generate_series(1, ${managers}) g
         where u.account_id = ${big.accountId} and u.id = ${big.userId}`,
      );
      await many.query(
        `insert into vacancy_members (account_id, vacancy_id, user_id, role)
         select ${big.accountId}, v.id, m.id, 'watcher'
         from (select id, row_number() over (order by id) as n from users
               where account_id = ${big.accountId} and member_type = 'watcher') m
         join lateral (select id from vacancies
                       where account_id = ${big.accountId} and state = 'open'
                       order by (id * 7919 + m.n * 104729) % 1000003 limit 5) v on true
         on conflict do nothing`,
      );
      for (const account of [big, ...small]) await comments(many, account.accountId);
    });
    const users = await issueSessions(
      many,
      big.accountId,
      (
        await many.query(
          `select id, member_type from users where account_id = ${big.accountId} order by id limit ${options.users}`,
        )
      ).rows.map((r) => ({
        id: Number(r.id),
        role: r.member_type === 'watcher' ? ('manager' as const) : ('recruiter' as const),
      })),
    );
    await step('vacuum analyze', () => many.query('vacuum analyze'));
    const ids = [big.accountId, ...small.map((s) => s.accountId)];
    const rows: Record<string, number> = {};
    for (const table of [
      'applicants',
      'applicant_tags',
      'applicant_comments',
      'vacancies',
      'applications',
      'application_transitions',
      'users',
      'vacancy_members',
    ]) {
      rows[table] = await count(many, table, ids);
    }
    const totalSeconds = (performance.now() - started) / 1000;
    const total = Object.values(rows).reduce((s, n) => s + n, 0);
    const rowsPerSecond = total / totalSeconds;
    log(
      `${total.toLocaleString('en-US')} rows in ${totalSeconds.toFixed(0)} s (${Math.round(rowsPerSecond).toLocaleString('en-US')} rows/s): ${JSON.stringify(rows)}`,
    );
    return { users, rows, seconds, totalSeconds, rowsPerSecond };
  } finally {
    await many.close();
  }
}
