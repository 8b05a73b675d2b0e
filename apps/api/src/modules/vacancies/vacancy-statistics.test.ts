import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApplicants } from '../../../test/applicant-factory.ts';
import { type SignedUp, addTeamMember, signUpCompany } from '../../../test/factories.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';
import { openVacancy, placeThroughStages } from '../../../test/vacancy-fixtures.ts';

let t: TestApp;
let admin: SignedUp;
let manager: { userId: number; token: string };
let vacancyId: number;
let rejectStageId: number;
let reasonId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpCompany(t.app);
  manager = await addTeamMember(t.app, admin.token, { member_type: 'watcher', is_admin: false });
  const vacancy = await openVacancy(t.app, admin.token, {
    position: 'Оператор колл-центра',
    watchers: [manager.userId],
  });
  vacancyId = vacancy.id;
  const [fresh, contact, hr, client, offer, hired, rejected] = vacancy.statuses.map((s) => s.id);
  rejectStageId = rejected!;
  const reasons = await call(t.app, 'GET', '/api/reasons?reason_type=reject', undefined, {
    token: admin.token,
  });
  reasonId = reasons.body.message[0].id;
  const [a, b, c, d, e] = await insertApplicants(t.database, admin.accountId, [
    { firstName: 'Анна' },
    { firstName: 'Борис' },
    { firstName: 'Вера' },
    { firstName: 'Глеб' },
    { firstName: 'Дина' },
  ]);
  await placeThroughStages(t.database, admin.accountId, vacancyId, [
    { applicantId: a!, path: [fresh!] },
    { applicantId: b!, path: [fresh!, contact!], daysPerStage: 2 },
    { applicantId: c!, path: [fresh!, contact!, hr!, client!, offer!, hired!] },
    // Skipped a stage: still counts as having passed it in the funnel.
    { applicantId: d!, path: [fresh!, hr!] },
    {
      applicantId: e!,
      path: [fresh!, rejected!],
      reject: { kind: 'reject', reasonId },
    },
  ]);
});
afterAll(() => t.close());

const statistics = (token: string) =>
  call(t.app, 'GET', `/api/vacancies/${vacancyId}/statistics`, undefined, { token });

describe('the statistics of a vacancy', () => {
  it('count each stage now and ever, convert along the funnel, average days per stage, rejections by reason', async () => {
    const r = await statistics(admin.token);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const s = r.body.message;
    expect(s).toMatchObject({ vacancy_id: vacancyId, count_applicants: 5, hired: 1 });
    expect(
      s.stages.map((x: Record<string, unknown>) => [
        x.name,
        x.count,
        x.reached,
        x.conversion_from_previous,
        x.conversion_from_first,
      ]),
    ).toEqual([
      ['Новый', 1, 5, null, 100],
      ['Первичный контакт', 1, 3, 60, 60],
      ['Интервью с HR', 1, 2, 66.7, 40],
      ['Интервью с заказчиком', 0, 1, 50, 20],
      ['Оффер', 0, 1, 100, 20],
      ['Вышел на работу', 1, 1, 100, 20],
      ['Отказ компании', 1, 1, null, null],
      ['Отказ кандидата', 0, 0, null, null],
    ]);
    // Four left «Новый»: after 2, 1, 1 and 1 days.
    expect(s.stages[0].avg_days).toBe(1.3);
    expect(s.stages[1].avg_days).toBe(1);
    expect(s.stages[5].avg_days).toBeNull();
    expect(s.rejections).toEqual([
      { reason_id: reasonId, reason_name: 'Не подходит по опыту', kind: 'reject', count: 1 },
    ]);

    const vacancy = await call(t.app, 'GET', `/api/vacancies/${vacancyId}`, undefined, {
      token: admin.token,
    });
    expect(vacancy.body.message).toMatchObject({
      count_applicants: 5,
      hired: 1,
      avg_close_time: 5,
    });
  });

  it('show a watcher only the stages their rights let them read', async () => {
    const hide = await call(
      t.app,
      'PATCH',
      `/api/statuses/${rejectStageId}`,
      { admin_user_statuses: [{ admin_user_id: manager.userId, is_read: false }] },
      { token: admin.token },
    );
    expect(hide.status, JSON.stringify(hide.body)).toBe(200);

    const r = await statistics(manager.token);
    expect(r.status).toBe(200);
    expect(r.body.message.stages.map((x: { name: string }) => x.name)).not.toContain(
      'Отказ компании',
    );
    expect(r.body.message.rejections).toEqual([]);
    expect(r.body.message.count_applicants).toBe(4);

    const vacancy = await call(t.app, 'GET', `/api/vacancies/${vacancyId}`, undefined, {
      token: manager.token,
    });
    expect(vacancy.body.message.statuses.map((x: { name: string }) => x.name)).not.toContain(
      'Отказ компании',
    );
    const full = await statistics(admin.token);
    expect(full.body.message.stages).toHaveLength(8);
  });
});
