import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUp, addTeamMember, signUpCompany } from '../../../test/factories.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';
import {
  type CalendarAction,
  ONLY_ADMINS_CHANGE_CALENDAR,
  calendarRefusal,
} from './account-calendar.policy.ts';
import { currentYearIn } from './account-calendar.service.ts';

// The dates below follow the decrees on moved days off: 2024 — Постановление Правительства РФ
// от 10.08.2023 № 1314; 2025 — от 04.10.2024 № 1335; 2026 — от 24.09.2025 № 1466.

let t: TestApp;
let admin: SignedUp;
let stranger: SignedUp;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpCompany(t.app, { company: 'ООО «Календарь»' });
  stranger = await signUpCompany(t.app, { company: 'ООО «Чужие»' });
});
afterAll(() => t.close());

const get = (token: string, url: string) => call(t.app, 'GET', url, undefined, { token });
const putDays = (token: string, days: unknown) =>
  call(t.app, 'PUT', '/api/account_calendar/days', { days }, { token });

/** The deadline a person asks «Посчитать срок» for: the date only. */
async function deadline(token: string, date: string, days: number) {
  const r = await get(token, `/api/account_calendar/date_by_workdays?date=${date}&days=${days}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.message.date as string;
}

describe('the OpenAPI document', () => {
  it('publishes the calendar and the common settings', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(r.statusCode).toBe(200);
    const paths = r.json().paths;
    expect(Object.keys(paths['/api/account_calendar'])).toEqual(['get']);
    expect(Object.keys(paths['/api/account_calendar/days'])).toEqual(['put']);
    expect(Object.keys(paths['/api/account_calendar/date_by_workdays'])).toEqual(['get']);
    expect(Object.keys(paths['/api/account/common_settings']).sort()).toEqual(['get', 'patch']);
  });
});

describe('GET /api/account_calendar', () => {
  it('lists the year’s holidays, moved days off and shortened days with their names and decree', async () => {
    const r = await get(admin.token, '/api/account_calendar?year=2026');
    expect(r.status).toBe(200);
    const calendar = r.body.message;
    expect(calendar).toMatchObject({
      year: 2026,
      decree: 'Постановление Правительства РФ от 24.09.2025 № 1466',
      is_preliminary: false,
      work_days: [1, 2, 3, 4, 5],
    });
    const byDate = new Map(calendar.days.map((d: { date: string }) => [d.date, d]));
    expect(byDate.get('2026-01-01')).toEqual({
      date: '2026-01-01',
      type: 'holiday',
      is_working: false,
      name: 'Новогодние каникулы',
      is_override: false,
    });
    expect(byDate.get('2026-01-09')).toMatchObject({ type: 'day_off', is_working: false });
    expect(byDate.get('2026-02-23')).toMatchObject({
      type: 'holiday',
      name: 'День защитника Отечества',
    });
    expect(byDate.get('2026-04-30')).toMatchObject({ type: 'short_day', is_working: true });
    expect(byDate.get('2026-12-31')).toMatchObject({ type: 'day_off', is_working: false });
    // Only days that differ from an ordinary week are listed, in date order.
    expect(byDate.has('2026-01-12')).toBe(false);
    const dates = calendar.days.map((d: { date: string }) => d.date);
    expect(dates).toEqual([...dates].sort());
  });

  it('marks a year without a known decree as preliminary', async () => {
    const r = await get(admin.token, '/api/account_calendar?year=2027');
    expect(r.body.message).toMatchObject({ year: 2027, decree: null, is_preliminary: true });
  });

  it('answers the current year of the account’s time zone when no year is asked', async () => {
    const zone = await call(
      t.app,
      'PATCH',
      '/api/account/account_settings',
      { time_zone: 'Asia/Kamchatka' },
      { token: admin.token },
    );
    expect(zone.status, JSON.stringify(zone.body)).toBe(200);
    const r = await get(admin.token, '/api/account_calendar');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const year = currentYearIn('Asia/Kamchatka');
    expect(r.body.message.year).toBe(year);
    expect(r.body.message).toEqual(
      (await get(admin.token, `/api/account_calendar?year=${year}`)).body.message,
    );
    expect(r.body.message.days.length).toBeGreaterThan(0);
    expect(r.body.message.days.every((d: { date: string }) => d.date.startsWith(`${year}-`))).toBe(
      true,
    );
  });

  it('takes the year of the account’s zone, not the server’s, around New Year', () => {
    const newYearInKamchatka = new Date('2026-12-31T13:00:00Z');
    expect(currentYearIn('Asia/Kamchatka', newYearInKamchatka)).toBe(2027);
    expect(currentYearIn('Europe/Moscow', newYearInKamchatka)).toBe(2026);
  });

  it('answers an impossible year with 400 in Russian', async () => {
    for (const query of ['?year=1999', '?year=2101', '?year=abc', '?year=2025.5', '?year=']) {
      const r = await get(admin.token, `/api/account_calendar${query}`);
      expect(r.status, query).toBe(400);
      expect(r.body.status).toBe('error');
      expect(r.body.message, query).toMatch(/[а-я]/i);
    }
  });

  it('requires a session', async () => {
    expect((await call(t.app, 'GET', '/api/account_calendar?year=2026')).status).toBe(420);
    expect(
      (await call(t.app, 'GET', '/api/account_calendar/date_by_workdays?date=2026-01-01&days=1'))
        .status,
    ).toBe(420);
  });
});

describe('GET /api/account_calendar/date_by_workdays', () => {
  it('steps over the New Year holidays: 30.12.2025 + 1 working day is 12.01.2026', async () => {
    const r = await get(
      admin.token,
      '/api/account_calendar/date_by_workdays?date=30.12.2025&days=1',
    );
    expect(r.status).toBe(200);
    expect(r.body.message).toEqual({
      from: '2025-12-30',
      days: 1,
      date: '2026-01-12',
      is_preliminary: false,
    });
    // And back: the working day before 12 January 2026 is 30 December 2025.
    expect(await deadline(admin.token, '2026-01-12', -1)).toBe('2025-12-30');
    expect(await deadline(admin.token, '2025-12-29', 2)).toBe('2026-01-12');
  });

  it('steps over the May holidays of 2025 (1–4 and 8–11 May)', async () => {
    expect(await deadline(admin.token, '2025-04-30', 1)).toBe('2025-05-05');
    expect(await deadline(admin.token, '2025-05-07', 1)).toBe('2025-05-12');
    // 30.04 → 5, 6, 7, 12, 13 May.
    expect(await deadline(admin.token, '2025-04-30', 5)).toBe('2025-05-13');
    expect(await deadline(admin.token, '2025-05-12', -2)).toBe('2025-05-06');
  });

  it('counts the Saturday a decree made working: 27.04.2024, then rests until 2 May', async () => {
    expect(await deadline(admin.token, '2024-04-26', 1)).toBe('2024-04-27');
    expect(await deadline(admin.token, '2024-04-27', 1)).toBe('2024-05-02');
    expect(await deadline(admin.token, '2024-05-08', 1)).toBe('2024-05-13');
  });

  it('answers the date itself for 0 days and flags a count that reaches a year without a decree', async () => {
    const zero = await get(
      admin.token,
      '/api/account_calendar/date_by_workdays?date=2026-03-09&days=0',
    );
    expect(zero.body.message).toMatchObject({ date: '2026-03-09', is_preliminary: false });
    const r = await get(
      admin.token,
      '/api/account_calendar/date_by_workdays?date=2026-12-30&days=1',
    );
    // 31.12.2026 is a moved day off; 1–8 January 2027 are holidays; 9–10 are a weekend.
    expect(r.body.message).toMatchObject({ date: '2027-01-11', is_preliminary: true });
  });

  it('answers a bad date or count with 400 in Russian', async () => {
    const cases: [string, RegExp][] = [
      ['date=31.02.2025&days=1', /ГГГГ-ММ-ДД или ДД\.ММ\.ГГГГ/],
      ['date=2025-13-01&days=1', /ГГГГ-ММ-ДД/],
      ['date=завтра&days=1', /ГГГГ-ММ-ДД/],
      ['days=1', /ГГГГ-ММ-ДД/],
      ['date=1999-12-31&days=1', /Год — от 2000 до 2100/],
      ['date=2025-01-01&days=abc', /целое число/],
      ['date=2025-01-01&days=1.5', /целое число/],
      ['date=2025-01-01&days=', /целое число/],
      ['date=2025-01-01&days=1001', /Не больше 1000 рабочих дней/],
      ['date=2025-01-01&days=-1001', /Не больше 1000 рабочих дней/],
      ['date=2025-01-01', /./],
    ];
    for (const [query, message] of cases) {
      const r = await get(admin.token, `/api/account_calendar/date_by_workdays?${query}`);
      expect(r.status, query).toBe(400);
      expect(r.body.message, query).toMatch(message);
    }
    const edge = await get(
      admin.token,
      '/api/account_calendar/date_by_workdays?date=2100-12-31&days=1',
    );
    expect(edge.status).toBe(400);
    expect(edge.body.message).toBe('Срок выходит за пределы календаря (2000–2100 годы)');
  });
});

describe('the company’s own days over the calendar', () => {
  it('marks a day off and a working Saturday, counts deadlines with them, and clears them', async () => {
    const company = await signUpCompany(t.app, { company: 'ООО «Свои дни»' });
    const marked = await putDays(company.token, [
      { date: '12.01.2026', is_working: false, name: 'Корпоратив' },
      { date: '2026-01-13', is_working: false },
    ]);
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    expect(marked.body.message.days).toEqual([
      {
        date: '2026-01-12',
        type: 'day_off',
        is_working: false,
        name: 'Корпоратив',
        is_override: true,
      },
      {
        date: '2026-01-13',
        type: 'day_off',
        is_working: false,
        name: 'Выходной компании',
        is_override: true,
      },
    ]);
    expect(await deadline(company.token, '30.12.2025', 1)).toBe('2026-01-14');

    const calendar = await get(company.token, '/api/account_calendar?year=2026');
    const jan12 = calendar.body.message.days.find((d: { date: string }) => d.date === '2026-01-12');
    expect(jan12).toMatchObject({ is_working: false, is_override: true, name: 'Корпоратив' });

    // A working Saturday of the company's own, and working on a public holiday.
    await putDays(company.token, [
      { date: '2026-01-10', is_working: true },
      { date: '2026-01-12', is_working: null },
      { date: '2026-01-13', is_working: null },
    ]);
    expect(await deadline(company.token, '30.12.2025', 1)).toBe('2026-01-10');
    const holiday = await putDays(company.token, [{ date: '2026-01-08', is_working: true }]);
    expect(holiday.body.message.days[0]).toMatchObject({
      type: 'workday',
      is_working: true,
      name: 'Новогодние каникулы',
      is_override: true,
    });
    expect(await deadline(company.token, '30.12.2025', 1)).toBe('2026-01-08');

    // Cleared: back to what the national calendar says.
    const cleared = await putDays(company.token, [
      { date: '2026-01-08', is_working: null },
      { date: '2026-01-10', is_working: null },
    ]);
    expect(cleared.body.message.days).toEqual([
      {
        date: '2026-01-08',
        type: 'holiday',
        is_working: false,
        name: 'Новогодние каникулы',
        is_override: false,
      },
      { date: '2026-01-10', type: 'weekend', is_working: false, name: null, is_override: false },
    ]);
    expect(await deadline(company.token, '30.12.2025', 1)).toBe('2026-01-12');
  });

  it('keeps one company’s days out of another’s calendar and deadlines', async () => {
    const mine = await signUpCompany(t.app, { company: 'ООО «Мои дни»' });
    expect((await putDays(mine.token, [{ date: '2026-01-12', is_working: false }])).status).toBe(
      200,
    );
    expect(await deadline(mine.token, '2025-12-30', 1)).toBe('2026-01-13');
    expect(await deadline(stranger.token, '2025-12-30', 1)).toBe('2026-01-12');
    const theirs = await get(stranger.token, '/api/account_calendar?year=2026');
    expect(theirs.body.message.days.some((d: { is_override: boolean }) => d.is_override)).toBe(
      false,
    );
    // The stranger clearing the same date touches only their own calendar.
    expect((await putDays(stranger.token, [{ date: '2026-01-12', is_working: null }])).status).toBe(
      200,
    );
    expect(await deadline(mine.token, '2025-12-30', 1)).toBe('2026-01-13');
  });

  it('answers bad changes with 400 in Russian and changes nothing', async () => {
    const company = await signUpCompany(t.app, { company: 'ООО «Проверка»' });
    const cases: [unknown, RegExp][] = [
      [[], /хотя бы один день/],
      ['2026-01-12', /список дней/],
      [[{ date: '2026-02-30', is_working: false }], /ГГГГ-ММ-ДД/],
      [[{ date: '2026-01-12', is_working: 'нет' }], /is_working/],
      [[{ date: '2026-01-12' }], /is_working/],
      [
        [
          { date: '2026-01-12', is_working: false },
          { date: '12.01.2026', is_working: true },
        ],
        /только один раз/,
      ],
      [[{ date: '2026-01-12', is_working: false, name: 'я'.repeat(101) }], /100 символов/],
      [
        Array.from({ length: 367 }, (_, i) => ({ date: '2026-01-01', is_working: i % 2 === 0 })),
        /366/,
      ],
    ];
    for (const [days, message] of cases) {
      const r = await putDays(company.token, days);
      expect(r.status, JSON.stringify(days).slice(0, 80)).toBe(400);
      expect(r.body.message).toMatch(message);
    }
    const r = await call(t.app, 'PUT', '/api/account_calendar/days', {}, { token: company.token });
    expect(r.status).toBe(400);
    expect(await deadline(company.token, '2025-12-30', 1)).toBe('2026-01-12');
  });
});

describe('who may change the calendar (role × action)', () => {
  const ROLES = {
    admin: { memberType: 'owner', isAdmin: true },
    recruiter: { memberType: 'owner', isAdmin: false },
    watcher: { memberType: 'watcher', isAdmin: false },
    'watcher-admin': { memberType: 'watcher', isAdmin: true },
  } as const;
  const ACTIONS: CalendarAction[] = ['read', 'change'];
  const NO = ONLY_ADMINS_CHANGE_CALENDAR;
  const EXPECTED: Record<keyof typeof ROLES, (string | null)[]> = {
    admin: [null, null],
    recruiter: [null, NO],
    watcher: [null, NO],
    'watcher-admin': [null, NO],
  };

  for (const [role, actor] of Object.entries(ROLES)) {
    it(`${role}: ${EXPECTED[role as keyof typeof ROLES].map((r) => (r ? 'no' : 'yes')).join(' ')}`, () => {
      expect(ACTIONS.map((action) => calendarRefusal(actor, action))).toEqual(
        EXPECTED[role as keyof typeof ROLES],
      );
    });
  }

  it('answers each role through the API as the matrix says, and a refusal changes nothing', async () => {
    const company = await signUpCompany(t.app, { company: 'ООО «Роли»' });
    const members = {
      recruiter: await addTeamMember(t.app, company.token, {
        member_type: 'owner',
        is_admin: false,
      }),
      watcher: await addTeamMember(t.app, company.token, {
        member_type: 'watcher',
        is_admin: false,
      }),
      'watcher-admin': await addTeamMember(t.app, company.token, {
        member_type: 'watcher',
        is_admin: true,
      }),
    };
    for (const [role, member] of Object.entries(members)) {
      expect((await get(member.token, '/api/account_calendar?year=2025')).status, role).toBe(200);
      expect(await deadline(member.token, '2025-04-30', 1)).toBe('2025-05-05');
      const r = await putDays(member.token, [{ date: '2025-05-05', is_working: false }]);
      expect(r.status, role).toBe(403);
      expect(r.body.message).toBe(ONLY_ADMINS_CHANGE_CALENDAR);
    }
    expect(await deadline(company.token, '2025-04-30', 1)).toBe('2025-05-05');
    expect((await putDays(company.token, [{ date: '2025-05-05', is_working: false }])).status).toBe(
      200,
    );
    expect(await deadline(members.watcher.token, '2025-04-30', 1)).toBe('2025-05-06');
  });
});
