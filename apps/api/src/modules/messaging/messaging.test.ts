import { MSG_MESSAGES } from '@ats/contracts/messaging';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertApplicants } from '../../../test/applicant-factory.ts';
import { systemRows } from '../../../test/db-helpers.ts';
import { type SignedUp, signUpCompany } from '../../../test/factories.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';
import { openMessageStream } from '../../../test/message-stream.ts';
import { STALE_REASON, sendDueMessages } from './messaging-outbox.ts';
import { receiveIncoming } from './messaging.service.ts';
import { type SendContext, TransportError, registerTransport } from './transports.ts';

// The core of issue 14 against a stand-in transport of kind `telegram` registered in the
// registry, as the real one is: the outbox, the history, unread counters and incoming messages.
// The real Telegram and e-mail transports have their own tests against their fake servers.

type Script = (ctx: SendContext) => { externalId: string } | TransportError;
const sent: SendContext[] = [];
let script: Script = (ctx) => ({ externalId: `ext-${ctx.message.id}` });

registerTransport({
  kind: 'telegram',
  connect: async ({ input }) => {
    if (input.token === '1:bad-token-bad-token-bad-token') {
      throw new TransportError('Telegram не принял токен бота');
    }
    return {
      defaultName: '@stand_in_bot',
      address: '@stand_in_bot',
      externalId: String(input.token).split(':')[0]!,
      settings: { bot_username: 'stand_in_bot' },
      secrets: { token: String(input.token) },
    };
  },
  send: async (ctx) => {
    sent.push(ctx);
    const answer = script(ctx);
    if (answer instanceof TransportError) throw answer;
    return { externalId: answer.externalId, state: 'sent' };
  },
});

let t: TestApp;
let admin: SignedUp;
let other: SignedUp;
let applicantId: number;
let channelId: number;
const TOKEN = '123456:AAbbccddeeffgghhiijjkkllmmnnoo';

const api = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
  who = admin,
) => call(t.app, method, url, body, { token: who.token });

