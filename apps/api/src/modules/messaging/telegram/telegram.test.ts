import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemRows } from '../../../../test/db-helpers.ts';
import { postMultipart, tinyPdf } from '../../../../test/documents.ts';
import { type SignedUp, signUpCompany } from '../../../../test/factories.ts';
import {
  startTelegramBotFake,
  type FakeTelegramUser,
  type TelegramBotFake,
} from '../../../../test/telegram-bot-fake.ts';
import { call, createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { INCOMING_TEXTS } from './telegram-incoming.ts';
import { signStartToken } from './telegram-keys.ts';
import { TELEGRAM_TEXTS } from './telegram.transport.ts';

// The Telegram transport against the fake Bot API (apps/api/test/telegram-bot-fake.ts) in webhook
// mode: the app listens on a port and PUBLIC_URL points there, so the fake posts updates to it as
// Telegram would. Polling (no PUBLIC_URL) is telegram-polling.test.ts.

let fake: TelegramBotFake;
let t: TestApp;
let owner: SignedUp;
let stranger: SignedUp;
let botToken: string;
let channelId: number;
let webhookPath: string;
let dataDir: string;

const BOT = 'romashka_hr_bot';

async function createApplicant(token: string, fields: Record<string, unknown>) {
  const response = await call(t.app, 'POST', '/api/applicants', fields, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.message.id as number;
}

const history = async (applicantId: number, token = owner.token) => {
  const response = await call(
    t.app,
    'GET',
    `/api/msg_integrations/chats/applicant_chats_history/${applicantId}`,
    undefined,
    { token },
  );
  return response;
};

/** Waits until the applicant's history (newest first) satisfies the check. */
async function waitForHistory(
  applicantId: number,
  done: (items: Record<string, any>[]) => boolean, // eslint-disable-line @typescript-eslint/no-explicit-any -- read loosely
  timeoutMs = 8000,
) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const response = await history(applicantId);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const items = response.body.message.items as Record<string, any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any -- read loosely
    if (done(items)) return items;
    if (Date.now() > until) {
      throw new Error(`history not as expected: ${JSON.stringify(items, null, 1)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function linkViaDeepLink(applicantId: number, user: FakeTelegramUser) {
  const links = await call(
    t.app,
    'GET',
    `/api/msg_integrations/chats/applicant_chats/${applicantId}/telegram_links`,
    undefined,
    { token: owner.token },
  );
  expect(links.status, JSON.stringify(links.body)).toBe(200);
  const url = new URL(links.body.message.items[0].url as string);
  fake.start(BOT, user, url.searchParams.get('start')!);
  expect(await fake.webhookIdle(BOT)).toBe(true);
}

const sendFromCard = (applicantId: number, body: Record<string, unknown>) =>
  call(
    t.app,
    'POST',
    `/api/msg_integrations/chats/applicant_chats/${applicantId}/messages`,
    { channel_id: channelId, ...body },
    { token: owner.token },
  );

beforeAll(async () => {
  fake = await startTelegramBotFake({ webhookRetryMs: 100 });
  botToken = fake.addBot({ username: BOT, first_name: 'Ромашка HR' }).token;
  dataDir = mkdtempSync(path.join(tmpdir(), 'ats-telegram-'));
  t = await createTestApp({
    TELEGRAM_API_BASE_URL: fake.baseUrl,
    PUBLIC_URL: 'http://127.0.0.1:9',
    DATA_DIR: dataDir,
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  // Known only now: the address Telegram (the fake) posts to.
  t.config.PUBLIC_URL = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  owner = await signUpCompany(t.app);
  stranger = await signUpCompany(t.app, { company: 'ООО «Чужие»' });
  // A fresh database's migrations take long on a busy machine.
}, 180_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('connecting a bot', () => {
  it('refuses a token Telegram does not know, in Russian on the token field', async () => {
    const response = await call(
      t.app,
      'POST',
      '/api/msg_integrations/msg_channels',
      { kind: 'telegram', scope: 'account', token: '123456789:AAwrongwrongwrongwrongwrongwrong12' },
      { token: owner.token },
    );
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ token: TELEGRAM_TEXTS.tokenRejected });

    fake.setDown(true);
    try {
      const down = await call(
        t.app,
        'POST',
        '/api/msg_integrations/msg_channels',
        { kind: 'telegram', scope: 'account', token: botToken },
        { token: owner.token },
      );
      expect(down.status).toBe(400);
      expect(down.body.errors).toEqual({ token: TELEGRAM_TEXTS.unreachable });
    } finally {
      fake.setDown(false);
    }
  });

  it('connects by token: getMe names it, the webhook is set with a secret, the token stays ours', async () => {
    const response = await call(
      t.app,
      'POST',
      '/api/msg_integrations/msg_channels',
      { kind: 'telegram', scope: 'account', token: botToken },
      { token: owner.token },
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.message).toMatchObject({
      kind: 'telegram',
      address: `@${BOT}`,
      state: 'active',
      has_secret: true,
      settings: { bot_username: BOT },
    });
    expect(JSON.stringify(response.body)).not.toContain(botToken.split(':')[1]);
    channelId = response.body.message.id;

    const webhook = fake.bot(BOT).webhook!;
    expect(webhook.url).toMatch(
      new RegExp(`^${t.config.PUBLIC_URL}/api/msg_integrations/webhooks/telegram/[A-Za-z0-9_-]+$`),
    );
    expect(webhook.secret_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    webhookPath = new URL(webhook.url).pathname;

    // The token is sealed at rest.
    const [row] = await systemRows<{ secrets: string }>(
      t.database,
      sql`select secrets from msg_channels where id = ${channelId}`,
    );
    expect(row!.secrets).not.toContain(botToken.split(':')[1]);
  });
});

describe('the webhook', () => {
  it('answers 403 and stores nothing without the right secret', async () => {
    const user = fake.addUser({ first_name: 'Злоумышленник', username: 'intruder_x' });
    const applicantId = await createApplicant(owner.token, {
      first_name: 'Жертва',
      tg: '@intruder_x',
    });
    const update = {
      update_id: 1,
      message: {
        message_id: 1,
        date: Math.floor(Date.now() / 1000),
        from: { id: user.id, is_bot: false, first_name: user.first_name, username: 'intruder_x' },
        chat: { id: user.id, type: 'private' },
        text: 'Поддельное сообщение',
      },
    };
    const attempts: Record<string, string>[] = [
      {},
      { 'x-telegram-bot-api-secret-token': 'wrong-secret' },
    ];
    for (const headers of attempts) {
      const response = await call(t.app, 'POST', webhookPath, update, { headers });
      expect(response.status).toBe(403);
      expect(response.body).toMatchObject({
        status: 'error',
        message: 'Неверный секретный ключ Telegram',
      });
    }
    const [count] = await systemRows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from msg_messages where applicant_id = ${applicantId}`,
    );
    expect(count!.n).toBe(0);
    const links = await systemRows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from msg_chat_links where applicant_id = ${applicantId}`,
    );
    expect(links[0]!.n).toBe(0);
  });
});

describe('the deep link', () => {
  it('is signed for the card: the applicant starts the bot, writes, and it lands on the card', async () => {
    const applicantId = await createApplicant(owner.token, {
      first_name: 'Анна',
      last_name: 'Ким',
    });
    const links = await call(
      t.app,
      'GET',
      `/api/msg_integrations/chats/applicant_chats/${applicantId}/telegram_links`,
      undefined,
      { token: owner.token },
    );
    expect(links.status).toBe(200);
    expect(links.body.message.items).toEqual([
      {
        channel_id: channelId,
        channel_name: `@${BOT}`,
        bot_username: BOT,
        url: expect.stringMatching(
          new RegExp(`^https://t\\.me/${BOT}\\?start=[A-Za-z0-9_-]{30,64}$`),
        ),
        linked: false,
      },
    ]);
    const token = new URL(links.body.message.items[0].url as string).searchParams.get('start')!;

    const anna = fake.addUser({ first_name: 'Анна', username: 'anna_kim_tg' });
    fake.start(BOT, anna, token);
    fake.send(BOT, anna, { text: 'Здравствуйте! Видела вакансию.' });
    expect(await fake.webhookIdle(BOT)).toBe(true);

    const items = await waitForHistory(applicantId, (list) => list.length === 2);
    expect(items.map((m) => [m.direction, m.author.type, m.text, m.channel_kind])).toEqual([
      ['in', 'applicant', 'Здравствуйте! Видела вакансию.', 'telegram'],
      ['in', 'applicant', INCOMING_TEXTS.started, 'telegram'],
    ]);
    // The start token is the applicant's key: it is not kept in the conversation.
    expect(JSON.stringify(items)).not.toContain(token);
    const again = await call(
      t.app,
      'GET',
      `/api/msg_integrations/chats/applicant_chats/${applicantId}/telegram_links`,
      undefined,
      { token: owner.token },
    );
    expect(again.body.message.items[0].linked).toBe(true);
  });

  it('fills %telegram_link% of a mail template with the card’s link to the company bot', async () => {
    const letterOf = async (token: string, applicantId: number) => {
      const template = await call(
        t.app,
        'POST',
        '/api/account_mail_temps',
        {
          name: 'Ссылка на бота',
          title: 'Напишите нам',
          description: '<p>Наш бот: %telegram_link%</p>',
          is_shared: true,
        },
        { token },
      );
      expect(template.status, JSON.stringify(template.body)).toBe(200);
      const letter = await call(
        t.app,
        'GET',
        `/api/get_letter_by_template?template_id=${template.body.message.id}&applicant_id=${applicantId}`,
        undefined,
        { token },
      );
      expect(letter.status, JSON.stringify(letter.body)).toBe(200);
      return letter.body.message as { body_text: string; unknown_variables: string[] };
    };
    const applicantId = await createApplicant(owner.token, { first_name: 'Олег', last_name: 'Ли' });
    const letter = await letterOf(owner.token, applicantId);
    expect(letter.unknown_variables).toEqual([]);
    const link = /https:\/\/t\.me\/(\w+)\?start=([A-Za-z0-9_-]+)/.exec(letter.body_text);
    expect(link?.[1]).toBe(BOT);
    // The link in the letter is the card's own: the applicant who follows it lands on the card.
    const oleg = fake.addUser({ first_name: 'Олег', username: 'oleg_li_tg' });
    fake.start(BOT, oleg, link![2]!);
    expect(await fake.webhookIdle(BOT)).toBe(true);
    await waitForHistory(applicantId, (items) => items.length === 1);

    // An account without a bot gets an empty place, not the variable as typed.
    const theirs = await createApplicant(stranger.token, { first_name: 'Ира' });
    expect((await letterOf(stranger.token, theirs)).body_text).toBe('Наш бот:');
  });

  it('links nothing for a token not made by us or made for another card', async () => {
    const applicantId = await createApplicant(owner.token, { first_name: 'Борис' });
    const forged = signStartToken(
      { SECRETS_KEY: 'another install key material', GOOGLE_CLIENT_SECRET: undefined },
      { accountId: owner.accountId, channelId, applicantId },
    );
    const boris = fake.addUser({ first_name: 'Борис' });
    fake.start(BOT, boris, forged);
    expect(await fake.webhookIdle(BOT)).toBe(true);
    // Not recognised: the bot asks who it is, the card stays empty.
    await fake.waitForSent(
      (s) => s.chat_id === boris.id && s.message.text === INCOMING_TEXTS.whoAreYou,
    );
    expect((await history(applicantId)).body.message.items).toEqual([]);

    // Another account's applicant: its links are not ours to read.
    const theirs = await createApplicant(stranger.token, { first_name: 'Чужой' });
    const response = await call(
      t.app,
      'GET',
      `/api/msg_integrations/chats/applicant_chats/${theirs}/telegram_links`,
      undefined,
      { token: owner.token },
    );
    expect(response.status).toBe(404);
  });
});

