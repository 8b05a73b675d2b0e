import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTeamMember, signUpCompany, type SignedUp } from '../../../test/factories.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';

let t: TestApp;
let admin: SignedUp;
let recruiter: Awaited<ReturnType<typeof addTeamMember>>;
let colleague: Awaited<ReturnType<typeof addTeamMember>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpCompany(t.app);
  recruiter = await addTeamMember(t.app, admin.token, { member_type: 'owner', is_admin: false });
  colleague = await addTeamMember(t.app, admin.token, { member_type: 'owner', is_admin: false });
});
afterAll(async () => {
  await t?.close();
});

const save = (token: string, body: unknown) =>
  call(t.app, 'POST', '/api/applicant_filters', body, { token });
const visible = async (token: string) => {
  const response = await call(t.app, 'GET', '/api/applicant_filters', undefined, { token });
  expect(response.status).toBe(200);
  return response.body.message as { id: number; name: string; is_own: boolean }[];
};

describe('saved filter sets', () => {
  it('saves a set normalised like the list query, and the list accepts it back', async () => {
    const saved = await save(recruiter.token, {
      name: '  Разработчики React  ',
      filters: {
        'tags[]': ['3', 4],
        skill_ids: '7,8',
        age_from: '25',
        only_mine: 'true',
        search: '',
        sort: 'salary_desc',
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toMatchObject({
      name: 'Разработчики React',
      filters: {
        tags: [3, 4],
        skill_ids: [7, 8],
        age_from: 25,
        only_mine: true,
        sort: 'salary_desc',
      },
      is_shared: false,
      user_id: recruiter.userId,
      is_own: true,
    });
    expect(saved.body.message.filters).not.toHaveProperty('search');
  });

  it('refuses a set whose filters the list would refuse (400, Russian)', async () => {
    const bad = await save(recruiter.token, {
      name: 'Плохой',
      filters: { age_from: 'abc', sort: 'nope' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      'filters.age_from': 'Возраст — целое число от 0 до 120',
      'filters.sort':
        'Сортировка: одна из created_desc, created_asc, name_asc, salary_desc, relevance',
    });
    const unnamed = await save(recruiter.token, { name: ' ', filters: {} });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.message).toBe('Укажите название набора фильтров');
  });

  it('a user sees their own sets and the shared ones, not others’ private sets', async () => {
    const own = (
      await save(colleague.token, { name: 'Мой личный', filters: { position: 'бухгалтер' } })
    ).body.message;
    const shared = (
      await save(colleague.token, {
        name: 'Общий: продажи',
        filters: { position: 'продаж' },
        is_shared: true,
      })
    ).body.message;
    const seenByRecruiter = await visible(recruiter.token);
    expect(seenByRecruiter.map((f) => f.id)).toContain(shared.id);
    expect(seenByRecruiter.map((f) => f.id)).not.toContain(own.id);
    expect(seenByRecruiter.find((f) => f.id === shared.id)!.is_own).toBe(false);
    expect((await visible(colleague.token)).map((f) => f.id)).toEqual(
      expect.arrayContaining([own.id, shared.id]),
    );
  });

  it('only the author or an admin edits and deletes a set', async () => {
    const shared = (await save(colleague.token, { name: 'Общий', filters: {}, is_shared: true }))
      .body.message;
    const privateSet = (await save(colleague.token, { name: 'Личный', filters: {} })).body.message;

    const byOther = await call(
      t.app,
      'PATCH',
      `/api/applicant_filters/${shared.id}`,
      { name: 'Чужая правка' },
      { token: recruiter.token },
    );
    expect(byOther.status).toBe(403);
    expect(byOther.body.message).toBe(
      'Изменять набор фильтров может только его автор или администратор',
    );
    expect(
      (
        await call(t.app, 'DELETE', `/api/applicant_filters/${shared.id}`, undefined, {
          token: recruiter.token,
        })
      ).status,
    ).toBe(403);
    const hidden = await call(
      t.app,
      'PATCH',
      `/api/applicant_filters/${privateSet.id}`,
      { name: 'x' },
      { token: recruiter.token },
    );
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe('Набор фильтров не найден');

    const byAuthor = await call(
      t.app,
      'PATCH',
      `/api/applicant_filters/${shared.id}`,
      { name: 'Общий, уточнённый', filters: { tags: '5' }, is_shared: false },
      { token: colleague.token },
    );
    expect(byAuthor.status, JSON.stringify(byAuthor.body)).toBe(200);
    expect(byAuthor.body.message).toMatchObject({
      name: 'Общий, уточнённый',
      filters: { tags: [5] },
      is_shared: false,
    });

    const byAdmin = await call(
      t.app,
      'PATCH',
      `/api/applicant_filters/${shared.id}`,
      { name: 'Поправил админ' },
      { token: admin.token },
    );
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.message).toMatchObject({
      name: 'Поправил админ',
      filters: { tags: [5] },
      is_own: false,
    });
    const deleted = await call(
      t.app,
      'DELETE',
      `/api/applicant_filters/${privateSet.id}`,
      undefined,
      { token: admin.token },
    );
    expect(deleted.status).toBe(200);
    expect((await visible(colleague.token)).map((f) => f.id)).not.toContain(privateSet.id);
  });

  it("another account's set answers 404 and stays unchanged", async () => {
    const mine = (
      await save(admin.token, { name: 'Моя выборка', filters: { age_to: 30 }, is_shared: true })
    ).body.message;
    const stranger = await signUpCompany(t.app);
    for (const [method, body] of [
      ['PATCH', { name: 'Взлом' }],
      ['DELETE', undefined],
    ] as const) {
      const response = await call(t.app, method, `/api/applicant_filters/${mine.id}`, body, {
        token: stranger.token,
      });
      expect(response.status).toBe(404);
    }
    expect(await visible(stranger.token)).toEqual([]);
    expect((await visible(admin.token)).find((f) => f.id === mine.id)).toMatchObject({
      name: 'Моя выборка',
    });
  });

  it('a watcher has no saved sets of the base: 403', async () => {
    const watcher = await addTeamMember(t.app, admin.token, {
      member_type: 'watcher',
      is_admin: false,
    });
    const response = await call(t.app, 'GET', '/api/applicant_filters', undefined, {
      token: watcher.token,
    });
    expect(response.status).toBe(403);
    expect(response.body.message).toBe('Заказчику недоступна база кандидатов');
    expect((await save(watcher.token, { name: 'x', filters: {} })).status).toBe(403);
  });
});
