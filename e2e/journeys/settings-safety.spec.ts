import { createHmac } from 'node:crypto';
import { AUTH_HEADER, logIn } from '../fixtures/api.ts';
import { expect, test } from '../fixtures/test.ts';
import { expectPath, field, navigation, toast } from '../fixtures/ui.ts';
import { APP_URL } from '../harness/ports.ts';

/** What an authenticator app shows (RFC 6238: SHA-1, 30 s, 6 digits) for a base32 secret. */
function authenticatorCode(secret: string, atMs: number) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/=+$/, '')) {
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  }
  const key = Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

test('a user turns on two-factor sign-in with an app, signs out and signs back in with a code', async ({
  page,
  signedIn,
}) => {
  await page.goto('/settings/safety');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Настройки — Безопасность' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Включить' }).click();

  const enrol = page.getByRole('form', { name: 'Подключение приложения' });
  await expect(enrol.getByRole('img', { name: /QR-код/ })).toBeVisible();
  const secret = (await enrol.getByTestId('two-factor-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await field(enrol, 'Код из приложения').fill(authenticatorCode(secret, Date.now()));
  await enrol.getByRole('button', { name: 'Подтвердить' }).click();

  const codes = page.getByRole('list', { name: 'Резервные коды' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await page.getByRole('button', { name: 'Я сохранил коды' }).click();
  await expect(page.getByText(/Включён\. При входе после пароля спрашиваем код/)).toBeVisible();

  await page.getByRole('button', { name: 'Меню пользователя' }).click();
  await page.getByRole('menuitem', { name: 'Выйти' }).click();
  await expectPath(page, '/auth/login');

  await field(page, 'Email').fill(signedIn.email);
  await field(page, 'Пароль').fill(signedIn.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('heading', { name: 'Подтверждение входа' })).toBeVisible();
  await expectPath(page, '/auth/login');

  // A wrong code keeps the visitor out with a message in Russian.
  const step = page.getByRole('form', { name: 'Код подтверждения' });
  const now = Date.now();
  const valid = new Set([-1, 0, 1].map((d) => authenticatorCode(secret, now + d * 30_000)));
  await field(step, 'Код подтверждения').fill(['111111', '222222'].find((c) => !valid.has(c))!);
  await step.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(step.getByText('Неверный код подтверждения')).toBeVisible();
  await expect(navigation(page)).toBeHidden();

  // The code of the next 30 seconds: the enrolment's code was spent, a later one is accepted.
  await field(step, 'Код подтверждения').fill(authenticatorCode(secret, Date.now() + 30_000));
  await step.getByRole('button', { name: 'Подтвердить' }).click();
  await expectPath(page, '/');
  await expect(navigation(page)).toBeVisible();
});

test('a user ends another session from the list, and that session is signed out', async ({
  page,
  request,
  signedIn,
}) => {
  const otherToken = await logIn(request, signedIn.email, signedIn.password);
  await page.goto('/settings/safety');
  const sessions = page.getByRole('list', { name: 'Активные сессии' }).getByRole('listitem');
  await expect(sessions).toHaveCount(2);
  const current = sessions.filter({ hasText: 'Текущая сессия' });
  await expect(current).toHaveCount(1);
  await expect(current.getByRole('button', { name: 'Завершить' })).toHaveCount(0);

  const other = sessions.filter({ hasNotText: 'Текущая сессия' });
  await other.getByRole('button', { name: 'Завершить' }).click();
  await expect(toast(page, 'Сессия завершена')).toBeVisible();
  await expect(sessions).toHaveCount(1);

  const me = await request.get(`${APP_URL}/api/me`, { headers: { [AUTH_HEADER]: otherToken } });
  expect(me.status()).toBe(420);

  await page.reload();
  await expect(sessions).toHaveCount(1);
  await expect(sessions.first()).toContainText('Текущая сессия');
});

test('a user whose recovery codes ran low makes new ones; the old ones stop opening the account', async ({
  page,
  signedIn,
}) => {
  await page.goto('/settings/safety');
  await page.getByRole('button', { name: 'Включить' }).click();
  const enrol = page.getByRole('form', { name: 'Подключение приложения' });
  const secret = (await enrol.getByTestId('two-factor-secret').textContent())!.trim();
  await field(enrol, 'Код из приложения').fill(authenticatorCode(secret, Date.now()));
  await enrol.getByRole('button', { name: 'Подтвердить' }).click();
  const codes = page.getByRole('list', { name: 'Резервные коды' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const oldCodes = await codes.allTextContents();
  await page.getByRole('button', { name: 'Я сохранил коды' }).click();

  await page.getByRole('button', { name: 'Новые резервные коды' }).click();
  const renew = page.getByRole('form', { name: 'Новые резервные коды' });
  await field(renew, 'Пароль').fill('не тот пароль');
  await field(renew, 'Код из приложения или резервный код').fill(oldCodes[0]!);
  await renew.getByRole('button', { name: 'Создать новые коды' }).click();
  await expect(renew.getByText('Текущий пароль указан неверно')).toBeVisible();
  await field(renew, 'Пароль').fill(signedIn.password);
  await field(renew, 'Код из приложения или резервный код').fill(oldCodes[1]!);
  await renew.getByRole('button', { name: 'Создать новые коды' }).click();

  await expect(codes).toHaveCount(10);
  const newCodes = await codes.allTextContents();
  expect(newCodes.filter((code) => oldCodes.includes(code))).toEqual([]);
  await page.getByRole('button', { name: 'Я сохранил коды' }).click();
  await expect(page.getByText(/Резервных кодов осталось: 10/)).toBeVisible();

  await page.getByRole('button', { name: 'Меню пользователя' }).click();
  await page.getByRole('menuitem', { name: 'Выйти' }).click();
  await field(page, 'Email').fill(signedIn.email);
  await field(page, 'Пароль').fill(signedIn.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  const step = page.getByRole('form', { name: 'Код подтверждения' });
  await field(step, 'Код подтверждения').fill(oldCodes[2]!);
  await step.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(step.getByText('Неверный код подтверждения')).toBeVisible();
  await field(step, 'Код подтверждения').fill(newCodes[0]!);
  await step.getByRole('button', { name: 'Подтвердить' }).click();
  await expectPath(page, '/');
  await expect(navigation(page)).toBeVisible();
});