describe('an applicant who writes first', () => {
  it('is recognised by the Telegram handle on the card', async () => {
    const applicantId = await createApplicant(owner.token, {
      first_name: 'Иван',
      tg: 'https://t.me/Ivan_Petrov_88',
    });
    const ivan = fake.addUser({ first_name: 'Иван', username: 'ivan_petrov_88' });
    fake.send(BOT, ivan, { text: 'Добрый день, я по поводу собеседования' });
    expect(await fake.webhookIdle(BOT)).toBe(true);
    const items = await waitForHistory(applicantId, (list) => list.length === 1);
    expect(items[0]).toMatchObject({
      text: 'Добрый день, я по поводу собеседования',
      direction: 'in',
    });
  });

  it('is recognised by the phone number they share, when one card has it', async () => {
    const applicantId = await createApplicant(owner.token, {
      first_name: 'Мария',
      phone: '8 (916) 555-12-34',
    });
    const maria = fake.addUser({ first_name: 'Мария', phone_number: '+79165551234' });
    fake.send(BOT, maria, { text: 'Здравствуйте' });
    expect(await fake.webhookIdle(BOT)).toBe(true);
    // Unknown yet: asked to share the number, nothing stored.
    await fake.waitForSent(
      (s) => s.chat_id === maria.id && s.message.text === INCOMING_TEXTS.whoAreYou,
    );
    expect((await history(applicantId)).body.message.items).toEqual([]);

    fake.send(BOT, maria, { contact: true });
    expect(await fake.webhookIdle(BOT)).toBe(true);
    const items = await waitForHistory(applicantId, (list) => list.length === 1);
    expect(items[0]!.text).toBe(INCOMING_TEXTS.sharedPhone('+79165551234'));
  });
});

