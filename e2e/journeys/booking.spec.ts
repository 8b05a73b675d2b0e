import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { AUTH_HEADER } from '../fixtures/api.ts';
import { createApplicant } from '../fixtures/applicants.ts';
import { expect, test } from '../fixtures/test.ts';
import { APP_URL } from '../harness/ports.ts';

// Self-booking: the recruiter makes a link on the applicant's card and copies it; the applicant
// opens it in a browser of their own (no session), picks a slot with the keyboard and books it;
// the meeting is the recruiter's event and its invitation reaches the applicant's mailbox; the
// link then says it is used.

/** No serious or critical axe violation on what the page shows now. */
async function expectAccessible(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(blocking, what).toEqual([]);
}

test('an applicant books an interview through the recruiter’s link', async ({
  page,
  browser,
  context,
  signedIn,
  control,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const email = `booking-${Date.now()}@example.ru`;
  const applicant = await createApplicant(page.request, signedIn.token, {
    last_name: 'Соколова',
    first_name: 'Дарья',
    email,
  });

  await page.goto(`/applicant/${applicant.id}`);
  await page.getByRole('button', { name: 'Ссылка на запись' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ссылка на запись к встрече' });
  await dialog.getByLabel('Название встречи').fill('Собеседование с командой');
  await dialog.getByLabel('Длительность').selectOption('30');
  await dialog.getByLabel('Предложить время на').selectOption('14');
  await dialog.getByRole('button', { name: 'Создать ссылку' }).click();
  const linkField = dialog.getByLabel('Ссылка для кандидата');
  await expect(linkField).toHaveValue(/\/booking\/[A-Za-z0-9_-]+$/);
  const link = await linkField.inputValue();
  // Before «Скопировать»: its toast fades in over the page and is not the dialog's to check.
  await expectAccessible(page, 'the booking link dialog');
  await dialog.getByRole('button', { name: 'Скопировать' }).click();
  await expect(page.getByText('Ссылка скопирована')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expect(dialog.getByText('Собеседование с командой · Ждёт записи')).toBeVisible();
  await dialog.getByRole('button', { name: 'Готово' }).click();

  // The applicant: a fresh browser without the recruiter's session.
  const outside = await browser.newContext();
  const guest = await outside.newPage();
  await guest.goto(new URL(link).pathname);
  const sheet = guest.getByRole('article', { name: 'Запись на встречу' });
  await expect(sheet.getByRole('heading', { name: 'Собеседование с командой' })).toBeVisible();
  await expect(sheet.getByText(signedIn.company)).toBeVisible();
  await expect(sheet.getByText(/Встреча длится 30 мин/)).toBeVisible();
  await expectAccessible(guest, 'the public booking page');

  // With the keyboard only: the first day is chosen; an arrow to the next day (a whole working
  // day whatever the hour of the run: late in the afternoon today offers one time or none), Tab
  // into the times, an arrow to the second one, Tab to the button, Enter.
  const days = sheet.getByRole('group', { name: 'День' });
  await expect(days.getByRole('radio').first()).toBeChecked();
  await days.getByRole('radio').first().focus();
  await guest.keyboard.press('ArrowRight');
  await expect(days.getByRole('radio').nth(1)).toBeChecked();
  const times = sheet.getByRole('group', { name: /^Время,/ });
  const firstTime = times.getByRole('radio').first();
  await firstTime.focus();
  await guest.keyboard.press('ArrowRight');
  const second = times.getByRole('radio').nth(1);
  await expect(second).toBeChecked();
  const chosenTime = await second.evaluate(
    (radio) => radio.closest('label')?.textContent?.trim() ?? '',
  );
  await guest.keyboard.press('Tab');
  await expect(sheet.getByRole('button', { name: /^Записаться: / })).toBeFocused();
  await guest.keyboard.press('Enter');

  await expect(guest.getByRole('heading', { name: 'Вы записаны на встречу' })).toBeVisible();
  await expect(guest.getByText(new RegExp(`, ${chosenTime} по московскому времени`))).toBeVisible();

  // The link is used up: opening it again says so.
  const again = await outside.newPage();
  await again.goto(new URL(link).pathname);
  await expect(
    again.getByRole('heading', { name: 'Ссылка уже использована: время встречи выбрано' }),
  ).toBeVisible();
  await outside.close();

  // The recruiter sees the booking on the card.
  await page.getByRole('button', { name: 'Ссылка на запись' }).click();
  await expect(
    page
      .getByRole('dialog', { name: 'Ссылка на запись к встрече' })
      .getByText(new RegExp(`Собеседование с командой · Кандидат записался: .*${chosenTime}`)),
  ).toBeVisible();

  // The meeting is the recruiter's event, and its invitation reached the applicant.
  const events = await page.request.get(`${APP_URL}/api/events`, {
    headers: { [AUTH_HEADER]: signedIn.token },
    // Without a period the list is today and the 30 days after it: the link offers 14 of them.
    params: { applicant_id: applicant.id },
  });
  const listed = (await events.json()) as {
    message: { title: string; source: string; time_begin: string }[];
  };
  expect(listed.message).toEqual([
    expect.objectContaining({
      title: 'Собеседование с командой',
      source: 'booking',
      time_begin: chosenTime,
    }),
  ]);
  const invitation = await control.waitForMail(
    (m) => m.to.includes(email),
    `the invitation to ${email}`,
  );
  expect(invitation.subject).toContain('Собеседование с командой');
});
