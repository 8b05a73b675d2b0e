import type { Page } from '@playwright/test';
import { AUTH_HEADER, addMember, signInBrowser } from '../fixtures/api.ts';
import { expect, test } from '../fixtures/test.ts';
import { expectPath, field, navigation, toast } from '../fixtures/ui.ts';
import { APP_URL } from '../harness/ports.ts';

const logRow = (page: Page, summary: string) =>
  page.getByRole('row').filter({ has: page.getByText(summary, { exact: true }) });

test('an admin changes a colleague’s rights and renames the company, then finds both in the log with the changes', async ({
  page,
  browser,
  request,
  signedIn,
}) => {
  const colleague = await addMember(request, signedIn, { member_type: 'owner', is_admin: false });

  // Take a right away from the colleague.
  await page.goto('/settings/edit-users');
  const team = page.getByRole('table', { name: 'Пользователи аккаунта' });
  await team.getByRole('button', { name: `Права: ${colleague.name}` }).click();
  const rights = page.getByRole('dialog', { name: `Права: ${colleague.name}` });
  await rights.getByRole('switch', { name: 'Управлять тегами' }).click();
  await rights.getByRole('button', { name: 'Сохранить' }).click();
  await expect(toast(page, 'Права сохранены')).toBeVisible();

  // Rename the company.
  await page.goto('/settings/account');
  const company = page.getByRole('form', { name: 'Данные компании' });
  await field(company, 'Название компании').fill('ООО «Журнал»');
  await company.getByRole('button', { name: 'Сохранить' }).click();
  await expect(toast(page, 'Настройки сохранены')).toBeVisible();

  // The log is one of the settings sections.
  await page.goto('/settings');
  await page.getByRole('link', { name: /Журнал действий/ }).click();
  await expectPath(page, '/settings/audit');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Настройки — Журнал действий' }),
  ).toBeVisible();

  const rightsRow = logRow(page, `Изменён пользователь ${colleague.email}`);
  const renameRow = logRow(page, 'Изменены данные компании');
  await expect(rightsRow).toBeVisible();
  await expect(renameRow).toBeVisible();
  await expect(logRow(page, `Добавлен пользователь ${colleague.email}`)).toBeVisible();
  await expect(rightsRow.getByText(signedIn.name, { exact: true })).toBeVisible();

  await rightsRow.getByRole('button', { name: 'Подробнее' }).click();
  await expect(page.getByText('Право «Управлять тегами»')).toBeVisible();
  await rightsRow.getByRole('button', { name: 'Скрыть' }).click();

  await renameRow.getByRole('button', { name: 'Подробнее' }).click();
  const details = page.getByRole('definition').filter({ hasText: 'ООО «Журнал»' });
  await expect(details).toContainText(signedIn.company);

  // Only the company's changes.
  await page.getByLabel('Действие').selectOption({ label: 'Данные компании' });
  await expect(rightsRow).toHaveCount(0);
  await expect(renameRow).toBeVisible();
  await expect(page.getByText('Всего записей: 1')).toBeVisible();

  // The colleague, a recruiter without the admin flag, reaches neither the page nor the API.
  const colleagueContext = await browser.newContext();
  await signInBrowser(colleagueContext, colleague.token);
  const colleaguePage = await colleagueContext.newPage();
  await colleaguePage.goto('/settings/audit');
  await expectPath(colleaguePage, '/');
  await expect(navigation(colleaguePage)).toBeVisible();
  const refused = await request.get(`${APP_URL}/api/audit_events`, {
    headers: { [AUTH_HEADER]: colleague.token },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toBe(
    'Журнал действий доступен только администратору',
  );
  await colleagueContext.close();
});
