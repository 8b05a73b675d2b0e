import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemRows } from '../../../../test/db-helpers.ts';
import { type AvitoFake, startAvitoFake } from '../../../../test/fakes/avito-fake.ts';
import {
  type JobSiteConnected,
  connectedToAvito,
  conversationOf,
  deliveriesTo,
  importedOne,
  linkedVacancy,
  outboxRow,
  sendOnChannel,
  siteChannelOf,
  syncNow,
  waitFor,
} from '../../../../test/job-site-connections.ts';
import { type TestApp, call, createTestApp } from '../../../../test/test-app.ts';
import { WEBHOOK_MESSAGES } from '../hh/hh-webhook.service.ts';
import { jobSiteAvitoMessageJob } from '../job-sites.jobs.ts';

// Avito's messenger webhook (decision 0076) against the fake, which keeps the subscriptions and
// delivers every new message of the account's chats (the applicant's and ours) to them in
// messenger.json's WebhookMessage envelope: subscribed on connect at PUBLIC_URL with the
// connection's unguessable token; the applicant's message reaches the conversation with no sync;
// a re-delivery is stored once; ours is not stored again; a wrong token is 404 and stores
// nothing; a chat not imported yet is read by the sync it asks for; the sync subscribes again
// when Avito lost the subscription; disconnect unsubscribes.

const PUBLIC_URL = 'http://ats.test';
let t: TestApp;
let avito: AvitoFake;

beforeAll(async () => {
  avito = await startAvitoFake({ clientId: 'avh-id', clientSecret: 'avh-secret-123' });
  t = await createTestApp({ AVITO_API_BASE: avito.url, PUBLIC_URL });
  // The fake's deliveries reach the app without a socket. (Its check of the applications
  // webhook's address still goes over the network, where ats.test answers nothing: that webhook
  // stays unset here, so only the syncs a test asks for import applications.)
  avito.setWebhookTransport(deliveriesTo(t.app));
}, 180_000);
afterAll(async () => {
  await t?.close();
  await avito?.close();
});

const connect = () =>
  connectedToAvito(t.app, { client_id: 'avh-id', client_secret: 'avh-secret-123' });

const tokenOf = async (c: JobSiteConnected) =>
  (
    await systemRows<{ webhook_token: string | null }>(
      t.database,
      sql`select webhook_token from job_site_connections
          where account_id = ${c.accountId} and id = ${c.connectionId}`,
    )
  )[0]!.webhook_token!;
const hookUrlOf = async (c: JobSiteConnected) =>
  `${PUBLIC_URL}/api/job_sites/webhooks/avito/messenger/${await tokenOf(c)}`;

/** Message jobs ever queued for the connection. */
const queuedJobs = async (c: JobSiteConnected) =>
  (
    await systemRows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from pgboss.job
          where name = ${jobSiteAvitoMessageJob.name}
            and data->>'connectionId' = ${String(c.connectionId)}`,
    )
  )[0]!.n;
/** Message jobs of the connection not finished yet. */
const pendingJobs = async (c: JobSiteConnected) =>
  (
    await systemRows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from pgboss.job
          where name = ${jobSiteAvitoMessageJob.name}
            and data->>'connectionId' = ${String(c.connectionId)}
            and state in ('created', 'retry', 'active')`,
    )
  )[0]!.n;
/** The deliveries made, and every job they queued done. */
async function settled(c: JobSiteConnected) {
  await avito.settle();
  await waitFor(
    () => pendingJobs(c),
    (n) => n === 0,
  );
}

const storedTexts = (c: JobSiteConnected, chatId: string) =>
  systemRows<{ text: string; direction: string }>(
    t.database,
    sql`select text, direction from msg_messages
        where account_id = ${c.accountId} and external_chat_id = ${chatId} order by id`,
  );

let nextVacancy = 3_400_000_001;
const phone = () => `+7926${String(Math.floor(1_000_000 + Math.random() * 8_999_999))}`;
const lastName = () => `Вебхукова${Math.random().toString(36).slice(2, 6)}`;

