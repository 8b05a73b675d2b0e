import { JOB_SITE_MESSAGES } from '@ats/contracts/job-sites';
import { MSG_MESSAGES } from '@ats/contracts/messaging';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HhFake } from '../../../../test/fakes/hh-fake.ts';
import {
  type HhConnected,
  connectedToHh,
  conversationOf,
  importedOne,
  linkedVacancy,
  outboxRow,
  sendOnChannel,
  siteChannelOf,
  syncNow,
  waitFor,
  startAppWithHhFake,
} from '../../../../test/job-site-connections.ts';
import { type TestApp, call } from '../../../../test/test-app.ts';
import { HH_MESSAGE_TEXTS } from './hh-messages.ts';

// hh.ru negotiation messages in the applicant's conversation (decision 0062) against the fake:
// the applicant's messages come in with the sync, each once however often it is read; a reply
// on the channel «hh.ru» goes to that negotiation through the outbox; another account reaches
// nothing; 429 and 500 of the site lose nothing and send nothing twice; a token that cannot be
// renewed holds the reply without spending its attempts.

let t: TestApp;
let fake: HhFake;

beforeAll(async () => {
  ({ t, fake } = await startAppWithHhFake());
}, 180_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const api = (c: HhConnected, method: 'GET' | 'POST', url: string, body?: unknown) =>
  call(t.app, method, url, body, { token: c.token });
const sync = (c: HhConnected) => syncNow(t.app, c);
const history = (c: HhConnected, applicantId: number) => conversationOf(t.app, c, applicantId);
const hhChannelOf = (c: HhConnected, applicantId: number) =>
  siteChannelOf(t.app, c, applicantId, 'hh');
const send = (c: HhConnected, applicantId: number, channelId: number, text: string) =>
  sendOnChannel(t.app, c, applicantId, channelId, text);
const messageRow = (id: number) => outboxRow(t.database, id);

/** A linked vacancy with one response: the negotiation and the applicant it became. */
async function respondedApplicant(c: HhConnected, name: string) {
  const external = fake.addVacancy(name);
  await linkedVacancy(t.app, c, external, name);
  const nid = fake.addResponse(external, {
    first_name: 'Анна',
    last_name: `Откликова${Math.random().toString(36).slice(2, 6)}`,
    email: `anna.${Math.random().toString(36).slice(2, 10)}@mail.example`,
  });
  return { nid, external, applicantId: await importedOne(t.app, t.database, c, nid) };
}

const messageReads = (nid: string) =>
  fake.requests.filter((r) => r.method === 'GET' && r.path === `/negotiations/${nid}/messages`)
    .length;

describe('hh.ru messages in the conversation', { timeout: 120_000 }, () => {
  it('stores the applicant’s messages once across syncs, labelled hh.ru', async () => {
    const c = await connectedToHh(t.app);
    const { nid, applicantId } = await respondedApplicant(c, 'Аналитик');
    // No message yet: the negotiation is linked (the composer may offer hh.ru), nothing stored.
    expect(await hhChannelOf(c, applicantId)).toBeDefined();
    expect(await history(c, applicantId)).toEqual([]);

    fake.addApplicantMessage(nid, 'Здравствуйте! Когда можно созвониться?');
    await sync(c);
    await sync(c);
    const first = await history(c, applicantId);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({
      channel_kind: 'hh',
      channel_name: 'hh.ru',
      direction: 'in',
      state: 'received',
      text: 'Здравствуйте! Когда можно созвониться?',
      author: { type: 'applicant' },
    });
    // The second sync saw the same count: it did not read the negotiation's messages again.
    const reads = messageReads(nid);
    expect(reads).toBe(1);

    fake.addApplicantMessage(nid, 'Могу завтра после 15:00');
    await sync(c);
    const second = await history(c, applicantId);
    expect(second.map((m) => m.text)).toEqual([
      'Могу завтра после 15:00',
      'Здравствуйте! Когда можно созвониться?',
    ]);
    expect(messageReads(nid)).toBe(reads + 1);
  });

  it('reads the messages of negotiations moved to an invitation or a rejection', async () => {
    const c = await connectedToHh(t.app);
    const invited = await respondedApplicant(c, 'Оператор');
    const discarded = await respondedApplicant(c, 'Кассир');
    // Moved on hh.ru: no longer listed among the responses.
    fake.setNegotiationState(invited.nid, 'invitation');
    fake.setNegotiationState(discarded.nid, 'discard');
    fake.addApplicantMessage(invited.nid, 'Спасибо за приглашение! Буду в 11:00.');
    fake.addApplicantMessage(discarded.nid, 'Жаль. Можно узнать причину?');
    await sync(c);
    await sync(c);
    expect((await history(c, invited.applicantId)).map((m) => m.text)).toEqual([
      'Спасибо за приглашение! Буду в 11:00.',
    ]);
    expect((await history(c, discarded.applicantId)).map((m) => m.text)).toEqual([
      'Жаль. Можно узнать причину?',
    ]);
    // Read once: the second sync saw the same count in the collection.
    expect(messageReads(invited.nid)).toBe(1);
    expect(messageReads(discarded.nid)).toBe(1);
  });

  it('sends a reply on the channel hh.ru to that negotiation, and shows it sent', async () => {
    const c = await connectedToHh(t.app);
    const one = await respondedApplicant(c, 'Тестировщик');
    const two = await respondedApplicant(c, 'Дизайнер');
    const channel = await hhChannelOf(c, one.applicantId);
    expect(channel).toBeDefined();

    const sent = await send(
      c,
      one.applicantId,
      channel!.channel_id,
      'Добрый день! Приглашаем на интервью в среду.',
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const id = sent.body.message.id as number;
    await waitFor(
      () => messageRow(id),
      (row) => row.state === 'sent',
    );
    expect(fake.chat(one.nid)).toEqual([
      expect.objectContaining({
        author: 'employer',
        text: 'Добрый день! Приглашаем на интервью в среду.',
      }),
    ]);
    expect(fake.chat(two.nid)).toEqual([]);
    const shown = await history(c, one.applicantId);
    expect(shown[0]).toMatchObject({ direction: 'out', state: 'sent', channel_name: 'hh.ru' });

    // Our own message read back from hh.ru is not stored as the applicant's.
    await sync(c);
    expect(await history(c, one.applicantId)).toHaveLength(1);
  });

  it('offers hh.ru only for an applicant with a negotiation, and to the own account only', async () => {
    const a = await connectedToHh(t.app);
    const { applicantId } = await respondedApplicant(a, 'Бухгалтер');
    const channel = (await hhChannelOf(a, applicantId))!;

    // An applicant added by hand has no negotiation: no hh.ru, and sending there is refused.
    const created = await api(a, 'POST', '/api/applicants', {
      first_name: 'Пётр',
      last_name: 'Безоткликов',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const manual = created.body.message.id as number;
    expect(await hhChannelOf(a, manual)).toBeUndefined();
    const refused = await send(a, manual, channel.channel_id, 'Здравствуйте');
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toMatchObject({ channel_id: MSG_MESSAGES.noSiteChat });

    // Another company reaches neither the applicant nor the channel.
    const b = await connectedToHh(t.app);
    const foreign = await api(
      b,
      'GET',
      `/api/msg_integrations/chats/applicant_chats/${applicantId}/channels`,
    );
    expect(foreign.status).toBe(404);
    const foreignSend = await send(b, applicantId, channel.channel_id, 'Чужое сообщение');
    expect(foreignSend.status).toBe(404);
    const foreignHistory = await api(
      b,
      'GET',
      `/api/msg_integrations/chats/applicant_chats_history/${applicantId}`,
    );
    expect(foreignHistory.status).toBe(404);
  });

  it('loses nothing when hh.ru answers 500 or 429, and sends nothing twice', async () => {
    const c = await connectedToHh(t.app);
    const { nid, applicantId } = await respondedApplicant(c, 'Менеджер проектов');

    // In: the messages fail longer than the run retries: the sync pauses, then reads them.
    fake.addApplicantMessage(nid, 'Есть ли удалённая работа?');
    fake.failNext({ status: 500, path: `/negotiations/${nid}/messages`, times: 5 });
    const paused = await sync(c);
    expect(paused.state).toBe('paused');
    expect(paused.last_error).toBe(JOB_SITE_MESSAGES.unavailable);
    expect(await history(c, applicantId)).toEqual([]);
    await t.database.system.execute(
      sql`update job_site_connections set paused_until = now() - interval '1 second'
          where account_id = ${c.accountId}`,
    );
    // The two failures left are ridden out within this run (its retries).
    const resumed = await sync(c);
    expect(resumed.state).toBe('active');
    await sync(c);
    expect((await history(c, applicantId)).map((m) => m.text)).toEqual([
      'Есть ли удалённая работа?',
    ]);

    // Out, 429: the message waits without spending an attempt, then goes once.
    const channel = (await hhChannelOf(c, applicantId))!;
    fake.failNext({ status: 429, path: `/negotiations/${nid}/messages`, retryAfter: 1 });
    const first = await send(c, applicantId, channel.channel_id, 'Да, можно удалённо.');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const waiting = await waitFor(
      () => messageRow(first.body.message.id),
      (row) => row.reason !== null || row.state === 'sent',
    );
    expect(waiting).toMatchObject({
      state: 'queued',
      reason: HH_MESSAGE_TEXTS.paused,
      attempts: 0,
    });
    await waitFor(
      () => messageRow(first.body.message.id),
      (row) => row.state === 'sent',
    );

    // Out, 500: retried after its back-off, sent once.
    fake.failNext({ status: 500, path: `/negotiations/${nid}/messages` });
    const second = await send(c, applicantId, channel.channel_id, 'Пришлём тестовое задание.');
    await waitFor(
      () => messageRow(second.body.message.id),
      (row) => row.state === 'sent',
    );
    expect(
      fake
        .chat(nid)
        .filter((m) => m.author === 'employer')
        .map((m) => m.text),
    ).toEqual(['Да, можно удалённо.', 'Пришлём тестовое задание.']);
  });

  it('holds a reply, without spending its attempts, while hh.ru must be connected again', async () => {
    const c = await connectedToHh(t.app);
    const { nid, applicantId } = await respondedApplicant(c, 'Юрист');
    const channel = (await hhChannelOf(c, applicantId))!;
    // The token ends and cannot be renewed (the refresh token is gone).
    await t.database.system.execute(
      sql`update job_site_connections set refresh_token = null where account_id = ${c.accountId}`,
    );
    fake.expireAccessTokens();
    const sent = await send(c, applicantId, channel.channel_id, 'Ждём вас в понедельник.');
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const held = await waitFor(
      () => messageRow(sent.body.message.id),
      (row) => row.reason !== null || row.state === 'sent' || row.state === 'failed',
    );
    expect(held).toMatchObject({
      state: 'queued',
      reason: HH_MESSAGE_TEXTS.reconnect,
      attempts: 0,
    });
    const overview = await api(c, 'GET', '/api/job_sites');
    expect(overview.body.message.connections[0].state).toBe('reconnect');
    expect(fake.chat(nid)).toEqual([]);
  });
});
