import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemRows } from '../../../../test/db-helpers.ts';
import { type SignedUp, signUpCompany } from '../../../../test/factories.ts';
import { type TelegramBotFake, startTelegramBotFake } from '../../../../test/telegram-bot-fake.ts';
import { type TestApp, call, createTestApp } from '../../../../test/test-app.ts';
import {
  sleep,
  workerProcesses,
  workerProcessSkipReason,
} from '../../../../test/worker-process.ts';
import { STALE_REASON } from '../messaging-outbox.ts';

/*
 * Messages queued for the Telegram fake are sent by the real worker process
 * (`npm run worker`, apps/api/src/worker.ts), which is killed with SIGKILL mid-send — the fake
 * has carried out the sendMessage but holds its answer — and again between queueing and sending
 * the rest, then started once more. Every message ends delivered exactly once, or failed with
 * the reason (the one in flight: whether it went out is unknown to us); none lost, none twice.
 *
 * The worker is a process of its own beside the API, which the embedded PGlite cannot serve:
 * the test runs in the PostgreSQL pass of the api suite (DATABASE_URL set).
 */
const skipReason = workerProcessSkipReason();
if (skipReason) console.warn(`telegram-restart.test.ts skipped: ${skipReason}`);

const BOT = 'restart_hr_bot';
const COUNT = 12;

describe.skipIf(skipReason !== null)(
  `Telegram messages through a worker killed and restarted${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    let fake: TelegramBotFake;
    let t: TestApp;
    let owner: SignedUp;
    const workers = workerProcesses(() => ({
      DATABASE_URL: (t.database as { url?: string }).url,
      TELEGRAM_API_BASE_URL: fake.baseUrl,
      SECRETS_KEY: t.config.SECRETS_KEY,
      WORKER_POLLING_SECONDS: '0.5',
      // The message in flight when the worker died is judged this soon.
      OUTBOX_STALE_CLAIM_SECONDS: '2',
    }));

    const states = () =>
      systemRows<{ id: number; text: string; state: string; reason: string | null }>(
        t.database,
        sql`select id, text, state, reason from msg_messages
            where account_id = ${owner.accountId} and direction = 'out' order by id`,
      );
    const deliveredTexts = () =>
      fake.sent.filter((m) => m.bot === BOT).map((m) => String(m.params.text));

    beforeAll(async () => {
      fake = await startTelegramBotFake();
      const botToken = fake.addBot({ username: BOT, first_name: 'HR' }).token;
      // The API only takes updates (polling) and enqueues: every send happens in the workers.
      t = await createTestApp(
        { TELEGRAM_API_BASE_URL: fake.baseUrl, SECRETS_KEY: 'telegram-restart-secrets' },
        { work: false },
      );
      owner = await signUpCompany(t.app);
      const channel = await call(
        t.app,
        'POST',
        '/api/msg_integrations/msg_channels',
        { kind: 'telegram', scope: 'account', token: botToken },
        { token: owner.token },
      );
      expect(channel.status, JSON.stringify(channel.body)).toBe(200);
      const applicant = await call(
        t.app,
        'POST',
        '/api/applicants',
        { first_name: 'Вера', last_name: 'Рестартова' },
        { token: owner.token },
      );
      const applicantId = applicant.body.message.id as number;
      const links = await call(
        t.app,
        'GET',
        `/api/msg_integrations/chats/applicant_chats/${applicantId}/telegram_links`,
        undefined,
        { token: owner.token },
      );
      const url = new URL(links.body.message.items[0].url as string);
      fake.start(BOT, fake.addUser({ first_name: 'Вера' }), url.searchParams.get('start')!);
      await workers.until(async () => {
        const [row] = await systemRows<{ n: number }>(
          t.database,
          sql`select count(*)::int as n from msg_chat_links where applicant_id = ${applicantId}`,
        );
        return Number(row!.n) === 1;
      }, 'the chat linked by the deep link');
      // Queued as the send call commits them, before any process hands them over: the API's
      // own hand-over never runs here, as if the API had died right after the commit.
      await t.database.withTenant(owner.accountId, (tx) =>
        tx.execute(sql`
          insert into msg_messages (account_id, applicant_id, channel_id, channel_kind,
            direction, author_type, author_user_id, text, state)
          select ${owner.accountId}::int, ${applicantId}::int, ${channel.body.message.id}::int,
            'telegram', 'out', 'user', ${owner.userId}::int, 'Сообщение ' || n, 'queued'
          from generate_series(1, ${COUNT}::int) n`),
      );
    }, 180_000);
    afterAll(async () => {
      await workers.stopAll();
      await t?.close();
      await fake?.close();
    });

    it('delivers each message once or fails it with the reason, though the worker dies twice', async () => {
      // Killed mid-send: Telegram has the first message, the worker never hears so.
      fake.holdAnswers('sendMessage');
      const first = await workers.start();
      await workers.until(() => fake.heldCount() === 1, 'the first sendMessage');
      await workers.kill(first);
      fake.releaseAnswers();
      expect(deliveredTexts()).toEqual(['Сообщение 1']);

      // Killed again between queueing and sending: as soon as it has sent a few more.
      const second = await workers.start();
      await workers.until(() => deliveredTexts().length >= 4, 'the second worker at work');
      await workers.kill(second);

      await workers.start();
      await workers.until(
        async () => (await states()).every((m) => m.state === 'sent' || m.state === 'failed'),
        'every message sent or failed',
      );
      // Time for a copy to show up, were one to be sent again.
      await sleep(3000);

      const rows = await states();
      expect(rows).toHaveLength(COUNT);
      const delivered = deliveredTexts();
      const twice = delivered.filter((text, i) => delivered.indexOf(text) !== i);
      expect(twice, workers.logs()).toEqual([]);
      for (const row of rows) {
        if (row.state === 'sent') {
          expect(delivered).toContain(row.text);
        } else {
          expect(row).toMatchObject({ state: 'failed', reason: STALE_REASON });
        }
      }
      // The message in flight at the first kill is the one failed: Telegram had it, we could
      // not know; sending it again could have sent it twice.
      expect(rows[0]).toMatchObject({ text: 'Сообщение 1', state: 'failed', reason: STALE_REASON });
      // Nothing lost: every other message reached the chat.
      const failed = rows.filter((m) => m.state === 'failed');
      expect(failed.length).toBeLessThanOrEqual(2);
      expect(rows.filter((m) => m.state === 'sent').length + failed.length).toBe(COUNT);
      console.log(
        `killed mid-send and after ${delivered.length} deliveries in all; ${failed.length} failed with the reason`,
      );
    }, 240_000);
  },
);
