import { selectRows } from '@ats/db/connection';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AnalyticsFixture,
  PERIOD,
  moscow,
  seedAnalyticsFixture,
} from '../../../test/analytics-fixture.ts';
import { type SignedUp, addTeamMember, signUpCompany } from '../../../test/factories.ts';
import { insertVacancyWithStages } from '../../../test/pipeline-factory.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';

// The company's four calls (company_base_indicators, company_count_applicants,
// company_count_applicants_by_period, company_reasons_rejection) and the drill of the applicant
// list, over the hand fixture of apps/api/test/analytics-fixture.ts. Every expected number is
// counted by hand from the stories written there; P = January 2025, Q = December 2024 (Moscow).

let t: TestApp;
let admin: SignedUp;
let stranger: SignedUp;
let fx: AnalyticsFixture;
let strangerApplicant: number;
let strangerDivision: number;
let strangerVacancy: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpCompany(t.app);
  stranger = await signUpCompany(t.app, { company: 'ООО «Чужие»' });
  // Another account with activity in the same days: none of it may show in the admin's numbers.
  const v = await insertVacancyWithStages(t.database, stranger.accountId, { position: 'Чужая' });
  strangerVacancy = v.id;
  await t.database.withTenant(stranger.accountId, async (tx) => {
    const [division] = await selectRows<{ id: number }>(
      tx,
      sql`insert into account_divisions (account_id, name, position)
          values (${stranger.accountId}::int, 'Чужое', 1) returning id`,
    );
    strangerDivision = division!.id;
    const [a] = await selectRows<{ id: number }>(
      tx,
      sql`insert into applicants (account_id, first_name, last_name, created_at)
          values (${stranger.accountId}::int, 'Чужой', 'Кандидат', ${moscow('2025-01-10')}::timestamptz)
          returning id`,
    );
    strangerApplicant = a!.id;
    const [app] = await selectRows<{ id: number }>(
      tx,
      sql`insert into applications (account_id, vacancy_id, applicant_id, status_id)
          values (${stranger.accountId}::int, ${v.id}::int, ${a!.id}::int, ${v.stage('Вышел на работу').id}::int)
          returning id`,
    );
    for (const [at, to, kind] of [
      ['2025-01-10', 'Новый', 'place'],
      ['2025-01-13', 'Вышел на работу', 'move'],
    ] as const) {
      await tx.execute(sql`insert into application_transitions
          (account_id, application_id, vacancy_id, applicant_id, to_status_id, moved_at, kind)
        values (${stranger.accountId}::int, ${app!.id}::int, ${v.id}::int, ${a!.id}::int,
                ${v.stage(to).id}::int, ${moscow(at)}::timestamptz, ${kind})`);
    }
  });
  fx = await seedAnalyticsFixture(t, admin);
}, 180_000);
afterAll(() => t.close());

