import { uniqueEmail } from '../fixtures/api.ts';
import { expect, test } from '../fixtures/test.ts';
import { expectPath, field } from '../fixtures/ui.ts';

// The affiliate page gives a signed-in admin the company's referral link; a company that signs
// up through it (`?ref=`) is listed on the referrer's page.

test('an admin shares the referral link, a new company signs up through it and is listed', async ({
  page,
  browser,
  signedIn,
}) => {
  void signedIn;
  await page.goto('/static/affiliate-program');
  const section = page.getByRole('region', { name: 'Ваша ссылка' });
  await expect(section.getByText('По ссылке ещё никто не зарегистрировался.')).toBeVisible();
  const link = await section.getByRole('textbox', { name: 'Партнёрская ссылка' }).inputValue();
  const url = new URL(link);
  expect(url.pathname).toBe('/auth/signup');
  expect(url.searchParams.get('ref')).toMatch(/\w+/);

  // A visitor in another browser follows the link (on this server) and signs up.
  const visitor = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const other = await visitor.newPage();
  await other.goto(`${url.pathname}${url.search}`);
  await expect(other.getByRole('heading', { name: 'Регистрация' })).toBeVisible();
  const password = 'Referral-Pass-123';
  await field(other, 'Email').fill(uniqueEmail('referred'));
  await field(other, 'Пароль').fill(password);
  await field(other, 'Повторите пароль').fill(password);
  await field(other, 'Имя').fill('Ольга');
  await field(other, 'Компания').fill('ООО «Приглашённая»');
  await other.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expectPath(other, '/');
  await visitor.close();

  await page.reload();
  const referrals = section.getByRole('table', { name: 'Приглашённые компании' });
  await expect(referrals.getByRole('row').nth(1)).toContainText('ООО «Приглашённая»');
  await expect(referrals.getByRole('row').nth(1)).toContainText('0');
});
