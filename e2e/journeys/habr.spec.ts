import { AUTH_HEADER } from '../fixtures/api.ts';
import { createVacancy } from '../fixtures/pipeline.ts';
import { expect, test } from '../fixtures/test.ts';

// Habr Career through the harness's fake (decision 0055): connect on /habr (the consent returns
// at once), link the site's vacancy to ours, sync now; both responses land on the board, and the
// person already in the base (same e-mail) gets the application instead of a second card.

test('Habr Career: connect, link, sync — responses on the board, the known one not duplicated', async ({
  page,
  signedIn,
  control,
}) => {
  test.setTimeout(180_000);
  const position = `Frontend Хабр ${signedIn.accountId}`;
  const ours = await createVacancy(page.request, signedIn.token, { position });
  const external = await control.addHabrVacancy(position);
  const email = `known-habr-${signedIn.accountId}@mail.example`;
  const known = await page.request.post('/api/applicants', {
    headers: { [AUTH_HEADER]: signedIn.token },
    data: { first_name: 'Пётр', last_name: 'Известный', email },
  });
  expect(known.ok()).toBe(true);
  await control.addHabrResponse(external, {
    login: `anna${signedIn.accountId}`,
    name: 'Анна Откликова',
    emails: [`anna-habr-${signedIn.accountId}@mail.example`],
    skills: ['React'],
  });
  await control.addHabrResponse(external, {
    login: `petr${signedIn.accountId}`,
    name: 'Пётр Известный',
    emails: [email],
  });

  await page.goto('/habr');
  await expect(
    page.getByRole('heading', { name: 'Интеграция с Хабр Карьера', level: 1 }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Подключить Хабр Карьера' }).click();
  await expect(page).toHaveURL(/\/habr\?connected=1$/);
  await expect(page.getByRole('heading', { name: 'ООО «Ромашка»' })).toBeVisible();

  const row = page
    .getByTestId('remote-vacancy')
    // By the site vacancy's own name: every row's picker also lists our vacancies by name.
    .filter({ has: page.locator('strong').getByText(position, { exact: true }) });
  await row.getByLabel(`Наша вакансия для «${position}»`).selectOption(String(ours.id));
  await row.getByRole('button', { name: 'Связать' }).click();
  await expect(row).toContainText(`Связана с «${position}»`);

  await page.getByRole('button', { name: 'Синхронизировать сейчас' }).click();
  await expect(page.getByTestId('job-site-last-sync')).toContainText(
    'новых кандидатов: 1, уже в базе: 1',
    { timeout: 60_000 },
  );

  await page.goto(`/vacancy/${ours.id}/candidates`);
  await expect(page.getByText('Откликова').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Известный').first()).toBeVisible();
  const all = await page.request.get('/api/applicants?per_page=100', {
    headers: { [AUTH_HEADER]: signedIn.token },
  });
  expect((JSON.stringify(await all.json()).match(/Известный/g) ?? []).length).toBe(1);
});

// Habr Career takes no vacancies through its API (decision 0063): the vacancy's card offers it,
// and its page says how responses come instead (placed on the site, linked on /habr).
test('Habr Career publication: the page says the site takes vacancies on its own pages', async ({
  page,
  signedIn,
}) => {
  const ours = await createVacancy(page.request, signedIn.token, {
    position: `Backend Хабр ${signedIn.accountId}`,
  });
  await page.goto(`/vacancy/${ours.id}`);
  await page.getByRole('link', { name: 'Опубликовать на Хабр Карьере' }).click();
  await expect(
    page.getByRole('heading', { name: 'Публикация на Хабр Карьере', level: 1 }),
  ).toBeVisible();
  await expect(page.getByText('Хабр Карьера не принимает вакансии через API')).toBeVisible();
  await page.getByRole('link', { name: 'Перейти к Хабр Карьере' }).click();
  await expect(page).toHaveURL(/\/habr$/);
});
