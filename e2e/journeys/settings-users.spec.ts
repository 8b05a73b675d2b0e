import type { Page } from '@playwright/test';
import { uniqueEmail } from '../fixtures/api.ts';
import { expect, test } from '../fixtures/test.ts';
import { expectPath, field, navigation, toast } from '../fixtures/ui.ts';

const teamRow = (page: Page, name: string) =>
  page
    .getByRole('table', { name: 'Пользователи аккаунта' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name }) });

test('an admin invites a colleague, who joins by the mailed link; rights persist; deactivation signs them out', async ({
  page,
  browser,
  signedIn,
  control,
}) => {
  const email = uniqueEmail('colleague');
  const password = 'Colleague-Pass-42';

  await page.goto('/settings/edit-users');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Настройки — Пользователи' }),
  ).toBeVisible();
  await expect(page.getByText('1 из 5 мест занято')).toBeVisible();

  // Invite.
  await page.getByRole('button', { name: 'Пригласить' }).click();
  const dialog = page.getByRole('dialog', { name: 'Пригласить пользователя' });
  await dialog.getByRole('textbox', { name: /^Email/ }).fill(email);
  await dialog.getByRole('textbox', { name: /^Имя/ }).fill('Олег');
  await dialog.getByRole('textbox', { name: /^Фамилия/ }).fill('Петров');
  await dialog.getByRole('button', { name: 'Отправить приглашение' }).click();
  await expect(toast(page, 'Приглашение отправлено')).toBeVisible();
  await expect(teamRow(page, 'Петров Олег').getByText('Приглашён')).toBeVisible();
  await expect(page.getByText('2 из 5 мест занято')).toBeVisible();

  // The colleague opens the link from the letter in their own browser.
  const mail = await control.waitForMail((m) => m.to.includes(email), `invitation to ${email}`);
  expect(mail.subject).toBe(`Приглашение в команду «${signedIn.company}»`);
  const link = /https?:\/\/\S+\/invite\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  expect(link, `an invitation link in the mail:\n${mail.text}`).toBeTruthy();
  const colleagueContext = await browser.newContext();
  const colleague = await colleagueContext.newPage();
  await colleague.goto(new URL(new URL(link!).pathname, page.url()).toString());
  await expect(
    colleague.getByRole('heading', { name: `Добро пожаловать в «${signedIn.company}»` }),
  ).toBeVisible();
  await expect(field(colleague, 'Email')).toHaveValue(email);
  await field(colleague, 'Пароль').fill(password);
  await field(colleague, 'Повторите пароль').fill(password);
  await colleague.getByRole('button', { name: 'Задать пароль и войти' }).click();
  await expectPath(colleague, '/');
  await expect(navigation(colleague)).toBeVisible();

  // The admin sees them active, takes a right away, and it survives a reload.
  await page.reload();
  const row = teamRow(page, 'Петров Олег');
  await expect(row.getByText('Активен')).toBeVisible();
  await row.getByRole('button', { name: 'Права: Петров Олег' }).click();
  const rights = page.getByRole('dialog', { name: 'Права: Петров Олег' });
  const tags = rights.getByRole('switch', { name: 'Управлять тегами' });
  await expect(tags).toHaveAttribute('aria-checked', 'true');
  await tags.click();
  await rights.getByRole('button', { name: 'Сохранить' }).click();
  await expect(toast(page, 'Права сохранены')).toBeVisible();
  await page.reload();
  await teamRow(page, 'Петров Олег').getByRole('button', { name: 'Права: Петров Олег' }).click();
  await expect(
    page
      .getByRole('dialog', { name: 'Права: Петров Олег' })
      .getByRole('switch', { name: 'Управлять тегами' }),
  ).toHaveAttribute('aria-checked', 'false');
  await page.keyboard.press('Escape');

  // Deactivate: the colleague's next step in the app sends them to the login page.
  await teamRow(page, 'Петров Олег')
    .getByRole('button', { name: 'Отключить: Петров Олег' })
    .click();
  await page
    .getByRole('dialog', { name: 'Отключить пользователя?' })
    .getByRole('button', { name: 'Отключить' })
    .click();
  await expect(toast(page, 'Пользователь отключён')).toBeVisible();
  await expect(teamRow(page, 'Петров Олег').getByText('Отключён')).toBeVisible();
  await expect(page.getByText('1 из 5 мест занято')).toBeVisible();

  await colleague.reload();
  await expectPath(colleague, '/auth/login');
  await field(colleague, 'Email').fill(email);
  await field(colleague, 'Пароль').fill(password);
  await colleague.getByRole('button', { name: 'Войти' }).click();
  await expect(colleague.getByText('Неверный email или пароль')).toBeVisible();
  await colleagueContext.close();
});
