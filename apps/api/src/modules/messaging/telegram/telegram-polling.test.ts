import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemRows } from '../../../../test/db-helpers.ts';
import { type SignedUp, signUpCompany } from '../../../../test/factories.ts';
import { startTelegramBotFake, type TelegramBotFake } from '../../../../test/telegram-bot-fake.ts';
import { call, createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { INCOMING_TEXTS } from './telegram-incoming.ts';

// Without PUBLIC_URL Telegram cannot post to us: the server long-polls getUpdates for each bot,
// and keeps the offset in the channel, so a confirmed update is never asked for again.

let fake: TelegramBotFake;
let t: TestApp;
let owner: SignedUp;
const BOT = 'polling_hr_bot';

beforeAll(async () => {
  fake = await startTelegramBotFake();
  t = await createTestApp({ TELEGRAM_API_BASE_URL: fake.baseUrl });
  owner = await signUpCompany(t.app);
  // A fresh database's migrations take long on a busy machine.
}, 180_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function waitFor<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > until) throw new Error(`not in time: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a bot without PUBLIC_URL', () => {
  it('is long-polled: the applicant’s messages reach the card and are confirmed', async () => {
    const token = fake.addBot({ username: BOT }).token;
    // A webhook left from before: connecting in polling mode removes it.
    fake.bot(BOT).webhook = { url: 'https://old.example/hook', max_connections: 40 };
    const created = await call(
      t.app,
      'POST',
      '/api/msg_integrations/msg_channels',
      { kind: 'telegram', scope: 'account', token },
      { token: owner.token },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(fake.bot(BOT).webhook).toBeNull();
    const channelId = created.body.message.id as number;

    const applicant = await call(
      t.app,
      'POST',
      '/api/applicants',
      { first_name: 'Ольга', tg: '@olga_polling' },
      { token: owner.token },
    );
    const applicantId = applicant.body.message.id as number;
    const olga = fake.addUser({ first_name: 'Ольга', username: 'olga_polling' });
    const update = fake.send(BOT, olga, { text: 'Добрый вечер!' });

    const items = await waitFor(
      async () =>
        (
          await call(
            t.app,
            'GET',
            `/api/msg_integrations/chats/applicant_chats_history/${applicantId}`,
            undefined,
            { token: owner.token },
          )
        ).body.message.items as { text: string }[],
      (list) => list.length === 1,
    );
    expect(items[0]!.text).toBe('Добрый вечер!');

    // The offset is kept with the channel, and the next poll confirmed the update to Telegram.
    const [row] = await waitFor(
      () =>
        systemRows<{ offset: number }>(
          t.database,
          sql`select (sync_state->>'offset')::int as offset from msg_channels where id = ${channelId}`,
        ),
      (rows) => rows[0]?.offset === update.update_id + 1,
    );
    expect(row!.offset).toBe(update.update_id + 1);
    await waitFor(
      async () => fake.bot(BOT).pending.length,
      (n) => n === 0,
    );

    // An unknown chat is asked who it is, and nothing is stored.
    const nobody = fake.addUser({ first_name: 'Некто' });
    fake.send(BOT, nobody, { text: 'Привет' });
    await fake.waitForSent(
      (s) => s.chat_id === nobody.id && s.message.text === INCOMING_TEXTS.whoAreYou,
      10_000,
    );
  });
});
