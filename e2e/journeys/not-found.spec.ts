import { signInBrowser } from '../fixtures/api.ts';
import { expect, test } from '../fixtures/test.ts';
import { expectPath, navigation, NOT_FOUND_TEXT } from '../fixtures/ui.ts';

test('an unknown path shows the 404 page with a link home (anonymous visitor)', async ({
  page,
}) => {
  await page.goto('/no/such/page-here');
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: NOT_FOUND_TEXT })).toBeVisible();
  await expectPath(page, '/no/such/page-here');
  const home = page.getByRole('link', { name: 'На главную' });
  await expect(home).toHaveAttribute('href', '/');
  // Home needs a session: an anonymous visitor ends on the login page.
  await home.click();
  await expectPath(page, '/auth/login');
});

test('an unknown path shows the 404 page to a signed-in user, and its link leads into the app', async ({
  page,
  context,
  account,
}) => {
  await signInBrowser(context, account.token);
  await page.goto('/settings/no-such-section');
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: NOT_FOUND_TEXT })).toBeVisible();
  const home = page.getByRole('link', { name: 'На главную' });
  await expect(home).toHaveAttribute('href', '/');
  await home.click();
  await expectPath(page, '/');
  await expect(navigation(page)).toBeVisible();
});
