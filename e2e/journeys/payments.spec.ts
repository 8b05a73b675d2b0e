import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';
import { navigation } from '../fixtures/ui.ts';

// Tariffs are paid through the harness's fake YooKassa: its hosted page settles the payment,
// notifies the app and sends the browser back to /payment/success?payment=…, which reads the
// real result from the server.

const headerTariff = (page: Page) => page.getByTestId('header-tariff');

/** Chooses «Команда» for a month and lands on the fake YooKassa's confirmation page. */
async function payForTeam(page: Page) {
  await page
    .getByRole('listitem', { name: 'Тариф «Команда»' })
    .getByRole('button', { name: 'Оплатить месяц' })
    .click();
  await expect(page).toHaveURL(/\/checkout\/[\w-]+$/);
  await expect(page.getByText('Тариф «Команда», 1 месяц')).toBeVisible();
  await expect(page.getByText('2990.00 ₽')).toBeVisible();
}

const tariffOf = async (page: Page) =>
  ((await (await page.request.get('/api/me')).json()) as { message: { tariff_name: string } })
    .message.tariff_name;

test('a trial admin pays through YooKassa and returns to /payment/success with the tariff in the header', async ({
  page,
  signedIn,
}) => {
  void signedIn;
  await page.goto('/settings/account');
  await expect(headerTariff(page)).toContainText('Тариф «Пробный»');
  await payForTeam(page);
  await page.getByRole('button', { name: 'Оплатить' }).click();

  await expect(page).toHaveURL(/\/payment\/success\?payment=\d+$/);
  await expect(page.getByRole('heading', { name: 'Оплата прошла успешно' })).toBeVisible();
  await expect(page.getByText(/Тариф «Команда» оплачен .*2\s990,00 ₽ за месяц/)).toBeVisible();
  await expect(headerTariff(page)).toContainText(/Тариф «Команда» до \d\d\.\d\d\.\d{4}/);
  expect(await tariffOf(page)).toBe('subscriber');

  // The admin's list of payments shows it paid.
  await page.goto('/settings/account');
  const payments = page.getByRole('table', { name: 'Платежи' });
  await expect(payments.getByRole('row').nth(1)).toContainText('«Команда»');
  await expect(payments.getByRole('row').nth(1)).toContainText('Оплачен');
});

test('a cancelled payment returns to /payment/fail and changes nothing', async ({
  page,
  signedIn,
}) => {
  void signedIn;
  await page.goto('/settings/account');
  await payForTeam(page);
  await page.getByRole('button', { name: 'Отменить' }).click();

  // The return URL is the same for every outcome: the page asks the server and moves on.
  await expect(page).toHaveURL(/\/payment\/fail\?payment=\d+$/);
  await expect(page.getByRole('heading', { name: 'Оплата не прошла' })).toBeVisible();
  await expect(page.getByText(/Деньги не списаны, тариф не изменился/)).toBeVisible();
  await expect(headerTariff(page)).toContainText('Тариф «Пробный»');
  expect(await tariffOf(page)).toBe('trial');
  await page.goto('/settings/account');
  await expect(page.getByRole('table', { name: 'Платежи' })).toContainText('Отменён');
});

test('a tariff that ends deactivates the account, and a payment brings it back', async ({
  page,
  signedIn,
  control,
}) => {
  await control.expireTariff(signedIn.accountId);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Запросить продление тарифа' })).toBeVisible();
  await expect(navigation(page)).toBeHidden();

  await payForTeam(page);
  await page.getByRole('button', { name: 'Оплатить' }).click();
  await expect(page).toHaveURL(/\/payment\/success\?payment=\d+$/);
  await expect(page.getByRole('heading', { name: 'Оплата прошла успешно' })).toBeVisible();
  await expect(headerTariff(page)).toContainText('Тариф «Команда»');

  await page.getByRole('link', { name: 'К вакансиям' }).click();
  await expect(navigation(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Запросить продление тарифа' })).toBeHidden();
});
