import { AUTH_HEADER } from '../fixtures/api.ts';
import { createApplicant } from '../fixtures/applicants.ts';
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
