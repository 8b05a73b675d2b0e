import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApplicants } from '../../../test/applicant-factory.ts';
import { type SignedUp, addTeamMember, signUpCompany } from '../../../test/factories.ts';
import { insertVacancyWithStages } from '../../../test/pipeline-factory.ts';
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
const send = (
  token: string,
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
) => call(t.app, method, url, body, { token });

describe('saved views', () => {
  it('are created, renamed with PUT, listed in order and deleted; each user sees only their own', async () => {
    const colleague = await addTeamMember(t.app, admin.token, {
      member_type: 'owner',
      is_admin: false,
    });
    const first = await send(admin.token, 'POST', '/api/columns', {
      name: 'Горячие',
      size: 'S',
      filters: { applicant_name: 'Иван' },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.message).toMatchObject({
      name: 'Горячие',
      size: 'S',
      filters: { applicant_name: 'Иван' },
      vacancy_id: null,
    });
    const second = await send(admin.token, 'POST', '/api/columns', { name: 'Офферы' });
    expect(second.body.message).toMatchObject({ size: 'M', filters: {} });
    const renamed = await send(admin.token, 'PUT', `/api/columns/${first.body.message.id}`, {
      name: 'Очень горячие',
      size: 'L',
    });
    expect(renamed.body.message).toMatchObject({ name: 'Очень горячие', size: 'L' });
    const mine = (await get(admin.token, '/api/columns')).body.message;
    expect(mine.map((c: { name: string }) => c.name)).toEqual(['Очень горячие', 'Офферы']);
    expect((await get(colleague.token, '/api/columns')).body.message).toEqual([]);
    expect((await get(colleague.token, `/api/columns/${first.body.message.id}`)).status).toBe(404);
    const removed = await send(admin.token, 'DELETE', `/api/columns/${second.body.message.id}`);
    expect(removed.status).toBe(200);
    expect((await get(admin.token, `/api/columns/${second.body.message.id}`)).status).toBe(404);
  });

  it('a view’s applicants: its filters on the vacancies and stages the caller may read', async () => {
    const vacancy = await insertVacancyWithStages(t.database, admin.accountId);
    const other = await insertVacancyWithStages(t.database, admin.accountId);
    const ids = await insertApplicants(t.database, admin.accountId, [
      { lastName: 'Иванов', firstName: 'Пётр' },
      { lastName: 'Смирнов', firstName: 'Иван' },
      { lastName: 'Кузнецов', firstName: 'Олег' },
    ]);
    await send(admin.token, 'POST', '/api/applications/bulk', {
      applicant_ids: ids,
      vacancy_id: vacancy.id,
    });
    await send(admin.token, 'POST', '/api/applications/bulk', {
      applicant_ids: [ids[0]],
      vacancy_id: other.id,
      status_id: other.stage('Оффер').id,
    });
    const byName = await send(admin.token, 'POST', '/api/columns', {
      name: 'Иваны',
      filters: { applicant_name: 'иван' },
      vacancy_id: vacancy.id,
    });
    const cards = (
      await get(admin.token, `/api/columns/get_applicants?id=${byName.body.message.id}`)
    ).body.message;
    expect(cards).toMatchObject({ applicant_count: 2, total: 2, page: 1, per_page: 30 });
    expect(cards.applicants.map((c: { applicant_id: number }) => c.applicant_id).sort()).toEqual(
      [ids[0], ids[1]].sort(),
    );
    expect(cards.applicants.every((c: { vacancy_id: number }) => c.vacancy_id === vacancy.id)).toBe(
      true,
    );
    const offers = await send(admin.token, 'POST', '/api/columns', {
      name: 'Офферы везде',
      filters: { status_ids: [vacancy.stage('Оффер').id, other.stage('Оффер').id] },
    });
    const offerCards = (
      await get(admin.token, `/api/columns/get_applicants?id=${offers.body.message.id}`)
    ).body.message;
    expect(offerCards.applicants).toEqual([
      expect.objectContaining({ applicant_id: ids[0], vacancy_id: other.id }),
    ]);
  });

  it('keeps the caller’s order and visibility of views', async () => {
    const owner = await signUpCompany(t.app);
    const a = (await send(owner.token, 'POST', '/api/columns', { name: 'А' })).body.message;
    const b = (await send(owner.token, 'POST', '/api/columns', { name: 'Б' })).body.message;
    const c = (await send(owner.token, 'POST', '/api/columns', { name: 'В' })).body.message;
    const put = await send(owner.token, 'PUT', '/api/settings_columns', {
      columns: [
        { id: c.id, is_visible: true },
        { id: a.id, is_visible: false },
      ],
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const settings = (await get(owner.token, '/api/settings_columns')).body.message;
    expect(
      settings.map((s: { name: string; is_visible: boolean }) => [s.name, s.is_visible]),
    ).toEqual([
      ['В', true],
      ['А', false],
      ['Б', true],
    ]);
    expect((await get(owner.token, '/api/me')).status).toBe(200);
    const foreign = await send(admin.token, 'PUT', '/api/settings_columns', {
      columns: [{ id: b.id, is_visible: false }],
    });
    expect(foreign.status).toBe(404);
  });
});

describe('another account’s ids and bad input', () => {
  it('another account’s view or vacancy is not found', async () => {
    const theirs = (await send(stranger.token, 'POST', '/api/columns', { name: 'Чужая' })).body
      .message;
    const theirVacancy = await insertVacancyWithStages(t.database, stranger.accountId);
    const cases = [
      await get(admin.token, `/api/columns/${theirs.id}`),
      await send(admin.token, 'PUT', `/api/columns/${theirs.id}`, { name: 'Моя' }),
      await send(admin.token, 'DELETE', `/api/columns/${theirs.id}`),
      await get(admin.token, `/api/columns/get_applicants?id=${theirs.id}`),
      await send(admin.token, 'POST', '/api/columns', { name: 'X', vacancy_id: theirVacancy.id }),
    ];
    expect(cases.map((r) => r.status)).toEqual([404, 404, 404, 404, 404]);
    expect((await get(stranger.token, `/api/columns/${theirs.id}`)).body.message.name).toBe(
      'Чужая',
    );
  });

  it('answers 400 with a Russian message', async () => {
    const cases: [unknown, string][] = [
      [{}, 'Укажите название колонки'],
      [{ name: 'X', size: 'XL' }, 'Размер колонки: S, M или L'],
      [{ name: 'X', filters: { status_ids: ['a'] } }, 'Фильтр колонки'],
      [{ name: 'X', filters: { is_overdue: 'да' } }, 'Фильтр колонки'],
    ];
    for (const [body, message] of cases) {
      const r = await send(admin.token, 'POST', '/api/columns', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(r.body)).toContain(message);
    }
    expect((await get(admin.token, '/api/columns/get_applicants')).status).toBe(400);
    expect((await get(admin.token, '/api/columns/get_applicants?id=1&per_page=500')).status).toBe(
      400,
    );
    const dup = await send(admin.token, 'PUT', '/api/settings_columns', {
      columns: [
        { id: 1, is_visible: true },
        { id: 1, is_visible: false },
      ],
    });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toContain('Колонки в списке повторяются');
  });
});
