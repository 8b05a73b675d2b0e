import { SUPPORT_CHAT_MESSAGES } from '@ats/contracts/support-chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUp, addTeamMember, signUpCompany } from '../../../test/factories.ts';
import { type TelegramBotFake, startTelegramBotFake } from '../../../test/telegram-bot-fake.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';

// The support chat through HTTP against the local Telegram Bot API fake: a user's message is kept
// for the account and posted to the support's chat with who wrote it; the support replies to that
// post in Telegram and the answer comes back into the account's conversation (not another's).

let fake: TelegramBotFake;
let t: TestApp;
let admin: SignedUp;
let other: SignedUp;
let supportChatId: number;
let botToken: string;

beforeAll(async () => {
  fake = await startTelegramBotFake();
  const bot = fake.addBot({ username: 'ats_support_bot' });
  botToken = bot.token;
  const agent = fake.addUser({ first_name: 'Поддержка' });
  supportChatId = agent.id;
  // The support agent pressed Start: the bot may write to them (and the poller sees the /start).
  fake.start(botToken, agent.id);
  t = await createTestApp({
    TELEGRAM_API_BASE_URL: fake.baseUrl,
    SUPPORT_TELEGRAM_BOT_TOKEN: botToken,
    SUPPORT_TELEGRAM_CHAT_ID: String(supportChatId),
    SUPPORT_TELEGRAM_POLL_SECONDS: '1',
  });
  await t.app.ready();
  admin = await signUpCompany(t.app);
  other = await signUpCompany(t.app);
});

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const chat = (token: string, afterId?: number) =>
  call(
    t.app,
    'GET',
    `/api/support_chat${afterId !== undefined ? `?after_id=${afterId}` : ''}`,
    undefined,
    { token },
  );
const write = (token: string, text: unknown) =>
  call(t.app, 'POST', '/api/support_chat/messages', { text }, { token });

async function waitForAnswer(token: string, text: string) {
  const until = Date.now() + 15_000;
  for (;;) {
    const messages = (await chat(token)).body.message.messages as { id: number; text: string }[];
    if (messages.some((m) => m.text === text)) return messages;
    if (Date.now() > until) throw new Error(`no answer «${text}» came back`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the support chat', () => {
  it('posts a user’s message to the support’s chat, and the reply comes back', async () => {
    const empty = await chat(admin.token);
    expect(empty.status).toBe(200);
    expect(empty.body.message).toEqual({ available: true, messages: [] });

    const sent = await write(admin.token, '  Не приходят письма кандидатам  ');
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.message).toMatchObject({
      author: 'user',
      text: 'Не приходят письма кандидатам',
      state: 'sent',
    });
    const posted = await fake.waitForSent(
      (m) => m.chat_id === supportChatId && !!m.message.text?.includes('Не приходят письма'),
    );
    expect(posted.message.text).toContain(`Аккаунт №${admin.accountId}`);
    expect(posted.message.text).toContain(admin.email);

    fake.send(botToken, supportChatId, {
      text: 'Проверили: настройте SMTP в разделе «Компания»',
      reply_to_message_id: posted.message.message_id,
    });
    const messages = await waitForAnswer(
      admin.token,
      'Проверили: настройте SMTP в разделе «Компания»',
    );
    expect(messages).toEqual([
      expect.objectContaining({ author: 'user', text: 'Не приходят письма кандидатам' }),
      expect.objectContaining({ author: 'support', author_name: null, state: 'sent' }),
    ]);

    // A colleague of the same account sees the conversation; another account does not.
    const colleague = await addTeamMember(t.app, admin.token, {
      member_type: 'owner',
      is_admin: false,
    });
    expect((await chat(colleague.token)).body.message.messages).toHaveLength(2);
    expect((await chat(other.token)).body.message.messages).toEqual([]);

    // Only the new ones after an id (the widget's polling).
    const newer = (await chat(admin.token, messages[0]!.id)).body.message.messages;
    expect(newer).toHaveLength(1);
  });

  it('keeps a message Telegram refused as not delivered, and refuses an empty one in Russian', async () => {
    fake.failNext({ bot: botToken, method: 'sendmessage', error_code: 429, retry_after: 3 });
    const refused = await write(other.token, 'Вопрос по тарифу');
    expect(refused.status).toBe(200);
    expect(refused.body.message).toMatchObject({ state: 'failed', text: 'Вопрос по тарифу' });

    const blank = await write(admin.token, '   ');
    expect(blank.status).toBe(400);
    expect(JSON.stringify(blank.body)).toContain(SUPPORT_CHAT_MESSAGES.empty);
    const long = await write(admin.token, 'я'.repeat(4001));
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body)).toContain(SUPPORT_CHAT_MESSAGES.tooLong);
  });

  it('ignores messages in the support’s chat that answer nothing it posted', async () => {
    const before = (await chat(admin.token)).body.message.messages.length;
    fake.send(botToken, supportChatId, { text: 'Просто сообщение в чате поддержки' });
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect((await chat(admin.token)).body.message.messages).toHaveLength(before);
  });
});
