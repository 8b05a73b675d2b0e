import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AnalyticsFixture,
  PERIOD,
  seedAnalyticsFixture,
} from '../../../test/analytics-fixture.ts';
import { type SignedUp, signUpCompany } from '../../../test/factories.ts';
import { insertVacancyWithStages } from '../../../test/pipeline-factory.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';

// The reports by source, by vacancy, by recruiter, of one vacancy and of one funnel, on the hand
// fixture (apps/api/test/analytics-fixture.ts: its stories are the reference for every comment
// below). Period P = January 2025 (Moscow), previous Q = December 2024. Working days of January
// 2025: 9, 10, 13–17, 20–24, 27–31 (1–8 are the New Year days off); of December 2024 after the
// 5th: 6, 9–13, 16–20, 23–27 and Saturday 28 (moved), the 30th and 31st off.
//
// The cohort (first placement in P), with the furthest stage reached that is not a rejection
// (1 Новый, 2 Первичный контакт, 3 Интервью с HR, 4 Интервью с заказчиком, 5 Оффер, 6 Вышел):
//   V1: a03 4 (skip), a04 2, a05 6 (skips), a06 1, a07 1, a08 2, a09 1 (23:30 MSK), a21 1, a22 2
//   V2: a13 6, a14 1, a15 1, a22 1 (a23's application, merged), a24 1 (deleted)
//   V3: a18 3, a19 1, a20 1, a21 3 (skip), a30 6 (skips)

let t: TestApp;
let admin: SignedUp;
let fx: AnalyticsFixture;
let stranger: SignedUp;
let strangerVacancyId: number;
let strangerFunnelId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpCompany(t.app);
  fx = await seedAnalyticsFixture(t, admin);
  stranger = await signUpCompany(t.app);
  strangerVacancyId = (await insertVacancyWithStages(t.database, stranger.accountId)).id;
  const funnels = await call(t.app, 'GET', '/api/status_groups', undefined, {
    token: stranger.token,
  });
  strangerFunnelId = funnels.body.message[0].id;
}, 120_000);
afterAll(() => t.close());

const get = async (report: string, params: Record<string, string | number> = {}) => {
  const query = new URLSearchParams(
    Object.entries({ ...PERIOD, ...params }).map(([k, v]): [string, string] => [k, String(v)]),
  );
  return call(t.app, 'GET', `/api/analytics/${report}?${query}`, undefined, {
    token: admin.token,
  });
};

const ok = async (report: string, params: Record<string, string | number> = {}) => {
  const r = await get(report, params);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.message;
};

type Stage = {
  name: string;
  reached: number;
  conversion_from_previous: number | null;
  conversion_from_first: number | null;
  avg_days_in_stage: number | null;
  avg_workdays_in_stage: number | null;
  drill: string | null;
};
const funnel = (stages: Stage[]) =>
  stages.map((s) => [s.name, s.reached, s.conversion_from_previous, s.conversion_from_first]);
const STAGES = [
  'Новый',
  'Первичный контакт',
  'Интервью с HR',
  'Интервью с заказчиком',
  'Оффер',
  'Вышел на работу',
];
const withNames = (rows: unknown[][]) => rows.map((row, i) => [STAGES[i], ...row]);

