import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemRows } from '../../../test/db-helpers.ts';
import {
  type SignedUp,
  addTeamMember,
  changeUserSettings,
  signUpCompany,
} from '../../../test/factories.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';

const WATCHERS_REFUSED = 'Шаблоны писем доступны только рекрутерам';
const NO_SHARED_RIGHT = 'Нет прав на управление общими шаблонами писем';
const NOT_FOUND = 'Шаблон письма не найден';

let t: TestApp;
let admin: SignedUp;
type Member = { userId: number; token: string };
let recruiter: Member;
let limited: Member;
let watcher: Member;
let watcherAdmin: Member;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpCompany(t.app);
  recruiter = await addTeamMember(t.app, admin.token, { member_type: 'owner', is_admin: false });
  limited = await addTeamMember(t.app, admin.token, { member_type: 'owner', is_admin: false });
  await changeUserSettings(t.app, admin.token, limited.userId, {
    permissions_actions: { can_manage_template_mail: false },
  });
  watcher = await addTeamMember(t.app, admin.token, { member_type: 'watcher', is_admin: false });
  watcherAdmin = await addTeamMember(t.app, admin.token, {
    member_type: 'watcher',
    is_admin: true,
  });
});
afterAll(() => t.close());

const create = (token: string, body: Record<string, unknown>) =>
  call(t.app, 'POST', '/api/account_mail_temps', body, { token });
