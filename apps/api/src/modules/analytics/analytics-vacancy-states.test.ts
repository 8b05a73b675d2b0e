import { selectRows } from '@ats/db/connection';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUp, signUpCompany } from '../../../test/factories.ts';
import { insertVacancyWithStages } from '../../../test/pipeline-factory.ts';
import { seedOf, withSeed } from '../../../test/seeded.ts';
import { type TestApp, createTestApp } from '../../../test/test-app.ts';
import { closedVacancies, vacancyStatesAt } from './analytics-facts.repository.ts';
import { listOwnerVacancyCounts, listVacanciesInPeriod } from './analytics-reports.repository.ts';
import { addDaysIso, periodScope, todayIn } from './analytics-scope.ts';

// The vacancies' state at a period's end, their last closing before it and their owners, as the
// report by vacancy and recruiter_vacancies_details read them from the set's state log at once,
// equal what the definitions ask of each vacancy on its own (below, one subquery per vacancy and
// question, as the statement read them before): the last logged state before the end, else the
// state the first logged change left, else the vacancy's own; the last closing before the end by
// the log, else `closed_at` for a vacancy without a log. Random logs (changes before, inside and
// after the period, a first change with no state before it, none at all, vacancies closed without
// a log before and after the end, ties on the instant), random periods. Base indicators' open and
// held vacancies at an instant and its vacancies last closed in a period (analytics-facts
// vacancyStatesAt, closedVacancies) and an owner's counts of recruiter_vacancies hold to the same
// definitions.

const ZONE = 'Europe/Moscow';
const STATES = ['open', 'hold', 'closed'] as const;

function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

let t: TestApp;
let admin: SignedUp;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpCompany(t.app);
});

afterAll(async () => {
  await t.close();
});

