import { AUTH_HEADER } from '../fixtures/api.ts';
import { createApplicant } from '../fixtures/applicants.ts';
import { expect, test } from '../fixtures/test.ts';

// The «Канал» picker of /delayed-tasks/create (issue 15): Telegram is offered only once the
// company has a bot; a message scheduled by Telegram for an applicant whose chat is linked
// reaches that chat (the harness's fake Bot API) when its time comes.

type Envelope<T> = { code: number; message: T };

test('a message delayed by Telegram reaches the applicant’s chat at its time', async ({
  page,
  request,
  signedIn,
  control,
}) => {
  const headers = { [AUTH_HEADER]: signedIn.token };
  const applicant = await createApplicant(request, signedIn.token, {
    first_name: 'Вера',
    last_name: 'Лукина',
    email: `vera-${Date.now().toString(36)}@e2e.test`,
  });

  // No bot yet: Telegram is off, and the form says why.
  await page.goto(`/delayed-tasks/create?applicant_ids=${applicant.id}`);
  await page.getByLabel('Действие').selectOption('send_message');
  await expect(page.getByRole('radio', { name: 'Telegram' })).toBeDisabled();
  await expect(page.getByText('Telegram-бот не подключён')).toBeVisible();

  const telegram = await control.telegram();
  const username = `later_${signedIn.accountId}_bot`;
  const bot = await telegram.addBot(username, 'HR-бот');
  const connected = await request.post('/api/msg_integrations/msg_channels', {
    headers,
    data: { kind: 'telegram', scope: 'account', token: bot.token },
  });
  expect(connected.ok(), await connected.text()).toBe(true);
  const links = await request.get(
    `/api/msg_integrations/chats/applicant_chats/${applicant.id}/telegram_links`,
    { headers },
  );
  const [link] = ((await links.json()) as Envelope<{ items: { url: string }[] }>).message.items;
  const vera = await telegram.addUser({ first_name: 'Вера' });
  await telegram.start(username, vera.id, new URL(link!.url).searchParams.get('start')!);

  await page.reload();
  await page.getByLabel('Действие').selectOption('send_message');
  await page.getByRole('radio', { name: 'Telegram' }).check();
  await expect(page.getByText('сообщение уйдёт по e-mail')).toBeVisible();
  await page.getByLabel('Тема').fill('Напоминание');
  await page.getByLabel('Текст').fill('Вера, ждём вас завтра в 11:00');
  await page.getByLabel('Рабочих дней').fill('1');
  await page.getByLabel('Время', { exact: true }).fill('10:00');
  await page.getByRole('button', { name: 'Запланировать' }).click();
  await expect(page).toHaveURL(/\/delayed-tasks\/\d+$/);

  // Nothing before its time; then the chat gets it.
  expect(
    (await telegram.sent(username, vera.id)).some((s) =>
      (s.message.text ?? '').includes('ждём вас завтра'),
    ),
  ).toBe(false);
  expect(await control.runDelayedTasksNow(signedIn.accountId)).toBe(1);
  const rows = page.getByRole('table', { name: 'Действия по кандидатам' }).getByRole('row');
  await page.reload();
  await expect(rows.filter({ hasText: 'Выполнено' })).toContainText(
    'Сообщение отправлено в переписку с кандидатом (Telegram)',
  );
  await telegram.waitForSent(
    username,
    vera.id,
    (s) => (s.message.text ?? '').includes('Вера, ждём вас завтра в 11:00'),
    'the delayed message in the applicant’s chat',
  );
});
