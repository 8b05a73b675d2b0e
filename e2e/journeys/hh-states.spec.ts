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

// Issue 16's screens: the funnel's «Статус на hh.ru» chosen in the settings, the result of the
// change on the applicant's card, and the résumé's photo brought with the response.
test('hh.ru: a stage’s state chosen in the funnel settings reaches hh.ru, the card shows the result and the photo', async ({
  page,
  signedIn,
  control,
}) => {
  test.setTimeout(180_000);
  const hh = await control.hh();
  const message = 'Ирина, давайте созвонимся: мы напишем вам сегодня.';

  // «Первичный контакт» changes nothing on hh.ru until the funnel says otherwise.
  await page.goto('/settings/funnels');
  const stageForm = page.getByRole('form', {
    name: 'Статус на hh.ru для этапа «Первичный контакт»',
  });
  await expect(field(stageForm, 'Статус на hh.ru')).toHaveValue('none');
  // Reachable from the keyboard: the select takes the focus like any control.
  await field(stageForm, 'Статус на hh.ru').focus();
  await expect(field(stageForm, 'Статус на hh.ru')).toBeFocused();
  await field(stageForm, 'Статус на hh.ru').selectOption('invitation');
  await field(stageForm, 'Сообщение кандидату').fill(message);
  await stageForm.getByRole('button', { name: 'Сохранить' }).click();
  await expect(stageForm.getByRole('button', { name: 'Сохранить' })).toBeDisabled();
  await page.reload();
  await expect(field(stageForm, 'Статус на hh.ru')).toHaveValue('invitation');
  await expect(field(stageForm, 'Сообщение кандидату')).toHaveValue(message);

  const position = `Менеджер hh ${signedIn.accountId}`;
  const ourPosition = `Менеджер (наш) ${signedIn.accountId}`;
  const ours = await createVacancy(page.request, signedIn.token, { position: ourPosition });
  const external = await hh.addVacancy(position);
  const nid = await hh.addResponse(external, {
    first_name: 'Ирина',
    last_name: 'Звонкова',
    email: `irina-${signedIn.accountId}@mail.example`,
    photo: hh.photoUrl('ok.png'),
  });
  await page.goto('/hh');
  await page.getByRole('button', { name: 'Подключить hh.ru' }).click();
  await expect(page).toHaveURL(/\/hh\?connected=1$/);
  const row = page
    .getByTestId('remote-vacancy')
    .filter({ has: page.locator('strong').getByText(position, { exact: true }) });
  await row.getByLabel(`Наша вакансия для «${position}»`).selectOption(String(ours.id));
  await row.getByRole('button', { name: 'Связать' }).click();
  await expect(row).toContainText(`Связана с «${ourPosition}»`);
  await page.getByRole('button', { name: 'Синхронизировать сейчас' }).click();
  await expect(page.getByTestId('job-site-last-sync')).toContainText('новых кандидатов: 1', {
    timeout: 60_000,
  });

  const found = await page.request.get(`/api/applicants?vacancy_id=${ours.id}`, {
    headers: { [AUTH_HEADER]: signedIn.token },
  });
  const list = (await found.json()) as {
    message: { applicants: { id: number; last_name: string | null }[] };
  };
  const irina = list.message.applicants.find((a) => a.last_name === 'Звонкова')!;
  await page.goto(`/applicant/${irina.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Звонкова');

  // The résumé's photo, downloaded with the response, is the card's photo and loads.
  const avatar = page.locator('img[src*="/api/files/"]').first();
  await expect(avatar).toBeVisible();
  await expect
    .poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);

  const actions = page.getByRole('group', { name: `Действия на вакансии «${ourPosition}»` });
  await field(actions, 'Новый этап').selectOption({ label: 'Первичный контакт' });
  await actions.getByRole('button', { name: 'Перевести' }).click();
  const line = page.getByTestId('job-site-state');
  await expect(line).toHaveText('Статус на hh.ru: Приглашение — Приглашение отправлено на hh.ru', {
    timeout: 30_000,
  });
  expect(await hh.negotiation(nid)).toMatchObject({ state: 'invitation', messages: [message] });
});