const get = (token: string, url: string) => call(t.app, 'GET', url, undefined, { token });
const q = (extra: Record<string, string | number> = {}, base: Record<string, string> = PERIOD) => {
  const params = new URLSearchParams(base);
  for (const [k, v] of Object.entries(extra)) params.set(k, String(v));
  return params.toString();
};
async function report(name: string, extra: Record<string, string | number> = {}, token?: string) {
  const r = await get(token ?? admin.token, `/api/analytics/${name}?${q(extra)}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.message;
}
type Metric = { value: number | null; previous: number | null; drill: string | null };
const pair = (m: Metric) => [m.value, m.previous];
/** The applicants the list shows for a drill, as fixture names (a01…). */
async function drilled(drill: string, token = admin.token) {
  const r = await get(token, `/api/applicants?per_page=100&drill=${encodeURIComponent(drill)}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const byId = new Map(Object.entries(fx.applicants).map(([k, id]) => [id, k]));
  return (r.body.message.applicants as { id: number }[])
    .map((a) => byId.get(a.id) ?? `other:${a.id}`)
    .sort();
}

describe('company_base_indicators', () => {
  it('answers every headline number of the fixture, with the previous period beside it', async () => {
    const body = await report('company_base_indicators');
    expect(body.period).toEqual({
      date_from: '2025-01-01',
      date_to: '2025-01-31',
      previous_from: '2024-12-01',
      previous_to: '2024-12-31',
      time_zone: 'Europe/Moscow',
    });
    const got = Object.fromEntries(
      (body.indicators as ({ key: string } & Metric)[]).map((i) => [i.key, pair(i)]),
    );
    expect(got).toEqual({
      // End of P: V1 open, V2 and V3 closed. End of Q: V1, V3 open, V2 on hold (since 12-20).
      vacancies_open: [1, 2],
      vacancies_held: [0, 1],
      // V2 closed 01-24, V3 01-28; nothing closed in December.
      vacancies_closed: [2, 0],
      // P: a03 a04 a05 a06 a07 a08 a09 a13 a14 a15 a18 a19 a20 a21 a22 a24(deleted, kept)
      //    a25 a26 a28 a30 = 20 (a10 is 1 February in Moscow; a23 merged into a22 counts once).
      // Q: a01 a02 a11 a12 a16 a17 a27 = 7.
      applicants_new: [20, 7],
      // P: V1 a03 a04 a05 a06 a07 a08 a09(23:30 MSK) a21 a22; V2 a13 a14 a15 a24 (a22 again via
      // the merge); V3 a18 a19 a20 a30 (a21 again) = 17; a28 is placed 1 February.
      // Q: a01 a02 a11 a12 a16 a17 a29 = 7.
      placed: [17, 7],
      // P: a01 a05 a13 a16 a30; Q: a12.
      hired: [5, 1],
      // P: a03 a07 a14 a17 a18 a20 a21 a24; Q: a02.
      rejected: [8, 1],
      // P: a04 a15 a19; Q: a11.
      refused: [3, 1],
      // First offer stage: P a01 (01-09) a05 (01-09) a16 (01-14); Q a11 a12.
      offers_made: [3, 2],
      // Hires after an offer: P a01 a05 a16 (a13 and a30 skipped the offer); Q a12.
      offers_accepted: [3, 1],
      // Placement → hire, working days on the calendar (1–8 January off, 28 December 2024 a
      // working Saturday, 30–31 December off): a01 12-05→01-13 = 17 (Dec 6…28) + 3 (Jan 9, 10,
      // 13) = 20; a05 01-09→01-20 = 7; a13 01-15→01-23 = 6; a16 12-17→01-27 = 9 + 13 = 22;
      // a30 01-08→01-09 = 1. Average 56/5 = 11.2, median 7. Q: a12 12-04→12-09 = 3.
      time_to_hire_avg_workdays: [11.2, 3],
      time_to_hire_median_workdays: [7, 3],
      // Calendar days: 39, 11, 8, 41, 1 → average 20, median 11. Q: 5.
      time_to_hire_avg_days: [20, 5],
      time_to_hire_median_days: [11, 5],
      // V2 12-02→01-24 is 53 days less its hold 12-20→01-15 (26) = 27; working 32 − 11 = 21.
      // V3 12-16→01-28 = 43 days, 10 + 14 = 24 working. Average and median: 35 and 22.5.
      time_to_close_avg_workdays: [22.5, null],
      time_to_close_median_workdays: [22.5, null],
      time_to_close_avg_days: [35, null],
      time_to_close_median_days: [35, null],
    });
  });

  it('limits everything to the division and its subtree', async () => {
    // Продажи holds V2 and, through Розница, V1.
    const body = await report('company_base_indicators', { division_id: fx.divisions.sales });
    const got = Object.fromEntries(
      (body.indicators as ({ key: string } & Metric)[]).map((i) => [i.key, pair(i)]),
    );
    expect(got).toMatchObject({
      vacancies_open: [1, 1],
      vacancies_held: [0, 1],
      vacancies_closed: [1, 0],
      hired: [3, 1], // a01 a05 a13; Q a12
      offers_made: [2, 2], // a01 a05; Q a11 a12
      time_to_hire_avg_days: [19.3, 5], // (39 + 11 + 8) / 3
      time_to_hire_median_workdays: [7, 3], // 20, 7, 6
      time_to_close_avg_days: [27, null], // V2 only
      time_to_close_avg_workdays: [21, null],
    });
    // ИТ is V3 alone: hires a16 a30.
    const it = await report('company_base_indicators', { division_id: fx.divisions.it });
    const hired = (it.indicators as ({ key: string } & Metric)[]).find((i) => i.key === 'hired')!;
    expect(pair(hired)).toEqual([2, 0]);
  });

  it('takes DD.MM.YYYY days as well', async () => {
    const body = await report('company_base_indicators', {
      date_from: '01.01.2025',
      date_to: '31.01.2025',
    });
    expect(body.period.date_from).toBe('2025-01-01');
    expect(body.indicators.find((i: { key: string }) => i.key === 'placed').value).toBe(17);
  });

  it('defaults to the last 30 days, today included, in the account’s zone', async () => {
    const r = await get(admin.token, '/api/analytics/company_base_indicators');
    expect(r.status).toBe(200);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(
      new Date(),
    );
    expect(r.body.message.period.date_to).toBe(today);
    const days =
      (Date.parse(r.body.message.period.date_to) - Date.parse(r.body.message.period.date_from)) /
        86_400_000 +
      1;
    expect(days).toBe(30);
  });
});

describe('company_count_applicants', () => {
  it('counts added, placed, moved, hired, rejected and refused, now and before', async () => {
    const { counts } = await report('company_count_applicants');
    expect(
      Object.fromEntries(Object.entries(counts).map(([k, m]) => [k, pair(m as Metric)])),
    ).toEqual({
      applicants_new: [20, 7],
      placed: [17, 7],
      // Moves in P: a01 2, a03 1, a04 1, a05 2, a08 1, a13 2, a16 2, a18 2, a21 1, a22 1, a29 1,
      // a30 1 = 17. Q: a01 2, a11 2, a12 2, a16 2 = 8.
      moved: [17, 8],
      hired: [5, 1],
      rejected: [8, 1],
      refused: [3, 1],
    });
    expect(counts.moved.drill).toBeNull();
  });

  it('in a division counts its vacancies, and the applicants added who were placed on them', async () => {
    const { counts } = await report('company_count_applicants', {
      division_id: fx.divisions.sales,
    });
    expect(
      Object.fromEntries(Object.entries(counts).map(([k, m]) => [k, pair(m as Metric)])),
    ).toEqual({
      // Added in P and placed on V1/V2: a03…a09 (7), a13 a14 a15, a21, a22, a24, a28 = 14.
      // Q: a01 a02 a11 a12 = 4.
      applicants_new: [14, 4],
      // V1: a03…a09, a21, a22 (9) + V2: a13 a14 a15 a24 = 13; Q: a01 a02 a11 a12 a29 = 5.
      placed: [13, 5],
      // a01 2, a03 1, a04 1, a05 2, a08 1, a13 2, a22 1, a29 1 = 11; Q: a01 2, a11 2, a12 2 = 6.
      moved: [11, 6],
      hired: [3, 1],
      // a03 a07 a14 a21 a24; Q a02.
      rejected: [5, 1],
      refused: [2, 1], // a04 a15; Q a11
    });
    // The subtree: Розница alone is V1.
    const retail = await report('company_count_applicants', { division_id: fx.divisions.retail });
    expect(pair(retail.counts.placed)).toEqual([9, 3]); // Q: a01 a02 a29
  });
});

describe('company_count_applicants_by_period', () => {
  it('buckets by week from Monday, the first and last cut to the period', async () => {
    const body = await report('company_count_applicants_by_period', { period: 'week' });
    expect(body.bucket).toBe('week');
    const rows = (body.buckets as Record<string, unknown>[]).map((b) => [
      b.date,
      b.label,
      b.applicants_new,
      b.placed,
      b.moved,
      b.hired,
      b.rejected,
      b.refused,
    ]);
    expect(rows).toEqual([
      // 01–05: added a03 a04 a18; placed the same; moves a03 (01-03) a29 (01-02).
      ['2024-12-30', '01.01–05.01', 3, 3, 2, 0, 0, 0],
      // 06–12: added a05 a06 a19 a21 a22 a30; placed the same; moves a01 a05 a30 (01-09),
      // a04 (01-10), a18 (01-06, 01-12); hired a30; rejected a03 a17; refused a19.
      ['2025-01-06', '06.01–12.01', 6, 6, 6, 1, 2, 1],
      // 13–19: added a07 a13 a14 a15; placed a07 a13 a14 a15 a21(V3) a22(V2, merged); moves
      // a01 a13 a16 a21 a22; hired a01; rejected a18 a21 a07; refused a04 a15.
      ['2025-01-13', '13.01–19.01', 4, 6, 5, 1, 3, 2],
      // 20–26: added a08 a20 a24 a25 a26; placed a08 a20 a24; moves a05 a08 a13; hired a05
      // a13; rejected a14 a20 a24.
      ['2025-01-20', '20.01–26.01', 5, 3, 3, 2, 3, 0],
      // 27–31: added a09 a28; placed a09; move and hire a16.
      ['2025-01-27', '27.01–31.01', 2, 1, 1, 1, 0, 0],
    ]);
    // Each count opens the applicants behind it.
    expect(await drilled(body.buckets[1].drill.rejected)).toEqual(['a03', 'a17']);
  });

  it('buckets by day by default for a month, and by month on request', async () => {
    const days = await report('company_count_applicants_by_period');
    expect(days.bucket).toBe('day');
    expect(days.buckets).toHaveLength(31);
    const ninth = days.buckets.find((b: { date: string }) => b.date === '2025-01-09');
    // a05 added and placed; moves a01 a05 a30; hired a30; rejected a03.
    expect(ninth).toMatchObject({
      label: '09.01.2025',
      applicants_new: 1,
      placed: 1,
      moved: 3,
      hired: 1,
      rejected: 1,
      refused: 0,
    });
    // 31 January: a09 placed at 23:30 Moscow time (20:30 UTC) is on the 31st, not the 1st.
    expect(days.buckets.at(-1)).toMatchObject({ date: '2025-01-31', applicants_new: 2, placed: 1 });
    const month = await report('company_count_applicants_by_period', { period: 'month' });
    expect(month.buckets).toHaveLength(1);
    expect(month.buckets[0]).toMatchObject({
      date: '2025-01-01',
      label: 'янв 2025',
      applicants_new: 20,
      placed: 17,
      moved: 17,
      hired: 5,
      rejected: 8,
      refused: 3,
    });
  });
});

describe('company_reasons_rejection', () => {
  it('counts each reason, rejections and refusals apart, with shares of their kind', async () => {
    const body = await report('company_reasons_rejection');
    expect(body.reject_total).toBe(8);
    expect(body.refuse_total).toBe(3);
    const rows = (
      body.rows as {
        reason_id: number | null;
        kind: string;
        name: string;
        count: number;
        share: number;
      }[]
    )
      .map((r) => [r.kind, r.reason_id, r.name, r.count, r.share])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])) || Number(b[3]) - Number(a[3]));
    expect(rows).toEqual([
      // Refusals: F1 a04 a15, none a19.
      ['refuse', fx.reasons.F1, 'Мало денег (аналитика)', 2, 66.7],
      ['refuse', null, 'Без причины', 1, 33.3],
      // Rejections: R2 a03 a17 a18 a24 (deleted, still counted), R1 a14 a20 a21, none a07.
      ['reject', fx.reasons.R2, 'Провалил собеседование', 4, 50],
      ['reject', fx.reasons.R1, 'Мало опыта (аналитика)', 3, 37.5],
      ['reject', null, 'Без причины', 1, 12.5],
    ]);
    const r1 = body.rows.find((r: { reason_id: number }) => r.reason_id === fx.reasons.R1);
    expect(await drilled(r1.drill)).toEqual(['a14', 'a20', 'a21']);
  });

  it('in a division counts its vacancies only', async () => {
    const body = await report('company_reasons_rejection', { division_id: fx.divisions.it });
    // V3: rejected a17 (R2) a18 (R2) a20 (R1); refused a19 (none).
    expect(body.reject_total).toBe(3);
    expect(body.refuse_total).toBe(1);
    expect(
      (body.rows as { kind: string; reason_id: number | null; count: number; share: number }[])
        .map((r) => [r.kind, r.reason_id, r.count, r.share])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0])) || Number(b[2]) - Number(a[2])),
    ).toEqual([
      ['refuse', null, 1, 100],
      ['reject', fx.reasons.R2, 2, 66.7],
      ['reject', fx.reasons.R1, 1, 33.3],
    ]);
  });
});