describe('sending from the card', () => {
  let applicantId: number;
  let user: FakeTelegramUser;
  beforeAll(async () => {
    applicantId = await createApplicant(owner.token, { first_name: 'Пётр' });
    user = fake.addUser({ first_name: 'Пётр' });
    await linkViaDeepLink(applicantId, user);
  });

  it('delivers the text to the linked chat', async () => {
    const response = await sendFromCard(applicantId, { text: 'Приглашаем на собеседование' });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const sent = await fake.waitForSent(
      (s) => s.chat_id === user.id && s.message.text === 'Приглашаем на собеседование',
    );
    expect(sent.method).toBe('sendMessage');
    await waitForHistory(applicantId, (list) => list[0]?.state === 'sent');
  });

  it('waits out a 429 retry_after and sends once', async () => {
    fake.failNext({ bot: BOT, method: 'sendMessage', retry_after: 1 });
    const response = await sendFromCard(applicantId, { text: 'Напоминание о встрече' });
    expect(response.status).toBe(200);
    const held = await waitForHistory(applicantId, (list) => list[0]?.reason !== null);
    expect(held[0]).toMatchObject({ state: 'queued', reason: TELEGRAM_TEXTS.tooManyRequests });
    await fake.waitForSent((s) => s.message.text === 'Напоминание о встрече', 15_000);
    await waitForHistory(applicantId, (list) => list[0]?.state === 'sent', 15_000);
    expect(fake.sent.filter((s) => s.message.text === 'Напоминание о встрече')).toHaveLength(1);
  });

  it('sends a card file as a document, the text as its caption', async () => {
    const uploaded = await postMultipart(
      t.app,
      `/api/applicants/${applicantId}/files`,
      [
        { name: 'kind', value: 'attachment' },
        { name: 'file', filename: 'Оффер.pdf', content: tinyPdf() },
      ],
      owner.token,
    );
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const response = await sendFromCard(applicantId, {
      text: 'Наш оффер во вложении',
      file_ids: [uploaded.body.message.id],
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const sent = await fake.waitForSent(
      (s) => s.method === 'sendDocument' && s.chat_id === user.id,
    );
    expect(sent.message).toMatchObject({
      caption: 'Наш оффер во вложении',
      document: {
        file_name: 'Оффер.pdf',
        mime_type: 'application/pdf',
        file_size: tinyPdf().length,
      },
    });
  });

  it('stores the documents the applicant sends like the card’s files', async () => {
    fake.send(BOT, user, {
      document: { file_name: 'Резюме.pdf', mime_type: 'application/pdf', bytes: tinyPdf() },
      caption: 'Моё резюме',
    });
    expect(await fake.webhookIdle(BOT)).toBe(true);
    const items = await waitForHistory(applicantId, (list) => list[0]?.text === 'Моё резюме');
    expect(items[0]!.attachments).toEqual([
      expect.objectContaining({ file_name: 'Резюме.pdf', size_bytes: tinyPdf().length }),
    ]);
    const file = await t.app.inject({
      method: 'GET',
      url: items[0]!.attachments[0].url,
      headers: { 'x-dcrt-hrm-auth': owner.token },
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(tinyPdf())).toBe(true);
  });

  it('fails with the reason when the applicant blocked the bot', async () => {
    fake.block(BOT, user);
    expect(await fake.webhookIdle(BOT)).toBe(true);
    const response = await sendFromCard(applicantId, { text: 'Вы здесь?' });
    expect(response.status).toBe(200);
    const items = await waitForHistory(applicantId, (list) => list[0]?.state === 'failed');
    expect(items[0]).toMatchObject({ reason: TELEGRAM_TEXTS.blocked, can_retry: true });
  });
});
