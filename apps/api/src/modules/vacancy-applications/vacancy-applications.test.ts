import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemRows } from '../../../test/db-helpers.ts';
import { type SignedUp, addTeamMember, signUpCompany } from '../../../test/factories.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';
import { openVacancy } from '../../../test/vacancy-fixtures.ts';

type Member = { userId: number; token: string; email: string };

let t: TestApp;
let admin: SignedUp;
let recruiter: Member;
let watcher: Member;
let otherWatcher: Member;
let stranger: SignedUp;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpCompany(t.app);
  await t.database.system.execute(
    sql`update account_tariffs set users_limit = 100 where account_id = ${admin.accountId}`,
  );
  recruiter = await addTeamMember(t.app, admin.token, {
    member_type: 'owner',
    is_admin: false,
    name: 'Рита',
  });
  watcher = await addTeamMember(t.app, admin.token, {
    member_type: 'watcher',
    is_admin: false,
    name: 'Виктор',
  });
  otherWatcher = await addTeamMember(t.app, admin.token, {
    member_type: 'watcher',
    is_admin: false,
  });
  stranger = await signUpCompany(t.app, { company: 'ООО «Чужие»' });
});
afterAll(() => t.close());

const send = (
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
) => call(t.app, method, url, body, { token });
const dataUrl = (text: string, type = 'text/plain') =>
  `data:${type};base64,${Buffer.from(text).toString('base64')}`;

const TEMPLATE = {
  name: 'Заявка на подбор',
  description: 'Для руководителей отделов',
  fields: [
    { key: 'reason', name: 'Причина открытия', type: 'text', required: true },
    { key: 'budget', name: 'Бюджет', type: 'number' },
    { key: 'start', name: 'Дата выхода', type: 'date' },
    { key: 'format', name: 'Формат', type: 'choice', options: ['Офис', 'Удалённо'] },
    { key: 'staffing', name: 'Штатное расписание', type: 'file' },
  ],
  steps: [] as unknown[],
};