const list = async (token: string) => {
  const response = await call(t.app, 'GET', '/api/account_mail_temps', undefined, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.message as { id: number; name: string; is_shared: boolean }[];
};
const storedName = async (id: number) => {
  const [row] = await systemRows<{ name: string; is_shared: boolean }>(
    t.database,
    sql`select name, is_shared from mail_templates where id = ${id}`,
  );
  return row;
};

describe('a recruiter keeps mail templates', () => {
  it('creates, reads, renames and deletes a template, its body cleaned of anything that runs', async () => {
    const created = await create(admin.token, {
      name: 'Приглашение на интервью',
      title: 'Приглашение: %vacancy.name%',
      description:
        '<p>Здравствуйте, <strong>%applicant.first_name%</strong>!</p><script>alert(1)</script><p onclick="x()">До встречи</p>',
      is_shared: true,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const template = created.body.message;
    expect(template).toMatchObject({
      name: 'Приглашение на интервью',
      title: 'Приглашение: %vacancy.name%',
      action_type: 'mail',
      is_shared: true,
      author_id: admin.userId,
      author_name: 'Анна',
      can_edit: true,
    });
    expect(template.description).toBe(
      '<p>Здравствуйте, <strong>%applicant.first_name%</strong>!</p><p>До встречи</p>',
    );

    const read = await call(t.app, 'GET', `/api/account_mail_temps/${template.id}`, undefined, {
      token: admin.token,
    });
    expect(read.body.message).toEqual(template);

    const renamed = await call(
      t.app,
      'PATCH',
      `/api/account_mail_temps/${template.id}`,
      { name: 'Приглашение (онлайн)', action_type: 'messenger' },
      { token: admin.token },
    );
    expect(renamed.status).toBe(200);
    expect(renamed.body.message).toMatchObject({
      name: 'Приглашение (онлайн)',
      action_type: 'messenger',
      title: 'Приглашение: %vacancy.name%',
    });
    expect((await storedName(template.id))!.name).toBe('Приглашение (онлайн)');

    const deleted = await call(
      t.app,
      'DELETE',
      `/api/account_mail_temps/${template.id}`,
      undefined,
      {
        token: admin.token,
      },
    );
    expect(deleted.status).toBe(200);
    expect(await storedName(template.id)).toBeUndefined();
    const again = await call(t.app, 'DELETE', `/api/account_mail_temps/${template.id}`, undefined, {
      token: admin.token,
    });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(NOT_FOUND);
  });

  it('lists the variables the editor offers, each with a Russian description', async () => {
    const response = await call(t.app, 'GET', '/api/account_mail_temps/variables', undefined, {
      token: recruiter.token,
    });
    expect(response.status).toBe(200);
    const variables = response.body.message as { variable: string; label: string }[];
    expect(variables.map((v) => v.variable)).toEqual(
      expect.arrayContaining([
        '%applicant.name%',
        '%applicant.first_name%',
        '%applicant.phone%',
        '%vacancy.name%',
        '%company.name%',
        '%user.name%',
        '%date%',
      ]),
    );
    expect(variables.find((v) => v.variable === '%applicant.name%')!.label).toBe('ФИО кандидата');
  });
});

describe('personal templates are their author’s; shared ones are the team’s', () => {
  it('shows a personal template to its author only, and a shared one to every recruiter', async () => {
    const personal = await create(recruiter.token, { name: 'Мой черновик', is_shared: false });
    expect(personal.status).toBe(200);
    const sharedOne = await create(recruiter.token, { name: 'Общий отказ', is_shared: true });
    expect(sharedOne.status).toBe(200);
    const id = personal.body.message.id;

    expect((await list(recruiter.token)).map((x) => x.name)).toEqual(
      expect.arrayContaining(['Мой черновик', 'Общий отказ']),
    );
    for (const other of [admin.token, limited.token]) {
      const names = (await list(other)).map((x) => x.name);
      expect(names).toContain('Общий отказ');
      expect(names).not.toContain('Мой черновик');
      const read = await call(t.app, 'GET', `/api/account_mail_temps/${id}`, undefined, {
        token: other,
      });
      expect(read.status).toBe(404);
      const patched = await call(
        t.app,
        'PATCH',
        `/api/account_mail_temps/${id}`,
        { name: 'Чужое' },
        { token: other },
      );
      expect(patched.status).toBe(404);
      const deleted = await call(t.app, 'DELETE', `/api/account_mail_temps/${id}`, undefined, {
        token: other,
      });
      expect(deleted.status).toBe(404);
    }
    expect((await storedName(id))!.name).toBe('Мой черновик');

    const mine = await call(t.app, 'GET', '/api/admin_user_templates', undefined, {
      token: recruiter.token,
    });
    expect(mine.body.message.map((x: { name: string }) => x.name)).toEqual(['Мой черновик']);
    const adminsOwn = await call(t.app, 'GET', '/api/admin_user_templates', undefined, {
      token: admin.token,
    });
    expect(adminsOwn.body.message.map((x: { name: string }) => x.name)).not.toContain(
      'Мой черновик',
    );
  });

  it('lets a recruiter without can_manage_template_mail keep personal templates but not touch shared ones', async () => {
    const own = await create(limited.token, { name: 'Личный шаблон', title: 'Тема' });
    expect(own.status).toBe(200);
    expect(own.body.message.can_edit).toBe(true);
    const edited = await call(
      t.app,
      'PATCH',
      `/api/account_mail_temps/${own.body.message.id}`,
      { title: 'Новая тема' },
      { token: limited.token },
    );
    expect(edited.status).toBe(200);

    const createdShared = await create(limited.token, { name: 'Для всех', is_shared: true });
    expect(createdShared.status).toBe(403);
    expect(createdShared.body.message).toBe(NO_SHARED_RIGHT);
    const published = await call(
      t.app,
      'PATCH',
      `/api/account_mail_temps/${own.body.message.id}`,
      { is_shared: true },
      { token: limited.token },
    );
    expect(published.status).toBe(403);
    expect((await storedName(own.body.message.id))!.is_shared).toBe(false);

    const team = await create(admin.token, { name: 'Командный шаблон', is_shared: true });
    const teamId = team.body.message.id;
    const seen = (await list(limited.token)).find((x) => x.id === teamId) as
      { can_edit: boolean } | undefined;
    expect(seen?.can_edit).toBe(false);
    const patched = await call(
      t.app,
      'PATCH',
      `/api/account_mail_temps/${teamId}`,
      { name: 'Переименован' },
      { token: limited.token },
    );
    expect(patched.status).toBe(403);
    expect(patched.body.message).toBe(NO_SHARED_RIGHT);
    const deleted = await call(t.app, 'DELETE', `/api/account_mail_temps/${teamId}`, undefined, {
      token: limited.token,
    });
    expect(deleted.status).toBe(403);
    expect((await storedName(teamId))!.name).toBe('Командный шаблон');

    // A recruiter with the right edits the team's template.
    const byRecruiter = await call(
      t.app,
      'PATCH',
      `/api/account_mail_temps/${teamId}`,
      { name: 'Командный шаблон v2' },
      { token: recruiter.token },
    );
    expect(byRecruiter.status).toBe(200);
    expect((await storedName(teamId))!.name).toBe('Командный шаблон v2');
  });

  it('lets an admin without the right still manage shared templates', async () => {
    const other = await signUpCompany(t.app);
    const assistant = await addTeamMember(t.app, other.token, {
      member_type: 'owner',
      is_admin: true,
    });
    await changeUserSettings(t.app, other.token, assistant.userId, {
      permissions_actions: { can_manage_template_mail: false },
    });
    const created = await create(assistant.token, { name: 'Админский', is_shared: true });
    expect(created.status).toBe(200);
  });

  it('refuses watchers, admins among them, from the API as the settings page is closed to them', async () => {
    const team = await create(admin.token, { name: 'Не для заказчика', is_shared: true });
    for (const token of [watcher.token, watcherAdmin.token]) {
      const listed = await call(t.app, 'GET', '/api/account_mail_temps', undefined, { token });
      expect(listed.status).toBe(403);
      expect(listed.body.message).toBe(WATCHERS_REFUSED);
      const read = await call(
        t.app,
        'GET',
        `/api/account_mail_temps/${team.body.message.id}`,
        undefined,
        { token },
      );
      expect(read.status).toBe(403);
      const created = await create(token, { name: 'Попытка' });
      expect(created.status).toBe(403);
      const deleted = await call(
        t.app,
        'DELETE',
        `/api/account_mail_temps/${team.body.message.id}`,
        undefined,
        { token },
      );
      expect(deleted.status).toBe(403);
      const own = await call(t.app, 'GET', '/api/admin_user_templates', undefined, { token });
      expect(own.status).toBe(200);
      expect(own.body.message).toEqual([]);
    }
    expect((await storedName(team.body.message.id))!.name).toBe('Не для заказчика');
  });
});

describe('another account’s template answers 404 and stays unchanged', () => {
  it('cannot be listed, read, changed or deleted', async () => {
    const intruder = await signUpCompany(t.app);
    const secret = await create(admin.token, { name: 'Секретный шаблон', is_shared: true });
    const id = secret.body.message.id;
    expect(await list(intruder.token)).toEqual([]);
    const read = await call(t.app, 'GET', `/api/account_mail_temps/${id}`, undefined, {
      token: intruder.token,
    });
    expect(read.status).toBe(404);
    const patched = await call(
      t.app,
      'PATCH',
      `/api/account_mail_temps/${id}`,
      { name: 'Взлом' },
      { token: intruder.token },
    );
    expect(patched.status).toBe(404);
    const deleted = await call(t.app, 'DELETE', `/api/account_mail_temps/${id}`, undefined, {
      token: intruder.token,
    });
    expect(deleted.status).toBe(404);
    expect((await storedName(id))!.name).toBe('Секретный шаблон');
  });
});

describe('bad input is answered 400 in Russian', () => {
  it('names what is wrong', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 'Без названия' }, 'Укажите название шаблона'],
      [{ name: '   ' }, 'Укажите название шаблона'],
      [{ name: 'x'.repeat(201) }, 'Название не длиннее 200 символов'],
      [{ name: 'Тип', action_type: 'fax' }, 'Тип шаблона должен быть mail, sms или messenger'],
      [{ name: 'Флаг', is_shared: 'да' }, 'is_shared должен быть true или false'],
      [{ name: 'Тело', description: 42 }, 'Текст письма должен быть строкой'],
    ];
    for (const [body, message] of cases) {
      const response = await create(admin.token, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.status).toBe('error');
      expect(response.body.message).toBe(message);
    }
    const badId = await call(t.app, 'GET', '/api/account_mail_temps/abc', undefined, {
      token: admin.token,
    });
    expect(badId.status).toBe(400);
    expect(badId.body.message).toBe('Некорректный идентификатор');
    const huge = await call(
      t.app,
      'PATCH',
      '/api/account_mail_temps/99999999999',
      { name: 'x' },
      {
        token: admin.token,
      },
    );
    expect(huge.status).toBe(400);
  });
});

describe('the OpenAPI document', () => {
  it('publishes the templates, the personal list and the three renderings', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths;
    expect(Object.keys(paths['/api/account_mail_temps']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths['/api/account_mail_temps/{id}']).sort()).toEqual([
      'delete',
      'get',
      'patch',
    ]);
    expect(Object.keys(paths['/api/account_mail_temps/variables'])).toEqual(['get']);
    expect(Object.keys(paths['/api/account_mail_temps/preview'])).toEqual(['post']);
    expect(Object.keys(paths['/api/admin_user_templates'])).toEqual(['get']);
    for (const path of ['get_letter_by_template', 'get_pdf_by_template', 'get_docx_by_template']) {
      const parameters = paths[`/api/${path}`].get.parameters.map((p: { name: string }) => p.name);
      expect(parameters.sort()).toEqual(['applicant_id', 'template_id', 'vacancy_id']);
    }
  });
});
