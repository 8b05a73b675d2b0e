import { JOB_SITE_MESSAGES } from '@ats/contracts/job-sites';
import { MSG_MESSAGES } from '@ats/contracts/messaging';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AvitoFake, startAvitoFake } from '../../../../test/fakes/avito-fake.ts';
import {
  type JobSiteConnected,
  connectedToAvito,
  conversationOf,
  importedOne,
  linkedVacancy,
  outboxRow,
  sendOnChannel,
  siteChannelOf,
  syncNow,
  waitFor,
} from '../../../../test/job-site-connections.ts';
import { type TestApp, call, createTestApp } from '../../../../test/test-app.ts';
import { AVITO_MESSAGE_TEXTS } from './avito-messages.ts';

// Avito's messenger in the applicant's conversation (decision 0071) against the fake, which
// serves the messenger as messenger.json describes it: the applicant's messages in the chat of
// their application come in with the sync, each once, and a chat Avito lists unchanged is not
// read again; a reply on the channel «Авито» goes to that chat; another account reaches nothing;
// a 500 or 429 of Avito loses nothing and sends nothing twice.

let t: TestApp;
let avito: AvitoFake;

beforeAll(async () => {
  avito = await startAvitoFake({ clientId: 'avm-id', clientSecret: 'avm-secret-123' });
  t = await createTestApp({ AVITO_API_BASE: avito.url });
}, 180_000);
afterAll(async () => {
  await t?.close();
  await avito?.close();
});

const connect = () =>
  connectedToAvito(t.app, { client_id: 'avm-id', client_secret: 'avm-secret-123' });

const api = (c: JobSiteConnected, method: 'GET' | 'POST', url: string, body?: unknown) =>
  call(t.app, method, url, body, { token: c.token });
const sync = (c: JobSiteConnected) => syncNow(t.app, c);
const history = (c: JobSiteConnected, applicantId: number) => conversationOf(t.app, c, applicantId);
const avitoChannelOf = (c: JobSiteConnected, applicantId: number) =>
  siteChannelOf(t.app, c, applicantId, 'avito');
const send = (c: JobSiteConnected, applicantId: number, channelId: number, text: string) =>
  sendOnChannel(t.app, c, applicantId, channelId, text);
const messageRow = (id: number) => outboxRow(t.database, id);

let nextVacancy = 3_200_000_001;
const phone = () => `+7916${String(Math.floor(1_000_000 + Math.random() * 8_999_999))}`;

/** A linked Avito vacancy with one application: its chat and the applicant it became. */
async function respondedApplicant(c: JobSiteConnected, position: string) {
  const vacancyId = nextVacancy++;
  const application = avito.addApplication({
    vacancyId,
    name: { first_name: 'Ольга', last_name: `Авитова${Math.random().toString(36).slice(2, 6)}` },
    phone: phone(),
  });
  await linkedVacancy(t.app, c, String(vacancyId), position);
  return {
    chatId: application.contacts.chat.value,
    applicantId: await importedOne(t.app, t.database, c, application.id),
  };
}

const messagesPath = (chatId: string) =>
  `/messenger/v3/accounts/${avito.self.id}/chats/${chatId}/messages/`;
const messageReads = (chatId: string) =>
  avito.requests.filter((r) => r.method === 'GET' && r.path === messagesPath(chatId)).length;
const ourMessages = (chatId: string) =>
  avito.chats
    .get(chatId)!
    .messages.filter((m) => m.direction === 'out')
    .map((m) => m.content?.text);

