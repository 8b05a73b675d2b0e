import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { USER_TELEGRAM_TEXTS } from '@ats/contracts/messaging-telegram';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemRows } from '../../../../test/db-helpers.ts';
import { type SignedUp, signUpCompany } from '../../../../test/factories.ts';
import {
  startTelegramBotFake,
  type FakeTelegramUser,
  type TelegramBotFake,
} from '../../../../test/telegram-bot-fake.ts';
import { call, createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { signUserLinkToken } from './telegram-keys.ts';
import { sendDueUserNotifications } from './user-telegram.ts';

// A user's own Telegram for notifications (issue 14) against the fake Bot API in webhook mode:
// linked from /profile by a signed deep link, an applicant's message reaches the user's chat
// through the outbox, unlinking stops it; forged tokens and another account's bot link nothing.

let fake: TelegramBotFake;
let t: TestApp;
let owner: SignedUp;
let stranger: SignedUp;
let ownerBotToken: string;
let dataDir: string;

const BOT = 'romashka_notify_bot';
const OTHER_BOT = 'chuzhie_notify_bot';

async function connectBot(token: string, as: SignedUp) {
  const response = await call(
    t.app,
    'POST',
    '/api/msg_integrations/msg_channels',
    { kind: 'telegram', scope: 'account', token },
    { token: as.token },
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.message.id as number;
}

const userTelegram = (as: SignedUp) =>
  call(t.app, 'GET', '/api/msg_integrations/user_telegram', undefined, { token: as.token });

async function linkUrl(as: SignedUp) {
  const response = await call(
    t.app,
    'POST',
    '/api/msg_integrations/user_telegram/link',
    {},
    {
      token: as.token,
    },
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return new URL(response.body.message.url as string);
}

/** What the bot sent to this Telegram user so far. */
const sentTo = (bot: string, user: FakeTelegramUser) =>
  fake.sent.filter((m) => m.bot === bot && m.chat_id === user.id).map((m) => m.message.text);

/** An applicant of the owner's company whose chat with the bot is linked, and who writes. */
async function applicantWrites(text: string, applicant: FakeTelegramUser) {
  fake.send(BOT, applicant, { text });
  expect(await fake.webhookIdle(BOT)).toBe(true);
}

let recruiter: FakeTelegramUser;
let applicant: FakeTelegramUser;

beforeAll(async () => {
  fake = await startTelegramBotFake({ webhookRetryMs: 100 });
  ownerBotToken = fake.addBot({ username: BOT, first_name: 'Ромашка HR' }).token;
  const otherToken = fake.addBot({ username: OTHER_BOT, first_name: 'Чужие HR' }).token;
  dataDir = mkdtempSync(path.join(tmpdir(), 'ats-user-telegram-'));
  t = await createTestApp({
    TELEGRAM_API_BASE_URL: fake.baseUrl,
    PUBLIC_URL: 'http://127.0.0.1:9',
    DATA_DIR: dataDir,
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  t.config.PUBLIC_URL = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  owner = await signUpCompany(t.app);
  stranger = await signUpCompany(t.app, { company: 'ООО «Чужие»' });
  await connectBot(ownerBotToken, owner);
  await connectBot(otherToken, stranger);

  recruiter = fake.addUser({ first_name: 'Ольга', username: 'olga_recruiter' });
  applicant = fake.addUser({ first_name: 'Пётр', username: 'petr_applicant_tg' });
  // The applicant is known by the handle on the card, so their first message is theirs.
  const created = await call(
    t.app,
    'POST',
    '/api/applicants',
    { first_name: 'Пётр', last_name: 'Соколов', tg: '@petr_applicant_tg' },
    { token: owner.token },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(200);
}, 180_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("a user's Telegram for notifications", () => {
  it('offers the company bot and a signed link of its own; a forged token links nothing', async () => {
    const before = await userTelegram(owner);
    expect(before.status).toBe(200);
    expect(before.body.message).toEqual({
      bots: [{ channel_id: expect.any(Number), channel_name: `@${BOT}`, bot_username: BOT }],
      linked: null,
    });
    const url = await linkUrl(owner);
    expect(url.host).toBe('t.me');
    expect(url.pathname).toBe(`/${BOT}`);
    const token = url.searchParams.get('start')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{30,64}$/);
    expect(JSON.stringify(before.body)).not.toContain(ownerBotToken.split(':')[1]);

    // Signed with another key (as anyone without ours would), or changed by a character.
    const channelId = before.body.message.bots[0].channel_id as number;
    const forged = signUserLinkToken(
      { SECRETS_KEY: 'not-the-servers-key-000000000000000', GOOGLE_CLIENT_SECRET: undefined },
      { accountId: owner.accountId, channelId, userId: owner.userId },
    );
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [forged, tampered]) fake.start(BOT, recruiter, bad);
    expect(await fake.webhookIdle(BOT)).toBe(true);
    expect((await userTelegram(owner)).body.message.linked).toBeNull();
    expect(sentTo(BOT, recruiter)).not.toContain(USER_TELEGRAM_TEXTS.linked);
  });

  it("another account's bot cannot link our user with our token", async () => {
    const token = (await linkUrl(owner)).searchParams.get('start')!;
    fake.start(OTHER_BOT, recruiter, token);
    expect(await fake.webhookIdle(OTHER_BOT)).toBe(true);
    expect((await userTelegram(owner)).body.message.linked).toBeNull();
    expect((await userTelegram(stranger)).body.message.linked).toBeNull();
    expect(sentTo(OTHER_BOT, recruiter)).not.toContain(USER_TELEGRAM_TEXTS.linked);
    const [row] = await systemRows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from user_telegram_links`,
    );
    expect(row!.n).toBe(0);
  });

  it('links by the deep link; an applicant message reaches the user, retried after a 429', async () => {
    const token = (await linkUrl(owner)).searchParams.get('start')!;
    fake.start(BOT, recruiter, token);
    expect(await fake.webhookIdle(BOT)).toBe(true);
    await fake.waitForSent(
      (m) => m.chat_id === recruiter.id && m.message.text === USER_TELEGRAM_TEXTS.linked,
    );
    const linked = await userTelegram(owner);
    expect(linked.body.message.linked).toMatchObject({ bot_username: BOT });

    // What the user writes in their notification chat is not an applicant's message.
    fake.send(BOT, recruiter, { text: 'проверка' });
    expect(await fake.webhookIdle(BOT)).toBe(true);
    const [kept] = await systemRows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from msg_messages where text = 'проверка'`,
    );
    expect(kept!.n).toBe(0);

    // Telegram refuses the first try: the outbox keeps it and the sweep sends it later.
    fake.failNext({ bot: BOT, method: 'sendMessage', error_code: 429, retry_after: 1 });
    await applicantWrites('Добрый день! Когда собеседование?', applicant);
    const [queued] = await systemRows<{ state: string; attempts: number }>(
      t.database,
      sql`select state, attempts from user_telegram_notifications order by id desc limit 1`,
    );
    expect(queued).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 1200));
    await sendDueUserNotifications({ config: t.config, database: t.database, log: t.app.log });
    const note = await fake.waitForSent(
      (m) =>
        m.chat_id === recruiter.id &&
        (m.message.text ?? '').includes('Добрый день! Когда собеседование?'),
    );
    expect(note.message.text).toContain('Пётр');
    expect(note.message.text).toContain('/applicant/');
    const [sent] = await systemRows<{ state: string; attempts: number }>(
      t.database,
      sql`select state, attempts from user_telegram_notifications order by id desc limit 1`,
    );
    expect(sent).toEqual({ state: 'sent', attempts: 2 });
  });

  it('the Telegram column of the settings turns it off and on', async () => {
    const off = await call(
      t.app,
      'PUT',
      '/api/admin_user_notification_settings',
      { notification_settings: { message_received: { telegram: false } } },
      { token: owner.token },
    );
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.message.message_received).toEqual({
      email: false,
      in_app: true,
      telegram: false,
    });
    await applicantWrites('Сообщение без уведомления', applicant);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sentTo(BOT, recruiter).some((text) => text?.includes('Сообщение без уведомления'))).toBe(
      false,
    );
    await call(
      t.app,
      'PUT',
      '/api/admin_user_notification_settings',
      { notification_settings: { message_received: { telegram: true } } },
      { token: owner.token },
    );
  });

  it('unlinks: nothing more reaches that chat', async () => {
    const response = await call(t.app, 'DELETE', '/api/msg_integrations/user_telegram', undefined, {
      token: owner.token,
    });
    expect(response.status).toBe(200);
    expect((await userTelegram(owner)).body.message.linked).toBeNull();
    await applicantWrites('После отключения', applicant);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sentTo(BOT, recruiter).some((text) => text?.includes('После отключения'))).toBe(false);
    const [row] = await systemRows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from user_telegram_notifications where text like '%После отключения%'`,
    );
    expect(row!.n).toBe(0);
  });
});