describe('company_analytics_by_sources', () => {
  it('counts per source who came, reached each stage and was hired, with the conversion', async () => {
    const m = await ok('company_analytics_by_sources');
    expect(m.stages.map((s: { name: string }) => s.name)).toEqual(STAGES);
    // Came (placed in P, applicants): hh a03 a05 a13; site a04 a18; none a06 a07 a08 a09 a21
    // a22 a14 a15 a24 (deleted: its tombstone has no source) a19 a20 a30.
    // Hired in P: a01 a05 a13 a16 a30 → hh a05 a13, none a01 a16 a30.
    // Reached (furthest over the applicant's cohort applications): hh 4, 6, 6; site 2, 3;
    // none 1, 1, 2, 1, 3 (a21), 2 (a22), 1, 1, 1, 1, 1, 6 (a30).
    expect(
      m.rows.map((r: Record<string, unknown>) => [
        r.account_source_id,
        r.name,
        r.came,
        r.reached,
        r.hired,
        r.conversion,
      ]),
    ).toEqual([
      [null, 'Без источника', 12, [12, 4, 2, 1, 1, 1], 3, 25],
      [fx.sources.hh, 'hh.ru (аналитика)', 3, [3, 3, 3, 3, 2, 2], 2, 66.7],
      [fx.sources.site, 'Сайт (аналитика)', 2, [2, 2, 1, 0, 0, 0], 0, 0],
    ]);
    const hh = m.rows[1];
    expect(hh.drill.came).toBe(`placed|2025-01-01|2025-01-31|src=${fx.sources.hh}`);
    expect(hh.drill.hired).toBe(`hired|2025-01-01|2025-01-31|src=${fx.sources.hh}`);
  });

  it('narrows to a division and its subtree and to what a recruiter did', async () => {
    // Продажи holds V2 and, through Розница, V1: came hh a03 a05 a13, site a04, none a06 a07
    // a08 a09 a21 a22 a14 a15 a24; hired a01 a05 a13.
    const m = await ok('company_analytics_by_sources', { division_id: fx.divisions.sales });
    expect(
      m.rows.map((r: Record<string, unknown>) => [r.account_source_id, r.came, r.hired]),
    ).toEqual([
      [null, 9, 1],
      [fx.sources.hh, 3, 2],
      [fx.sources.site, 1, 0],
    ]);
    // Every move of the fixture is the admin's.
    const mine = await ok('company_analytics_by_sources', { admin_user_id: admin.userId });
    expect(mine.rows.map((r: { came: number }) => r.came)).toEqual([12, 3, 2]);
    expect(mine.rows[0].drill.came).toBe(`placed|2025-01-01|2025-01-31|u=${admin.userId}|src=0`);
  });
});

describe('company_analytics_by_vacancies', () => {
  it('gives each vacancy its cohort funnel, days open without the hold, and hires of needed', async () => {
    const m = await ok('company_analytics_by_vacancies');
    expect(
      m.rows.map((r: Record<string, unknown>) => [
        r.vacancy_id,
        r.position,
        r.state,
        r.division_name,
        r.days_open,
        r.needed,
        r.hired,
      ]),
    ).toEqual([
      // Open 12-02→12-20 (18 days) and 01-15→01-24 (9), on hold between, closed in P.
      [fx.vacancies.V2.id, 'Кассир', 'closed', 'Продажи', 27, 1, 1],
      // Open since 2024-11-01: 30 + 31 + 31 days up to the end of P; hired a01 and a05.
      [fx.vacancies.V1.id, 'Продавец', 'open', 'Розница', 92, 1, 2],
      // 2024-12-16 → 2025-01-28: 15 + 28 days; hired a30 (01-09) and a16 (01-27).
      [fx.vacancies.V3.id, 'Разработчик', 'closed', 'ИТ', 43, 1, 2],
    ]);
    const [v2, v1, v3] = m.rows;
    // V1: 9 came; a03 a04 a05 a08 a22 reached «Первичный» or further; a03 a05 «HR» (skips),
    // a03 a05 «Заказчик»; a05 «Оффер» and «Вышел».
    expect(funnel(v1.stages)).toEqual(
      withNames([
        [9, null, 100],
        [5, 55.6, 55.6],
        [2, 40, 22.2],
        [2, 100, 22.2],
        [1, 50, 11.1],
        [1, 100, 11.1],
      ]),
    );
    // V2: a13 went all the way (offer skipped), the other four stayed at «Новый» or were rejected.
    expect(funnel(v2.stages)).toEqual(
      withNames([
        [5, null, 100],
        [1, 20, 20],
        [1, 100, 20],
        [1, 100, 20],
        [1, 100, 20],
        [1, 100, 20],
      ]),
    );
    // V3: a18 3, a21 3, a30 6, a19 and a20 1.
    expect(funnel(v3.stages)).toEqual(
      withNames([
        [5, null, 100],
        [3, 60, 60],
        [3, 100, 60],
        [1, 33.3, 20],
        [1, 100, 20],
        [1, 100, 20],
      ]),
    );
    expect(v1.drill).toEqual({
      placed: `placed|2025-01-01|2025-01-31|v=${fx.vacancies.V1.id}`,
      hired: `hired|2025-01-01|2025-01-31|v=${fx.vacancies.V1.id}`,
    });
    expect(v1.stages[1].drill).toBe(
      `reached|2025-01-01|2025-01-31|v=${fx.vacancies.V1.id}|st=${fx.vacancies.V1.stage('Первичный контакт').id}`,
    );
  });

  it('filters by the state at the end of the period and by division', async () => {
    const closed = await ok('company_analytics_by_vacancies', { state: 'closed' });
    expect(closed.rows.map((r: { vacancy_id: number }) => r.vacancy_id)).toEqual([
      fx.vacancies.V2.id,
      fx.vacancies.V3.id,
    ]);
    const it_ = await ok('company_analytics_by_vacancies', { division_id: fx.divisions.it });
    expect(it_.rows.map((r: { vacancy_id: number }) => r.vacancy_id)).toEqual([fx.vacancies.V3.id]);
    // In December V2 was on hold from the 20th: open 12-02→12-20 only.
    const december = await ok('company_analytics_by_vacancies', {
      date_from: '2024-12-01',
      date_to: '2024-12-31',
      state: 'hold',
    });
    expect(
      december.rows.map((r: Record<string, unknown>) => [r.vacancy_id, r.state, r.days_open]),
    ).toEqual([[fx.vacancies.V2.id, 'hold', 18]]);
  });
});

