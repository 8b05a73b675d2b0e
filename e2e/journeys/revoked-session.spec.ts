import { revokeSession } from '../fixtures/api.ts';
import { expect, test } from '../fixtures/test.ts';
import { expectPath, navigation } from '../fixtures/ui.ts';

test.describe('a session revoked on the server (420) ends in the browser', () => {
  test('reloading the app sends the browser to the login page', async ({
    page,
    request,
    signedIn,
  }) => {
    await page.goto('/analytics');
    await expect(navigation(page)).toBeVisible();

    await revokeSession(request, signedIn.token);
    await page.reload();
    await expectPath(page, '/auth/login');
    await expect(page.getByRole('button', { name: 'Войти' })).toBeVisible();

    // The old cookie no longer opens the app.
    await page.goto('/applicants');
    await expectPath(page, '/auth/login');
  });

  test('the next API call made while using the app sends the browser to the login page', async ({
    page,
    request,
    signedIn,
  }) => {
    await page.goto('/');
    await expect(navigation(page)).toBeVisible();

    await revokeSession(request, signedIn.token);

    // Navigate inside the app (no reload) to the profile: the page's first call answers 420.
    const refused = page.waitForResponse((r) => r.url().includes('/api/') && r.status() === 420);
    await page.getByRole('button', { name: 'Меню пользователя' }).click();
    await page.getByRole('menuitem', { name: 'Профиль' }).click();
    await refused;
    await expectPath(page, '/auth/login');
    await expect(page.getByRole('button', { name: 'Войти' })).toBeVisible();
  });
});