describe('drill: the applicant list shows exactly who was counted', () => {
  it('for the headline counts (the deleted applicant is counted but has no card)', async () => {
    const body = await report('company_base_indicators');
    const drill = (key: string) =>
      (body.indicators as ({ key: string } & Metric)[]).find((i) => i.key === key)!.drill!;
    expect(await drilled(drill('hired'))).toEqual(['a01', 'a05', 'a13', 'a16', 'a30']);
    expect(await drilled(drill('rejected'))).toEqual(
      ['a03', 'a07', 'a14', 'a17', 'a18', 'a20', 'a21'], // + a24, deleted
    );
    expect(await drilled(drill('offers_accepted'))).toEqual(['a01', 'a05', 'a16']);
    expect(await drilled(drill('applicants_new'))).toEqual(
      [
        'a03',
        'a04',
        'a05',
        'a06',
        'a07',
        'a08',
        'a09',
        'a13',
        'a14',
        'a15',
        'a18',
        'a19',
        'a20',
        'a21',
        'a22',
        'a25',
        'a26',
        'a28',
        'a30',
      ], // + a24, deleted
    );
  });

  it('keeps the division of the count, and the list’s other filters apply on top', async () => {
    const { counts } = await report('company_count_applicants', {
      division_id: fx.divisions.sales,
    });
    expect(await drilled(counts.hired.drill)).toEqual(['a01', 'a05', 'a13']);
    const r = await get(
      admin.token,
      `/api/applicants?drill=${encodeURIComponent(counts.placed.drill)}&account_source_id=${fx.sources.hh}`,
    );
    expect(r.status).toBe(200);
    // Placed on V1/V2 in P with the source hh.ru: a03 a05 a13.
    expect(r.body.message.applicant_count).toBe(3);
  });

  it('refuses a drill it did not write, in Russian', async () => {
    for (const bad of [
      'hired|2025-01-31|2025-01-01',
      'nothing|2025-01-01|2025-01-31',
      'hired|x|y',
      'hired|2025-01-01|2025-01-31|zz=1',
    ]) {
      const r = await get(admin.token, `/api/applicants?drill=${encodeURIComponent(bad)}`);
      expect(r.status, bad).toBe(400);
      expect(r.body.message).toBe('Некорректная ссылка из аналитики');
    }
  });

  it('shows another account nothing of this one', async () => {
    // The stranger's own hire (13 January) is the only one their list shows for the same drill.
    const names = await drilled('hired|2025-01-01|2025-01-31', stranger.token);
    expect(names).toEqual([`other:${strangerApplicant}`]);
    // A drill naming another account's division is a 404, as the report's own filter.
    const r = await get(
      admin.token,
      `/api/applicants?drill=${encodeURIComponent(`hired|2025-01-01|2025-01-31|d=${strangerDivision}`)}`,
    );
    expect(r.status).toBe(404);
  });
});

