// `events`: the calendar's month view — GET /api/events for 20 users' calendars side by side over
// one month, through the service the route calls (the caller's rights, the period in the account's
// zone, participants, guests, reminders, applicant and vacancy names, the answer's shape) — beside
// the raw SQL of the same month (the events of those users overlapping the month, with their
// participants). 5,000 events of the 20 users over three months around the viewed one, plus
// another account's 20,000 so the indexes must choose. PostgreSQL first (the goal), then the
// embedded PGlite for comparison (BENCH_TARGETS=postgres to skip it). See bench/README.md.
import os from 'node:os';
import { type Database, openDatabase, selectRows } from '@ats/db/connection';
import { type SQL, sql } from 'drizzle-orm';
import { listEvents } from '../apps/api/src/modules/events/events.service.ts';
import { tenantFor } from '../apps/api/src/platform/tenancy.ts';
import { percentile } from './support/load.ts';
import { acquirePostgres } from './support/postgres.ts';
import { type Benchmark, type BenchReport, envNumber, fmt, type Row } from './support/report.ts';

const GOAL_P95_MS = 50;
const USERS = 20;
const MONTH = { from: '2030-03-01', to: '2030-03-31' };

type Seeded = { accountId: number; userIds: number[]; inMonth: number };

/** One account with USERS recruiters and `events` events (1–3 participants) over Feb–Apr 2030. */
export async function seed(db: Database['system'], events: number, tag: string): Promise<Seeded> {
  const [account] = await selectRows<{ id: number }>(
    db,
    sql`insert into accounts (name) values (${`Бенчмарк ${tag}`}) returning id`,
  );
  const accountId = account!.id;
  const users = await selectRows<{ id: number }>(
    db,
    sql`insert into users (account_id, email, name, member_type, is_admin)
        select ${accountId}, ${`bench-${tag}-`} || g || '@example.ru', 'Рекрутер ' || g, 'owner', g = 1
        from generate_series(1, ${USERS}) g returning id`,
  );
  const userIds = users.map((u) => u.id).sort((a, b) => a - b);
  // Working days 09:00–19:00 Moscow, 30/60/90 minutes, spread over 89 days from 1 February.
  await db.execute(sql`
    insert into events (account_id, author_id, title, description, starts_at, ends_at, uid)
    select ${accountId}, ${userIds[0]!}, 'Собеседование №' || g, 'Описание встречи ' || g, s, s + d, ${tag} || '-' || g || '@bench'
    from (
      select g,
             timestamptz '2030-02-01 09:00+03' + ((g * 7919) % 89) * interval '1 day'
               + ((g * 104729) % 20) * interval '30 minutes' as s,
             (1 + g % 3) * interval '30 minutes' as d
      from generate_series(1, ${events}) g
    ) x`);
  await db.execute(sql`
    insert into event_participants (account_id, event_id, user_id, starts_at, ends_at)
    select e.account_id, e.id, u.id, e.starts_at, e.ends_at
    from events e
    cross join lateral (
      select (${sql.raw(`array[${userIds.join(',')}]`)})[1 + ((e.id * k * 31) % ${USERS})] as id
      from generate_series(1, 1 + e.id % 3) k
    ) u
    where e.account_id = ${accountId}
    on conflict do nothing`);
  await db.execute(sql`
    insert into event_guests (account_id, event_id, email, name)
    select account_id, id, 'guest' || id || '@partner.example', 'Гость' from events
    where account_id = ${accountId} and id % 4 = 0`);
  await db.execute(sql`
    insert into event_reminders (account_id, event_id, minutes_before)
    select account_id, id, 15 from events where account_id = ${accountId} and id % 2 = 0`);
  for (const table of ['events', 'event_participants', 'event_guests', 'event_reminders']) {
    await db.execute(sql.raw(`analyze ${table}`));
  }
  const [count] = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from events where account_id = ${accountId}
        and starts_at < timestamptz '2030-04-01 00:00+03' and ends_at > timestamptz '2030-03-01 00:00+03'`,
  );
  return { accountId, userIds, inMonth: count!.n };
}

/**
 * The month of the users' calendars in plain SQL, as narrow as the bench had it until 27 Nov 2026
 * (ids, titles, instants and participants only): kept to compare with the figures before.
 */
export const narrowMonthSql = (accountId: number, userIds: number[]) => sql`
  select e.id, e.title, e.starts_at, e.ends_at, array_agg(p.user_id order by p.user_id) as users
  from events e
  join event_participants p on p.account_id = e.account_id and p.event_id = e.id
  where e.account_id = ${accountId}
    and e.id in (select q.event_id from event_participants q
      where q.account_id = ${accountId} and q.user_id = any(${`{${userIds.join(',')}}`}::int[])
        and q.starts_at < timestamptz '2030-04-01 00:00+03'
        and q.ends_at > timestamptz '2030-03-01 00:00+03')
  group by e.account_id, e.id order by e.starts_at, e.id`;

/**
 * The month in plain SQL, everything the answer holds: every column of the event, its
 * participants, guests (address and name) and reminders, the applicant's name parts and the
 * vacancy's position — and the caller's rights and the account's zone, which the answer depends
 * on. Written as anyone would: joins and grouped lists, rows as the driver gives them.
 */
export const rawMonthSql = (accountId: number, userId: number, userIds: number[]) => sql`
  select e.id, e.author_id, e.title, e.description, e.starts_at, e.ends_at, e.time_zone,
    e.service, e.link, e.place, e.applicant_id, e.vacancy_id, e.source, e.uid, e.sequence,
    e.created_at, e.updated_at,
    (select array_agg(p.user_id order by p.user_id) from event_participants p
      where p.account_id = e.account_id and p.event_id = e.id) as users,
    (select json_agg(json_build_object('email', g.email, 'name', g.name) order by g.email)
      from event_guests g where g.account_id = e.account_id and g.event_id = e.id) as guests,
    (select array_agg(r.minutes_before order by r.minutes_before) from event_reminders r
      where r.account_id = e.account_id and r.event_id = e.id) as reminders,
    a.first_name, a.last_name, a.middle_name, v.position,
    (select time_zone from accounts where id = ${accountId}) as zone,
    (select u.settings from users u where u.account_id = ${accountId} and u.id = ${userId}) as rights
  from events e
  left join applicants a on a.account_id = e.account_id and a.id = e.applicant_id
  left join vacancies v on v.account_id = e.account_id and v.id = e.vacancy_id
  where e.account_id = ${accountId}
    and e.starts_at < timestamptz '2030-04-01 00:00+03'
    and e.ends_at > timestamptz '2030-03-01 00:00+03'
    and e.id in (select q.event_id from event_participants q
      where q.account_id = ${accountId} and q.user_id = any(${`{${userIds.join(',')}}`}::int[])
        and q.starts_at < timestamptz '2030-04-01 00:00+03'
        and q.starts_at > timestamptz '2030-02-15 00:00+03'
        and q.ends_at > timestamptz '2030-03-01 00:00+03')
  order by e.starts_at, e.id`;

type Timing = { p50: number; p95: number };

/** The works timed side by side: round after round, each in turn (their order rotating). */
async function timeSideBySide<K extends string>(
  works: Record<K, () => Promise<unknown>>,
  rounds: number,
): Promise<Record<K, Timing>> {
  const keys = Object.keys(works) as K[];
  for (let i = 0; i < 5; i += 1) for (const key of keys) await works[key]();
  const times = Object.fromEntries(keys.map((key) => [key, [] as number[]])) as Record<K, number[]>;
  for (let i = 0; i < rounds; i += 1) {
    for (let j = 0; j < keys.length; j += 1) {
      const key = keys[(i + j) % keys.length]!;
      const started = performance.now();
      await works[key]();
      times[key].push(performance.now() - started);
    }
  }
  return Object.fromEntries(
    keys.map((key) => {
      const sorted = times[key].sort((a, b) => a - b);
      return [key, { p50: percentile(sorted, 50), p95: percentile(sorted, 95) }];
    }),
  ) as Record<K, Timing>;
}

async function measure(database: Database, label: string, events: number, rounds: number) {
  const db = database.system;
  const seeded = await seed(db, events, `${label}-${process.pid}`);
  await seed(db, events * 4, `${label}-noise-${process.pid}`);
  const tenant = tenantFor(database, seeded.accountId, seeded.userIds[0]!);
  const actor = { userId: seeded.userIds[0]!, memberType: 'owner' as const, isAdmin: true };
  const query = {
    date_from: MONTH.from,
    date_to: MONTH.to,
    user_ids: seeded.userIds,
    user_id: undefined,
    admin_user_id: undefined,
    'user_ids[]': undefined,
    applicant_id: undefined,
    vacancy_id: undefined,
  };
  const answer = await listEvents(tenant, actor, query);
  const rawRead = (statement: SQL) => () =>
    database.withTenant(seeded.accountId, (tx) => selectRows(tx, statement));
  const timing = await timeSideBySide(
    {
      service: () => listEvents(tenant, actor, query),
      raw: rawRead(rawMonthSql(seeded.accountId, actor.userId, seeded.userIds)),
      narrow: rawRead(narrowMonthSql(seeded.accountId, seeded.userIds)),
    },
    rounds,
  );
  const bytes = Buffer.byteLength(JSON.stringify(answer));
  return { label, seeded, answered: answer.length, bytes, ...timing };
}

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ');

async function run(): Promise<BenchReport> {
  const events = envNumber('BENCH_EVENTS', 5000);
  const rounds = envNumber('BENCH_ROUNDS', 60);
  const targets = (process.env.BENCH_TARGETS ?? 'postgres,pglite').split(',');
  const rows: Row[] = [];
  const notes = [
    `${USERS} users, ${events} events (1–3 participants, a guest on every 4th, a reminder on every 2nd) over Feb–Apr 2030; another account holds ${events * 4}`,
    `month view: date_from=${MONTH.from}, date_to=${MONTH.to}, user_ids = the 20 users; ${rounds} rounds after 5 warm-up ones`,
    'service = listEvents as GET /api/events calls it (rights, period in the account zone, participants, guests, reminders, names); raw = the same month with every field of the answer, the zone and the rights in one plain SQL; narrow = the raw SQL this bench had before (no guests, reminders, names); all three timed side by side, round after round',
  ];
  const verdicts: BenchReport['verdicts'] = [];
  const results: (Awaited<ReturnType<typeof measure>> & { load: string })[] = [];
  if (targets.includes('postgres')) {
    const pg = await acquirePostgres();
    if ('skip' in pg) {
      notes.push(`PostgreSQL skipped: ${pg.skip}`);
    } else {
      notes.push(`PostgreSQL: ${pg.source}`);
      const database = await openDatabase({ databaseUrl: pg.url, dataDir: '' });
      try {
        results.push({
          ...(await measure(database, 'PostgreSQL', events, rounds)),
          load: load(),
        });
      } finally {
        await database.close();
        await pg.stop();
      }
    }
  }
  if (targets.includes('pglite')) {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      results.push({ ...(await measure(database, 'PGlite', events, rounds)), load: load() });
    } finally {
      await database.close();
    }
  }
  for (const r of results) {
    const vs = (t: Timing) => `×${(t.p95 / Math.max(r.raw.p95, 0.001)).toFixed(2)} of raw p95`;
    rows.push(
      {
        measurement: `${r.label} · month view (service)`,
        value: `p50 ${fmt.ms(r.service.p50)} · p95 ${fmt.ms(r.service.p95)}`,
        note: `${r.answered} events answered (${r.seeded.inMonth} overlap the month), ${(r.bytes / 1024).toFixed(0)} kB of JSON; ${vs(r.service)}`,
      },
      {
        measurement: `${r.label} · month view (raw SQL of the whole answer)`,
        value: `p50 ${fmt.ms(r.raw.p50)} · p95 ${fmt.ms(r.raw.p95)}`,
        note: `service / raw p95 ${fmt.ratio(r.service.p95 / Math.max(r.raw.p95, 0.001))}`,
      },
      {
        measurement: `${r.label} · month view (raw SQL, narrow: ids, titles, instants, participants)`,
        value: `p50 ${fmt.ms(r.narrow.p50)} · p95 ${fmt.ms(r.narrow.p95)}`,
        note: `the raw figure this bench gave until 27 Nov 2026`,
      },
    );
    if (r.label === 'PostgreSQL') {
      verdicts.push({
        goal: `month view of ${USERS} users p95 ≤ ${GOAL_P95_MS} ms (PostgreSQL)`,
        measured: `${fmt.ms(r.service.p95)} (load average ${r.load})`,
        pass: r.service.p95 <= GOAL_P95_MS,
      });
    }
  }
  if (!verdicts.length) {
    verdicts.push({
      goal: `month view p95 ≤ ${GOAL_P95_MS} ms (PostgreSQL)`,
      measured: 'not run',
      pass: false,
    });
  }
  return { rows, notes, verdicts };
}

export const eventsBenchmark: Benchmark = {
  name: 'events',
  summary: 'calendar month view of 20 users over 5,000 events, beside its raw SQL',
  run,
};
