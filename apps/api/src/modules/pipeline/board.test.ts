import { DEFAULT_FUNNEL, ZBoardCardPage } from '@ats/contracts/pipeline';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApplicants, insertTag, tagApplicants } from '../../../test/applicant-factory.ts';
import { type SignedUp, addTeamMember, signUpCompany } from '../../../test/factories.ts';
import {
  backdateApplication,
  insertVacancyWithStages,
  setStageRight,
} from '../../../test/pipeline-factory.ts';
import { countStatements } from '../../../test/statement-counter.ts';
import { readAsContractWrites } from '../../../test/answer-text.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';

let t: TestApp;
let admin: SignedUp;
let stranger: SignedUp;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpCompany(t.app);
  stranger = await signUpCompany(t.app, { company: 'ООО «Чужие»' });
});
afterAll(() => t.close());

const get = (token: string, url: string) => call(t.app, 'GET', url, undefined, { token });
const post = (token: string, url: string, body?: unknown) =>
  call(t.app, 'POST', url, body, { token });

type Column = { status: { id: number; name: string }; count: number; can_write: boolean };

async function vacancyWithApplicants(
  count: number,
  accountId = admin.accountId,
  token = admin.token,
) {
  const vacancy = await insertVacancyWithStages(t.database, accountId, { position: 'Продавец' });
  const ids = await insertApplicants(
    t.database,
    accountId,
    Array.from({ length: count }, (_, n) => ({
      lastName: `Доскин${n}`,
      firstName: 'Иван',
      position: 'Продавец-консультант',
    })),
  );
  const placed = await post(token, '/api/applications/bulk', {
    applicant_ids: ids,
    vacancy_id: vacancy.id,
  });
  expect(placed.body.message.placed).toBe(count);
  const applications = (
    await get(
      token,
      `/api/status_vacancy_columns/get_applicants?vacancy_id=${vacancy.id}&status_id=${vacancy.stage('Новый').id}&per_page=100`,
    )
  ).body.message.applicants as { application_id: number; applicant_id: number }[];
  return { vacancy, ids, applications };
}

describe('the board’s columns', () => {
  it('lists every stage in order, rejection stages included, with counts and the caller’s rights', async () => {
    const { vacancy, applications } = await vacancyWithApplicants(5);
    await post(admin.token, `/api/applications/${applications[0]!.application_id}/move`, {
      status_id: vacancy.stage('Оффер').id,
    });
    const reject = (await get(admin.token, '/api/reasons?reason_type=reject')).body.message[0];
    await post(admin.token, `/api/applications/${applications[1]!.application_id}/reject`, {
      reason_id: reject.id,
    });
    const columns = await get(
      admin.token,
      `/api/vacancies/${vacancy.id}/get_status_vacancy_columns`,
    );
    expect(columns.status, JSON.stringify(columns.body)).toBe(200);
    const list = columns.body.message as Column[];
    expect(list.map((c) => c.status.name)).toEqual(DEFAULT_FUNNEL.stages.map((s) => s.name));
    const counts = Object.fromEntries(list.map((c) => [c.status.name, c.count]));
    expect(counts).toMatchObject({ Новый: 3, Оффер: 1, 'Отказ компании': 1, 'Интервью с HR': 0 });
    expect(list.every((c) => c.can_write)).toBe(true);
  });

  it('reads the columns, and a column’s page, in one statement each', async () => {
    const { vacancy } = await vacancyWithApplicants(3);
    const counter = countStatements(t.database);
    try {
      const columns = await get(
        admin.token,
        `/api/vacancies/${vacancy.id}/get_status_vacancy_columns`,
      );
      expect(columns.status).toBe(200);
      const cards = await get(
        admin.token,
        `/api/status_vacancy_columns/get_applicants?vacancy_id=${vacancy.id}&status_id=${vacancy.stage('Новый').id}`,
      );
      expect(cards.body.message.applicants).toHaveLength(3);
    } finally {
      counter.stop();
    }
    const reads = counter.dataStatements().filter((s) => !/from sessions s/.test(s));
    expect(reads, reads.join('\n---\n')).toHaveLength(2);
  });

  it('hides the stages a user may not read and says where they may not write', async () => {
    const watcher = await addTeamMember(t.app, admin.token, {
      member_type: 'watcher',
      is_admin: false,
    });
    const vacancy = await insertVacancyWithStages(t.database, admin.accountId, {
      watchers: [watcher.userId],
    });
    const offer = vacancy.stage('Оффер').id;
    const hr = vacancy.stage('Интервью с HR').id;
    await setStageRight(t.database, admin.accountId, {
      userId: watcher.userId,
      statusId: offer,
      isRead: false,
      isWrite: false,
    });
    await setStageRight(t.database, admin.accountId, {
      userId: watcher.userId,
      statusId: hr,
      isRead: true,
      isWrite: true,
    });
    const list = (
      await get(watcher.token, `/api/vacancies/${vacancy.id}/get_status_vacancy_columns`)
    ).body.message as Column[];
    expect(list.map((c) => c.status.id)).not.toContain(offer);
    expect(list.find((c) => c.status.id === hr)!.can_write).toBe(true);
    expect(list.find((c) => c.status.name === 'Новый')!.can_write).toBe(false);
    const hidden = await get(
      watcher.token,
      `/api/status_vacancy_columns/get_applicants?vacancy_id=${vacancy.id}&status_id=${offer}`,
    );
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe('Этап не найден');
  });

  it('a watcher sees only the boards of vacancies they follow', async () => {
    const watcher = await addTeamMember(t.app, admin.token, {
      member_type: 'watcher',
      is_admin: false,
    });
    const vacancy = await insertVacancyWithStages(t.database, admin.accountId);
    const r = await get(watcher.token, `/api/vacancies/${vacancy.id}/get_status_vacancy_columns`);
    expect(r.status).toBe(404);
    expect(r.body.message).toBe('Вакансия не найдена');
    const cards = await get(
      watcher.token,
      `/api/status_vacancy_columns/get_applicants?vacancy_id=${vacancy.id}&status_id=${vacancy.stage('Новый').id}`,
    );
    expect(cards.status).toBe(404);
  });
});

