import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  insertApplicants,
  insertSource,
  insertTag,
  tagApplicants,
} from '../../../test/applicant-factory.ts';
import { type SignedUp, addTeamMember, signUpCompany } from '../../../test/factories.ts';
import { insertVacancyWithStages } from '../../../test/pipeline-factory.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';

// The board's search box and filters: the applicants' own search scoped to the vacancy, on every
// page of a column and in the columns' counts, never a filter over what a browser has loaded.

let t: TestApp;
let admin: SignedUp;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpCompany(t.app);
});
afterAll(() => t.close());

const get = (token: string, url: string) => call(t.app, 'GET', url, undefined, { token });
const post = (token: string, url: string, body?: unknown) =>
  call(t.app, 'POST', url, body, { token });

type Card = { applicant_id: number; last_name: string };

async function seeded() {
  const vacancy = await insertVacancyWithStages(t.database, admin.accountId, {
    position: 'Бухгалтер',
  });
  const other = await insertVacancyWithStages(t.database, admin.accountId, { position: 'Курьер' });
  const source = await insertSource(t.database, admin.accountId, `Авито ${vacancy.id}`);
  const [petrov, sidorova, kuznetsov, elsewhere] = await insertApplicants(
    t.database,
    admin.accountId,
    [
      { lastName: 'Петров', firstName: 'Пётр', phone: '+7 (916) 123-45-67' },
      {
        lastName: 'Сидорова',
        firstName: 'Анна',
        email: 'anna.sid@mail.ru',
        accountSourceId: source,
      },
      { lastName: 'Кузнецов', firstName: 'Олег', email: 'oleg@yandex.ru' },
      { lastName: 'Петров', firstName: 'Иван', phone: '+7 (916) 123-45-67' },
    ],
  );
  const tag = await insertTag(t.database, admin.accountId, `Резерв ${vacancy.id}`);
  await tagApplicants(t.database, admin.accountId, tag, [kuznetsov!, elsewhere!]);
  const colleague = await addTeamMember(t.app, admin.token, {
    member_type: 'owner',
    is_admin: true,
  });
  await post(admin.token, '/api/applications/bulk', {
    applicant_ids: [petrov, sidorova],
    vacancy_id: vacancy.id,
  });
  const byColleague = await post(colleague.token, '/api/applications', {
    applicant_id: kuznetsov,
    vacancy_id: vacancy.id,
    status_id: vacancy.stage('Первичный контакт').id,
  });
  expect(byColleague.status, JSON.stringify(byColleague.body)).toBe(200);
  await post(admin.token, '/api/applications', { applicant_id: elsewhere, vacancy_id: other.id });
  return { vacancy, source, tag, colleague, ids: { petrov, sidorova, kuznetsov } };
}

const cards = async (vacancyId: number, statusId: number, filters: string) => {
  const answer = await get(
    admin.token,
    `/api/status_vacancy_columns/get_applicants?vacancy_id=${vacancyId}&status_id=${statusId}&${filters}`,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.message as { applicants: Card[]; applicant_count: number };
};

const counts = async (vacancyId: number, filters: string) => {
  const answer = await get(
    admin.token,
    `/api/vacancies/${vacancyId}/get_status_vacancy_columns?${filters}`,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return Object.fromEntries(
    (answer.body.message as { status: { name: string }; count: number }[])
      .filter((c) => c.count > 0)
      .map((c) => [c.status.name, c.count]),
  );
};

describe('the board’s search and filters', () => {
  it('finds by name, phone in any format and e-mail fragment, only on this vacancy', async () => {
    const { vacancy, ids } = await seeded();
    const fresh = vacancy.stage('Новый').id;
    const search = (text: string) => cards(vacancy.id, fresh, `search=${encodeURIComponent(text)}`);

    const byName = await search('Петров');
    expect(byName.applicants.map((c) => c.applicant_id)).toEqual([ids.petrov]);
    expect(byName.applicant_count).toBe(1);
    for (const phone of ['89161234567', '+7 (916) 123-45-67', '916 123']) {
      expect(
        (await search(phone)).applicants.map((c) => c.applicant_id),
        phone,
      ).toEqual([ids.petrov]);
    }
    expect((await search('mail.ru')).applicants.map((c) => c.applicant_id)).toEqual([ids.sidorova]);
    expect((await search('Никого такого')).applicant_count).toBe(0);
    // The columns count what the search lets through.
    expect(await counts(vacancy.id, 'search=oleg%40yandex.ru')).toEqual({ 'Первичный контакт': 1 });
    expect(await counts(vacancy.id, '')).toEqual({ Новый: 2, 'Первичный контакт': 1 });
  });

  it('filters by tag, source, who added and the day added', async () => {
    const { vacancy, source, tag, colleague } = await seeded();
    expect(await counts(vacancy.id, `tags=${tag}`)).toEqual({ 'Первичный контакт': 1 });
    expect(await counts(vacancy.id, `account_source_id=${source}`)).toEqual({ Новый: 1 });
    expect(await counts(vacancy.id, `added_by=${colleague.userId}`)).toEqual({
      'Первичный контакт': 1,
    });
    expect(await counts(vacancy.id, `added_by=${admin.userId}`)).toEqual({ Новый: 2 });
    // Placed long ago: outside «today», inside a range that reaches back to it.
    await t.database.withTenant(admin.accountId, (tx) =>
      tx.execute(sql`update applications set created_at = '2024-03-10T09:00:00Z'
                     where account_id = ${admin.accountId} and vacancy_id = ${vacancy.id}
                       and created_by = ${colleague.userId}`),
    );
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(
      new Date(),
    );
    expect(await counts(vacancy.id, `added_from=${today}`)).toEqual({ Новый: 2 });
    expect(await counts(vacancy.id, 'added_from=2024-03-01&added_to=2024-03-10')).toEqual({
      'Первичный контакт': 1,
    });
  });

  it('answers a bad filter with a Russian 400', async () => {
    const { vacancy } = await seeded();
    const answer = await get(
      admin.token,
      `/api/status_vacancy_columns/get_applicants?vacancy_id=${vacancy.id}&status_id=${vacancy.stage('Новый').id}&added_from=вчера`,
    );
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/[А-Яа-я]/);
  });
});
