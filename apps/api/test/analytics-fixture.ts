import { selectRows } from '@ats/db/connection';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { SignedUp } from './factories.ts';
import { type SeededVacancy, insertVacancyWithStages } from './pipeline-factory.ts';
import { type TestApp, call } from './test-app.ts';

/**
 * The hand fixture of analytics (issue 13): 30 applicants over 3 vacancies with moves on known
 * days across the 2025 New Year holidays (1–8 January are days off), skips, rejections and
 * refusals with reasons and without, a vacancy on hold, a merge and a deletion. Times are Moscow
 * (the account's zone, UTC+3); a day alone means noon. Transitions are written with their
 * `moved_at` (backdating is test-only); the merge and the deletion go through the HTTP API.
 *
 * Period P = 2025-01-01…2025-01-31, previous period Q = 2024-12-01…2024-12-31.
 *
 * Vacancies (default funnel: Новый 0, Первичный контакт 1, Интервью с HR 2, Интервью с
 * заказчиком 3, Оффер 4 (offer), Вышел на работу 5 (hired), Отказ компании, Отказ кандидата):
 *   V1 «Продавец»    division Розница (child of Продажи), created 2024-11-01, open.
 *   V2 «Кассир»      division Продажи, created 2024-12-02, hold 2024-12-20, open again
 *                    2025-01-15, closed 2025-01-24.
 *   V3 «Разработчик» division ИТ, created 2024-12-16, closed 2025-01-28.
 * Reasons: R1 «Мало опыта (аналитика)» and R2 «Провалил собеседование» (reject), F1 «Мало денег (аналитика)» (refuse).
 *
 * Stories (created; then on a vacancy: placed at a stage, moves, reject/refuse with a reason):
 *   a01 2024-12-05  V1 12-05 Новый, 12-10 Первичный, 12-20 HR, 01-09 Оффер, 01-13 Вышел
 *   a02 2024-12-10  V1 12-10 Новый, 12-12 reject R1
 *   a03 2025-01-02  V1 01-02 Новый, 01-03 Заказчик (skip), 01-09 reject R2          src hh
 *   a04 2025-01-03  V1 01-03 Новый, 01-10 Первичный, 01-14 refuse F1               src site
 *   a05 2025-01-09  V1 01-09 Новый, 01-09 Оффер (skip), 01-20 Вышел                 src hh
 *   a06 2025-01-10  V1 01-10 Новый
 *   a07 2025-01-15  V1 01-15 Новый, 01-16 reject (no reason)
 *   a08 2025-01-20  V1 01-20 Новый, 01-21 Первичный
 *   a09 2025-01-31  V1 placed 2025-01-31 23:30 MSK (20:30 UTC: still P in Moscow)
 *   a10 2025-02-01 00:30 MSK (2025-01-31 21:30 UTC: not P in Moscow), nowhere
 *   a11 2024-12-03  V2 12-03 Новый, 12-05 HR, 12-16 Оффер, 12-18 refuse F1
 *   a12 2024-12-04  V2 12-04 Новый, 12-06 Оффер, 12-09 Вышел
 *   a13 2025-01-15  V2 01-15 Новый, 01-16 HR, 01-23 Вышел (offer skipped)          src hh
 *   a14 2025-01-16  V2 01-16 Новый, 01-22 reject R1
 *   a15 2025-01-16  V2 01-16 Новый, 01-17 refuse F1
 *   a16 2024-12-17  V3 12-17 Новый, 12-18 HR, 12-25 Заказчик, 01-14 Оффер, 01-27 Вышел
 *   a17 2024-12-18  V3 12-18 Новый, 01-10 reject R2
 *   a18 2025-01-05  V3 01-05 Новый, 01-06 Первичный, 01-12 HR, 01-13 reject R2      src site
 *   a19 2025-01-06  V3 01-06 Новый, 01-08 refuse (no reason)
 *   a20 2025-01-21  V3 01-21 Новый, 01-22 reject R1
 *   a21 2025-01-11  V1 01-11 Новый, 01-13 reject R1; V3 01-14 Новый, 01-15 HR
 *   a22 2025-01-12  V1 01-12 Новый, 01-13 Первичный
 *   a23 2025-01-17  V2 01-17 Новый — then MERGED into a22 (a22 keeps its V2 history)
 *   a24 2025-01-20  V2 01-20 Новый, 01-21 reject R2 — then DELETED
 *   a25 2025-01-22  nowhere                                                         src hh
 *   a26 2025-01-25  nowhere
 *   a27 2024-12-20  nowhere
 *   a28 2025-01-31 10:00  V1 placed 2025-02-01 10:00 (after P)
 *   a29 2024-11-20  V1 12-30 Новый, 01-02 Первичный
 *   a30 2025-01-08  V3 01-08 Новый, 01-09 Вышел (straight to hired)
 */
