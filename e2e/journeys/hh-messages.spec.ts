import { AUTH_HEADER } from '../fixtures/api.ts';
import { createVacancy } from '../fixtures/pipeline.ts';
import { expect, test } from '../fixtures/test.ts';

// hh.ru negotiation messages in the applicant's conversation (decision 0062) through the
// harness's fake: a response arrives, the applicant writes on hh.ru, the sync brings the message
// onto the card labelled hh.ru, the recruiter answers from the card through the channel hh.ru and
// the fake's negotiation holds the answer.

test('hh.ru: the applicant’s message in the negotiation appears in the conversation, the answer from the card reaches the negotiation', async ({
  page,
  signedIn,
  control,
}) => {
  test.setTimeout(180_000);
  const hh = await control.hh();
  // The harness's fake is one employer for every journey: the site's vacancy is named apart from
  // ours, which every row's picker offers.
  const position = `Тестировщик hh ${signedIn.accountId}`;
  const ourPosition = `Тестировщик (наш) ${signedIn.accountId}`;
  const ours = await createVacancy(page.request, signedIn.token, { position: ourPosition });
  const external = await hh.addVacancy(position);
  const lastName = `Перепискина${signedIn.accountId}`;
  const nid = await hh.addResponse(external, {
    first_name: 'Дарья',
    last_name: lastName,
    email: `darya-${signedIn.accountId}@mail.example`,
  });

  await test.step('the response arrives', async () => {
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
  });

  await test.step('the applicant writes on hh.ru and the sync brings it', async () => {
    await hh.addApplicantMessage(nid, 'Здравствуйте! Вакансия ещё открыта?');
    await page.getByRole('button', { name: 'Синхронизировать сейчас' }).click();
    await expect(page.getByTestId('job-site-last-sync')).toContainText('пропущено: 1', {
      timeout: 60_000,
    });
  });

  const listed = await page.request.get(`/api/applicants?vacancy_id=${ours.id}`, {
    headers: { [AUTH_HEADER]: signedIn.token },
  });
  const body = (await listed.json()) as unknown;
  // The list's page, whatever its envelope: the card whose last name is the applicant's.
  const find = (value: unknown): { id: number } | undefined => {
    if (Array.isArray(value)) return value.map(find).find(Boolean);
    if (!value || typeof value !== 'object') return undefined;
    const record = value as Record<string, unknown>;
    if (record.last_name === lastName && typeof record.id === 'number') return { id: record.id };
    return Object.values(record).map(find).find(Boolean);
  };
  const applicant = find(body);
  expect(applicant, JSON.stringify(body)).toBeDefined();

  const log = page.getByRole('log', { name: 'Сообщения' });
  await test.step('the message is in the card’s conversation, labelled hh.ru', async () => {
    await page.goto(`/applicant/${applicant!.id}`);
    await page.getByRole('tab', { name: 'Переписка' }).click();
    const incoming = log
      .getByRole('article')
      .filter({ hasText: 'Здравствуйте! Вакансия ещё открыта?' });
    await expect(incoming).toBeVisible({ timeout: 30_000 });
    await expect(incoming).toContainText('hh.ru');
  });

  await test.step('the recruiter answers through hh.ru and the negotiation receives it', async () => {
    await page.getByRole('group', { name: 'Канал' }).getByText('hh.ru').click();
    await expect(page.getByRole('radio', { name: /hh\.ru/ })).toBeChecked();
    await expect(page.getByRole('button', { name: 'Приложить файл' })).toBeHidden();
    const answer = 'Да, открыта. Приглашаем на интервью в четверг в 11:00.';
    await page.getByLabel('Текст сообщения').fill(answer);
    await page.getByRole('button', { name: 'Отправить' }).click();
    await expect(log.getByRole('article').filter({ hasText: answer })).toContainText('Отправлено', {
      timeout: 30_000,
    });
    await expect
      .poll(
        async () => (await hh.chat(nid)).filter((m) => m.author === 'employer').map((m) => m.text),
        {
          timeout: 30_000,
        },
      )
      .toEqual([answer]);
  });
});
