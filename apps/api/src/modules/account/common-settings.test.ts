import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUp, addTeamMember, signUpCompany } from '../../../test/factories.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';
import {
  type CommonSettingsAction,
  ONLY_ADMINS_CHANGE_COMMON_SETTINGS,
  commonSettingsRefusal,
} from './common-settings.policy.ts';

const URL = '/api/account/common_settings';

let t: TestApp;
let admin: SignedUp;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpCompany(t.app, { company: 'ООО «Настройки»' });
});
afterAll(() => t.close());

const get = (token: string, url = URL) => call(t.app, 'GET', url, undefined, { token });
const patch = (token: string, body: unknown) => call(t.app, 'PATCH', URL, body, { token });

describe('the common settings of a company', () => {
  it('start with Moscow, roubles and a Monday–Friday week from 9 to 18', async () => {
    const company = await signUpCompany(t.app);
    const r = await get(company.token);
    expect(r.status).toBe(200);
    expect(r.body.message).toEqual({
      time_zone: 'Europe/Moscow',
      currency: 'RUB',
      work_days: [1, 2, 3, 4, 5],
      work_hours_from: '09:00',
      work_hours_to: '18:00',
    });
  });

  it('are changed by an admin, kept, and shown in /api/me and /api/account', async () => {
    const r = await patch(admin.token, {
      time_zone: 'Asia/Novosibirsk',
      currency: 'KZT',
      work_days: [6, 1, 2, 3, 4, 5],
      work_hours_from: '08:30',
      work_hours_to: '17:15',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const expected = {
      time_zone: 'Asia/Novosibirsk',
      currency: 'KZT',
      work_days: [1, 2, 3, 4, 5, 6],
      work_hours_from: '08:30',
      work_hours_to: '17:15',
    };
    expect(r.body.message).toEqual(expected);
    expect((await get(admin.token)).body.message).toEqual(expected);
    const me = await get(admin.token, '/api/me');
    expect(me.body.message.account_setting).toMatchObject({
      time_zone: 'Asia/Novosibirsk',
      currency: 'KZT',
    });
    const account = await get(admin.token, '/api/account');
    expect(account.body.message).toMatchObject({ time_zone: 'Asia/Novosibirsk', currency: 'KZT' });

    // One field at a time leaves the others as they are.
    const one = await patch(admin.token, { currency: 'EUR' });
    expect(one.body.message).toEqual({ ...expected, currency: 'EUR' });
  });

  it('count deadlines with the company’s working week: Monday to Saturday works Saturdays', async () => {
    const company = await signUpCompany(t.app);
    const deadline = async () =>
      (await get(company.token, '/api/account_calendar/date_by_workdays?date=2025-03-14&days=1'))
        .body.message.date;
    expect(await deadline()).toBe('2025-03-17');
    await patch(company.token, { work_days: [1, 2, 3, 4, 5, 6] });
    expect(await deadline()).toBe('2025-03-15');
    const calendar = await get(company.token, '/api/account_calendar?year=2025');
    expect(calendar.body.message.work_days).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('answer bad values with 400 in Russian and keep the stored ones', async () => {
    const company = await signUpCompany(t.app);
    const before = (await get(company.token)).body.message;
    const cases: [unknown, RegExp][] = [
      [{ time_zone: 'Europe/Atlantis' }, /Неизвестный часовой пояс/],
      [{ time_zone: '+03:00' }, /Неизвестный часовой пояс/],
      [{ time_zone: '' }, /Неизвестный часовой пояс/],
      [{ currency: 'XXX' }, /Валюта — одна из: RUB, USD, EUR, KZT/],
      [{ currency: 5 }, /Валюта/],
      [{ work_days: [] }, /хотя бы один рабочий день/],
      [{ work_days: [0] }, /от 1 \(понедельник\) до 7/],
      [{ work_days: [8] }, /от 1 \(понедельник\) до 7/],
      [{ work_days: [1, 1] }, /не должны повторяться/],
      [{ work_days: 'пн-пт' }, /список дней недели/],
      [{ work_hours_from: '9' }, /ЧЧ:ММ/],
      [{ work_hours_from: '24:00' }, /ЧЧ:ММ/],
      [{ work_hours_from: '18:00', work_hours_to: '09:00' }, /заканчиваться позже/],
      // One end alone is checked against the stored other end (18:00).
      [{ work_hours_from: '19:00' }, /заканчиваться позже/],
    ];
    for (const [body, message] of cases) {
      const r = await patch(company.token, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.status).toBe('error');
      expect(r.body.message, JSON.stringify(body)).toMatch(message);
    }
    expect((await get(company.token)).body.message).toEqual(before);
  });

  it('require a session', async () => {
    expect((await call(t.app, 'GET', URL)).status).toBe(420);
    expect((await call(t.app, 'PATCH', URL, { currency: 'USD' })).status).toBe(420);
  });
});

describe('who may change the common settings (role × action)', () => {
  const ROLES = {
    admin: { memberType: 'owner', isAdmin: true },
    recruiter: { memberType: 'owner', isAdmin: false },
    watcher: { memberType: 'watcher', isAdmin: false },
    'watcher-admin': { memberType: 'watcher', isAdmin: true },
  } as const;
  type Role = keyof typeof ROLES;
  const ACTIONS: CommonSettingsAction[] = ['read', 'change'];
  const NO = ONLY_ADMINS_CHANGE_COMMON_SETTINGS;
  const EXPECTED: Record<Role, (string | null)[]> = {
    admin: [null, null],
    recruiter: [null, NO],
    watcher: [null, NO],
    'watcher-admin': [null, NO],
  };

  for (const role of Object.keys(ROLES) as Role[]) {
    it(`${role}: ${EXPECTED[role].map((r) => (r ? 'no' : 'yes')).join(' ')}`, () => {
      expect(ACTIONS.map((action) => commonSettingsRefusal(ROLES[role], action))).toEqual(
        EXPECTED[role],
      );
    });
  }

  it('answers each role through the API as the matrix says, and a refusal changes nothing', async () => {
    const company = await signUpCompany(t.app, { company: 'ООО «Роли»' });
    const members = {
      // Every permission flag on: none of them grants account settings.
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
      const read = await get(member.token);
      expect(read.status, role).toBe(200);
      expect(read.body.message.currency).toBe('RUB');
      const r = await patch(member.token, { currency: 'USD', work_days: [1, 2, 3] });
      expect(r.status, role).toBe(403);
      expect(r.body.message).toBe(ONLY_ADMINS_CHANGE_COMMON_SETTINGS);
    }
    expect((await get(company.token)).body.message).toMatchObject({
      currency: 'RUB',
      work_days: [1, 2, 3, 4, 5],
    });
  });

  it('changes only the caller’s own company', async () => {
    const mine = await signUpCompany(t.app, { company: 'ООО «Моя»' });
    const theirs = await signUpCompany(t.app, { company: 'ООО «Чужая»' });
    expect((await patch(mine.token, { currency: 'USD', time_zone: 'Asia/Omsk' })).status).toBe(200);
    expect((await get(theirs.token)).body.message).toMatchObject({
      currency: 'RUB',
      time_zone: 'Europe/Moscow',
    });
  });
});