describe('recruiter calls', () => {
  it('recruiter_count_applicants: what the recruiter added, placed, moved, hired and rejected', async () => {
    const m = await ok('recruiter_count_applicants');
    expect(m.rows).toHaveLength(1);
    const row = m.rows[0];
    expect([row.admin_user_id, row.name, row.vacancies_open]).toEqual([admin.userId, 'Анна', 1]);
    const values = Object.fromEntries(
      Object.entries(row.counts as Record<string, { value: number; previous: number }>).map(
        ([k, v]) => [k, [v.value, v.previous]],
      ),
    );
    expect(values).toEqual({
      // P: a03–a09, a13–a15, a18–a22, a25, a26, a28 (10:00), a30 and the deleted a24's
      // tombstone (a10 is February in Moscow; the merged a23 counts as a22). Q: a01 a02 a11 a12
      // a16 a17 a27.
      applicants_new: [20, 7],
      // The 17 applicants of the cohort; Q: a01 a02 a11 a12 a16 a17 a29.
      placed: [17, 7],
      // V1 9 (a01 2, a03, a04, a05 2, a08, a22, a29), V2 2 (a13), V3 6 (a16 2, a18 2, a21,
      // a30); Q: a01 2, a11 2, a12 2, a16 2.
      moved: [17, 8],
      hired: [5, 1],
      // a03 a07 a21 a14 a24 a17 a18 a20; Q: a02.
      rejected: [8, 1],
      // a04 a15 a19; Q: a11.
      refused: [3, 1],
    });
    expect(row.counts.hired.drill).toBe(`hired|2025-01-01|2025-01-31|u=${admin.userId}`);
  });

  it('recruiter_count_applicants_by_period: the same per day', async () => {
    const m = await ok('recruiter_count_applicants_by_period', { admin_user_id: admin.userId });
    expect(m.bucket).toBe('day');
    expect(m.buckets).toHaveLength(31);
    type Bucket = Record<string, number | string>;
    const day = (d: string) => m.buckets.find((b: Bucket) => b.date === d);
    // 9 January: a05 added and placed; moves a01 → Оффер, a05 → Оффер, a30 → Вышел (a hire);
    // a03 rejected.
    expect(day('2025-01-09')).toMatchObject({
      applicants_new: 1,
      placed: 1,
      moved: 3,
      hired: 1,
      rejected: 1,
      refused: 0,
    });
    const sum = (key: string) => m.buckets.reduce((s: number, b: Bucket) => s + Number(b[key]), 0);
    expect([sum('moved'), sum('hired'), sum('refused')]).toEqual([17, 5, 3]);
  });

  it('recruiter_vacancies: owned vacancies by state at the end of the period', async () => {
    const m = await ok('recruiter_vacancies');
    expect(m.rows).toEqual([
      {
        admin_user_id: admin.userId,
        name: 'Анна',
        open: 1,
        hold: 0,
        closed: 2,
        closed_in_period: 2,
        hired: 5,
      },
    ]);
    // ИТ: V3 alone, closed 01-28, hires a16 and a30.
    const it_ = await ok('recruiter_vacancies', { division_id: fx.divisions.it });
    expect(it_.rows[0]).toMatchObject({
      open: 0,
      hold: 0,
      closed: 1,
      closed_in_period: 1,
      hired: 2,
    });
  });

  it('recruiter_vacancies_details: the vacancies with their state, days and counts', async () => {
    const m = await ok('recruiter_vacancies_details', { admin_user_id: admin.userId });
    expect(
      m.rows.map((r: Record<string, unknown>) => [
        r.vacancy_id,
        r.state,
        r.owner_ids,
        r.created_at,
        r.closed_at,
        r.days_open,
        r.placed,
        r.hired,
      ]),
    ).toEqual([
      [
        fx.vacancies.V2.id,
        'closed',
        [admin.userId],
        '2024-12-02T09:00:00.000Z',
        '2025-01-24T09:00:00.000Z',
        27,
        5,
        1,
      ],
      [fx.vacancies.V1.id, 'open', [admin.userId], '2024-11-01T09:00:00.000Z', null, 92, 9, 2],
      [
        fx.vacancies.V3.id,
        'closed',
        [admin.userId],
        '2024-12-16T09:00:00.000Z',
        '2025-01-28T09:00:00.000Z',
        43,
        5,
        2,
      ],
    ]);
    const open = await ok('recruiter_vacancies_details', { state: 'open' });
    expect(open.rows.map((r: { vacancy_id: number }) => r.vacancy_id)).toEqual([
      fx.vacancies.V1.id,
    ]);
  });
});

