import { AUTH_HEADER, addMember, signInBrowser } from '../fixtures/api.ts';
import { expect, test } from '../fixtures/test.ts';
import { expectPath, field, toast } from '../fixtures/ui.ts';
import { APP_URL } from '../harness/ports.ts';

// Issue 17: an admin builds a hiring-request template in settings (a company field, a file field
// and a route of two steps: a colleague, then an outside approver by e-mail); a hiring manager
// (a watcher) fills a request from it, is stopped by the empty required field, attaches the file
// and sends the request for approval; returned for changes, it is edited and sent again.

test('an admin builds a request template and a hiring manager fills a request from it with its field and a file', async ({
  page,
  browser,
  request,
  signedIn,
}) => {
  test.slow();
  const colleague = await addMember(request, signedIn, { member_type: 'owner', is_admin: false });
  const manager = await addMember(request, signedIn, { member_type: 'watcher', is_admin: false });

  // The editor is one of the settings sections.
  await page.goto('/settings');
  await page.getByRole('link', { name: /Шаблоны заявок/ }).click();
  await expectPath(page, '/settings/request-templates');
  await page.getByRole('button', { name: 'Новый шаблон' }).click();
  const editor = page.getByRole('form', { name: 'Шаблон заявки' });
  await field(editor, 'Название шаблона').fill('Заявка в ИТ');

  await editor.getByRole('button', { name: 'Добавить поле' }).click();
  const reason = editor.getByRole('group', { name: 'Поле 1' });
  await field(reason, 'Название поля').fill('Причина открытия');
  await reason.getByLabel('Обязательное').check();
  await expect(field(reason, 'Ключ')).toHaveAttribute('placeholder', 'prichina_otkrytiya');
  await editor.getByRole('button', { name: 'Добавить поле' }).click();
  const staffing = editor.getByRole('group', { name: 'Поле 2' });
  await field(staffing, 'Название поля').fill('Штатное расписание');
  await field(staffing, 'Тип').selectOption({ label: 'Файл' });

  await editor.getByRole('button', { name: 'Добавить шаг' }).click();
  const first = editor.getByRole('group', { name: 'Шаг 1' });
  await field(first, 'Название шага').fill('Руководитель');
  await first
    .getByLabel('Добавить пользователя в шаг «Руководитель»')
    .selectOption({ label: colleague.name });
  await expect(first.getByText(colleague.name, { exact: true })).toBeVisible();
  await editor.getByRole('button', { name: 'Добавить шаг' }).click();
  const second = editor.getByRole('group', { name: 'Шаг 2' });
  await field(second, 'Название шага').fill('Финансы');
  await second.getByRole('button', { name: 'Внешний по e-mail' }).click();
  await field(second, 'E-mail согласующего').fill('finance@example.ru');
  await field(second, 'Имя согласующего').fill('Ирина Финансова');
  await field(second, 'Срок, дней').fill('2');
  await editor.getByRole('button', { name: 'Сохранить шаблон' }).click();
  await expect(toast(page, 'Шаблон заявки создан')).toBeVisible();
  const card = page.getByRole('listitem', { name: 'Заявка в ИТ' });
  await expect(card).toContainText('2 поля');
  await expect(card).toContainText('2 шага');

  // What the API keeps: the keys made from the names and the route as built.
  const stored = await request.get(`${APP_URL}/api/vacancy_application_templates`, {
    headers: { [AUTH_HEADER]: signedIn.token },
  });
  const [template] = (await stored.json()).message as Array<{
    id: number;
    fields: Array<{ key: string; type: string; required: boolean }>;
    steps: Array<{ name: string; approvers: Array<{ type: string; email: string | null }> }>;
  }>;
  expect(template!.fields.map((f) => [f.key, f.type, f.required])).toEqual([
    ['prichina_otkrytiya', 'text', true],
    ['shtatnoe_raspisanie', 'file', false],
  ]);
  expect(template!.steps.map((s) => [s.name, s.approvers.map((a) => a.type)])).toEqual([
    ['Руководитель', ['user']],
    ['Финансы', ['email']],
  ]);

  // The hiring manager, in a browser of their own.
  const managerContext = await browser.newContext();
  await signInBrowser(managerContext, manager.token);
  const managerPage = await managerContext.newPage();
  await managerPage.goto('/requests/new');
  const form = managerPage.getByRole('form', { name: 'Заявка на подбор' });
  await field(form, 'Должность').fill('Инженер по тестированию');
  await field(form, 'Сколько нужно нанять').fill('2');
  await field(form, 'Зарплата от').fill('150000');
  await field(form, 'Закрыть до').fill('31.12.2027');
  // The required field of the template stops the request before it is sent.
  await form.getByRole('button', { name: 'Отправить на согласование' }).click();
  await expect(form.getByText('Заполните поле «Причина открытия»')).toBeVisible();
  await expectPath(managerPage, '/requests/new');

  await field(form, 'Причина открытия').fill('Новый проект');
  await field(form, 'Штатное расписание').setInputFiles({
    name: 'Штатное расписание.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Отдел тестирования: 2 ставки'),
  });
  await expect(form.getByText('Штатное расписание.txt')).toBeVisible();
  await form.getByRole('button', { name: 'Отправить на согласование' }).click();
  await expect.poll(() => new URL(managerPage.url()).pathname).toMatch(/^\/requests\/\d+$/);
  const id = Number(new URL(managerPage.url()).pathname.split('/').pop());
  await expect(
    managerPage.getByRole('heading', { level: 1, name: 'Инженер по тестированию' }),
  ).toBeVisible();

  const sent = await request.get(`${APP_URL}/api/vacancy_applications/${id}`, {
    headers: { [AUTH_HEADER]: manager.token },
  });
  const saved = (await sent.json()).message as {
    state: string;
    current_step: number | null;
    position: string;
    needed: number;
    salary_from: number;
    template_id: number;
    template_values: Record<string, unknown>;
    files: Array<{ id: number; file_name: string; field_key: string | null; size: number }>;
  };
  expect(saved).toMatchObject({
    state: 'pending',
    current_step: 0,
    position: 'Инженер по тестированию',
    needed: 2,
    salary_from: 150000,
    template_id: template!.id,
    template_values: { prichina_otkrytiya: 'Новый проект' },
  });
  const [file] = saved.files;
  expect(file).toMatchObject({
    file_name: 'Штатное расписание.txt',
    field_key: 'shtatnoe_raspisanie',
    size: Buffer.byteLength('Отдел тестирования: 2 ставки'),
  });
  expect(saved.template_values.shtatnoe_raspisanie).toBe(file!.id);

  // The first approver returns it for changes; the manager edits it and sends it again, the
  // stored value and file kept.
  const returned = await request.post(`${APP_URL}/api/vacancy_applications/${id}/return`, {
    headers: { [AUTH_HEADER]: colleague.token },
    data: { comment: 'Уточните зарплату' },
  });
  expect(returned.status(), await returned.text()).toBe(200);
  await managerPage.goto(`/requests/${id}/edit`);
  const again = managerPage.getByRole('form', { name: 'Заявка на подбор' });
  await expect(field(again, 'Причина открытия')).toHaveValue('Новый проект');
  await expect(again.getByText('Штатное расписание.txt')).toBeVisible();
  await field(again, 'Зарплата до').fill('200000');
  await again.getByRole('button', { name: 'Отправить на согласование' }).click();
  await expectPath(managerPage, `/requests/${id}`);
  const resent = await request.get(`${APP_URL}/api/vacancy_applications/${id}`, {
    headers: { [AUTH_HEADER]: manager.token },
  });
  expect((await resent.json()).message).toMatchObject({
    state: 'pending',
    current_step: 0,
    salary_to: 200000,
    template_values: { prichina_otkrytiya: 'Новый проект', shtatnoe_raspisanie: file!.id },
  });
  await managerContext.close();
});