describe('deleted and merged applicants', () => {
  it('a deletion leaves the past counts as they were', async () => {
    const march = { date_from: '2025-03-01', date_to: '2025-03-31' };
    const v = fx.vacancies.V1;
    const [a] = await t.database.withTenant(admin.accountId, (tx) =>
      selectRows<{ id: number }>(
        tx,
        sql`insert into applicants (account_id, first_name, last_name, created_at)
            values (${admin.accountId}::int, 'Удаляемый', 'Кандидат', ${moscow('2025-03-03')}::timestamptz)
            returning id`,
      ),
    );
    await t.database.withTenant(admin.accountId, async (tx) => {
      const [app] = await selectRows<{ id: number }>(
        tx,
        sql`insert into applications (account_id, vacancy_id, applicant_id, status_id)
            values (${admin.accountId}::int, ${v.id}::int, ${a!.id}::int, ${v.stage('Вышел на работу').id}::int)
            returning id`,
      );
      for (const [at, to, kind] of [
        ['2025-03-03', 'Новый', 'place'],
        ['2025-03-05', 'Вышел на работу', 'move'],
      ] as const) {
        await tx.execute(sql`insert into application_transitions
            (account_id, application_id, vacancy_id, applicant_id, to_status_id, moved_at, kind)
          values (${admin.accountId}::int, ${app!.id}::int, ${v.id}::int, ${a!.id}::int,
                  ${v.stage(to).id}::int, ${moscow(at)}::timestamptz, ${kind})`);
      }
    });
    const counts = async () => {
      const r = await get(admin.token, `/api/analytics/company_count_applicants?${q({}, march)}`);
      expect(r.status).toBe(200);
      return Object.fromEntries(
        Object.entries(r.body.message.counts).map(([k, m]) => [k, (m as Metric).value]),
      );
    };
    const before = await counts();
    expect(before).toEqual({
      applicants_new: 1,
      placed: 1,
      moved: 1,
      hired: 1,
      rejected: 0,
      refused: 0,
    });
    const deleted = await call(t.app, 'DELETE', `/api/applicants/${a!.id}`, undefined, {
      token: admin.token,
    });
    expect(deleted.status).toBe(200);
    expect(await counts()).toEqual(before);
    // What is kept of them carries no personal data.
    const [kept] = await t.database.withTenant(admin.accountId, (tx) =>
      selectRows<Record<string, unknown>>(
        tx,
        sql`select * from analytics_deleted_applicants where account_id = ${admin.accountId}::int and applicant_id = ${a!.id}::int`,
      ),
    );
    expect(Object.keys(kept!).sort()).toEqual([
      'account_id',
      'account_source_id',
      'applicant_id',
      'created_at',
      'created_by',
      'deleted_at',
    ]);
  });

  it('a merged duplicate counts once, with both histories', async () => {
    // a22 (V1 placed 01-12) absorbed a23 (V2 placed 01-17): one applicant added, placed on two
    // vacancies, listed once.
    const { counts } = await report('company_count_applicants', {
      date_from: '2025-01-12',
      date_to: '2025-01-17',
    });
    // Added 12–17 January: a07 a13 a14 a15 a22 (a23 merged) = 5.
    expect(counts.applicants_new.value).toBe(5);
    expect(await drilled(counts.placed.drill)).toEqual(['a07', 'a13', 'a14', 'a15', 'a21', 'a22']);
  });
});