describe('vacancy calls', () => {
  it('vacancy: the summary, its counts, time to hire and the cohort funnel with time in stage', async () => {
    const m = await ok('vacancy', { vacancy_id: fx.vacancies.V1.id });
    expect(m).toMatchObject({
      vacancy_id: fx.vacancies.V1.id,
      position: 'Продавец',
      state: 'open',
      needed: 1,
      days_open: 92,
      // a01: 12-05 → 01-13, 39 days, 20 working days (17 in December, 9, 10, 13 January);
      // a05: 01-09 → 01-20, 11 days, 7 working days (10, 13–17, 20).
      time_to_hire_avg_days: 25,
      time_to_hire_avg_workdays: 13.5,
    });
    const counts = Object.fromEntries(
      Object.entries(m.counts as Record<string, { value: number; previous: number }>).map(
        ([k, v]) => [k, [v.value, v.previous]],
      ),
    );
    expect(counts).toEqual({
      // Added in P and placed on V1: a03–a09, a21, a22 and a28 (placed in February); Q: a01 a02.
      applicants_new: [10, 2],
      placed: [9, 3],
      moved: [9, 2],
      hired: [2, 0],
      rejected: [3, 1],
      refused: [1, 0],
    });
    expect(funnel(m.stages)).toEqual(
      withNames([
        [9, null, 100],
        [5, 55.6, 55.6],
        [2, 40, 22.2],
        [2, 100, 22.2],
        [1, 50, 11.1],
        [1, 100, 11.1],
      ]),
    );
    // Stays left, calendar and working days: «Новый» a03 (1, 0: the 3rd is a holiday),
    // a04 (7, 2), a05 (0, 0), a07 (1, 1), a08 (1, 1), a21 (2, 1), a22 (1, 1) → 13/7, 6/7;
    // «Первичный» a04 01-10 → 01-14 (4, 2); «Заказчик» a03 01-03 → 01-09 (6, 1); «Оффер» a05
    // 01-09 → 01-20 (11, 7); nobody left «HR» or «Вышел».
    expect(m.stages.map((s: Stage) => [s.avg_days_in_stage, s.avg_workdays_in_stage])).toEqual([
      [1.9, 0.9],
      [4, 2],
      [null, null],
      [6, 1],
      [11, 7],
      [null, null],
    ]);
  });

  it('vacancy_count_applicants: the merged duplicate once, the deleted applicant still counted', async () => {
    const m = await ok('vacancy_count_applicants', { vacancy_id: fx.vacancies.V2.id });
    const counts = Object.fromEntries(
      Object.entries(m.counts as Record<string, { value: number; previous: number }>).map(
        ([k, v]) => [k, [v.value, v.previous]],
      ),
    );
    expect(counts).toEqual({
      // a13 a14 a15, a22 (a23's placement merged into it) and the deleted a24; Q: a11 a12.
      applicants_new: [5, 2],
      placed: [5, 2],
      moved: [2, 4],
      hired: [1, 1],
      rejected: [2, 0],
      refused: [1, 1],
    });
    expect(m.counts.placed.drill).toBe(`placed|2025-01-01|2025-01-31|v=${fx.vacancies.V2.id}`);
  });

  it('vacancy_count_applicants_by_period: weeks from Monday, cut to the period', async () => {
    const m = await ok('vacancy_count_applicants_by_period', {
      vacancy_id: fx.vacancies.V2.id,
      period: 'week',
    });
    expect(
      m.buckets.map((b: Record<string, unknown>) => [
        b.date,
        b.applicants_new,
        b.placed,
        b.moved,
        b.hired,
        b.rejected,
        b.refused,
      ]),
    ).toEqual([
      ['2024-12-30', 0, 0, 0, 0, 0, 0],
      // a22 was added on Sunday the 12th.
      ['2025-01-06', 1, 0, 0, 0, 0, 0],
      // a13 a14 a15 added and placed, a22 placed (the merged a23's), a13 → HR, a15 refused.
      ['2025-01-13', 3, 4, 1, 0, 0, 1],
      // a24 added and placed, a13 hired, a14 and a24 rejected.
      ['2025-01-20', 1, 1, 1, 1, 2, 0],
      ['2025-01-27', 0, 0, 0, 0, 0, 0],
    ]);
  });

  it('vacancy_reasons_rejection: per reason, rejections and refusals apart', async () => {
    const m = await ok('vacancy_reasons_rejection', { vacancy_id: fx.vacancies.V3.id });
    expect([m.reject_total, m.refuse_total]).toEqual([3, 1]);
    // a17 and a18 R2, a20 R1; a19 refused without a reason.
    expect(
      m.rows.map((r: Record<string, unknown>) => [r.kind, r.reason_id, r.count, r.share]),
    ).toEqual([
      ['refuse', null, 1, 100],
      ['reject', fx.reasons.R2, 2, 66.7],
      ['reject', fx.reasons.R1, 1, 33.3],
    ]);
    expect(m.rows[0].name).toBe('Без причины');
    expect(m.rows[1].drill).toBe(
      `reason|2025-01-01|2025-01-31|v=${fx.vacancies.V3.id}|r=${fx.reasons.R2}|k=reject`,
    );
  });

  it('answers 404 for an unknown vacancy or another account’s, 400 without one', async () => {
    for (const report of [
      'vacancy',
      'vacancy_count_applicants',
      'vacancy_count_applicants_by_period',
      'vacancy_reasons_rejection',
    ]) {
      for (const id of [2_000_000_000, strangerVacancyId]) {
        const r = await get(report, { vacancy_id: id });
        expect(r.status, `${report} ${id}`).toBe(404);
        expect(r.body.message).toBe('Вакансия не найдена');
      }
      const missing = await get(report);
      expect(missing.status, report).toBe(400);
      expect(missing.body.message).toBe('Укажите вакансию (vacancy_id)');
    }
  });
});

