import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { insertApplicants } from '../../../test/applicant-factory.ts';
import { type SignedUp, addTeamMember, signUpCompany } from '../../../test/factories.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';
import { openVacancy, placeThroughStages } from '../../../test/vacancy-fixtures.ts';

let t: TestApp;
let admin: SignedUp;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpCompany(t.app);
});
afterAll(() => t.close());

const home = (token: string) => call(t.app, 'GET', '/api/home', undefined, { token });

describe('the home page', () => {
  it('shows my open vacancies with counts per stage and who waits longer than the stage allows, oldest first', async () => {
    const manager = await addTeamMember(t.app, admin.token, {
      member_type: 'watcher',
      is_admin: false,
    });
    const mine = await openVacancy(t.app, admin.token, {
      position: 'Водитель',
      watchers: [manager.userId],
    });
    const closed = await openVacancy(t.app, admin.token, { position: 'Закрытая' });
    const reasons = await call(t.app, 'GET', '/api/reasons?reason_type=close', undefined, {
      token: admin.token,
    });
    await call(t.app, 'POST', `/api/vacancies/${closed.id}/close`, {
      reason_id: reasons.body.message[0].id,
    }, { token: admin.token }); // prettier-ignore
    const colleague = await addTeamMember(t.app, admin.token, {
      member_type: 'owner',
      is_admin: false,
    });
    await openVacancy(t.app, colleague.token, { position: 'Чужая для меня' });

    const [fresh, contact, hr, , , hired, rejected] = mine.statuses.map((s) => s.id);
    const [late, inTime, later, done, out] = await insertApplicants(t.database, admin.accountId, [
      { lastName: 'Долгов', firstName: 'Иван' },
      { lastName: 'Вовремя', firstName: 'Пётр' },
      { lastName: 'Тихонов', firstName: 'Олег' },
      { lastName: 'Нанят', firstName: 'Семён' },
      { lastName: 'Отказов', firstName: 'Лев' },
    ]);
    await placeThroughStages(t.database, admin.accountId, mine.id, [
      // «Новый» allows 3 days, «Первичный контакт» 5, «Интервью с HR» 7.
      { applicantId: late!, path: [fresh!], daysPerStage: 10 },
      { applicantId: inTime!, path: [fresh!, contact!], daysPerStage: 2 },
      { applicantId: later!, path: [fresh!, hr!], daysPerStage: 8 },
      { applicantId: done!, path: [fresh!, hired!], daysPerStage: 30 },
      { applicantId: out!, path: [fresh!, rejected!], daysPerStage: 30 },
    ]);

    const r = await home(admin.token);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const page = r.body.message;
    expect(page.events).toEqual([]);
    expect(page.vacancies.map((v: { position: string }) => v.position)).toEqual(['Водитель']);
    const vacancy = page.vacancies[0];
    expect(vacancy).toMatchObject({
      id: mine.id,
      role: 'owner',
      state: 'open',
      count_applicants: 5,
    });
    expect(vacancy.stages.map((s: { name: string; count: number }) => [s.name, s.count])).toEqual([
      ['Новый', 1],
      ['Первичный контакт', 1],
      ['Интервью с HR', 1],
      ['Интервью с заказчиком', 0],
      ['Оффер', 0],
      ['Вышел на работу', 1],
      ['Отказ компании', 1],
      ['Отказ кандидата', 0],
    ]);
    expect(
      page.overdue.map((o: Record<string, unknown>) => [
        o.applicant_name,
        o.status_name,
        o.stay_duration,
        o.days_in_status,
        o.vacancy_position,
      ]),
    ).toEqual([
      ['Долгов Иван', 'Новый', 3, 10, 'Водитель'],
      ['Тихонов Олег', 'Интервью с HR', 7, 8, 'Водитель'],
    ]);

    // The watcher sees the vacancy they watch, without the stages hidden from them.
    await call(t.app, 'PATCH', `/api/statuses/${fresh}`, {
      admin_user_statuses: [{ admin_user_id: manager.userId, is_read: false }],
    }, { token: admin.token }); // prettier-ignore
    const theirs = (await home(manager.token)).body.message;
    expect(theirs.vacancies.map((v: { id: number; role: string }) => [v.id, v.role])).toEqual([
      [mine.id, 'watcher'],
    ]);
    expect(theirs.vacancies[0].stages.map((s: { name: string }) => s.name)).not.toContain('Новый');
    expect(theirs.vacancies[0].count_applicants).toBe(4);
    expect(theirs.overdue.map((o: { applicant_name: string }) => o.applicant_name)).toEqual([
      'Тихонов Олег',
    ]);
  });

  it('shows the 50 who waited longest over both vacancies and every stage, ties by application', async () => {
    const me = await addTeamMember(t.app, admin.token, { member_type: 'owner', is_admin: false });
    const first = await openVacancy(t.app, me.token, { position: 'Кладовщик' });
    const second = await openVacancy(t.app, me.token, { position: 'Грузчик' });
    const people = await insertApplicants(
      t.database,
      admin.accountId,
      Array.from({ length: 64 }, (_, n) => ({ lastName: `Ждущий${n}`, firstName: 'Тест' })),
    );
    // «Новый», «Первичный контакт» and «Интервью с HR» of either vacancy, in turn.
    const stages = [first, second].flatMap((v) => v.statuses.slice(0, 3).map((s) => [v.id, s.id]));
    for (const [n, applicantId] of people.entries()) {
      const [vacancyId, statusId] = stages[n % stages.length]!;
      await placeThroughStages(t.database, admin.accountId, vacancyId!, [
        { applicantId: applicantId!, path: [statusId!], daysPerStage: 30 },
      ]);
    }
    // Seven instants shared by many (ties across stages and vacancies); the oldest three archived.
    const rows = await t.database.withTenant(admin.accountId, async (tx) => {
      await tx.execute(sql`update applications set entered_status_at =
          timestamptz '2026-01-01 09:00:00+03' + (applicant_id % 7) * interval '1 day'
        where account_id = ${admin.accountId} and vacancy_id in (${first.id}, ${second.id})`);
      await tx.execute(sql`update applicants set archived_at = now()
        where account_id = ${admin.accountId}
          and id in (${people[0]!}, ${people[7]!}, ${people[14]!})`);
      return (
        (await tx.execute(sql`select ap.id, ap.entered_status_at, p.archived_at is not null as archived
          from applications ap join applicants p on p.account_id = ap.account_id and p.id = ap.applicant_id
          where ap.account_id = ${admin.accountId} and ap.vacancy_id in (${first.id}, ${second.id})`)) as {
          rows: { id: number; entered_status_at: Date | string; archived: boolean }[];
        }
      ).rows;
    });
    const at = (r: (typeof rows)[number]) => new Date(r.entered_status_at).getTime();
    const expected = rows
      .filter((r) => !r.archived)
      .sort((a, b) => at(a) - at(b) || a.id - b.id)
      .slice(0, 50)
      .map((r) => r.id);
    const page = (await home(me.token)).body.message;
    expect(page.overdue.map((o: { application_id: number }) => o.application_id)).toEqual(expected);
  });

  it("never shows another account's vacancies", async () => {
    const stranger = await signUpCompany(t.app, { company: 'ООО «Чужие»' });
    const page = (await home(stranger.token)).body.message;
    expect(page).toEqual({ vacancies: [], overdue: [], events: [] });
  });

  it("lists the caller's events of today and tomorrow (in Moscow), earliest first", async () => {
    const me = await addTeamMember(t.app, admin.token, { member_type: 'owner', is_admin: false });
    // The clock the service reads stands at noon of this Moscow day: «today» and «tomorrow» stay
    // these however long the test runs, midnight or not.
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Moscow' });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(`${today}T12:00:00+03:00`));
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const day = (offset: number) => {
      const moscow = new Date(Date.now() + 3 * 3_600_000 + offset * 86_400_000);
      return moscow.toISOString().slice(0, 10);
    };
    const event = async (title: string, date: string, time: string, users: number[]) => {
      const created = await call(t.app, 'POST', '/api/events', {
        title,
        data_mitting: date,
        time_begin: time,
        time_end: `${time.slice(0, 2)}:45`,
        admin_user_ids: users,
        send_invitations: false,
      }, { token: admin.token }); // prettier-ignore
      expect(created.status, JSON.stringify(created.body)).toBe(200);
    };
    await event('Завтра', day(1), '10:00', [me.userId]);
    await event('Сегодня', day(0), '09:00', [admin.userId, me.userId]);
    await event('Послезавтра', day(2), '11:00', [me.userId]);
    await event('Вчера', day(-1), '11:00', [me.userId]);
    await event('Без меня', day(0), '12:00', [admin.userId]);
    const page = (await home(me.token)).body.message;
    expect(page.events.map((e: { title: string }) => e.title)).toEqual(['Сегодня', 'Завтра']);
    expect(page.events[0]).toMatchObject({ date: day(0), time_begin: '09:00', time_end: '09:45' });
  });
});
