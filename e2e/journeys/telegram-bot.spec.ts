import { AUTH_HEADER } from '../fixtures/api.ts';
import { createApplicant } from '../fixtures/applicants.ts';
import { createVacancy, placeApplicant } from '../fixtures/pipeline.ts';
import { expect, test } from '../fixtures/test.ts';

// The harness's fake Telegram Bot API and the running server, end to end, through the HTTP API
// (the «Переписка» screens drive the same calls in messaging.spec.ts): a bot connected by its
// token gets its webhook at PUBLIC_URL, the applicant starts it by the card's deep link and
// writes, the message is on the card, and the recruiter's answer reaches the applicant's chat.

type Envelope<T> = { code: number; message: T };

test('a bot connected by token hears the applicant and answers through the outbox', async ({
  request,
  account,
  control,
}) => {
  const headers = { [AUTH_HEADER]: account.token };
  const telegram = await control.telegram();
  const username = `hr_${account.accountId}_bot`;
  const bot = await telegram.addBot(username, 'HR-бот');

  const connected = await request.post('/api/msg_integrations/msg_channels', {
    headers,
    data: { kind: 'telegram', scope: 'account', token: bot.token },
  });
  const channel = ((await connected.json()) as Envelope<{ id: number; address: string }>).message;
  expect(channel.address).toBe(`@${username}`);

  const applicant = await createApplicant(request, account.token, {
    first_name: 'Алина',
    last_name: 'Соколова',
  });
  const links = await request.get(
    `/api/msg_integrations/chats/applicant_chats/${applicant.id}/telegram_links`,
    { headers },
  );
  const [link] = ((await links.json()) as Envelope<{ items: { url: string }[] }>).message.items;
  expect(link!.url).toMatch(new RegExp(`^https://t\\.me/${username}\\?start=`));

  const alina = await telegram.addUser({ first_name: 'Алина' });
  await telegram.start(username, alina.id, new URL(link!.url).searchParams.get('start')!);
  await telegram.sendText(username, alina.id, 'Здравствуйте! Когда собеседование?');

  const texts = async () => {
    const response = await request.get(
      `/api/msg_integrations/chats/applicant_chats_history/${applicant.id}`,
      { headers },
    );
    const body = (await response.json()) as Envelope<{ items: { text: string }[] }>;
    return body.message.items.map((m) => m.text);
  };
  await expect.poll(texts, { timeout: 15_000 }).toContain('Здравствуйте! Когда собеседование?');

  const answer = await request.post(
    `/api/msg_integrations/chats/applicant_chats/${applicant.id}/messages`,
    { headers, data: { channel_id: channel.id, text: 'Завтра в 11:00, ждём вас!' } },
  );
  expect(answer.ok(), await answer.text()).toBe(true);
  await telegram.waitForSent(
    username,
    alina.id,
    (sent) => sent.message.text === 'Завтра в 11:00, ждём вас!',
    'the answer in the applicant’s chat',
  );
});

test('on the board’s side panel, «Переписка» shows the conversation, and a template’s %telegram_link% reaches the chat as the card’s link', async ({
  page,
  request,
  signedIn,
  control,
}) => {
  const headers = { [AUTH_HEADER]: signedIn.token };
  const telegram = await control.telegram();
  const username = `board_${signedIn.accountId}_bot`;
  const bot = await telegram.addBot(username, 'HR-бот');
  const connected = await request.post('/api/msg_integrations/msg_channels', {
    headers,
    data: { kind: 'telegram', scope: 'account', token: bot.token },
  });
  expect(connected.ok(), await connected.text()).toBe(true);
  const template = await request.post('/api/account_mail_temps', {
    headers,
    data: {
      name: 'Ссылка на бота',
      title: 'Telegram',
      description: '<p>Пишите нам в Telegram: %telegram_link%</p>',
      is_shared: true,
    },
  });
  expect(template.ok(), await template.text()).toBe(true);

  const applicant = await createApplicant(request, signedIn.token, {
    first_name: 'Милана',
    last_name: 'Бортова',
  });
  const vacancy = await createVacancy(request, signedIn.token, { position: 'Кладовщик' });
  await placeApplicant(request, signedIn.token, applicant.id, vacancy.id);
  const links = await request.get(
    `/api/msg_integrations/chats/applicant_chats/${applicant.id}/telegram_links`,
    { headers },
  );
  const [link] = ((await links.json()) as Envelope<{ items: { url: string }[] }>).message.items;
  const milana = await telegram.addUser({ first_name: 'Милана' });
  await telegram.start(username, milana.id, new URL(link!.url).searchParams.get('start')!);
  await telegram.sendText(username, milana.id, 'Добрый день, я по вакансии кладовщика');

  await page.goto(`/vacancy/${vacancy.id}/candidates?applicant=${applicant.id}`);
  const panel = page.getByRole('dialog', { name: `Карточка: ${applicant.name}` });
  await panel.getByRole('tab', { name: 'Переписка' }).click();
  await expect(page).toHaveURL(/tab=messages/);
  await expect(panel.getByText('Добрый день, я по вакансии кладовщика')).toBeVisible({
    timeout: 15_000,
  });

  await panel.getByRole('group', { name: 'Канал' }).getByText('Telegram').click();
  await panel.getByLabel('Шаблон').selectOption({ label: 'Ссылка на бота' });
  const text = panel.getByLabel('Текст сообщения');
  await expect(text).toHaveValue(new RegExp(`https://t\\.me/${username}\\?start=`));
  await panel.getByRole('button', { name: 'Отправить' }).click();
  const sent = await telegram.waitForSent(
    username,
    milana.id,
    (message) => message.message.text?.includes('Пишите нам в Telegram') ?? false,
    'the template with the bot link',
  );
  // The link in the message is this applicant's own: the card's deep link.
  expect(sent.message.text).toContain(link!.url);

  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(page).not.toHaveURL(/tab=messages/);
});