describe('the vacancies of a period', () => {
  it('have the state, last closing and owners each vacancy’s own log gives', () => {
    const seed = seedOf('ANALYTICS_VACANCY_STATES_SEED');
    return withSeed(seed, 'ANALYTICS_VACANCY_STATES_SEED', async () => {
      const rnd = random(seed);
      const pick = <T>(values: readonly T[]) => values[Math.floor(rnd() * values.length)]!;
      const A = admin.accountId;
      const today = todayIn(ZONE);
      const day = (offset: number) => `${addDaysIso(today, -offset)}T09:00:00Z`;
      for (let i = 0; i < 14; i++) {
        const state = pick(STATES);
        const v = await insertVacancyWithStages(t.database, A, {
          state,
          owners: rnd() < 0.8 ? [admin.userId] : [],
        });
        const created = 60 + Math.floor(rnd() * 60);
        const closedAt = state === 'closed' ? day(Math.floor(rnd() * created)) : null;
        await t.database.system.execute(
          sql`update vacancies set created_at = ${day(created)}::timestamptz,
                     closed_at = ${closedAt}::timestamptz
              where account_id = ${A}::int and id = ${v.id}::int`,
        );
        // Half of them have a log: changes anywhere from the creation to today, some on one
        // instant, the first sometimes with no state before it.
        if (rnd() < 0.5) continue;
        let from: string | null = rnd() < 0.3 ? null : pick(STATES);
        const changes = 1 + Math.floor(rnd() * 5);
        let at = created;
        for (let c = 0; c < changes; c++) {
          if (rnd() < 0.8) at = Math.max(0, at - 1 - Math.floor(rnd() * 25));
          const to = pick(STATES);
          await t.database.system.execute(
            sql`insert into vacancy_state_log (account_id, vacancy_id, from_state, to_state, changed_at)
                values (${A}::int, ${v.id}::int, ${from}, ${to}, ${day(at)}::timestamptz)`,
          );
          from = to;
        }
      }
      const base = { accountId: A, userId: admin.userId, timeZone: ZONE };
      let closedSeen = 0;
      await t.database.withTenant(A, async (tx) => {
        for (let p = 0; p < 12; p++) {
          const from = addDaysIso(today, -Math.floor(rnd() * 130));
          const to = addDaysIso(from, Math.floor(rnd() * 60));
          const scope = periodScope(base, from, to);
          const end = scope.to.toISOString();
          const rows = await listVacanciesInPeriod(
            tx,
            { accountId: A, timeZone: ZONE, from: scope.from, to: scope.to },
            { divisionIds: null },
            { all: true },
          );
          const reference = await selectRows<{
            vacancy_id: number;
            state: string;
            last_closed: string | null;
            owner_ids: number[];
            created: boolean;
            closing: string | null;
          }>(
            tx,
            sql`select v.id as vacancy_id,
                   coalesce(
                     (select l.to_state from vacancy_state_log l
                      where l.account_id = v.account_id and l.vacancy_id = v.id
                        and l.changed_at < ${end}::timestamptz
                      order by l.changed_at desc, l.id desc limit 1),
                     (select coalesce(l.from_state, 'open') from vacancy_state_log l
                      where l.account_id = v.account_id and l.vacancy_id = v.id
                      order by l.changed_at, l.id limit 1),
                     v.state) as state,
                   coalesce(
                     (select max(l.changed_at) from vacancy_state_log l
                      where l.account_id = v.account_id and l.vacancy_id = v.id
                        and l.to_state = 'closed' and l.changed_at < ${end}::timestamptz),
                     case when v.closed_at < ${end}::timestamptz
                               and not exists (select 1 from vacancy_state_log l
                                               where l.account_id = v.account_id
                                                 and l.vacancy_id = v.id)
                          then v.closed_at end) as last_closed,
                   coalesce((select array_agg(m.user_id order by m.user_id) from vacancy_members m
                             where m.account_id = v.account_id and m.vacancy_id = v.id
                               and m.role = 'owner'), '{}') as owner_ids,
                   v.created_at < ${end}::timestamptz as created,
                   case when v.state = 'closed' then coalesce(
                     (select max(l.changed_at) from vacancy_state_log l
                      where l.account_id = v.account_id and l.vacancy_id = v.id
                        and l.to_state = 'closed'),
                     v.closed_at) end as closing
                from vacancies v where v.account_id = ${A}::int
                order by v.id`,
          );
          const got = rows
            .map((r) => [
              r.vacancy_id,
              r.state,
              r.closed_at === null ? null : new Date(r.closed_at).toISOString(),
              r.owner_ids,
            ])
            .sort((a, b) => (a[0] as number) - (b[0] as number));
          const want = reference.map((r) => [
            r.vacancy_id,
            r.state,
            r.state === 'closed' && r.last_closed !== null
              ? new Date(r.last_closed).toISOString()
              : null,
            r.owner_ids,
          ]);
          expect(got, `seed ${seed}, ${from}…${to}`).toEqual(want);
          closedSeen += got.filter((r) => r[2] !== null).length;
          // The owner's counts of recruiter_vacancies, from the same definitions.
          const [owner] = await listOwnerVacancyCounts(
            tx,
            { accountId: A, timeZone: ZONE, from: scope.from, to: scope.to },
            { divisionIds: null },
            [admin.userId],
          );
          const owned = reference.filter((r) => r.created && r.owner_ids.includes(admin.userId));
          const ownedIn = (state: string) => owned.filter((r) => r.state === state).length;
          expect(
            owner ? [owner.open, owner.hold, owner.closed, owner.closed_in_period] : [0, 0, 0, 0],
            `seed ${seed}, ${from}…${to}, owner`,
          ).toEqual([
            ownedIn('open'),
            ownedIn('hold'),
            ownedIn('closed'),
            owned.filter(
              (r) =>
                r.state === 'closed' &&
                r.last_closed !== null &&
                new Date(r.last_closed) >= scope.from,
            ).length,
          ]);
          // Base indicators' open and held vacancies at the period's end and its start, and the
          // vacancies last closed in the period or the previous one, from the same definitions.
          const f = { accountId: A, divisionIds: null };
          const [atEnd] = await vacancyStatesAt(tx, f, [scope.to]);
          const alive = reference.filter((r) => r.created);
          expect(atEnd, `seed ${seed}, ${from}…${to}, states`).toEqual({
            open: alive.filter((r) => r.state === 'open').length,
            hold: alive.filter((r) => r.state === 'hold').length,
          });
          const windowOf = (a: Date, b: Date) => ({ from: a, to: b });
          const closed = await closedVacancies(
            tx,
            f,
            windowOf(scope.from, scope.to),
            windowOf(scope.previousFromTs, scope.previousToTs),
          );
          expect(
            closed
              .map((c) => [c.id, c.now, new Date(c.closed_at).toISOString()])
              .sort((a, b) => (a[0] as number) - (b[0] as number)),
            `seed ${seed}, ${from}…${to}, closed`,
          ).toEqual(
            reference
              .filter(
                (r) =>
                  r.closing !== null &&
                  new Date(r.closing) >= scope.previousFromTs &&
                  new Date(r.closing) < scope.to,
              )
              .map((r) => [
                r.vacancy_id,
                new Date(r.closing!) >= scope.from,
                new Date(r.closing!).toISOString(),
              ]),
          );
        }
      });
      expect(closedSeen).toBeGreaterThan(0);
    });
  });
});