export const PERIOD = { date_from: '2025-01-01', date_to: '2025-01-31' } as const;

type Step = { at: string; to: string; kind?: 'reject' | 'refuse'; reason?: 'R1' | 'R2' | 'F1' };
type Story = {
  key: string;
  created: string;
  source?: 'hh' | 'site';
  placements?: { vacancy: 'V1' | 'V2' | 'V3'; steps: Step[] }[];
};

const S = (at: string, to: string): Step => ({ at, to });
const REJECT = 'Отказ компании';
const REFUSE = 'Отказ кандидата';
const rej = (at: string, reason?: 'R1' | 'R2'): Step => ({
  at,
  to: REJECT,
  kind: 'reject',
  reason,
});
const ref = (at: string, reason?: 'F1'): Step => ({ at, to: REFUSE, kind: 'refuse', reason });
const [NEW, FIRST, HR, CLIENT, OFFER, HIRED] = [
  'Новый',
  'Первичный контакт',
  'Интервью с HR',
  'Интервью с заказчиком',
  'Оффер',
  'Вышел на работу',
] as const;

export const STORIES: Story[] = [
  {
    key: 'a01',
    created: '2024-12-05',
    placements: [
      {
        vacancy: 'V1',
        steps: [
          S('2024-12-05', NEW),
          S('2024-12-10', FIRST),
          S('2024-12-20', HR),
          S('2025-01-09', OFFER),
          S('2025-01-13', HIRED),
        ],
      },
    ],
  },
  {
    key: 'a02',
    created: '2024-12-10',
    placements: [{ vacancy: 'V1', steps: [S('2024-12-10', NEW), rej('2024-12-12', 'R1')] }],
  },
  {
    key: 'a03',
    created: '2025-01-02',
    source: 'hh',
    placements: [
      {
        vacancy: 'V1',
        steps: [S('2025-01-02', NEW), S('2025-01-03', CLIENT), rej('2025-01-09', 'R2')],
      },
    ],
  },
  {
    key: 'a04',
    created: '2025-01-03',
    source: 'site',
    placements: [
      {
        vacancy: 'V1',
        steps: [S('2025-01-03', NEW), S('2025-01-10', FIRST), ref('2025-01-14', 'F1')],
      },
    ],
  },
  {
    key: 'a05',
    created: '2025-01-09',
    source: 'hh',
    placements: [
      {
        vacancy: 'V1',
        steps: [S('2025-01-09', NEW), S('2025-01-09 13:00', OFFER), S('2025-01-20', HIRED)],
      },
    ],
  },
  {
    key: 'a06',
    created: '2025-01-10',
    placements: [{ vacancy: 'V1', steps: [S('2025-01-10', NEW)] }],
  },
  {
    key: 'a07',
    created: '2025-01-15',
    placements: [{ vacancy: 'V1', steps: [S('2025-01-15', NEW), rej('2025-01-16')] }],
  },
  {
    key: 'a08',
    created: '2025-01-20',
    placements: [{ vacancy: 'V1', steps: [S('2025-01-20', NEW), S('2025-01-21', FIRST)] }],
  },
  {
    key: 'a09',
    created: '2025-01-31',
    placements: [{ vacancy: 'V1', steps: [S('2025-01-31 23:30', NEW)] }],
  },
  { key: 'a10', created: '2025-02-01 00:30' },
  {
    key: 'a11',
    created: '2024-12-03',
    placements: [
      {
        vacancy: 'V2',
        steps: [
          S('2024-12-03', NEW),
          S('2024-12-05', HR),
          S('2024-12-16', OFFER),
          ref('2024-12-18', 'F1'),
        ],
      },
    ],
  },
  {
    key: 'a12',
    created: '2024-12-04',
    placements: [
      {
        vacancy: 'V2',
        steps: [S('2024-12-04', NEW), S('2024-12-06', OFFER), S('2024-12-09', HIRED)],
      },
    ],
  },
  {
    key: 'a13',
    created: '2025-01-15',
    source: 'hh',
    placements: [
      {
        vacancy: 'V2',
        steps: [S('2025-01-15', NEW), S('2025-01-16', HR), S('2025-01-23', HIRED)],
      },
    ],
  },
  {
    key: 'a14',
    created: '2025-01-16',
    placements: [{ vacancy: 'V2', steps: [S('2025-01-16', NEW), rej('2025-01-22', 'R1')] }],
  },
  {
    key: 'a15',
    created: '2025-01-16',
    placements: [{ vacancy: 'V2', steps: [S('2025-01-16', NEW), ref('2025-01-17', 'F1')] }],
  },
  {
    key: 'a16',
    created: '2024-12-17',
    placements: [
      {
        vacancy: 'V3',
        steps: [
          S('2024-12-17', NEW),
          S('2024-12-18', HR),
          S('2024-12-25', CLIENT),
          S('2025-01-14', OFFER),
          S('2025-01-27', HIRED),
        ],
      },
    ],
  },
  {
    key: 'a17',
    created: '2024-12-18',
    placements: [{ vacancy: 'V3', steps: [S('2024-12-18', NEW), rej('2025-01-10', 'R2')] }],
  },
  {
    key: 'a18',
    created: '2025-01-05',
    source: 'site',
    placements: [
      {
        vacancy: 'V3',
        steps: [
          S('2025-01-05', NEW),
          S('2025-01-06', FIRST),
          S('2025-01-12', HR),
          rej('2025-01-13', 'R2'),
        ],
      },
    ],
  },
  {
    key: 'a19',
    created: '2025-01-06',
    placements: [{ vacancy: 'V3', steps: [S('2025-01-06', NEW), ref('2025-01-08')] }],
  },
  {
    key: 'a20',
    created: '2025-01-21',
    placements: [{ vacancy: 'V3', steps: [S('2025-01-21', NEW), rej('2025-01-22', 'R1')] }],
  },
  {
    key: 'a21',
    created: '2025-01-11',
    placements: [
      { vacancy: 'V1', steps: [S('2025-01-11', NEW), rej('2025-01-13', 'R1')] },
      { vacancy: 'V3', steps: [S('2025-01-14', NEW), S('2025-01-15', HR)] },
    ],
  },
  {
    key: 'a22',
    created: '2025-01-12',
    placements: [{ vacancy: 'V1', steps: [S('2025-01-12', NEW), S('2025-01-13', FIRST)] }],
  },
  {
    key: 'a23',
    created: '2025-01-17',
    placements: [{ vacancy: 'V2', steps: [S('2025-01-17', NEW)] }],
  },
  {
    key: 'a24',
    created: '2025-01-20',
    placements: [{ vacancy: 'V2', steps: [S('2025-01-20', NEW), rej('2025-01-21', 'R2')] }],
  },
  { key: 'a25', created: '2025-01-22', source: 'hh' },
  { key: 'a26', created: '2025-01-25' },
  { key: 'a27', created: '2024-12-20' },
  {
    key: 'a28',
    created: '2025-01-31 10:00',
    placements: [{ vacancy: 'V1', steps: [S('2025-02-01 10:00', NEW)] }],
  },
  {
    key: 'a29',
    created: '2024-11-20',
    placements: [{ vacancy: 'V1', steps: [S('2024-12-30', NEW), S('2025-01-02', FIRST)] }],
  },
  {
    key: 'a30',
    created: '2025-01-08',
    placements: [{ vacancy: 'V3', steps: [S('2025-01-08', NEW), S('2025-01-09', HIRED)] }],
  },
];

