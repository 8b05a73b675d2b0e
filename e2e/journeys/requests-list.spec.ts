import { AUTH_HEADER, addMember } from '../fixtures/api.ts';
import { APP_URL } from '../harness/ports.ts';
import {
  createRequest,
  createRequestTemplate,
  submitRequest,
  withdrawRequest,
} from '../fixtures/requests.ts';
import { expect, test } from '../fixtures/test.ts';
import { expectPath, toast } from '../fixtures/ui.ts';

// Issue 17: the requests' list by tab, the request page with its route, and an approval in the
// app — the approver finds the request «На моём согласовании», opens it, agrees with a comment,
// sees the step and the history change, and makes the vacancy from it.

test('an approver finds a request on their tab, approves it with a comment and makes the vacancy', async ({
  page,
  request,
  signedIn: admin,
}) => {
  test.slow();
  const manager = await addMember(request, admin, { member_type: 'watcher', is_admin: false });
  const template = await createRequestTemplate(request, admin.token, {
    name: 'Заявка на подбор',
    steps: [{ name: 'Директор', mode: 'any', approvers: [{ type: 'user', user_id: admin.id }] }],
  });
  const accountant = await createRequest(request, manager.token, {
    template_id: template.id,
    position: 'Бухгалтер',
    salary_from: 120000,
    salary_to: 150000,
  });
  await submitRequest(request, manager.token, accountant.id);
  await createRequest(request, manager.token, { template_id: template.id, position: 'Юрист' });
  await createRequest(request, admin.token, { template_id: template.id, position: 'Аналитик' });

  await page.goto('/requests');
  const tabs = page.getByRole('tablist', { name: 'Какие заявки' });
  const rows = page.getByRole('list', { name: 'Заявки' });

  await test.step('«На моём согласовании»: only the request waiting for me', async () => {
    await tabs.getByRole('tab', { name: 'На моём согласовании' }).click();
    await expect(page).toHaveURL(/tab=to_approve/);
    const row = rows.getByRole('listitem', { name: 'Бухгалтер' });
    await expect(row).toContainText('На согласовании');
    await expect(row).toContainText('Директор');
    await expect(rows.getByRole('listitem')).toHaveCount(1);
  });

  await test.step("«Мои»: my own draft, not the manager's", async () => {
    await tabs.getByRole('tab', { name: 'Мои' }).click();
    await expect(rows.getByRole('listitem', { name: 'Аналитик' })).toContainText('Черновик');
    await expect(rows.getByRole('listitem', { name: 'Бухгалтер' })).toHaveCount(0);
  });

  await test.step('a filter by state on «Все»', async () => {
    await tabs.getByRole('tab', { name: 'Все' }).click();
    await expect(rows.getByRole('listitem', { name: 'Бухгалтер' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Состояние' }).selectOption('pending');
    await expect(rows.getByRole('listitem')).toHaveCount(1);
    await expect(rows.getByRole('listitem', { name: 'Бухгалтер' })).toBeVisible();
  });

  await test.step('the request page: fields, the route, approve with a comment', async () => {
    await rows.getByRole('link', { name: 'Бухгалтер' }).click();
    await expectPath(page, `/requests/${accountant.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Бухгалтер' })).toBeVisible();
    await expect(page.getByText('120 000 – 150 000 ₽')).toBeVisible();
    const step = page.getByRole('listitem', { name: 'Шаг 1: Директор' });
    await expect(step).toHaveAttribute('aria-current', 'step');
    await expect(step).toContainText('Ещё не решил');

    await page.getByRole('button', { name: 'Согласовать' }).click();
    const dialog = page.getByRole('dialog', { name: 'Согласовать заявку' });
    await dialog.getByRole('textbox').fill('Бюджет есть');
    await dialog.getByRole('button', { name: 'Согласовать' }).click();
    await expect(toast(page, 'Заявка согласована')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('Согласована', { exact: true }).first()).toBeVisible();
    await expect(step).toContainText('Согласовано');
    await expect(step).toContainText('Бюджет есть');
    await expect(page.getByRole('list', { name: 'История заявки' })).toContainText(
      'согласовал — шаг «Директор»',
    );
    await expect(page.getByRole('button', { name: 'Согласовать' })).toHaveCount(0);
  });

  await test.step('«Создать вакансию» opens the new vacancy', async () => {
    await page.getByRole('button', { name: 'Создать вакансию' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/vacancy\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Бухгалтер' })).toBeVisible();
  });
});

test('a refusal of the API is shown in Russian and the typed comment stays; the page then tells the truth', async ({
  page,
  request,
  signedIn: admin,
}) => {
  const manager = await addMember(request, admin, { member_type: 'watcher', is_admin: false });
  const template = await createRequestTemplate(request, admin.token, {
    name: 'Заявка на подбор',
    steps: [{ name: 'Директор', approvers: [{ type: 'user', user_id: admin.id }] }],
  });
  const lawyer = await createRequest(request, manager.token, {
    template_id: template.id,
    position: 'Юрист',
  });
  await submitRequest(request, manager.token, lawyer.id);

  await page.goto(`/requests/${lawyer.id}`);
  await expect(page.getByRole('listitem', { name: 'Шаг 1: Директор' })).toHaveAttribute(
    'aria-current',
    'step',
  );
  // The author withdraws it while the approver's page is open.
  await withdrawRequest(request, manager.token, lawyer.id);

  await page.getByRole('button', { name: 'Отклонить' }).click();
  const dialog = page.getByRole('dialog', { name: 'Отклонить заявку' });
  await dialog.getByRole('button', { name: 'Отклонить' }).click();
  await expect(dialog.getByText('Напишите комментарий')).toBeVisible();
  await dialog.getByRole('textbox').fill('Нет бюджета до конца года');
  await dialog.getByRole('button', { name: 'Отклонить' }).click();
  await expect(toast(page, 'Заявка в состоянии «Закрыта»: действие недоступно')).toBeVisible();
  await expect(dialog.getByRole('textbox')).toHaveValue('Нет бюджета до конца года');
  await dialog.getByRole('button', { name: 'Отмена' }).click();
  // The page read the request again: closed, with nothing left to decide.
  await expect(page.getByRole('heading', { level: 1, name: 'Юрист' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'История заявки' })).toContainText('отозвал заявку');
  await expect(page.getByRole('button', { name: 'Отклонить' })).toHaveCount(0);
  const stored = await request.get(`${APP_URL}/api/vacancy_applications/${lawyer.id}`, {
    headers: { [AUTH_HEADER]: admin.token },
  });
  expect(((await stored.json()) as { message: { state: string } }).message.state).toBe('closed');
});
