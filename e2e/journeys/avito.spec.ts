import { AUTH_HEADER } from '../fixtures/api.ts';
import { createVacancy } from '../fixtures/pipeline.ts';
import { expect, test } from '../fixtures/test.ts';

// Avito through the harness's fake (decision 0055): on /avito a wrong client secret is refused
// on its field in Russian, the right pair connects; the vacancy Avito's applications name is
// linked to ours, «Синхронизировать сейчас» brings both applications onto the board, and the
// person already in the base (same phone) gets the application instead of a second card.

test('Avito: connect with client credentials, link, sync — the known one not duplicated', async ({
  page,
  signedIn,
  control,
}) => {
  test.setTimeout(180_000);
  const position = `Курьер Авито ${signedIn.accountId}`;
  const ours = await createVacancy(page.request, signedIn.token, { position });
  const avitoVacancy = 3_200_000_000 + signedIn.accountId;
  const knownPhone = `+7916${String(1_000_000 + signedIn.accountId).slice(-7)}`;
  const known = await page.request.post('/api/applicants', {
    headers: { [AUTH_HEADER]: signedIn.token },
    data: { first_name: 'Пётр', last_name: 'Известный', phone: knownPhone },
  });
  expect(known.ok()).toBe(true);
  await control.addAvitoApplication({
    vacancyId: avitoVacancy,
    name: { first_name: 'Анна', last_name: 'Откликова' },
    phone: `+7925${String(2_000_000 + signedIn.accountId).slice(-7)}`,
    resume: { title: 'Курьер', salary: 90000 },
  });
  await control.addAvitoApplication({
    vacancyId: avitoVacancy,
    name: { first_name: 'Пётр', last_name: 'Известный' },
    phone: knownPhone,
  });

  await page.goto('/avito');
  await expect(
    page.getByRole('heading', { name: 'Интеграция с Avito Работа', level: 1 }),
  ).toBeVisible();
  await page.getByLabel('client_id').fill('e2e-avito-id');
  await page.getByLabel('client_secret').fill('wrong-secret');
  await page.getByRole('button', { name: 'Подключить Avito Работа' }).click();
  await expect(page.getByText('Авито не принял client_id и client_secret').first()).toBeVisible();
  await page.getByLabel('client_secret').fill('e2e-avito-secret');
  await page.getByRole('button', { name: 'Подключить Avito Работа' }).click();
  await expect(page).toHaveURL(/\/avito\?connected=1$/);
  await expect(page.getByRole('heading', { name: 'ООО «Ромашка»' })).toBeVisible();

  const remoteName = `Вакансия на Авито № ${avitoVacancy}`;
  const row = page
    .getByTestId('remote-vacancy')
    // By the site vacancy's own name: every row's picker also lists our vacancies by name.
    .filter({ has: page.locator('strong').getByText(remoteName, { exact: true }) });
  await row.getByLabel(`Наша вакансия для «${remoteName}»`).selectOption(String(ours.id));
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