/** A linked Avito vacancy with one imported application: its chat and the applicant. */
async function respondedApplicant(c: JobSiteConnected, position: string) {
  const vacancyId = nextVacancy++;
  const application = avito.addApplication({
    vacancyId,
    name: { first_name: 'Инна', last_name: lastName() },
    phone: phone(),
  });
  await linkedVacancy(t.app, c, String(vacancyId), position);
  return {
    vacancyId,
    chatId: application.contacts.chat.value,
    applicantId: await importedOne(t.app, t.database, c, application.id),
  };
}

const messageReads = (chatId: string) =>
  avito.requests.filter(
    (r) =>
      r.method === 'GET' &&
      r.path === `/messenger/v3/accounts/${avito.self.id}/chats/${chatId}/messages/`,
  ).length;
const syncedAt = async (c: JobSiteConnected) =>
  (await call(t.app, 'GET', '/api/job_sites', undefined, { token: c.token })).body.message
    .connections[0].last_sync_at as string | null;

describe('Avito messenger webhook', { timeout: 120_000 }, () => {
  it('subscribes on connect with an unguessable token and unsubscribes on disconnect', async () => {
    const c = await connect();
    const token = await tokenOf(c);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(avito.messengerSubscriptions()).toContain(await hookUrlOf(c));
    const other = await connect();
    expect(await tokenOf(other)).not.toBe(token);
    expect(avito.messengerSubscriptions()).toContain(await hookUrlOf(other));

    const url = await hookUrlOf(c);
    const gone = await call(t.app, 'DELETE', `/api/job_sites/${c.connectionId}`, undefined, {
      token: c.token,
    });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    expect(avito.messengerSubscriptions()).not.toContain(url);
    expect(avito.messengerSubscriptions()).toContain(await hookUrlOf(other));
    // Whatever Avito still sends there names nothing.
    const late = await t.app.inject({
      method: 'POST',
      url: new URL(url).pathname,
      payload: {},
    });
    expect(late.statusCode).toBe(404);
  });

  it('brings the applicant’s message into the conversation without a sync, once though delivered twice', async () => {
    const c = await connect();
    const { chatId, applicantId } = await respondedApplicant(c, 'Комплектовщик');
    const readsBefore = messageReads(chatId);
    const syncBefore = await syncedAt(c);

    avito.applicantWrites(chatId, 'Здравствуйте! Есть ли ночные смены?');
    const shown = await waitFor(
      () => conversationOf(t.app, c, applicantId),
      (items) => items.length > 0,
    );
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({
      text: 'Здравствуйте! Есть ли ночные смены?',
      channel_kind: 'avito',
      channel_name: 'Авито',
      direction: 'in',
      state: 'received',
      author: { type: 'applicant' },
    });
    // No sync ran and the chat was not read: the delivery carried the message.
    expect(await syncedAt(c)).toBe(syncBefore);
    expect(messageReads(chatId)).toBe(readsBefore);

    // Avito delivers it again: answered 200, stored once.
    await settled(c);
    expect(await avito.redeliverLast(await hookUrlOf(c))).toBe(200);
    await settled(c);
    expect(await storedTexts(c, chatId)).toEqual([
      { text: 'Здравствуйте! Есть ли ночные смены?', direction: 'in' },
    ]);

    // The reconciliation sync reads the chat and stores nothing new.
    await new Promise((r) => setTimeout(r, 1100));
    await syncNow(t.app, c);
    expect(await conversationOf(t.app, c, applicantId)).toHaveLength(1);
  });

  it('does not store our own message again when Avito delivers it back', async () => {
    const c = await connect();
    const { chatId, applicantId } = await respondedApplicant(c, 'Сборщик');
    const channel = (await siteChannelOf(t.app, c, applicantId, 'avito'))!;
    expect(channel).toBeDefined();
    const jobsBefore = await queuedJobs(c);
    const sent = await sendOnChannel(t.app, c, applicantId, channel.channel_id, 'Ждём вас завтра.');
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await waitFor(
      () => outboxRow(t.database, sent.body.message.id),
      (row) => row.state === 'sent',
    );
    await settled(c);
    // Avito delivered ours to the webhook (it delivers every message of the chat).
    const url = await hookUrlOf(c);
    expect(
      avito.deliveries.filter(
        (d) =>
          d.url === url &&
          (d.body as { payload: { value: { author_id: number } } }).payload.value.author_id ===
            avito.self.id,
      ),
    ).toHaveLength(1);
    // The receiver passed it over: nothing was queued, and it is on the card once, as sent.
    expect(await queuedJobs(c)).toBe(jobsBefore);
    expect(await storedTexts(c, chatId)).toEqual([{ text: 'Ждём вас завтра.', direction: 'out' }]);
  });

  it('answers 404 to a wrong or another connection’s token and stores nothing', async () => {
    const a = await connect();
    const { chatId, vacancyId, applicantId } = await respondedApplicant(a, 'Упаковщик');
    const b = await connect();
    const delivery = {
      id: 'c0ffee00-0000-4000-8000-000000000001',
      version: 'v1.1',
      timestamp: Math.floor(Date.now() / 1000),
      payload: {
        type: 'message',
        value: {
          id: 'feedbeef0000000000000000000000aa',
          chat_id: chatId,
          chat_type: 'u2i',
          user_id: avito.self.id,
          author_id: 700_999_999,
          item_id: vacancyId,
          created: Math.floor(Date.now() / 1000),
          type: 'text',
          content: { text: 'Подложное сообщение' },
        },
      },
    };
    for (const token of ['x', 'A'.repeat(32), `${await tokenOf(a)}x`]) {
      const answer = await t.app.inject({
        method: 'POST',
        url: `/api/job_sites/webhooks/avito/messenger/${token}`,
        payload: delivery,
      });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ code: 404, message: WEBHOOK_MESSAGES.unknown });
    }
    // Another company's token: its connection knows neither the chat nor the vacancy.
    const foreign = await t.app.inject({
      method: 'POST',
      url: new URL(await hookUrlOf(b)).pathname,
      payload: delivery,
    });
    expect(foreign.statusCode).toBe(200);
    await settled(a);
    await settled(b);
    expect(await storedTexts(a, chatId)).toEqual([]);
    expect(await storedTexts(b, chatId)).toEqual([]);
    expect(await conversationOf(t.app, a, applicantId)).toEqual([]);
  });

  it('has the sync bring a message of a chat whose application is not imported yet', async () => {
    const c = await connect();
    const vacancyId = nextVacancy++;
    // The application and its first message come before any sync: the chat is unknown to us.
    const application = avito.addApplication({
      vacancyId,
      name: { first_name: 'Роман', last_name: lastName() },
      phone: phone(),
    });
    const ours = await linkedVacancy(t.app, c, String(vacancyId), 'Кладовщик');
    const chatId = application.contacts.chat.value;
    avito.applicantWrites(chatId, 'Добрый вечер, откликнулся на вакансию кладовщика.');
    const stored = await waitFor(
      () => storedTexts(c, chatId),
      (rows) => rows.length > 0,
      60_000,
    );
    expect(stored).toEqual([
      { text: 'Добрый вечер, откликнулся на вакансию кладовщика.', direction: 'in' },
    ]);
    const [placed] = await systemRows<{ vacancy_id: number }>(
      t.database,
      sql`select a.vacancy_id from applications a
          join job_site_responses r on r.applicant_id = a.applicant_id
          where r.account_id = ${c.accountId} and r.external_id = ${application.id}`,
    );
    expect(placed?.vacancy_id).toBe(ours.id);
  });

  it('subscribes again on a sync when Avito lost the subscription', async () => {
    const c = await connect();
    const url = await hookUrlOf(c);
    avito.state.messengerHooks = avito.state.messengerHooks.filter((u) => u !== url);
    expect(avito.messengerSubscriptions()).not.toContain(url);
    const synced = await syncNow(t.app, c);
    expect(synced.last_sync_result).toMatchObject({ ok: true });
    expect(avito.messengerSubscriptions()).toContain(url);
    // Listed again, it is not subscribed twice.
    await syncNow(t.app, c);
    expect(avito.messengerSubscriptions().filter((u) => u === url)).toHaveLength(1);
  });
});