describe('status_group_conversion', () => {
  it('follows the cohort through the template’s stages across its vacancies', async () => {
    const funnels = await call(t.app, 'GET', '/api/status_groups', undefined, {
      token: admin.token,
    });
    const groupId = funnels.body.message[0].id;
    const m = await ok('status_group_conversion', { status_group_id: groupId });
    expect([m.status_group_id, m.name, m.vacancies]).toEqual([groupId, 'Основная воронка', 3]);
    // 17 applicants; «Первичный» a03 a04 a05 a08 a22 a13 a18 a21 a30; «HR» a03 a05 a13 a18
    // a21 a30; «Заказчик» a03 a05 a13 a30; «Оффер» and «Вышел» a05 a13 a30.
    expect(funnel(m.stages)).toEqual(
      withNames([
        [17, null, 100],
        [9, 52.9, 52.9],
        [6, 66.7, 35.3],
        [4, 66.7, 23.5],
        [3, 75, 17.6],
        [3, 100, 17.6],
      ]),
    );
    // «Новый» left 16 times: V1 13 days / 6 working (see the vacancy test), V2 a13 (1, 1),
    // a14 01-16 → 01-22 (6, 4), a15 (1, 1), a24 (1, 1), V3 a18 (1, 0: the 6th is a holiday),
    // a19 01-06 → 01-08 (2, 0), a20 (1, 1), a21 (1, 1), a30 (1, 1) → 28/16 = 1.75, 16/16.
    expect([m.stages[0].avg_days_in_stage, m.stages[0].avg_workdays_in_stage]).toEqual([1.8, 1]);
    // The drill names the template's stage, which stands for each vacancy's copy.
    expect(m.stages[0].drill).toBe(
      `reached|2025-01-01|2025-01-31|g=${groupId}|st=${m.stages[0].status_id}`,
    );

    const it_ = await ok('status_group_conversion', {
      status_group_id: groupId,
      division_id: fx.divisions.it,
    });
    expect(it_.vacancies).toBe(1);
    expect(it_.stages.map((s: Stage) => s.reached)).toEqual([5, 3, 3, 1, 1, 1]);
  });

  it('answers 404 for an unknown funnel or another account’s, 400 without one', async () => {
    for (const id of [2_000_000_000, strangerFunnelId]) {
      const r = await get('status_group_conversion', { status_group_id: id });
      expect(r.status, String(id)).toBe(404);
      expect(r.body.message).toBe('Воронка не найдена');
    }
    const missing = await get('status_group_conversion');
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Укажите воронку (status_group_id)');
  });
});