describe('Avito messages in the conversation', { timeout: 120_000 }, () => {
  it('stores the applicant’s chat messages once across syncs, labelled Авито', async () => {
    const c = await connect();
    // Without PUBLIC_URL nothing is subscribed to Avito's messenger webhook (decision 0076).
    expect(avito.messengerSubscriptions()).toEqual([]);
    const { chatId, applicantId } = await respondedApplicant(c, 'Курьер');
    // An empty chat: linked (the composer may offer Avito) without reading it.
    expect(await avitoChannelOf(c, applicantId)).toBeDefined();
    expect(messageReads(chatId)).toBe(0);
    expect(await history(c, applicantId)).toEqual([]);

    avito.applicantWrites(chatId, 'Здравствуйте! Вакансия ещё открыта?');
    avito.applicantWrites(chatId, 'Могу выйти с понедельника');
    await sync(c);
    await sync(c);
    const first = await history(c, applicantId);
    expect(first.map((m) => m.text)).toEqual([
      'Могу выйти с понедельника',
      'Здравствуйте! Вакансия ещё открыта?',
    ]);
    expect(first[0]).toMatchObject({
      channel_kind: 'avito',
      channel_name: 'Авито',
      direction: 'in',
      state: 'received',
      author: { type: 'applicant' },
    });
    // The second sync saw the chat unchanged in Avito's list: it did not read it again.
    const reads = messageReads(chatId);
    expect(reads).toBe(1);

    // A second later (Avito's `updated` counts seconds), a new message is read, once.
    await new Promise((r) => setTimeout(r, 1100));
    avito.applicantWrites(chatId, 'Уточните, пожалуйста, график');
    await sync(c);
    expect((await history(c, applicantId)).map((m) => m.text)).toEqual([
      'Уточните, пожалуйста, график',
      'Могу выйти с понедельника',
      'Здравствуйте! Вакансия ещё открыта?',
    ]);
    expect(messageReads(chatId)).toBe(reads + 1);
  });

  it('sends a reply on the channel Авито to that chat, shows it sent, and does not read it back', async () => {
    const c = await connect();
    const one = await respondedApplicant(c, 'Грузчик');
    const two = await respondedApplicant(c, 'Водитель');
    const channel = (await avitoChannelOf(c, one.applicantId))!;
    expect(channel).toBeDefined();

    const sent = await send(
      c,
      one.applicantId,
      channel.channel_id,
      'Добрый день! Ждём вас на собеседование.',
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await waitFor(
      () => messageRow(sent.body.message.id),
      (row) => row.state === 'sent',
    );
    expect(ourMessages(one.chatId)).toEqual(['Добрый день! Ждём вас на собеседование.']);
    expect(ourMessages(two.chatId)).toEqual([]);
    const shown = await history(c, one.applicantId);
    expect(shown[0]).toMatchObject({ direction: 'out', state: 'sent', channel_name: 'Авито' });

    // Our own message, read back with the chat, is not stored as the applicant's.
    await sync(c);
    expect(await history(c, one.applicantId)).toHaveLength(1);
  });

  it('offers Avito only for an applicant with a chat, and to the own account only', async () => {
    const a = await connect();
    const { applicantId } = await respondedApplicant(a, 'Продавец');
    const channel = (await avitoChannelOf(a, applicantId))!;

    const created = await api(a, 'POST', '/api/applicants', {
      first_name: 'Иван',
      last_name: 'Безотклика',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const manual = created.body.message.id as number;
    expect(await avitoChannelOf(a, manual)).toBeUndefined();
    const refused = await send(a, manual, channel.channel_id, 'Здравствуйте');
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toMatchObject({ channel_id: MSG_MESSAGES.noSiteChat });

    const b = await connect();
    for (const url of [
      `/api/msg_integrations/chats/applicant_chats/${applicantId}/channels`,
      `/api/msg_integrations/chats/applicant_chats_history/${applicantId}`,
    ]) {
      expect((await api(b, 'GET', url)).status).toBe(404);
    }
    expect((await send(b, applicantId, channel.channel_id, 'Чужое')).status).toBe(404);
  });

  it('loses nothing when Avito answers 500 or 429, and sends nothing twice', async () => {
    const c = await connect();
    const { chatId, applicantId } = await respondedApplicant(c, 'Кладовщик');

    // In: the chat's messages fail longer than the run retries: the sync pauses, then reads them.
    avito.applicantWrites(chatId, 'Есть ли развозка?');
    avito.failNext({ status: 500, path: messagesPath(chatId), times: 5 });
    const paused = await sync(c);
    expect(paused.state).toBe('paused');
    expect(paused.last_error).toBe(JOB_SITE_MESSAGES.unavailable);
    expect(await history(c, applicantId)).toEqual([]);
    await t.database.system.execute(
      sql`update job_site_connections set paused_until = now() - interval '1 second'
          where account_id = ${c.accountId}`,
    );
    const resumed = await sync(c);
    expect(resumed.state).toBe('active');
    await sync(c);
    expect((await history(c, applicantId)).map((m) => m.text)).toEqual(['Есть ли развозка?']);

    // Out, 429: the message waits without spending an attempt, then goes once.
    const channel = (await avitoChannelOf(c, applicantId))!;
    const sendPath = `/messenger/v1/accounts/${avito.self.id}/chats/${chatId}/messages`;
    avito.failNext({ status: 429, path: sendPath, retryAfterSeconds: 1 });
    const first = await send(c, applicantId, channel.channel_id, 'Да, от метро.');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const waiting = await waitFor(
      () => messageRow(first.body.message.id),
      (row) => row.reason !== null || row.state === 'sent',
    );
    expect(waiting).toMatchObject({
      state: 'queued',
      reason: AVITO_MESSAGE_TEXTS.paused,
      attempts: 0,
    });
    await waitFor(
      () => messageRow(first.body.message.id),
      (row) => row.state === 'sent',
    );

    // Out, 500: retried after its back-off, sent once.
    avito.failNext({ status: 500, path: sendPath });
    const second = await send(c, applicantId, channel.channel_id, 'Пришлём адрес склада.');
    await waitFor(
      () => messageRow(second.body.message.id),
      (row) => row.state === 'sent',
    );
    expect(ourMessages(chatId)).toEqual(['Да, от метро.', 'Пришлём адрес склада.']);
  });
});
