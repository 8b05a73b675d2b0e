import type { Page } from '@playwright/test';
import { AUTH_HEADER, addMember, signInBrowser } from '../fixtures/api.ts';
import { expect, test } from '../fixtures/test.ts';
import { expectPath, field, navigation, toast } from '../fixtures/ui.ts';
import { APP_URL } from '../harness/ports.ts';

// Dates by the 2026 decree on moved days off (Постановление Правительства РФ от 24.09.2025
// № 1466): 1–8 January are holidays and Friday 9 January a day off moved from Saturday 3 January.

async function showYear(page: Page, year: number) {
  const heading = page.getByRole('heading', { level: 3, name: /^\d{4}$/ });
  for (let i = 0; i < 5; i += 1) {
    const shown = Number(await heading.textContent());
    if (shown === year) return;
    await page
      .getByRole('button', { name: shown < year ? 'Следующий год' : 'Предыдущий год' })
      .click();
    await expect(heading).not.toHaveText(String(shown));
  }
  await expect(heading).toHaveText(String(year));
}

const day = (page: Page, date: string) => page.locator(`button[data-date="${date}"]`);

async function countDeadline(page: Page, date: string, days: number) {
  const helper = page.getByRole('form', { name: 'Посчитать срок' });
  await field(helper, 'Дата').fill(date);
  await field(helper, 'Рабочих дней').fill(String(days));
  await helper.getByRole('button', { name: 'Посчитать срок' }).click();
  return helper.getByTestId('deadline-result');
}

test('an admin sets the company defaults and its own day off, and deadlines follow them', async ({
  page,
  signedIn,
}) => {
  expect(signedIn.token).toBeTruthy();
  await page.goto('/settings/common');
  await expect(page.getByRole('heading', { level: 1, name: 'Настройки — Общие' })).toBeVisible();

  await expect(await countDeadline(page, '30.12.2025', 1)).toHaveText(
    '12 января 2026, понедельник',
  );

  const form = page.getByRole('form', { name: 'Общие настройки' });
  await field(form, 'Часовой пояс компании').selectOption('Asia/Novosibirsk');
  await field(form, 'Валюта по умолчанию').selectOption('KZT');
  await form.getByRole('button', { name: 'Суббота' }).click();
  await form.getByRole('button', { name: 'Сохранить' }).click();
  await expect(toast(page, 'Общие настройки сохранены')).toBeVisible();

  await page.reload();
  await expect(field(form, 'Часовой пояс компании')).toHaveValue('Asia/Novosibirsk');
  await expect(field(form, 'Валюта по умолчанию')).toHaveValue('KZT');
  await expect(form.getByRole('button', { name: 'Суббота' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(form.getByRole('button', { name: 'Воскресенье' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );

  // Working Saturdays now: the first working day after 30 December is Saturday 10 January.
  await expect(await countDeadline(page, '30.12.2025', 1)).toHaveText('10 января 2026, суббота');

  await showYear(page, 2026);
  await expect(day(page, '2026-01-09')).toHaveAttribute('data-working', 'false');
  await expect(day(page, '2026-01-10')).toHaveAttribute('data-working', 'true');
  await day(page, '2026-01-10').click();
  await expect(toast(page, '10 января 2026, суббота: выходной')).toBeVisible();
  await expect(day(page, '2026-01-10')).toHaveAttribute('data-working', 'false');

  await expect(await countDeadline(page, '30.12.2025', 1)).toHaveText(
    '12 января 2026, понедельник',
  );
  await page.reload();
  await showYear(page, 2026);
  await expect(day(page, '2026-01-10')).toHaveAttribute('data-working', 'false');
  await expect(day(page, '2026-01-10')).toHaveAttribute('aria-label', /день компании/);
});

test('a recruiter without the admin flag sees the settings read-only; a watcher is kept out', async ({
  page,
  context,
  request,
  account,
}) => {
  // The admin marks a day off through the API; the recruiter must see it but not change it.
  const marked = await request.put(`${APP_URL}/api/account_calendar/days`, {
    headers: { [AUTH_HEADER]: account.token },
    data: { days: [{ date: '2026-01-12', is_working: false }] },
  });
  expect(marked.status()).toBe(200);

  const recruiter = await addMember(request, account, { member_type: 'owner', is_admin: false });
  await signInBrowser(context, recruiter.token);
  await page.goto('/settings/common');
  await expect(page.getByRole('note')).toHaveText(
    'Изменять общие настройки и календарь компании может только администратор.',
  );
  const form = page.getByRole('form', { name: 'Общие настройки' });
  await expect(field(form, 'Часовой пояс компании')).toBeDisabled();
  await expect(form.getByRole('button', { name: 'Суббота' })).toBeDisabled();
  await expect(form.getByRole('button', { name: 'Сохранить' })).toHaveCount(0);
  await showYear(page, 2026);
  await expect(day(page, '2026-01-12')).toBeDisabled();
  await expect(day(page, '2026-01-12')).toHaveAttribute('data-working', 'false');
  // Everyone counts deadlines, with the company's day off.
  await expect(await countDeadline(page, '30.12.2025', 1)).toHaveText('13 января 2026, вторник');

  // SPEC.md §6: the settings area is closed to watchers; the API refuses them a change too.
  const watcher = await addMember(request, account, { member_type: 'watcher', is_admin: true });
  await signInBrowser(context, watcher.token);
  await page.goto('/settings/common');
  await expectPath(page, '/');
  await expect(navigation(page)).toBeVisible();
  const refused = await request.patch(`${APP_URL}/api/account/common_settings`, {
    headers: { [AUTH_HEADER]: watcher.token },
    data: { currency: 'USD' },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe(
    'Изменять общие настройки компании может только администратор',
  );
});