async function createTemplate(body: Record<string, unknown> = {}) {
  const r = await send(admin.token, 'POST', '/api/vacancy_application_templates', {
    ...TEMPLATE,
    steps: [
      {
        name: 'Руководитель',
        mode: 'any',
        approvers: [{ type: 'user', user_id: recruiter.userId }],
        deadline_days: 2,
      },
      {
        name: 'Финансы',
        mode: 'all',
        approvers: [{ type: 'email', email: 'CFO@Example.com', name: 'Фин. директор' }],
      },
      { name: 'Глава отдела', approvers: [{ type: 'division_head' }] },
    ],
    ...body,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.message;
}

async function createRequest(token: string, body: Record<string, unknown> = {}) {
  const r = await send(token, 'POST', '/api/vacancy_applications', {
    position: 'Бухгалтер',
    ...body,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.message;
}

describe('request templates', () => {
  it('an admin creates, reads, changes and deletes one; approvers answered with their names', async () => {
    const template = await createTemplate();
    expect(template).toMatchObject({
      name: 'Заявка на подбор',
      fields: [
        { key: 'reason', type: 'text', required: true, options: [] },
        { key: 'budget', type: 'number', required: false },
        { key: 'start', type: 'date' },
        { key: 'format', type: 'choice', options: ['Офис', 'Удалённо'] },
        { key: 'staffing', type: 'file' },
      ],
      steps: [
        {
          name: 'Руководитель',
          mode: 'any',
          deadline_days: 2,
          approvers: [{ type: 'user', user_id: recruiter.userId, email: null, name: 'Рита' }],
        },
        {
          name: 'Финансы',
          mode: 'all',
          deadline_days: null,
          approvers: [
            { type: 'email', user_id: null, email: 'cfo@example.com', name: 'Фин. директор' },
          ],
        },
        {
          mode: 'any',
          approvers: [{ type: 'division_head', name: 'Руководитель подразделения' }],
        },
      ],
    });

    const list = await send(watcher.token, 'GET', '/api/vacancy_application_templates');
    expect(list.status).toBe(200);
    expect(list.body.message.map((x: { id: number }) => x.id)).toContain(template.id);
    const one = await send(
      recruiter.token,
      'GET',
      `/api/vacancy_application_templates/${template.id}`,
    );
    expect(one.body.message).toEqual(template);

    const patched = await send(
      admin.token,
      'PATCH',
      `/api/vacancy_application_templates/${template.id}`,
      { name: 'Заявка (новая)', steps: [] },
    );
    expect(patched.status).toBe(200);
    expect(patched.body.message).toMatchObject({ name: 'Заявка (новая)', steps: [] });
    expect(patched.body.message.fields).toHaveLength(5);
    const put = await send(
      admin.token,
      'PUT',
      `/api/vacancy_application_templates/${template.id}`,
      {
        description: null,
      },
    );
    expect(put.body.message).toMatchObject({ name: 'Заявка (новая)', description: null });

    const deleted = await send(
      admin.token,
      'DELETE',
      `/api/vacancy_application_templates/${template.id}`,
    );
    expect(deleted.status).toBe(200);
    const gone = await send(
      admin.token,
      'GET',
      `/api/vacancy_application_templates/${template.id}`,
    );
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('Шаблон заявки не найден');

    const audit = await systemRows<{ action: string }>(
      t.database,
      sql`select action from audit_events where account_id = ${admin.accountId}
          and target_type = 'vacancy_application_template' and target_id = ${template.id}
          order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual([
      'vacancy_application_template.created',
      'vacancy_application_template.updated',
      'vacancy_application_template.updated',
      'vacancy_application_template.deleted',
    ]);
  });

  it('only admins write them: recruiters and watchers get 403, nothing changes', async () => {
    const template = await createTemplate();
    for (const token of [recruiter.token, watcher.token]) {
      const created = await send(token, 'POST', '/api/vacancy_application_templates', TEMPLATE);
      expect(created.status).toBe(403);
      expect(created.body.message).toBe('Шаблоны заявок изменяет только администратор');
      const url = `/api/vacancy_application_templates/${template.id}`;
      expect((await send(token, 'PATCH', url, { name: 'Моё' })).status).toBe(403);
      expect((await send(token, 'DELETE', url)).status).toBe(403);
    }
    const still = await send(
      admin.token,
      'GET',
      `/api/vacancy_application_templates/${template.id}`,
    );
    expect(still.body.message.name).toBe('Заявка на подбор');
  });

  it('refuses approvers who are not users of the account, repeated keys and bad fields', async () => {
    const foreign = await send(admin.token, 'POST', '/api/vacancy_application_templates', {
      name: 'Чужой согласующий',
      steps: [{ name: 'Шаг', approvers: [{ type: 'user', user_id: stranger.userId }] }],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe('Согласующий должен быть пользователем компании');

    const repeated = await send(admin.token, 'POST', '/api/vacancy_application_templates', {
      name: 'Дубли',
      fields: [
        { key: 'a', name: 'А', type: 'text' },
        { key: 'a', name: 'Б', type: 'number' },
      ],
    });
    expect(repeated.status).toBe(400);
    expect(repeated.body.message).toBe('Ключи полей шаблона не должны повторяться');

    const noOptions = await send(admin.token, 'POST', '/api/vacancy_application_templates', {
      name: 'Выбор',
      fields: [{ key: 'x', name: 'Икс', type: 'choice' }],
    });
    expect(noOptions.status).toBe(400);
    expect(JSON.stringify(noOptions.body)).toContain('Укажите варианты выбора');
  });

  it("another account's templates are 404", async () => {
    const template = await createTemplate();
    const url = `/api/vacancy_application_templates/${template.id}`;
    expect((await send(stranger.token, 'GET', url)).status).toBe(404);
    expect((await send(stranger.token, 'PATCH', url, { name: 'Взлом' })).status).toBe(404);
    expect((await send(stranger.token, 'DELETE', url)).status).toBe(404);
    const list = await send(stranger.token, 'GET', '/api/vacancy_application_templates');
    expect(list.body.message).toEqual([]);
  });
});

describe('hiring requests', () => {
  it('a watcher fills one from a template with its own fields and files; it reads back with history', async () => {
    const template = await createTemplate();
    const request = await createRequest(watcher.token, {
      template_id: template.id,
      position: 'Главный бухгалтер',
      salary: '150000',
      salary_from: 120_000,
      salary_to: 180_000,
      currency: 'rub',
      needed: 2,
      date_will_close: '31.12.2026',
      body: '<p>Ведение учёта</p>',
      priority: 1,
      additional_fields_list: [{ type: 'string', name: 'Грейд', value: 'B2' }],
      template_values: {
        reason: 'Расширение отдела',
        budget: 200000,
        start: '15.01.2027',
        format: 'Офис',
        staffing: { file: dataUrl('штатка'), file_name: 'Штатное расписание.txt' },
      },
      files: [
        { file: dataUrl('%PDF-1.4 обоснование', 'application/pdf'), file_name: 'обоснование.pdf' },
      ],
    });
    expect(request).toMatchObject({
      template_id: template.id,
      template_name: 'Заявка на подбор',
      state: 'draft',
      position: 'Главный бухгалтер',
      salary: '150000',
      salary_from: 120_000,
      salary_to: 180_000,
      currency: 'RUB',
      needed: 2,
      date_will_close: '2026-12-31',
      priority: 1,
      additional_fields_list: [{ type: 'string', name: 'Грейд', value: 'B2' }],
      author: { id: watcher.userId, name: 'Виктор' },
      vacancy_id: null,
      current_step: null,
      can: {
        edit: true,
        delete: true,
        submit: true,
        approve: false,
        reject: false,
        return: false,
        withdraw: false,
        take: false,
        close: false,
      },
      history: [{ action: 'create', actor: { user_id: watcher.userId, name: 'Виктор' } }],
    });
    expect(request.template_values).toMatchObject({
      reason: 'Расширение отдела',
      budget: 200000,
      start: '2027-01-15',
      format: 'Офис',
    });
    const fieldFile = request.files.find(
      (f: { field_key: string | null }) => f.field_key === 'staffing',
    );
    expect(request.template_values.staffing).toBe(fieldFile.id);
    const own = request.files.find((f: { field_key: string | null }) => f.field_key === null);
    expect(own).toMatchObject({
      file_name: 'обоснование.pdf',
      size: Buffer.from('%PDF-1.4 обоснование').length,
    });

    const download = await t.app.inject({
      method: 'GET',
      url: fieldFile.url,
      headers: { 'x-dcrt-hrm-auth': watcher.token },
    });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('штатка');
    expect(download.headers['content-disposition']).toContain('attachment');
    const foreignDownload = await t.app.inject({
      method: 'GET',
      url: fieldFile.url,
      headers: { 'x-dcrt-hrm-auth': stranger.token },
    });
    expect(foreignDownload.statusCode).toBe(404);

    const patched = await send(watcher.token, 'PATCH', `/api/vacancy_applications/${request.id}`, {
      position: 'Бухгалтер по зарплате',
      date_will_close: '2027-02-01',
      template_values: { budget: '250000' },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.message).toMatchObject({
      position: 'Бухгалтер по зарплате',
      date_will_close: '2027-02-01',
      template_values: { reason: 'Расширение отдела', budget: 250000, staffing: fieldFile.id },
    });
    expect(patched.body.message.history.map((h: { action: string }) => h.action)).toEqual([
      'create',
      'update',
    ]);
    const put = await send(watcher.token, 'PUT', `/api/vacancy_applications/${request.id}`, {
      needed: 3,
    });
    expect(put.body.message.needed).toBe(3);

    const read = await send(watcher.token, 'GET', `/api/vacancy_applications/${request.id}`);
    expect(read.body.message.history).toHaveLength(3);
    const audit = await systemRows<{ action: string }>(
      t.database,
      sql`select action from audit_events where account_id = ${admin.accountId}
          and target_type = 'vacancy_application' and target_id = ${request.id} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual([
      'vacancy_application.created',
      'vacancy_application.updated',
      'vacancy_application.updated',
    ]);
  });

  it('checks the template values: required, types, choices, unknown keys', async () => {
    const template = await createTemplate();
    const bad = async (values: Record<string, unknown>, message: string) => {
      const r = await send(watcher.token, 'POST', '/api/vacancy_applications', {
        position: 'Кассир',
        template_id: template.id,
        template_values: { reason: 'Нужен', ...values },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.message).toBe(message);
    };
    await bad({ reason: null }, 'Заполните поле «Причина открытия»');
    await bad({ reason: '  ' }, 'Заполните поле «Причина открытия»');
    await bad({ budget: 'много' }, 'Поле «Бюджет» — число');
    await bad(
      { start: '32.13.2026' },
      'Поле «Дата выхода» — дата в виде ГГГГ-ММ-ДД или ДД.ММ.ГГГГ',
    );
    await bad({ format: 'Гибрид' }, 'Поле «Формат»: выберите один из вариантов');
    await bad({ staffing: 12345 }, 'Поле «Штатное расписание»: приложите файл');
    await bad({ salary: 'x' }, 'В шаблоне нет поля «salary»');
    const noTemplate = await send(watcher.token, 'POST', '/api/vacancy_applications', {
      position: 'Кассир',
      template_values: { reason: 'Нужен' },
    });
    expect(noTemplate.status).toBe(400);
    expect(noTemplate.body.message).toBe('Поля шаблона заполняются только в заявке по шаблону');
    const foreignTemplate = await send(stranger.token, 'POST', '/api/vacancy_applications', {
      position: 'Кассир',
      template_id: template.id,
    });
    expect(foreignTemplate.status).toBe(400);
    expect(foreignTemplate.body.message).toBe('Шаблон заявки не найден');
    const noPosition = await send(watcher.token, 'POST', '/api/vacancy_applications', {});
    expect(noPosition.status).toBe(400);
    expect(JSON.stringify(noPosition.body)).toContain('Укажите должность');
    const badDate = await send(watcher.token, 'POST', '/api/vacancy_applications', {
      position: 'Кассир',
      date_will_close: '2026-02-30',
    });
    expect(badDate.status).toBe(400);
    expect(JSON.stringify(badDate.body)).toContain(
      'Дата указывается как ГГГГ-ММ-ДД или ДД.ММ.ГГГГ',
    );
    const salaries = await send(watcher.token, 'POST', '/api/vacancy_applications', {
      position: 'Кассир',
      salary_from: 200,
      salary_to: 100,
    });
    expect(salaries.status).toBe(400);
    const foreignDivision = await send(watcher.token, 'POST', '/api/vacancy_applications', {
      position: 'Кассир',
      account_division_id: await strangerDivision(),
    });
    expect(foreignDivision.status).toBe(400);
    expect(foreignDivision.body.message).toBe('Подразделение не найдено');
    const count = await systemRows(
      t.database,
      sql`select id from vacancy_applications where account_id = ${admin.accountId} and position = 'Кассир'`,
    );
    expect(count).toEqual([]);
  });

  it('refuses a file over 10 MB and keeps nothing of it', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 1).toString('base64');
    const r = await send(watcher.token, 'POST', '/api/vacancy_applications', {
      position: 'Курьер',
      files: [{ file: `data:application/pdf;base64,${big}`, file_name: 'большой.pdf' }],
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Файл больше 10 МБ');
    const rows = await systemRows(
      t.database,
      sql`select id from vacancy_applications where account_id = ${admin.accountId} and position = 'Курьер'`,
    );
    expect(rows).toEqual([]);
  });

  it("a watcher never sees another manager's request; another account's ids are 404", async () => {
    const mine = await createRequest(watcher.token, { position: 'Видимость: мой' });
    await setState(mine.id, 'pending');
    for (const token of [otherWatcher.token, stranger.token]) {
      const url = `/api/vacancy_applications/${mine.id}`;
      const read = await send(token, 'GET', url);
      expect(read.status).toBe(404);
      expect(read.body.message).toBe('Заявка не найдена');
      expect((await send(token, 'PATCH', url, { position: 'Чужое' })).status).toBe(404);
      expect((await send(token, 'DELETE', url)).status).toBe(404);
      const list = await send(token, 'GET', '/api/vacancy_applications?per_page=100');
      expect(list.body.message.vacancy_applications.map((r: { id: number }) => r.id)).not.toContain(
        mine.id,
      );
    }
    const own = await send(watcher.token, 'GET', '/api/vacancy_applications?tab=mine&per_page=100');
    expect(own.body.message.vacancy_applications.map((r: { id: number }) => r.id)).toContain(
      mine.id,
    );
    // An approver of the request sees it, even as a watcher.
    await t.database.system.execute(sql`
      update vacancy_applications
      set route = ${JSON.stringify([
        {
          name: 'Шаг',
          mode: 'any',
          deadline_days: null,
          started_at: null,
          approvers: [
            {
              type: 'user',
              user_id: otherWatcher.userId,
              email: null,
              name: 'Другой',
              decision: null,
              decided_at: null,
              comment: null,
            },
          ],
        },
      ])}::jsonb, current_step = 0, current_approver_ids = ${`{${otherWatcher.userId}}`}::integer[]
      where account_id = ${admin.accountId} and id = ${mine.id}`);
    const approver = await send(otherWatcher.token, 'GET', `/api/vacancy_applications/${mine.id}`);
    expect(approver.status).toBe(200);
    expect(approver.body.message.can).toMatchObject({ approve: true, reject: true, edit: false });
    expect(approver.body.message.steps[0]).toMatchObject({
      state: 'pending',
      approvers: [{ name: 'Другой' }],
    });
    const toApprove = await send(
      otherWatcher.token,
      'GET',
      '/api/vacancy_applications?tab=to_approve',
    );
    expect(toApprove.body.message.vacancy_applications.map((r: { id: number }) => r.id)).toEqual([
      mine.id,
    ]);
    // A step waiting longer than its deadline is overdue, in the answer and for the filter.
    await t.database.system.execute(sql`
      update vacancy_applications
      set route = jsonb_set(route, '{0,deadline_days}', '1'), step_started_at = now() - interval '2 days'
      where account_id = ${admin.accountId} and id = ${mine.id}`);
    const late = await send(otherWatcher.token, 'GET', `/api/vacancy_applications/${mine.id}`);
    expect(late.body.message.steps[0]).toMatchObject({ deadline_days: 1, overdue: true });
    const overdueIds = async (flag: string) =>
      (
        await send(admin.token, 'GET', `/api/vacancy_applications?per_page=100&overdue=${flag}`)
      ).body.message.vacancy_applications.map((r: { id: number }) => r.id);
    expect(await overdueIds('true')).toEqual([mine.id]);
    expect(await overdueIds('false')).not.toContain(mine.id);
  });

  it('recruiters see requests without a division and of their divisions; admins see all', async () => {
    const headed = await division('Бухгалтерия', recruiter.userId);
    const elsewhere = await division('Склад');
    const none = await createRequest(watcher.token, { position: 'Без отдела' });
    const ofHeaded = await createRequest(watcher.token, {
      position: 'Свой отдел',
      account_division_id: headed,
    });
    const ofOther = await createRequest(watcher.token, {
      position: 'Чужой отдел',
      account_division_id: elsewhere,
    });
    const draft = await createRequest(watcher.token, { position: 'Черновик' });
    for (const r of [none, ofHeaded, ofOther]) await setState(r.id, 'pending');

    const ids = async (token: string, query = '') =>
      (
        await send(token, 'GET', `/api/vacancy_applications?per_page=100${query}`)
      ).body.message.vacancy_applications.map((r: { id: number }) => r.id);
    const seen = await ids(recruiter.token);
    expect(seen).toEqual(expect.arrayContaining([none.id, ofHeaded.id]));
    expect(seen).not.toContain(ofOther.id);
    expect(seen).not.toContain(draft.id);
    expect(
      (await send(recruiter.token, 'GET', `/api/vacancy_applications/${ofOther.id}`)).status,
    ).toBe(404);
    // Owning a vacancy of a division makes it the recruiter's too.
    await openVacancy(t.app, admin.token, {
      owners: [recruiter.userId],
      account_division_id: elsewhere,
    });
    expect(await ids(recruiter.token)).toContain(ofOther.id);

    const all = await ids(admin.token);
    expect(all).toEqual(expect.arrayContaining([none.id, ofHeaded.id, ofOther.id, draft.id]));
    expect(await ids(admin.token, `&account_division_id=${headed}`)).toEqual([ofHeaded.id]);
    expect(await ids(admin.token, '&state=draft&q=ЧЕРНОВ')).toEqual([draft.id]);
    const page = await send(admin.token, 'GET', '/api/vacancy_applications?per_page=2&page=2');
    expect(page.body.message).toMatchObject({ page: 2, per_page: 2 });
    expect(page.body.message.vacancy_applications).toHaveLength(2);
    expect(page.body.message.vacancy_application_count).toBe(all.length);
    const badTab = await send(admin.token, 'GET', '/api/vacancy_applications?tab=others');
    expect(badTab.status).toBe(400);
    expect(JSON.stringify(badTab.body)).toContain('Вкладка: mine, to_approve или all');

    // A division removed: its requests stay, without it.
    expect((await send(admin.token, 'DELETE', `/api/account_divisions/${elsewhere}`)).status).toBe(
      200,
    );
    const left = await send(admin.token, 'GET', `/api/vacancy_applications/${ofOther.id}`);
    expect(left.body.message.account_division).toBeNull();
  });

  it('is edited only as a draft or returned, and deleted only as a draft', async () => {
    const request = await createRequest(watcher.token, { position: 'Состояния' });
    const url = `/api/vacancy_applications/${request.id}`;
    const byOther = await send(recruiter.token, 'PATCH', url, { position: 'x' });
    expect(byOther.status).toBe(404);
    const byAdmin = await send(admin.token, 'PATCH', url, { needed: 4 });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.message.can).toMatchObject({ edit: true, delete: true, submit: false });

    await setState(request.id, 'pending');
    const pending = await send(watcher.token, 'PATCH', url, { position: 'Поздно' });
    expect(pending.status).toBe(409);
    expect(pending.body.message).toBe('Заявка в состоянии «На согласовании»: действие недоступно');
    const deletePending = await send(watcher.token, 'DELETE', url);
    expect(deletePending.status).toBe(409);

    await setState(request.id, 'returned');
    const returned = await send(watcher.token, 'PATCH', url, { position: 'Исправлено' });
    expect(returned.status).toBe(200);
    expect(returned.body.message.position).toBe('Исправлено');

    const draft = await createRequest(watcher.token, { position: 'Удаляемый' });
    expect(
      (await send(watcher.token, 'DELETE', `/api/vacancy_applications/${draft.id}`)).status,
    ).toBe(200);
    expect((await send(watcher.token, 'GET', `/api/vacancy_applications/${draft.id}`)).status).toBe(
      404,
    );
    const unchanged = await send(watcher.token, 'GET', url);
    expect(unchanged.body.message.position).toBe('Исправлено');
  });
});

describe('links to requests', () => {
  it("a vacancy's vacancy_application_id must name a request of the account", async () => {
    const request = await createRequest(watcher.token, { position: 'Для вакансии' });
    const foreign = await createRequest(stranger.token, { position: 'Чужая' });
    const bad = await send(admin.token, 'POST', '/api/vacancies', {
      position: 'Вакансия',
      vacancy_application_id: foreign.id,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Заявка на подбор не найдена');
    const missing = await send(admin.token, 'POST', '/api/vacancies', {
      position: 'Вакансия',
      vacancy_application_id: 999_999,
    });
    expect(missing.status).toBe(400);
    const vacancy = await openVacancy(t.app, admin.token, { vacancy_application_id: request.id });
    expect(vacancy.vacancy_application_id).toBe(request.id);
    const patched = await send(admin.token, 'PATCH', `/api/vacancies/${vacancy.id}`, {
      vacancy_application_id: foreign.id,
    });
    expect(patched.status).toBe(400);
    expect(patched.body.message).toBe('Заявка на подбор не найдена');
    const read = await send(admin.token, 'GET', `/api/vacancies/${vacancy.id}`);
    expect(read.body.message.vacancy_application_id).toBe(request.id);
  });

  it("a division's head_id is a user of the account, answered back", async () => {
    const created = await send(admin.token, 'POST', '/api/account_divisions', {
      name: 'С руководителем',
      head_id: watcher.userId,
    });
    expect(created.status).toBe(200);
    expect(created.body.message.head_id).toBe(watcher.userId);
    const foreign = await send(
      admin.token,
      'PATCH',
      `/api/account_divisions/${created.body.message.id}`,
      {
        head_id: stranger.userId,
      },
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe(
      'Руководитель подразделения должен быть пользователем компании',
    );
    const cleared = await send(
      admin.token,
      'PATCH',
      `/api/account_divisions/${created.body.message.id}`,
      {
        head_id: null,
      },
    );
    expect(cleared.body.message.head_id).toBeNull();
    const tree = await send(admin.token, 'GET', '/api/account_divisions');
    expect(
      tree.body.message.find((d: { id: number }) => d.id === created.body.message.id),
    ).toMatchObject({
      head_id: null,
    });
  });
});

async function setState(id: number, state: string) {
  await t.database.system.execute(
    sql`update vacancy_applications set state = ${state} where account_id = ${admin.accountId} and id = ${id}`,
  );
}

async function division(name: string, headId?: number) {
  const r = await send(admin.token, 'POST', '/api/account_divisions', {
    name,
    head_id: headId ?? null,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.message.id as number;
}

async function strangerDivision() {
  const r = await send(stranger.token, 'POST', '/api/account_divisions', { name: 'Чужой отдел' });
  return r.body.message.id as number;
}
