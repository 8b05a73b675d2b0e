import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUp, signUpCompany } from '../../../test/factories.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';
import { openVacancy } from '../../../test/vacancy-fixtures.ts';

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
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
) => call(t.app, method, url, body, { token });

const stages = [
  { name: 'Отклик', color: '#3B82F6', order: 1, stay_duration: 2 },
  { name: 'Тестовое задание', color: '#8B5CF6', order: 2, is_required: true },
  { name: 'Оффер', color: '#10B981', order: 3, is_offer: true },
  { name: 'Принят', color: '#16A34A', order: 4, status_type: 'hired' },
  { name: 'Отказ', color: '#EF4444', order: 5, is_reject: true, reject_kind: 'reject' },
];

describe('vacancy templates', () => {
  it('keep content and stages; a vacancy made from one gets both, the request overriding', async () => {
    const created = await send(admin.token, 'POST', '/api/vacancy_templates', {
      name: 'Разработчик',
      position: 'Frontend-разработчик',
      salary_from: 200000,
      currency: 'RUB',
      body: '<p>React <em>и</em> TypeScript</p><iframe src="https://evil"></iframe>',
      stages,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const template = created.body.message;
    expect(template).toMatchObject({
      name: 'Разработчик',
      position: 'Frontend-разработчик',
      body: '<p>React <em>и</em> TypeScript</p>',
    });
    expect(template.stages).toHaveLength(5);

    const fromTemplate = await send(
      admin.token,
      'POST',
      `/api/vacancies/from_template/${template.id}`,
      { salary_to: 300000 },
    );
    expect(fromTemplate.status, JSON.stringify(fromTemplate.body)).toBe(200);
    const vacancy = fromTemplate.body.message;
    expect(vacancy).toMatchObject({
      position: 'Frontend-разработчик',
      salary_from: 200000,
      salary_to: 300000,
      body: '<p>React <em>и</em> TypeScript</p>',
      status_group: null,
    });
    expect(
      vacancy.statuses.map((s: Record<string, unknown>) => [
        s.name,
        s.status_type,
        s.is_reject,
        s.stay_duration,
      ]),
    ).toEqual([
      ['Отклик', 'user', false, 2],
      ['Тестовое задание', 'user', false, null],
      ['Оффер', 'user', false, null],
      ['Принят', 'hired', false, null],
      ['Отказ', 'user', true, null],
    ]);

    const viaCreate = await send(admin.token, 'POST', '/api/vacancies', {
      position: 'Senior Frontend',
      vacancy_template_id: template.id,
    });
    expect(viaCreate.body.message).toMatchObject({
      position: 'Senior Frontend',
      salary_from: 200000,
    });
    expect(viaCreate.body.message.statuses).toHaveLength(5);
  });

  it('are made from a vacancy: its fields and its own stages in their order', async () => {
    const vacancy = await openVacancy(t.app, admin.token, {
      position: 'Кладовщик',
      city: 'Казань',
      requirements: '<p>Опыт на складе</p>',
    });
    const made = await send(
      admin.token,
      'POST',
      `/api/vacancy_templates/from_vacancy/${vacancy.id}`,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.message).toMatchObject({
      name: 'Кладовщик',
      position: 'Кладовщик',
      city: 'Казань',
      requirements: '<p>Опыт на складе</p>',
      status_group: vacancy.status_group,
    });
    expect(made.body.message.stages.map((s: { name: string }) => s.name)).toEqual(
      vacancy.statuses.map((s) => s.name),
    );
    expect(
      made.body.message.stages.find((s: { name: string }) => s.name === 'Вышел на работу')
        .status_type,
    ).toBe('hired');

    const named = await send(admin.token, 'POST', '/api/vacancy_templates', {
      name: 'Склад',
      vacancy_id: vacancy.id,
    });
    expect(named.body.message).toMatchObject({ name: 'Склад', position: 'Кладовщик' });
  });

  it('are listed by name, changed by PUT and PATCH, and deleted', async () => {
    const company = await signUpCompany(t.app, { company: 'ООО «Шаблоны»' });
    for (const name of ['Юрист', 'бухгалтер', 'Аналитик']) {
      await send(company.token, 'POST', '/api/vacancy_templates', { name });
    }
    const list = await get(company.token, '/api/vacancy_templates');
    expect(list.body.message.map((x: { name: string }) => x.name)).toEqual([
      'Аналитик',
      'бухгалтер',
      'Юрист',
    ]);
    const id = list.body.message[0].id;
    const put = await send(company.token, 'PUT', `/api/vacancy_templates/${id}`, {
      name: 'Аналитик данных',
      needed: 3,
    });
    expect(put.body.message).toMatchObject({ name: 'Аналитик данных', needed: 3 });
    const patch = await send(company.token, 'PATCH', `/api/vacancy_templates/${id}`, {
      city: 'Пермь',
    });
    expect(patch.body.message).toMatchObject({ name: 'Аналитик данных', city: 'Пермь' });
    expect((await get(company.token, `/api/vacancy_templates/${id}`)).body.message.city).toBe(
      'Пермь',
    );
    expect((await send(company.token, 'DELETE', `/api/vacancy_templates/${id}`)).status).toBe(200);
    const gone = await get(company.token, `/api/vacancy_templates/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('Шаблон вакансии не найден');

    const empty = await send(company.token, 'POST', '/api/vacancy_templates', { name: '' });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain('Укажите название шаблона');
  });

  it("are another account's business: its templates, funnels and divisions are unknown here", async () => {
    const theirs = await send(stranger.token, 'POST', '/api/vacancy_templates', { name: 'Их' });
    const id = theirs.body.message.id;
    for (const [method, url] of [
      ['GET', `/api/vacancy_templates/${id}`],
      ['PUT', `/api/vacancy_templates/${id}`],
      ['DELETE', `/api/vacancy_templates/${id}`],
      ['POST', `/api/vacancies/from_template/${id}`],
    ] as const) {
      const r = await call(t.app, method, url, method === 'GET' ? undefined : {}, {
        token: admin.token,
      });
      expect(r.status, `${method} ${url}`).toBe(404);
      expect(r.body.message).toBe('Шаблон вакансии не найден');
    }
    const viaCreate = await send(admin.token, 'POST', '/api/vacancies', {
      position: 'Х',
      vacancy_template_id: id,
    });
    expect(viaCreate.status).toBe(404);
    const list = await get(admin.token, '/api/vacancy_templates');
    expect(list.body.message.map((x: { id: number }) => x.id)).not.toContain(id);

    const funnels = await get(stranger.token, '/api/status_groups');
    const foreignFunnel = await send(admin.token, 'POST', '/api/vacancy_templates', {
      name: 'С чужой воронкой',
      status_group: funnels.body.message[0].id,
    });
    expect(foreignFunnel.status).toBe(404);
    expect(foreignFunnel.body.message).toBe('Воронка не найдена');
  });
});
