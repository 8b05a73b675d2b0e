import { expect, test } from '../fixtures/test.ts';

test('a new company confirms its e-mail by the link mailed at sign-up; the link works once', async ({
  page,
  account,
  control,
}) => {
  const mail = await control.waitForMail(
    (m) => m.to.includes(account.email) && m.subject === 'Подтвердите адрес электронной почты',
    `confirmation link for ${account.email}`,
  );
  const link = /https?:\/\/\S+\/auth\/confirm-account\?token=[^\s]+/.exec(mail.text)?.[0];
  expect(link, `a confirmation link in the mail:\n${mail.text}`).toBeTruthy();
  const url = new URL(link!);

  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByRole('heading', { name: 'Почта подтверждена' })).toBeVisible();
  await expect(page.getByText('Адрес электронной почты подтверждён')).toBeVisible();

  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByRole('heading', { name: 'Ссылка недействительна' })).toBeVisible();
  await expect(
    page.getByText('Ссылка для подтверждения недействительна или уже использована'),
  ).toBeVisible();
});
