import { expect, test } from '../fixtures/test.ts';
import { expectPath, field, navigation } from '../fixtures/ui.ts';

test('a user restores the password through the link in the mail', async ({
  page,
  account,
  control,
}) => {
  const newPassword = 'Brand-New-Pass-456';

  await page.goto('/auth/reset');
  await field(page, 'Email').fill(account.email);
  await page.getByRole('button', { name: 'Восстановить пароль' }).click();
  await expect(page.getByRole('heading', { name: 'Проверьте почту' })).toBeVisible();

  const mail = await control.waitForMail(
    // The first mail to the address is the sign-up's confirmation link.
    (m) => m.to.includes(account.email) && m.subject === 'Восстановление пароля',
    `password reset for ${account.email}`,
  );
  const link = /https?:\/\/\S+\/auth\/reset-from-mail\?token=[^\s]+/.exec(mail.text)?.[0];
  expect(link, `a reset link in the mail:\n${mail.text}`).toBeTruthy();
  const url = new URL(link!);
  expect(url.pathname).toBe('/auth/reset-from-mail');

  await page.goto(`${url.pathname}${url.search}`);
  await field(page, 'Пароль').fill(newPassword);
  await field(page, 'Повторите пароль').fill(newPassword);
  await page.getByRole('button', { name: 'Сохранить пароль' }).click();
  await expectPath(page, '/');
  await expect(navigation(page)).toBeVisible();

  // Leave, then try both passwords through the login form.
  await page.getByRole('button', { name: 'Меню пользователя' }).click();
  await page.getByRole('menuitem', { name: 'Выйти' }).click();
  await expectPath(page, '/auth/login');

  await field(page, 'Email').fill(account.email);
  await field(page, 'Пароль').fill(account.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByText('Неверный email или пароль')).toBeVisible();
  await expectPath(page, '/auth/login');

  await field(page, 'Пароль').fill(newPassword);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expectPath(page, '/');
  await expect(navigation(page)).toBeVisible();
});