const deps = () => ({ config: t.config, database: t.database, log: t.app.log });

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 10_000) {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const stateOf = (id: number) =>
  systemRows<{
    state: string;
    reason: string | null;
    attempts: number;
    external_message_id: string | null;
  }>(
    t.database,
    sql`select state, reason, attempts, external_message_id from msg_messages where id = ${id}`,
  ).then((rows) => rows[0]!);

beforeAll(async () => {
  t = await createTestApp({ SECRETS_KEY: 'messaging-test-secrets-key' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await signUpCompany(t.app);
  other = await signUpCompany(t.app);
  [applicantId = 0] = await insertApplicants(t.database, admin.accountId, [
    { firstName: 'Пётр', lastName: 'Смирнов', email: 'petr@example.com' },
  ]);
}, 180_000);
afterAll(() => t.close());

describe('channels', () => {
  it('connects a bot through its transport and never returns the token, stored sealed', async () => {
    const created = await api('POST', '/api/msg_integrations/msg_channels', {
      kind: 'telegram',
      token: TOKEN,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    channelId = (created.body.message as { id: number }).id;
    expect(created.body.message).toMatchObject({
      kind: 'telegram',
      name: '@stand_in_bot',
      scope: 'user',
      state: 'active',
      has_secret: true,
    });
    expect(JSON.stringify(created.body)).not.toContain(TOKEN);
    const [row] = await systemRows<{ secrets: string }>(
      t.database,
      sql`select secrets from msg_channels where id = ${channelId}`,
    );
    expect(row!.secrets).not.toContain(TOKEN.split(':')[1]!);

    const mine = await api('GET', '/api/msg_integrations/msg_channels');
    expect((mine.body.message as { id: number }[]).map((c) => c.id)).toEqual([channelId]);
    const company = await api('GET', '/api/msg_integrations/msg_channels/account');
    expect(company.body.message).toEqual([]);
  });

  it('answers a token the transport refuses with a Russian field error', async () => {
    const bad = await api('POST', '/api/msg_integrations/msg_channels', {
      kind: 'telegram',
      token: '1:bad-token-bad-token-bad-token',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ token: 'Telegram не принял токен бота' });
  });

  it('keeps another account out of the channel (404)', async () => {
    const seen = await api(
      'GET',
      `/api/msg_integrations/msg_channels/${channelId}`,
      undefined,
      other,
    );
    expect(seen.status).toBe(404);
    expect(seen.body.message).toBe(MSG_MESSAGES.channelNotFound);
  });
});

describe('the conversation', () => {
  it('refuses to write before the applicant has a chat on the bot', async () => {
    const early = await api(
      'POST',
      `/api/msg_integrations/chats/applicant_chats/${applicantId}/messages`,
      {
        channel_id: channelId,
        text: 'Здравствуйте',
      },
    );
    expect(early.status).toBe(400);
    expect(early.body.message).toBe(MSG_MESSAGES.noChatLink);
  });

  it('stores an incoming message once, counts it unread, and reading clears it', async () => {
    const incoming = {
      channelId,
      externalChatId: '777',
      externalMessageId: '1',
      applicantId,
      text: 'Добрый день, я по вакансии',
      attachments: [],
      sentAt: new Date(),
      author: { name: 'Пётр' },
    };
    const first = await receiveIncoming(deps(), admin.accountId, incoming);
    const again = await receiveIncoming(deps(), admin.accountId, incoming);
    expect(first).toMatchObject({ stored: true, duplicate: false });
    expect(again).toMatchObject({ stored: true, duplicate: true });

    const unread = await api(
      'GET',
      `/api/msg_integrations/chats/unread?applicant_ids=${applicantId}`,
    );
    expect(unread.body.message).toEqual({
      total: 1,
      conversations: 1,
      applicants: { [applicantId]: 1 },
    });
    const history = await api(
      'GET',
      `/api/msg_integrations/chats/applicant_chats_history/${applicantId}`,
    );
    expect(history.status).toBe(200);
    expect(history.body.message).toMatchObject({ total: 1, unread: 1, has_more: false });
    expect((history.body.message as { items: unknown[] }).items[0]).toMatchObject({
      direction: 'in',
      state: 'received',
      text: 'Добрый день, я по вакансии',
      author: { type: 'applicant', name: 'Смирнов Пётр' },
    });
    const after = await api('GET', '/api/msg_integrations/chats/unread');
    expect(after.body.message).toMatchObject({ total: 0 });
  });

  it('reads a page in one tenant read, and writes only when the reader has unread', async () => {
    const transactions = vi.spyOn(t.database, 'withTenant');
    const reads = vi.spyOn(t.database, 'readAsTenant');
    try {
      const quiet = await api(
        'GET',
        `/api/msg_integrations/chats/applicant_chats_history/${applicantId}`,
      );
      expect(quiet.status).toBe(200);
      expect(quiet.body.message).toMatchObject({ total: 1, unread: 0 });
      expect(reads).toHaveBeenCalledTimes(1);
      expect(transactions).not.toHaveBeenCalled();

      await receiveIncoming(deps(), admin.accountId, {
        channelId,
        externalChatId: '777',
        externalMessageId: '2',
        applicantId,
        text: 'Когда можно прийти?',
        attachments: [],
        sentAt: new Date(),
        author: { name: 'Пётр' },
      });
      transactions.mockClear();
      reads.mockClear();
      const fresh = await api(
        'GET',
        `/api/msg_integrations/chats/applicant_chats_history/${applicantId}?per_page=1`,
      );
      expect(fresh.body.message).toMatchObject({ total: 2, unread: 1, has_more: true });
      expect(reads).toHaveBeenCalledTimes(1);
      expect(transactions).toHaveBeenCalledTimes(1);
      const after = await api('GET', '/api/msg_integrations/chats/unread');
      expect(after.body.message).toMatchObject({ total: 0 });

      const unknown = await api(
        'GET',
        '/api/msg_integrations/chats/applicant_chats_history/999999',
      );
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe(MSG_MESSAGES.applicantNotFound);
    } finally {
      transactions.mockRestore();
      reads.mockRestore();
    }
  });

  it('sends through the outbox to the linked chat and records the external id', async () => {
    const reply = await api(
      'POST',
      `/api/msg_integrations/chats/applicant_chats/${applicantId}/messages`,
      {
        channel_id: channelId,
        text: 'Спасибо, Пётр!',
      },
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const id = (reply.body.message as { id: number }).id;
    const row = await waitFor(
      () => stateOf(id),
      (r) => r.state === 'sent',
    );
    expect(row).toMatchObject({ state: 'sent', attempts: 1, external_message_id: `ext-${id}` });
    expect(sent.at(-1)!.recipient.chatId).toBe('777');
  });

  it('waits out retry_after, then sends; a permanent failure is failed until «Повторить»', async () => {
    script = (ctx) =>
      ctx.message.attempt === 1
        ? new TransportError('Telegram просит подождать', { retryAfterMs: 300 })
        : { externalId: `ext-${ctx.message.id}` };
    const queued = await api(
      'POST',
      `/api/msg_integrations/chats/applicant_chats/${applicantId}/messages`,
      {
        channel_id: channelId,
        text: 'Второе',
      },
    );
    const id = (queued.body.message as { id: number }).id;
    const row = await waitFor(
      () => stateOf(id),
      (r) => r.state === 'sent',
    );
    expect(row).toMatchObject({ state: 'sent', attempts: 2, reason: null });

    script = () => new TransportError('Кандидат заблокировал бота', { permanent: true });
    const blocked = await api(
      'POST',
      `/api/msg_integrations/chats/applicant_chats/${applicantId}/messages`,
      {
        channel_id: channelId,
        text: 'Третье',
      },
    );
    const failedId = (blocked.body.message as { id: number }).id;
    expect(
      await waitFor(
        () => stateOf(failedId),
        (r) => r.state === 'failed',
      ),
    ).toMatchObject({
      state: 'failed',
      reason: 'Кандидат заблокировал бота',
    });
    script = (ctx) => ({ externalId: `ext-${ctx.message.id}` });
    const retried = await api('POST', `/api/msg_integrations/chats/messages/${failedId}/retry`);
    expect(retried.status).toBe(200);
    expect(
      await waitFor(
        () => stateOf(failedId),
        (r) => r.state === 'sent',
      ),
    ).toMatchObject({
      state: 'sent',
    });
    const twice = await api('POST', `/api/msg_integrations/chats/messages/${failedId}/retry`);
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe(MSG_MESSAGES.notRetryable);
  });

  it('fills a mail template’s variables for the applicant in any channel', async () => {
    const template = await api('POST', '/api/account_mail_temps', {
      name: 'Приглашение',
      title: 'Приглашение, %applicant.first_name%',
      description: '<p>Здравствуйте, %applicant.name%! Ждём вас.</p>',
      is_shared: true,
    });
    expect(template.status, JSON.stringify(template.body)).toBe(200);
    const templateId = (template.body.message as { id: number }).id;
    const sentWith = await api(
      'POST',
      `/api/msg_integrations/chats/applicant_chats/${applicantId}/messages`,
      { channel_id: channelId, template_id: templateId },
    );
    expect(sentWith.status, JSON.stringify(sentWith.body)).toBe(200);
    expect(sentWith.body.message).toMatchObject({
      subject: 'Приглашение, Пётр',
      text: 'Здравствуйте, Смирнов Пётр! Ждём вас.',
      state: 'queued',
    });
    const id = (sentWith.body.message as { id: number }).id;
    await waitFor(
      () => stateOf(id),
      (r) => r.state === 'sent',
    );
    expect(sent.find((ctx) => ctx.message.id === id)!.message.html).toContain('<p>');

    const missing = await api(
      'POST',
      `/api/msg_integrations/chats/applicant_chats/${applicantId}/messages`,
      { channel_id: channelId, template_id: 999_999 },
    );
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(MSG_MESSAGES.templateNotFound);
  });

  it('answers an unknown applicant and another account’s applicant with 404 in Russian', async () => {
    const unknown = await api('GET', '/api/msg_integrations/chats/applicant_chats_history/999999');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(MSG_MESSAGES.applicantNotFound);
    const foreign = await api(
      'GET',
      `/api/msg_integrations/chats/applicant_chats_history/${applicantId}`,
      undefined,
      other,
    );
    expect(foreign.status).toBe(404);
  });
});

const base = () => {
  const address = t.app.server.address() as { port: number };
  return `http://127.0.0.1:${address.port}`;
};

let incomingSeq = 100;
const incomingText = (text: string) => ({
  channelId,
  externalChatId: '777',
  externalMessageId: String((incomingSeq += 1)),
  text,
  attachments: [],
  sentAt: new Date(),
  author: { name: 'Пётр' },
});

describe('live updates and who hears', () => {
  it('tells the open card of an incoming message without a reload; another account gets 404', async () => {
    const card = openMessageStream(
      `${base()}/api/msg_integrations/chats/applicant_chats/${applicantId}/events`,
      admin.token,
    );
    expect(await card.opened).toBe(200);
    const stored = await receiveIncoming(deps(), admin.accountId, incomingText('Я на связи'));
    expect(stored.stored).toBe(true);
    const messageId = (stored as { messageId: number }).messageId;
    await waitFor(
      async () => card.events,
      (events) => events.some((e) => e.message_id === messageId),
    );
    card.close();
    expect(card.events.find((e) => e.message_id === messageId)).toEqual({
      type: 'message_created',
      applicant_id: applicantId,
      message_id: messageId,
      state: 'received',
      direction: 'in',
    });

    const foreign = openMessageStream(
      `${base()}/api/msg_integrations/chats/applicant_chats/${applicantId}/events`,
      other.token,
    );
    expect(await foreign.opened).toBe(404);
    foreign.close();
  });

  it('follows the notification settings: a letter when asked for, no unread when the app is off', async () => {
    const put = await api('PUT', '/api/admin_user_notification_settings', {
      notification_settings: { message_received: { email: true, in_app: false } },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    await api('GET', `/api/msg_integrations/chats/applicant_chats_history/${applicantId}`);
    await receiveIncoming(deps(), admin.accountId, incomingText('Когда собеседование?'));
    const unread = await api('GET', '/api/msg_integrations/chats/unread');
    expect(unread.body.message).toMatchObject({ total: 0 });
    const letters = await systemRows<{ to_address: string; text_body: string }>(
      t.database,
      sql`select to_address, text_body from mail_outbox where kind = 'message_received'`,
    );
    expect(letters).toHaveLength(1);
    expect(letters[0]!.to_address).toBe(admin.email);
    expect(letters[0]!.text_body).toContain('Когда собеседование?');
    expect(letters[0]!.text_body).toContain(`/applicant/${applicantId}`);
    await api('PUT', '/api/admin_user_notification_settings', {
      notification_settings: { message_received: { email: false, in_app: true } },
    });
  });
});

describe('the outbox across a crash', () => {
  const queue = async (text: string, state: 'queued' | 'sending', claimedSecondsAgo = 0) => {
    const [row] = await systemRows<{ id: number }>(
      t.database,
      sql`insert into msg_messages (account_id, applicant_id, channel_id, channel_kind, direction,
            author_type, author_user_id, text, state, attempts, claimed_at, external_chat_id)
          values (${admin.accountId}, ${applicantId}, ${channelId}, 'telegram', 'out', 'user',
            ${admin.userId}, ${text}, ${state}, ${state === 'sending' ? 1 : 0},
            ${state === 'sending' ? sql`now() - make_interval(secs => ${claimedSecondsAgo})` : null},
            '777')
          returning id`,
    );
    return row!.id;
  };

  it('sends a message left queued by a dead process once, however many sweeps run at once', async () => {
    const before = sent.length;
    const id = await queue('Оставлено в очереди', 'queued');
    await Promise.all([sendDueMessages(deps()), sendDueMessages(deps()), sendDueMessages(deps())]);
    expect(await stateOf(id)).toMatchObject({ state: 'sent', attempts: 1 });
    expect(sent.slice(before).filter((ctx) => ctx.message.id === id)).toHaveLength(1);
  });

  it('fails a message whose sender died mid-send instead of sending it twice; «Повторить» sends it', async () => {
    const before = sent.length;
    const id = await queue('Отправлялось при сбое', 'sending', 3600);
    const fresh = await queue('Отправляется сейчас', 'sending', 0);
    await sendDueMessages(deps());
    expect(await stateOf(id)).toMatchObject({ state: 'failed', reason: STALE_REASON });
    expect(await stateOf(fresh)).toMatchObject({ state: 'sending' });
    expect(sent.length).toBe(before);
    const retried = await api('POST', `/api/msg_integrations/chats/messages/${id}/retry`);
    expect(retried.status).toBe(200);
    expect(
      await waitFor(
        () => stateOf(id),
        (r) => r.state === 'sent',
      ),
    ).toMatchObject({
      state: 'sent',
    });
    await systemRows(t.database, sql`update msg_messages set state = 'failed' where id = ${fresh}`);
  });
});
