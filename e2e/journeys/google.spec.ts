import type { APIRequestContext } from '@playwright/test';
import { AUTH_HEADER } from '../fixtures/api.ts';
import { expect, test } from '../fixtures/test.ts';

// Google Calendar through the harness's fake Google: the consent page's «Разрешить» brings the
// browser back to /google, an event made in Google arrives here by its push channel, and an event
// made here is put into the Google calendar.

/** Tomorrow in Moscow, YYYY-MM-DD. */
const tomorrow = () => new Date(Date.now() + 3 * 3_600_000 + 86_400_000).toISOString().slice(0, 10);

const ourEvents = async (request: APIRequestContext, token: string) => {
  const response = await request.get('/api/events', { headers: { [AUTH_HEADER]: token } });
  const body = (await response.json()) as { message: { title: string; source: string }[] };
  return Array.isArray(body.message) ? body.message : [];
};

test('connect Google: an event made there appears here, and ours appears there', async ({
  page,
  signedIn,
  control,
}) => {
  const google = await control.google();
  const googleEmail = `recruiter-${signedIn.accountId}@gmail.test`;

  await page.goto('/google');
  await expect(page.getByRole('heading', { name: 'Google Календарь', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Подключить Google Календарь' }).click();
  // The fake's consent page, as Google's would be.
  await expect(page.getByRole('heading', { name: /запрашивает доступ/ })).toBeVisible();
  await page.getByLabel('Аккаунт Google').fill(googleEmail);
  await page.getByRole('button', { name: 'Разрешить' }).click();

  await expect(page).toHaveURL(/\/google\?connected=1$/);
  // The account's address in bold; the calendar picker may name the same address while its
  // calendars load (then «(основной)» is added).
  await expect(page.locator('strong').getByText(googleEmail, { exact: true })).toBeVisible();
  await expect(page.getByLabel('Календарь для встреч')).toHaveValue(googleEmail);
  await expect(page.getByText('приходят сразу')).toBeVisible();
  await expect(page.getByTestId('google-last-sync')).toContainText('последняя');

  // Made in Google: the push channel tells the app, which pulls it in.
  const day = tomorrow();
  await google.createEvent(googleEmail, {
    summary: 'Обед с командой',
    start: { dateTime: `${day}T13:00:00+03:00` },
    end: { dateTime: `${day}T14:00:00+03:00` },
  });
  await expect
    .poll(async () => (await ourEvents(page.request, signedIn.token)).map((e) => e.title), {
      message: 'the Google event in /api/events',
      timeout: 20_000,
    })
    .toContain('Обед с командой');
  const pulled = (await ourEvents(page.request, signedIn.token)).find(
    (e) => e.title === 'Обед с командой',
  );
  expect(pulled?.source).toBe('google');

  // Made here: it goes out to the participant's Google calendar.
  const made = await page.request.post('/api/events', {
    headers: { [AUTH_HEADER]: signedIn.token },
    data: {
      title: 'Собеседование: Иван Петров',
      data_mitting: day,
      time_begin: '10:00',
      time_end: '11:00',
      send_invitations: false,
    },
  });
  expect(made.ok(), await made.text()).toBe(true);
  await expect
    .poll(async () => (await google.events(googleEmail)).map((e) => e.summary), {
      message: 'our event in the Google calendar',
      timeout: 20_000,
    })
    .toContain('Собеседование: Иван Петров');
  const pushed = (await google.events(googleEmail)).find(
    (e) => e.summary === 'Собеседование: Иван Петров',
  );
  expect(pushed?.start.dateTime).toBe(new Date(`${day}T10:00:00+03:00`).toISOString());

  // Disconnecting asks first and leaves the screen ready to connect again.
  await page.getByRole('button', { name: 'Отключить' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Отключить' }).click();
  await expect(page.getByRole('button', { name: 'Подключить Google Календарь' })).toBeVisible();
});
