import { signUpAccount, uniqueEmail } from '../fixtures/api.ts';
import { expect, test } from '../fixtures/test.ts';
import { expectPath, field, navigation, toast } from '../fixtures/ui.ts';

test.describe('sign up, log out, log in', () => {
  test('a visitor signs up, logs out through the user menu and logs back in', async ({ page }) => {
    const email = uniqueEmail('signup');
    const password = 'Signup-Pass-123';

    await page.goto('/auth/signup');
    await expect(page.getByRole('heading', { name: 'Регистрация' })).toBeVisible();
    await field(page, 'Email').fill(email);
    await field(page, 'Пароль').fill(password);
    await field(page, 'Повторите пароль').fill(password);
    await field(page, 'Имя').fill('Мария');
    await field(page, 'Компания').fill('ООО Ромашка');
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click();

    await expectPath(page, '/');
    await expect(navigation(page)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Меню пользователя' }).click();
    await page.getByRole('menuitem', { name: 'Выйти' }).click();
    await expectPath(page, '/auth/login');
    await expect(toast(page, 'Вы вышли из системы')).toBeVisible();

    await field(page, 'Email').fill(email);
    await field(page, 'Пароль').fill(password);
    await page.getByRole('button', { name: 'Войти' }).click();
    await expectPath(page, '/');
    await expect(navigation(page)).toBeVisible();
  });

  test('a wrong password is refused with a message and the visitor stays on the login page', async ({
    page,
    request,
  }) => {
    const account = await signUpAccount(request);
    await page.goto('/auth/login');
    await field(page, 'Email').fill(account.email);
    await field(page, 'Пароль').fill('Not-The-Password-1');
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect(page.getByText('Неверный email или пароль')).toBeVisible();
    await expectPath(page, '/auth/login');
    await expect(navigation(page)).toBeHidden();
  });
});
