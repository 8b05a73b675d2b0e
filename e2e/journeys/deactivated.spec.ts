import { expect, test } from '../fixtures/test.ts';
import { field, navigation, toast } from '../fixtures/ui.ts';

test('an expired tariff replaces the app by the deactivated screen: extension request and contact form', async ({
  page,
  signedIn,
  control,
}) => {
  await control.expireTariff(signedIn.accountId);
  await page.goto('/');

  const extend = page.getByRole('button', { name: 'Запросить продление тарифа' });
  await expect(extend).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(navigation(page)).toBeHidden();

  // The extension request: the toast repeats the server's own message.
  const answer = page.waitForResponse(
    (r) =>
      r.url().endsWith('/api/tariffs/send_letter_about_extension_tariff') &&
      r.request().method() === 'POST',
  );
  await extend.click();
  const body = (await (await answer).json()) as { code: number; message: string };
  expect(body.code).toBe(200);
  expect(typeof body.message).toBe('string');
  await expect(toast(page, body.message)).toBeVisible();
  await control.waitForMail(
    (m) => m.text.includes(signedIn.email) && m.text.includes(`аккаунт ${signedIn.accountId}`),
    'the tariff extension request to support',
  );

  // The contact dialog.
  const contact = page
    .getByRole('button', { name: 'Связаться с нами' })
    .or(page.getByRole('link', { name: 'Связаться с нами' }));
  await contact.click();
  const dialog = page.getByRole('dialog', { name: 'Остались вопросы?' });
  await expect(dialog).toBeVisible();

  const fields = {
    name: field(dialog, 'Имя'),
    phone: field(dialog, 'Телефон'),
    email: field(dialog, 'Email'),
    comment: field(dialog, 'Сообщение'),
  };

  // Empty submit: every required field is flagged with a message, nothing is sent.
  let feedbackRequests = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/feedbacks')) feedbackRequests += 1;
  });
  await dialog.getByRole('button', { name: 'Отправить' }).click();
  for (const field of Object.values(fields)) {
    await expect(field).toHaveAttribute('aria-invalid', 'true');
  }
  await expect(dialog.getByRole('alert')).toHaveCount(4);
  for (const message of await dialog.getByRole('alert').allInnerTexts()) {
    expect(message.trim()).not.toBe('');
  }
  expect(feedbackRequests).toBe(0);

  const sender = `Пётр Тестов ${signedIn.accountId}`;
  await fields.name.fill(sender);
  await fields.phone.fill('+7 900 123-45-67');
  await fields.email.fill(signedIn.email);
  await fields.comment.fill('Хотим продлить тариф, подскажите как оплатить.');
  await dialog.getByRole('button', { name: 'Отправить' }).click();

  await expect(toast(page, 'Сообщение успешно отправлено')).toBeVisible();
  await expect(dialog).toBeHidden();
  const mail = await control.waitForMail(
    (m) => m.text.includes(sender),
    'the feedback mail to support',
  );
  expect(mail.text).toContain('+7 900 123-45-67');
  expect(mail.text).toContain(signedIn.email);
  expect(mail.text).toContain('Хотим продлить тариф, подскажите как оплатить.');
});