describe('drills', () => {
  const opened = async (drill: string) => {
    const r = await call(
      t.app,
      'GET',
      `/api/applicants?per_page=100&drill=${encodeURIComponent(drill)}`,
      undefined,
      { token: admin.token },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return (r.body.message.applicants as { id: number }[]).map((a) => a.id).sort((a, b) => a - b);
  };
  const ids = (...keys: string[]) => keys.map((k) => fx.applicants[k]!).sort((a, b) => a - b);

  it('open exactly the applicants a count counted', async () => {
    const sources = await ok('company_analytics_by_sources');
    const hh = sources.rows.find((r: { name: string }) => r.name === 'hh.ru (аналитика)');
    expect(await opened(hh.drill.came)).toEqual(ids('a03', 'a05', 'a13'));
    expect(await opened(sources.rows[0].drill.hired)).toEqual(ids('a01', 'a16', 'a30'));

    const v1 = await ok('vacancy', { vacancy_id: fx.vacancies.V1.id });
    expect(await opened(v1.stages[1].drill)).toEqual(ids('a03', 'a04', 'a05', 'a08', 'a22'));

    const funnels = await call(t.app, 'GET', '/api/status_groups', undefined, {
      token: admin.token,
    });
    const group = await ok('status_group_conversion', {
      status_group_id: funnels.body.message[0].id,
    });
    expect(await opened(group.stages[4].drill)).toEqual(ids('a05', 'a13', 'a30'));

    const details = await ok('recruiter_vacancies_details');
    const v3 = details.rows.find(
      (r: { vacancy_id: number }) => r.vacancy_id === fx.vacancies.V3.id,
    );
    expect(await opened(v3.drill.hired)).toEqual(ids('a16', 'a30'));
  });
});