describe('bad input and access', () => {
  it('answers 400 in Russian for a bad period', async () => {
    const cases: [Record<string, string>, string][] = [
      [
        { date_from: '2025-02-01', date_to: '2025-01-01' },
        'Дата окончания периода раньше даты начала',
      ],
      [{ date_from: '2019-01-01', date_to: '2025-01-01' }, 'Период не может быть длиннее 5 лет'],
      [{ date_from: '2025-13-45' }, 'Дата указывается как ГГГГ-ММ-ДД или ДД.ММ.ГГГГ'],
      [{ period: 'year' }, 'Шаг: day, week или month'],
      [{ division_id: 'abc' }, 'Некорректный идентификатор'],
    ];
    for (const [query, message] of cases) {
      const r = await get(
        admin.token,
        `/api/analytics/company_count_applicants?${new URLSearchParams(query)}`,
      );
      expect(r.status, JSON.stringify(query)).toBe(400);
      expect(JSON.stringify(r.body), JSON.stringify(query)).toContain(message);
    }
    const long = await get(
      admin.token,
      '/api/analytics/company_base_indicators?date_from=2015-01-01',
    );
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Период не может быть длиннее 5 лет');
    const noVacancy = await get(admin.token, `/api/analytics/vacancy_count_applicants?${q()}`);
    expect(noVacancy.status).toBe(400);
    expect(noVacancy.body.message).toBe('Укажите вакансию (vacancy_id)');
    const noFunnel = await get(admin.token, `/api/analytics/status_group_conversion?${q()}`);
    expect(noFunnel.status).toBe(400);
    expect(noFunnel.body.message).toBe('Укажите воронку (status_group_id)');
  });

  it('answers 404 in Russian for unknown ids and another account’s', async () => {
    const cases: [string, Record<string, number>, string][] = [
      ['company_base_indicators', { division_id: 999_999 }, 'Подразделение не найдено'],
      ['company_count_applicants', { division_id: strangerDivision }, 'Подразделение не найдено'],
      ['company_reasons_rejection', { division_id: strangerDivision }, 'Подразделение не найдено'],
      ['recruiter_count_applicants', { admin_user_id: stranger.userId }, 'Сотрудник не найден'],
      ['vacancy', { vacancy_id: strangerVacancy }, 'Вакансия не найдена'],
      ['status_group_conversion', { status_group_id: 999_999 }, 'Воронка не найдена'],
    ];
    for (const [name, query, message] of cases) {
      const r = await get(admin.token, `/api/analytics/${name}?${q(query)}`);
      expect(r.status, name).toBe(404);
      expect(r.body.message, name).toBe(message);
    }
  });

  it('another account sees only its own numbers', async () => {
    const { counts } = await report('company_count_applicants', {}, stranger.token);
    expect(
      Object.fromEntries(Object.entries(counts).map(([k, m]) => [k, pair(m as Metric)])),
    ).toEqual({
      applicants_new: [1, 0],
      placed: [1, 0],
      moved: [1, 0],
      hired: [1, 0],
      rejected: [0, 0],
      refused: [0, 0],
    });
    const reasons = await report('company_reasons_rejection', {}, stranger.token);
    expect(reasons.rows).toEqual([]);
  });

  it('refuses watchers, admin or not, and lets recruiters see the company', async () => {
    for (const member of [
      { member_type: 'watcher', is_admin: false },
      { member_type: 'watcher', is_admin: true },
    ] as const) {
      const watcher = await addTeamMember(t.app, admin.token, member);
      for (const name of ['company_base_indicators', 'company_count_applicants_by_period']) {
        const r = await get(watcher.token, `/api/analytics/${name}?${q()}`);
        expect(r.status).toBe(403);
        expect(r.body.message).toBe('Аналитика недоступна наблюдателям');
      }
      if (member.is_admin) {
        const r = await get(
          watcher.token,
          `/api/applicants?drill=${encodeURIComponent('hired|2025-01-01|2025-01-31')}`,
        );
        expect(r.status).toBe(403);
        expect(r.body.message).toBe('Аналитика недоступна наблюдателям');
      }
    }
    const recruiter = await addTeamMember(t.app, admin.token, {
      member_type: 'owner',
      is_admin: false,
    });
    const { counts } = await report('company_count_applicants', {}, recruiter.token);
    expect(counts.hired.value).toBe(5);
  });
});