/** A Moscow day ('2025-01-09') or day and time ('2025-01-09 13:00') as an instant. */
export const moscow = (at: string) =>
  new Date(`${at.slice(0, 10)}T${at.length > 10 ? at.slice(11) : '12:00'}:00+03:00`).toISOString();

export type AnalyticsFixture = {
  applicants: Record<string, number>;
  vacancies: Record<'V1' | 'V2' | 'V3', SeededVacancy>;
  divisions: { sales: number; retail: number; it: number };
  reasons: { R1: number; R2: number; F1: number };
  sources: { hh: number; site: number };
};

/** Seeds the fixture into the admin's account (see above); answers the ids by name. */
export async function seedAnalyticsFixture(t: TestApp, admin: SignedUp): Promise<AnalyticsFixture> {
  const accountId = admin.accountId;
  const db = t.database;
  const one = async <T>(query: ReturnType<typeof sql>) =>
    (await db.withTenant(accountId, (tx) => selectRows<T>(tx, query)))[0]!;

  const sales = (
    await one<{ id: number }>(sql`insert into account_divisions (account_id, name, position)
      values (${accountId}::int, 'Продажи', 1) returning id`)
  ).id;
  const retail = (
    await one<{
      id: number;
    }>(sql`insert into account_divisions (account_id, name, parent_id, position)
      values (${accountId}::int, 'Розница', ${sales}::int, 1) returning id`)
  ).id;
  const it = (
    await one<{ id: number }>(sql`insert into account_divisions (account_id, name, position)
      values (${accountId}::int, 'ИТ', 2) returning id`)
  ).id;

  const reason = async (name: string, type: 'reject' | 'refuse') =>
    (
      await one<{ id: number }>(sql`insert into reasons (account_id, name, reason_type, position)
        values (${accountId}::int, ${name}, ${type}, 100) returning id`)
    ).id;
  const reasons = {
    R1: await reason('Мало опыта (аналитика)', 'reject'),
    R2: await reason('Провалил собеседование', 'reject'),
    F1: await reason('Мало денег (аналитика)', 'refuse'),
  };
  const source = async (name: string) =>
    (
      await one<{ id: number }>(sql`insert into account_sources (account_id, name)
        values (${accountId}::int, ${name}) returning id`)
    ).id;
  const sources = { hh: await source('hh.ru (аналитика)'), site: await source('Сайт (аналитика)') };

  const vacancy = async (position: string, division: number, created: string) => {
    const seeded = await insertVacancyWithStages(db, accountId, {
      position,
      owners: [admin.userId],
    });
    await db.withTenant(accountId, (tx) =>
      tx.execute(sql`update vacancies set division_id = ${division}::int,
          created_at = ${moscow(created)}::timestamptz, state_changed_at = ${moscow(created)}::timestamptz
        where account_id = ${accountId}::int and id = ${seeded.id}::int`),
    );
    return seeded;
  };
  const vacancies = {
    V1: await vacancy('Продавец', retail, '2024-11-01'),
    V2: await vacancy('Кассир', sales, '2024-12-02'),
    V3: await vacancy('Разработчик', it, '2024-12-16'),
  };
  const stateLog = async (
    v: SeededVacancy,
    entries: [string, 'open' | 'hold' | 'closed', 'open' | 'hold' | 'closed'][],
  ) => {
    for (const [at, from, to] of entries) {
      await db.withTenant(accountId, (tx) =>
        tx.execute(sql`insert into vacancy_state_log (account_id, vacancy_id, from_state, to_state, changed_by, changed_at)
          values (${accountId}::int, ${v.id}::int, ${from}, ${to}, ${admin.userId}::int, ${moscow(at)}::timestamptz)`),
      );
    }
    const [lastAt, , lastState] = entries.at(-1)!;
    await db.withTenant(accountId, (tx) =>
      tx.execute(sql`update vacancies set state = ${lastState}, state_changed_at = ${moscow(lastAt)}::timestamptz,
          closed_at = ${lastState === 'closed' ? moscow(lastAt) : null}::timestamptz
        where account_id = ${accountId}::int and id = ${v.id}::int`),
    );
  };
  await stateLog(vacancies.V2, [
    ['2024-12-20', 'open', 'hold'],
    ['2025-01-15', 'hold', 'open'],
    ['2025-01-24', 'open', 'closed'],
  ]);
  await stateLog(vacancies.V3, [['2025-01-28', 'open', 'closed']]);

  const applicants: Record<string, number> = {};
  for (const story of STORIES) {
    const created = moscow(story.created);
    const sourceId = story.source ? sources[story.source] : null;
    const { id } = await one<{ id: number }>(sql`insert into applicants
        (account_id, first_name, last_name, account_source_id, created_by, created_at, updated_at)
      values (${accountId}::int, 'Кандидат', ${`Аналитика-${story.key}`}, ${sourceId}::int,
              ${admin.userId}::int, ${created}::timestamptz, ${created}::timestamptz)
      returning id`);
    applicants[story.key] = id;
    for (const placement of story.placements ?? []) {
      const v = vacancies[placement.vacancy];
      const last = placement.steps.at(-1)!;
      const { id: applicationId } = await one<{ id: number }>(sql`insert into applications
          (account_id, vacancy_id, applicant_id, status_id, entered_status_at, reject_reason_id,
           reject_kind, created_by, created_at, updated_at)
        values (${accountId}::int, ${v.id}::int, ${id}::int, ${v.stage(last.to).id}::int,
                ${moscow(last.at)}::timestamptz, ${last.reason ? reasons[last.reason] : null}::int,
                ${last.kind ?? null}, ${admin.userId}::int, ${moscow(placement.steps[0]!.at)}::timestamptz,
                ${moscow(last.at)}::timestamptz)
        returning id`);
      let from: number | null = null;
      for (const [n, step] of placement.steps.entries()) {
        const to = v.stage(step.to).id;
        const kind = n === 0 ? 'place' : (step.kind ?? 'move');
        await db.withTenant(accountId, (tx) =>
          tx.execute(sql`insert into application_transitions
              (account_id, application_id, vacancy_id, applicant_id, from_status_id, to_status_id,
               moved_by, moved_at, reason_id, kind)
            values (${accountId}::int, ${applicationId}::int, ${v.id}::int, ${id}::int, ${from}::int,
                    ${to}::int, ${admin.userId}::int, ${moscow(step.at)}::timestamptz,
                    ${step.reason ? reasons[step.reason] : null}::int, ${kind})`),
        );
        from = to;
      }
    }
  }

  // The merge and the deletion through the API, as a user makes them.
  const merged = await call(
    t.app,
    'POST',
    '/api/applicants/merge',
    { primary_id: applicants.a22, secondary_id: applicants.a23 },
    { token: admin.token },
  );
  expect(merged.status, JSON.stringify(merged.body)).toBe(200);
  const deleted = await call(t.app, 'DELETE', `/api/applicants/${applicants.a24}`, undefined, {
    token: admin.token,
  });
  expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);

  return { applicants, vacancies, divisions: { sales, retail, it }, reasons, sources };
}
