import { AUTH_HEADER } from '../fixtures/api.ts';
import { createApplicant } from '../fixtures/applicants.ts';
import { expect, test } from '../fixtures/test.ts';

// A recruiter links their own Telegram from the profile (/user) to the company's bot (the harness's fake
// Bot API), an applicant writes to that bot, and the recruiter's chat gets the notification.

type Envelope<T> = { code: number; message: T };

test('«Подключить Telegram» in the profile ties the recruiter’s chat, and an applicant’s message reaches it', async ({
  page,
  request,
  signedIn,
  control,
}) => {
  const headers = { [AUTH_HEADER]: signedIn.token };
  const telegram = await control.telegram();
  const username = `notify_${signedIn.accountId}_bot`;
  const bot = await telegram.addBot(username, 'HR-бот');
  const connected = await request.post('/api/msg_integrations/msg_channels', {
    headers,
    data: { kind: 'telegram', scope: 'account', token: bot.token },
  });
  expect(connected.ok(), await connected.text()).toBe(true);

  await page.goto('/user');
  await page.getByRole('button', { name: 'Подключить Telegram' }).click();
  const link = page.getByRole('link', { name: 'ссылку на бота' });
  const href = await link.getAttribute('href');
  expect(href).toMatch(new RegExp(`^https://t\\.me/${username}\\?start=[A-Za-z0-9_-]+$`));

  const recruiter = await telegram.addUser({ first_name: 'Ольга' });
  await telegram.start(username, recruiter.id, new URL(href!).searchParams.get('start')!);
  await expect(
    page.getByText(`Telegram подключён: уведомления приходят в чат с ботом @${username}`),
  ).toBeVisible({
    timeout: 15_000,
  });
  await expect(
    page.getByRole('checkbox', { name: 'Кандидат написал в переписке: Telegram' }),
  ).toBeChecked();

  // The applicant starts the bot by the card's deep link and writes.
  const applicant = await createApplicant(request, signedIn.token, {
    first_name: 'Алина',
    last_name: 'Соколова',
  });
  const links = await request.get(
    `/api/msg_integrations/chats/applicant_chats/${applicant.id}/telegram_links`,
    { headers },
  );
  const [applicantLink] = ((await links.json()) as Envelope<{ items: { url: string }[] }>).message
    .items;
  const alina = await telegram.addUser({ first_name: 'Алина' });
  await telegram.start(username, alina.id, new URL(applicantLink!.url).searchParams.get('start')!);
  await telegram.sendText(username, alina.id, 'Здравствуйте! Когда собеседование?');

  const note = await telegram.waitForSent(
    username,
    recruiter.id,
    (sent) => (sent.message.text ?? '').includes('Здравствуйте! Когда собеседование?'),
    'the notification in the recruiter’s chat',
  );
  expect(note.message.text).toContain('Соколова Алина');

  // «Отключить»: the card offers the link again.
  await page.getByRole('button', { name: 'Отключить' }).click();
  await expect(page.getByRole('button', { name: 'Подключить Telegram' })).toBeVisible();
});
