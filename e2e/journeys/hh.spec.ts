import { AUTH_HEADER } from '../fixtures/api.ts';
import { createVacancy } from '../fixtures/pipeline.ts';
import { expect, test } from '../fixtures/test.ts';

// hh.ru through the harness's fake: connect on /hh (the consent returns at once), link the site's
// vacancy to ours with «Связать», sync now; both responses land on the vacancy's board, and the
// applicant already in the base gets the application instead of a second card.

test('hh.ru: connect, link, sync — responses on the board, the known one not duplicated', async ({
  page,
  signedIn,
  control,
}) => {
  test.setTimeout(180_000);
  const hh = await control.hh();
  const position = `Разработчик hh ${signedIn.accountId}`;
  const ours = await createVacancy(page.request, signedIn.token, { position });
  const external = await hh.addVacancy(position);
  const email = `known-${signedIn.accountId}@mail.example`;
  const known = await page.request.post('/api/applicants', {
    headers: { [AUTH_HEADER]: signedIn.token },
    data: { first_name: 'Пётр', last_name: 'Известный', email },
  });
  expect(known.ok()).toBe(true);
  await hh.addResponse(external, {
    first_name: 'Анна',
    last_name: 'Откликова',
    title: 'Frontend-разработчик',
    email: `anna-${signedIn.accountId}@mail.example`,
    skills: ['React'],
  });
  await hh.addResponse(external, { first_name: 'Пётр', last_name: 'Известный', email });

  await page.goto('/hh');
  await expect(page.getByRole('heading', { name: 'Интеграция с hh.ru', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Подключить hh.ru' }).click();
  await expect(page).toHaveURL(/\/hh\?connected=1$/);
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

  const list = await page.request.get(`/api/applicants?vacancy_id=${ours.id}`, {
    headers: { [AUTH_HEADER]: signedIn.token },
  });
  const body = (await list.json()) as {
    message: { last_name: string | null }[] | { items: unknown[] };
  };
  expect(JSON.stringify(body)).toContain('Откликова');

  await page.goto(`/vacancy/${ours.id}/candidates`);
  await expect(page.getByText('Откликова').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Известный').first()).toBeVisible();
  const all = await page.request.get('/api/applicants?per_page=100', {
    headers: { [AUTH_HEADER]: signedIn.token },
  });
  expect((JSON.stringify(await all.json()).match(/Известный/g) ?? []).length).toBe(1);
});