describe('a column’s cards', () => {
  it('pages the newest arrivals first, with tags, days in stage and the overdue flag', async () => {
    const { vacancy, ids, applications } = await vacancyWithApplicants(5);
    const tag = await insertTag(t.database, admin.accountId, 'Горячий');
    await tagApplicants(t.database, admin.accountId, tag, [ids[0]!]);
    const byApplicant = new Map(applications.map((a) => [a.applicant_id, a.application_id]));
    // «Новый» allows 3 days: one card waited 5 days, another 1 day, the others just arrived.
    await backdateApplication(t.database, admin.accountId, byApplicant.get(ids[0]!)!, 5);
    await backdateApplication(t.database, admin.accountId, byApplicant.get(ids[1]!)!, 1);
    const url = (page: number) =>
      `/api/status_vacancy_columns/get_applicants?vacancy_id=${vacancy.id}&status_id=${vacancy.stage('Новый').id}&page=${page}&per_page=2`;
    const first = (await get(admin.token, url(1))).body.message;
    const third = (await get(admin.token, url(3))).body.message;
    // Paged as every list answers (API.md); `total` stays for the clients that read it first.
    expect(first).toMatchObject({ applicant_count: 5, total: 5, page: 1, per_page: 2 });
    expect(first.applicants).toHaveLength(2);
    expect(third.applicants).toHaveLength(1);
    const oldest = third.applicants[0];
    expect(oldest).toMatchObject({
      applicant_id: ids[0],
      last_name: 'Доскин0',
      position: 'Продавец-консультант',
      days_in_status: 5,
      is_overdue: true,
      tags: [expect.objectContaining({ id: tag, name: 'Горячий' })],
    });
    const second = (await get(admin.token, url(2))).body.message.applicants;
    expect(second[1]).toMatchObject({ applicant_id: ids[1], days_in_status: 1, is_overdue: false });
    const seen = [...first.applicants, ...second, ...third.applicants].map(
      (c: { applicant_id: number }) => c.applicant_id,
    );
    expect(new Set(seen).size).toBe(5);
  });

  it('sends the page as its contract writes it, byte for byte, whatever the cards hold', async () => {
    // The statement writes the page's JSON text and the API sends it as it is (decision 0110):
    // the text must be what JSON.stringify of the checked answer gives, escapes included.
    const vacancy = await insertVacancyWithStages(t.database, admin.accountId);
    const odd = 'Кавычка " и \\ слэш\nперенос\tтаб \u0001\u001f \u2028 😀 </script>';
    const [withPhoto, plain] = await insertApplicants(t.database, admin.accountId, [
      { lastName: odd, firstName: 'Ёлка', middleName: null, photoFileId: 4242, position: odd },
      { lastName: 'Простой', firstName: null, position: null },
    ]);
    const placed = await post(admin.token, '/api/applications/bulk', {
      applicant_ids: [withPhoto, plain],
      vacancy_id: vacancy.id,
    });
    expect(placed.status).toBe(200);
    const tag = await insertTag(t.database, admin.accountId, 'Тег "в кавычках"');
    await tagApplicants(t.database, admin.accountId, tag, [withPhoto!]);
    await t.database.withTenant(admin.accountId, (tx) =>
      tx.execute(sql`update tags set icon = 'star', description = ${odd}
                     where account_id = ${admin.accountId}::int and id = ${tag}::int`),
    );
    // A fraction past milliseconds: cut as a Date cuts it.
    await t.database.withTenant(admin.accountId, (tx) =>
      tx.execute(sql`update applications set entered_status_at = '2026-01-02 03:04:05.678999+00'
                     where account_id = ${admin.accountId}::int and applicant_id = ${withPhoto}::int`),
    );
    const page = await readAsContractWrites(
      t.app,
      admin.token,
      `/api/status_vacancy_columns/get_applicants?vacancy_id=${vacancy.id}&status_id=${vacancy.stage('Новый').id}&per_page=30`,
      ZBoardCardPage,
    );
    const [newest, oldest] = page.applicants;
    expect(newest).toMatchObject({
      applicant_id: plain,
      first_name: null,
      last_name: 'Простой',
      photo: null,
      position: null,
      tags: [],
    });
    expect(oldest).toMatchObject({
      applicant_id: withPhoto,
      first_name: 'Ёлка',
      last_name: odd,
      middle_name: null,
      photo: '/api/files/4242',
      position: odd,
      entered_status_at: '2026-01-02T03:04:05.678Z',
      is_overdue: true,
      reject_reason_id: null,
      reject_reason_name: null,
      reject_comment: null,
      tags: [
        { id: tag, name: 'Тег "в кавычках"', color: '#FF0000', description: odd, icon: 'star' },
      ],
    });
    expect(page).toMatchObject({ applicant_count: 2, total: 2, page: 1, per_page: 30 });
  });

  it('answers 400 for bad paging and a stage of another vacancy as not found', async () => {
    const { vacancy } = await vacancyWithApplicants(1);
    const other = await insertVacancyWithStages(t.database, admin.accountId);
    const base = `/api/status_vacancy_columns/get_applicants?vacancy_id=${vacancy.id}`;
    const cases = [
      [`${base}&status_id=${vacancy.stage('Новый').id}&per_page=101`, 400],
      [`${base}&status_id=${vacancy.stage('Новый').id}&page=0`, 400],
      [`${base}`, 400],
      [`${base}&status_id=${other.stage('Новый').id}`, 404],
      [`/api/vacancies/abc/get_status_vacancy_columns`, 400],
    ] as const;
    for (const [url, status] of cases) {
      const r = await get(admin.token, url);
      expect(r.status, url).toBe(status);
      expect(r.body.status).toBe('error');
    }
    const bad = await get(admin.token, `${base}&status_id=x`);
    expect(bad.body.message).toContain('Некорректный идентификатор');
  });
});

describe('another account’s board', () => {
  it('is not found, by vacancy or by stage', async () => {
    const theirs = await vacancyWithApplicants(2, stranger.accountId, stranger.token);
    const mine = await insertVacancyWithStages(t.database, admin.accountId);
    const cases = [
      await get(admin.token, `/api/vacancies/${theirs.vacancy.id}/get_status_vacancy_columns`),
      await get(
        admin.token,
        `/api/status_vacancy_columns/get_applicants?vacancy_id=${theirs.vacancy.id}&status_id=${theirs.vacancy.stage('Новый').id}`,
      ),
      await get(
        admin.token,
        `/api/status_vacancy_columns/get_applicants?vacancy_id=${mine.id}&status_id=${theirs.vacancy.stage('Новый').id}`,
      ),
    ];
    expect(cases.map((r) => r.status)).toEqual([404, 404, 404]);
  });
});
