import type { Page } from '@playwright/test';
import { AUTH_HEADER } from '../fixtures/api.ts';
import { createVacancy } from '../fixtures/pipeline.ts';
import { expect, test } from '../fixtures/test.ts';

// The employer's hh.ru vacancies not linked yet (decision 0060), through the harness's fake: the
// recruiter opens «Вакансии hh.ru без связи», imports one (our vacancy is made from its fields),
// links another to a vacancy of ours, and both leave the list; then edits the linked one's
// publication from the vacancy's card — hh.ru refuses a short description on its field, the fix
// is saved on the site.

const LONG =
  'Развиваем сервис для рекрутеров: интеграции с сайтами вакансий, воронка найма, аналитика. '.repeat(
    4,
  );

/** The site vacancy's row by its own name (every row's picker lists our vacancies by name too). */
async function rowOf(page: Page, name: string) {
  const row = page
    .getByTestId('unlinked-vacancy')
    .filter({ has: page.locator('strong').getByText(name, { exact: true }) });
  // The harness's fake is shared: a vacancy made later may be on a later page of hh.ru's list.
  for (let pageNo = 1; pageNo < 40; pageNo += 1) {
    await expect(page.getByTestId('unlinked-vacancy').first()).toBeVisible();
    if ((await row.count()) > 0) return row;
    const next = page.getByRole('button', { name: 'Дальше' });
    if (!(await next.isVisible()) || (await next.isDisabled())) break;
    await next.click();
    await expect(page.getByText(`Страница ${pageNo + 1} из`)).toBeVisible();
  }
  return row;
}

test('hh.ru vacancies not linked: import one, link another, edit a publication fixing a site error', async ({
  page,
  signedIn,
  control,
}) => {
  test.setTimeout(180_000);
  const hh = await control.hh();
  const ours = await createVacancy(page.request, signedIn.token, {
    position: `Наша вакансия ${signedIn.accountId}`,
  });
  const toImport = `Импорт с hh ${signedIn.accountId}`;
  const toLink = `Связь с hh ${signedIn.accountId}`;
  await hh.addVacancy(toImport, {
    area: 'Санкт-Петербург',
    salary_from: 100000,
    salary_to: 150000,
  });
  const linkedId = await hh.addVacancy(toLink);

  await page.goto('/hh');
  await page.getByRole('button', { name: 'Подключить hh.ru' }).click();
  await expect(page).toHaveURL(/\/hh\?connected=1$/);

  await page.goto('/remote-vacancies');
  await page.getByRole('link', { name: 'Вакансии hh.ru без связи' }).click();
  await expect(page.getByRole('heading', { name: 'Вакансии hh.ru без связи' })).toBeVisible();

  const imported = await rowOf(page, toImport);
  await expect(imported).toContainText('Санкт-Петербург');
  await imported.getByRole('button', { name: 'Импортировать' }).click();
  await expect(page.getByText('Вакансия импортирована')).toBeVisible();
  await expect(imported).toHaveCount(0);

  const linked = await rowOf(page, toLink);
  await linked.getByLabel(`Наша вакансия для «${toLink}»`).selectOption(String(ours.id));
  await linked.getByRole('button', { name: 'Связать' }).click();
  await expect(page.getByText('Вакансии связаны')).toBeVisible();
  await expect(linked).toHaveCount(0);

  // The imported one is our vacancy now, with hh.ru's salary and city.
  const found = await page.request.get(
    `/api/vacancies?search=${encodeURIComponent(toImport)}&per_page=10`,
    { headers: { [AUTH_HEADER]: signedIn.token } },
  );
  const list = (await found.json()) as {
    message: { vacancies: { position: string; salary_from: number; city: string | null }[] };
  };
  expect(list.message.vacancies).toEqual([
    expect.objectContaining({ position: toImport, salary_from: 100000, city: 'Санкт-Петербург' }),
  ]);

  await page.goto(`/vacancy/${ours.id}`);
  const publication = page.getByTestId('publication');
  await expect(publication.getByTestId('publication-state')).toHaveText('Опубликована');
  await publication.getByRole('link', { name: 'Редактировать' }).click();
  await expect(page.getByRole('heading', { name: 'Изменение публикации на hh.ru' })).toBeVisible();
  await expect(page.getByLabel('Название')).toHaveValue(toLink);
  await expect(page.getByLabel('Регион')).toHaveValue('1');

  await page.getByLabel('Название').fill(`${toLink} (обновлена)`);
  await page.getByLabel('Описание').fill('Коротко о вакансии');
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(page.getByText('Описание: слишком коротко')).toBeVisible();
  await expect(page.getByLabel('Описание')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Описание').fill(LONG);
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/vacancy/${ours.id}$`));
  const onSite = await hh.vacancy(linkedId);
  expect(onSite.name).toBe(`${toLink} (обновлена)`);
  expect(onSite.description).toContain('Развиваем сервис для рекрутеров');
});
