import type { Page } from '@playwright/test';
import {
  applicantList,
  applicantRow,
  createApplicant,
  foundCount,
  searchBox,
} from '../fixtures/applicants.ts';
import { createVacancy, placeApplicant } from '../fixtures/pipeline.ts';
import { expect, test } from '../fixtures/test.ts';
import { field } from '../fixtures/ui.ts';

// Item 8 of issue 20: the list shows what a recruiter sorts by, in the columns they choose, and
// the address bar holds the filters and the search so a reload or a shared link shows the same.

/** The chosen columns of the list's header, in their order. */
const headerColumns = (page: Page) =>
  page
    .locator('[data-column]:not(li [data-column])')
    .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-column')));

/** Today in Moscow as YYYY-MM-DD. */
const moscowToday = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Moscow' });

/** The Moscow day before `day` (YYYY-MM-DD). */
const dayBefore = (day: string) =>
  new Date(Date.parse(`${day}T12:00:00+03:00`) - 86_400_000).toLocaleDateString('sv-SE', {
    timeZone: 'Europe/Moscow',
  });

test('columns chosen and ordered, filters by vacancy, stage and date, kept in the URL', async ({
  page,
  context,
  request,
  signedIn,
  control,
}) => {
  const { token } = signedIn;
  const vacancy = await createVacancy(request, token, { position: 'Инженер-сметчик' });
  const [first, second] = vacancy.statuses.filter((s) => !s.is_reject);
  const onFirst = await createApplicant(request, token, {
    last_name: 'Сметова',
    first_name: 'Алла',
    phone: '+7 (916) 555-01-02',
    email: 'smetova@example.ru',
  });
  const onSecond = await createApplicant(request, token, {
    last_name: 'Сметанин',
    first_name: 'Борис',
  });
  const elsewhere = await createApplicant(request, token, {
    last_name: 'Вольный',
    first_name: 'Вадим',
  });
  await placeApplicant(request, token, onFirst.id, vacancy.id, first!.id);
  await placeApplicant(request, token, onSecond.id, vacancy.id, second!.id);
  // Added in the first minutes of one Moscow day, in this order: the dates below hold though
  // midnight passes while the journey runs.
  const addedOn = moscowToday();
  await control.backdate(signedIn.accountId, {
    applicants: [onFirst, onSecond, elsewhere].map((applicant, i) => ({
      id: applicant.id,
      at: `${addedOn}T00:0${i + 1}:00+03:00`,
    })),
  });

  await page.goto('/applicants');
  // The first load may wait for the bundle on a busy machine.
  await expect(foundCount(page, 'Найдено 3 кандидата')).toBeVisible({ timeout: 30_000 });
  expect(await headerColumns(page)).toEqual(['salary', 'age', 'tags', 'source']);

  // Choose columns and put «Вакансия и этап» first, by keyboard-reachable controls.
  await page.getByRole('button', { name: 'Столбцы' }).click();
  const picker = page.getByRole('dialog', { name: 'Столбцы списка' });
  await picker.getByRole('checkbox', { name: 'Возраст' }).uncheck();
  await picker.getByRole('checkbox', { name: 'Теги' }).uncheck();
  await picker.getByRole('checkbox', { name: 'Дата добавления' }).check();
  await picker.getByRole('checkbox', { name: 'Контакты' }).check();
  await picker.getByRole('checkbox', { name: 'Вакансия и этап' }).check();
  for (let i = 0; i < 4; i++) {
    await picker.getByRole('button', { name: '«Вакансия и этап» левее' }).click();
  }
  await expect(picker.getByRole('button', { name: '«Вакансия и этап» левее' })).toBeDisabled();
  await picker.getByRole('button', { name: 'Готово' }).click();
  expect(await headerColumns(page)).toEqual(['vacancy', 'salary', 'source', 'created', 'contacts']);
  const row = applicantRow(page, onFirst.name);
  await expect(row.locator('[data-column="vacancy"]')).toContainText('Инженер-сметчик');
  await expect(row.locator('[data-column="vacancy"]')).toContainText(first!.name);
  await expect(row.locator('[data-column="contacts"]')).toContainText('smetova@example.ru');
  await expect(row.locator('[data-column="created"]')).toContainText(
    addedOn.split('-').reverse().join('.'),
  );
  await expect(applicantRow(page, elsewhere.name).locator('[data-column="vacancy"]')).toHaveText(
    'Не на вакансии',
  );

  // Sort by a column's header: date added (newest first by default), then oldest first.
  const byDate = page.getByRole('button', { name: 'Дата добавления: сортировать' });
  await expect(byDate).toHaveAttribute('aria-pressed', 'true');
  await byDate.click();
  await expect(page).toHaveURL(/sort=created_asc/);
  await expect(applicantList(page).getByRole('link').first()).toHaveText(onFirst.name);

  // Filter by vacancy, stage and date added.
  await page.getByRole('button', { name: /^Фильтры/ }).click();
  const filters = page.getByRole('form', { name: 'Фильтры кандидатов' });
  await field(filters, 'Вакансия').selectOption({ label: 'Инженер-сметчик' });
  await field(filters, 'Этап').selectOption({ label: first!.name });
  await field(filters, 'Добавлен с').fill(addedOn);
  await filters.getByRole('button', { name: 'Применить' }).click();
  await expect(foundCount(page, 'Найден 1 кандидат')).toBeVisible();
  await expect(applicantRow(page, onFirst.name)).toBeVisible();
  await expect(applicantRow(page, onSecond.name)).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`vacancy_id=${vacancy.id}&status_id=${first!.id}`));

  // Only the stage: the other one there.
  await field(filters, 'Этап').selectOption({ label: second!.name });
  await filters.getByRole('button', { name: 'Применить' }).click();
  await expect(applicantRow(page, onSecond.name)).toBeVisible();
  await expect(applicantRow(page, onFirst.name)).toHaveCount(0);

  // Back: the previous filter again; forward: this one.
  await page.goBack();
  await expect(applicantRow(page, onFirst.name)).toBeVisible();
  await expect(applicantRow(page, onSecond.name)).toHaveCount(0);
  await expect(field(filters, 'Этап')).toHaveValue(String(first!.id));
  await page.goForward();
  await expect(applicantRow(page, onSecond.name)).toBeVisible();
  await page.goBack();

  // The search joins the URL too.
  await searchBox(page).fill('Сметова');
  await expect(page).toHaveURL(/search=/);
  await expect(foundCount(page, 'Найден 1 кандидат')).toBeVisible();
  const shared = page.url();
  expect(new URL(shared).searchParams.get('created_from')).toBe(addedOn);

  // A reload shows the same list, the same columns in the same order.
  await page.reload();
  await expect(searchBox(page)).toHaveValue('Сметова', { timeout: 30_000 });
  await expect(foundCount(page, 'Найден 1 кандидат')).toBeVisible();
  await expect(applicantRow(page, onFirst.name)).toBeVisible();
  expect(await headerColumns(page)).toEqual(['vacancy', 'salary', 'source', 'created', 'contacts']);

  // The link in a new page, at 360 px wide: the same list, nothing scrolls sideways.
  const other = await context.newPage();
  await other.setViewportSize({ width: 360, height: 740 });
  await other.goto(shared);
  await expect(searchBox(other)).toHaveValue('Сметова', { timeout: 30_000 });
  await expect(applicantRow(other, onFirst.name)).toBeVisible();
  await expect(applicantRow(other, onSecond.name)).toHaveCount(0);
  expect(await other.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await other.close();

  // A day before anyone was added: nobody.
  await page.getByRole('button', { name: /^Фильтры/ }).click();
  await field(filters, 'Добавлен с').fill('');
  await field(filters, 'Добавлен по').fill(dayBefore(addedOn));
  await filters.getByRole('button', { name: 'Применить' }).click();
  await expect(page.getByText('Никого не нашли')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`created_to=${dayBefore(addedOn)}`));
});
