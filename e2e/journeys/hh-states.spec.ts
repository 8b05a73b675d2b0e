import { AUTH_HEADER } from '../fixtures/api.ts';
import { boardCard, boardColumn, createVacancy } from '../fixtures/pipeline.ts';
import { expect, test } from '../fixtures/test.ts';
import { field } from '../fixtures/ui.ts';

// States out (decision 0054) through the harness's fake hh.ru: a response imported from hh.ru is
// rejected on the board with a message for the applicant; the fake then shows the negotiation
// discarded with that very message.

test('hh.ru: rejecting an imported applicant on the board discards the response with the message', async ({
  page,
  signedIn,
  control,
}) => {
  test.setTimeout(180_000);
  const hh = await control.hh();
  // The harness's fake is one employer for every journey: its vacancy's name is told apart from
  // ours, which every row's picker offers (a row found by text must not match another's picker).
  const position = `Аналитик hh ${signedIn.accountId}`;
  const ourPosition = `Аналитик (наш) ${signedIn.accountId}`;
  const ours = await createVacancy(page.request, signedIn.token, { position: ourPosition });
  const external = await hh.addVacancy(position);
  const nid = await hh.addResponse(external, {
    first_name: 'Вера',
    last_name: 'Отказова',
    email: `vera-${signedIn.accountId}@mail.example`,
  });

  await page.goto('/hh');
  await page.getByRole('button', { name: 'Подключить hh.ru' }).click();
  await expect(page).toHaveURL(/\/hh\?connected=1$/);
  const row = page
    .getByTestId('remote-vacancy')
    // By the site vacancy's own name: every row's picker also lists our vacancies by name.
    .filter({ has: page.locator('strong').getByText(position, { exact: true }) });
  await row.getByLabel(`Наша вакансия для «${position}»`).selectOption(String(ours.id));
  await row.getByRole('button', { name: 'Связать' }).click();
  await expect(row).toContainText(`Связана с «${ourPosition}»`);
  await page.getByRole('button', { name: 'Синхронизировать сейчас' }).click();
  await expect(page.getByTestId('job-site-last-sync')).toContainText('новых кандидатов: 1', {
    timeout: 60_000,
  });

  await page.goto(`/vacancy/${ours.id}/candidates`);
  const name = 'Отказова Вера';
  const card = boardCard(boardColumn(page, 'Новый'), name);
  await expect(card).toBeVisible({ timeout: 30_000 });
  await card.getByRole('button', { name: `Действия: ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Отказать' }).click();
  const dialog = page.getByRole('dialog', { name: 'Отказать кандидату' });
  await dialog.getByRole('radio').first().check();
  const message = 'Вера, спасибо за отклик! Сейчас мы выбрали другого кандидата.';
  await field(dialog, 'Сообщение кандидату на hh.ru').fill(message);
  await dialog.getByRole('button', { name: 'Отказать' }).click();
  await expect(dialog).toBeHidden();

  await expect
    .poll(async () => (await hh.negotiation(nid)).state, { timeout: 30_000 })
    .toBe('discard');
  expect((await hh.negotiation(nid)).messages).toEqual([message]);

  const applicants = await page.request.get(`/api/applicants?vacancy_id=${ours.id}`, {
    headers: { [AUTH_HEADER]: signedIn.token },
  });
  expect(JSON.stringify(await applicants.json())).toContain('Отказова');
});
