import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTelegramBotFake,
  type TelegramBotFake,
  type TgUpdate,
} from '../../../../test/telegram-bot-fake.ts';

// The fake Telegram Bot API answers as /work/shared/specs/telegram-bot-api says Telegram does:
// the transport's tests and the browser journeys rely on it, so it is held to the spec here.

let fake: TelegramBotFake;
let token: string;

const call = async (method: string, params: Record<string, unknown> = {}, botToken = token) => {
  const response = await fetch(`${fake.baseUrl}/bot${botToken}/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(params),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any -- Bot API answers read loosely
};

beforeAll(async () => {
  fake = await startTelegramBotFake({ webhookRetryMs: 50 });
  token = fake.addBot({ username: 'hr_company_bot', first_name: 'HR' }).token;
});
afterAll(() => fake.close());

describe('the Telegram Bot API fake', () => {
  it('answers getMe with the bot, 401 for an unknown token and 404 for an unknown method', async () => {
    expect(token).toMatch(/^\d+:[A-Za-z0-9_-]{35}$/);
    const me = await call('getMe');
    expect(me).toMatchObject({
      status: 200,
      body: { ok: true, result: { is_bot: true, username: 'hr_company_bot', first_name: 'HR' } },
    });
    expect(me.body.result.id).toBe(Number(token.split(':')[0]));
    // Method names are case-insensitive, and parameters may come in the query string (GET).
    const viaGet = await fetch(`${fake.baseUrl}/bot${token}/GETME`);
    expect(viaGet.status).toBe(200);
    expect(await call('getMe', {}, '123:nope')).toEqual({
      status: 401,
      body: { ok: false, error_code: 401, description: 'Unauthorized' },
    });
    expect((await call('noSuchMethod')).status).toBe(404);
  });

  it('hands updates to getUpdates, forgets them once confirmed by offset, and long-polls', async () => {
    const user = fake.addUser({ first_name: 'Анна', username: 'anna_k' });
    const update = fake.start(token, user, 'link-token');
    expect(update.message).toMatchObject({
      text: '/start link-token',
      entities: [{ type: 'bot_command', offset: 0, length: 6 }],
      from: { id: user.id, first_name: 'Анна', username: 'anna_k', is_bot: false },
      chat: { id: user.id, type: 'private' },
    });
    const first = await call('getUpdates', { timeout: 0 });
    expect(first.body.result.map((u: TgUpdate) => u.update_id)).toEqual([update.update_id]);
    // Not confirmed yet: asked again, the same update comes back.
    expect((await call('getUpdates')).body.result).toHaveLength(1);
    expect((await call('getUpdates', { offset: update.update_id + 1 })).body.result).toEqual([]);

    // A long poll waits for the next update and answers as soon as it comes.
    const started = Date.now();
    const polling = call('getUpdates', { offset: update.update_id + 1, timeout: 10 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const next = fake.send(token, user, { text: 'Здравствуйте!' });
    const polled = await polling;
    expect(Date.now() - started).toBeLessThan(5000);
    expect(polled.body.result).toEqual([next]);

    // A second poller ends the first with 409, as Telegram does.
    const older = call('getUpdates', { offset: next.update_id + 1, timeout: 10 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const newer = call('getUpdates', { offset: next.update_id + 1, timeout: 1 });
    expect((await older).status).toBe(409);
    expect((await newer).body.result).toEqual([]);
  });

  it('sends text only to users who started the bot, in Telegram’s words otherwise', async () => {
    const stranger = fake.addUser({ first_name: 'Иван' });
    expect(await call('sendMessage', { chat_id: stranger.id, text: 'Добрый день' })).toEqual({
      status: 403,
      body: {
        ok: false,
        error_code: 403,
        description: "Forbidden: bot can't initiate conversation with a user",
      },
    });
    expect((await call('sendMessage', { chat_id: 1, text: 'x' })).body.description).toBe(
      'Bad Request: chat not found',
    );
    fake.start(token, stranger);
    expect((await call('sendMessage', { chat_id: stranger.id, text: '' })).body.description).toBe(
      'Bad Request: message text is empty',
    );
    expect(
      (await call('sendMessage', { chat_id: stranger.id, text: 'я'.repeat(4097) })).body
        .description,
    ).toBe('Bad Request: message is too long');
    const ok = await call('sendMessage', { chat_id: String(stranger.id), text: 'Добрый день' });
    expect(ok.body).toMatchObject({
      ok: true,
      result: { text: 'Добрый день', chat: { id: stranger.id }, from: { is_bot: true } },
    });
    expect(fake.sent.at(-1)).toMatchObject({ chat_id: stranger.id, method: 'sendMessage' });

    fake.block(token, stranger);
    expect((await call('sendMessage', { chat_id: stranger.id, text: 'Ещё' })).body).toEqual({
      ok: false,
      error_code: 403,
      description: 'Forbidden: bot was blocked by the user',
    });
  });

  it('answers 429 with retry_after when told to, once', async () => {
    const user = fake.addUser({ first_name: 'Пётр' });
    fake.start(token, user);
    fake.failNext({ method: 'sendMessage', retry_after: 3 });
    expect(await call('sendMessage', { chat_id: user.id, text: 'Раз' })).toEqual({
      status: 429,
      body: {
        ok: false,
        error_code: 429,
        description: 'Too Many Requests: retry after 3',
        parameters: { retry_after: 3 },
      },
    });
    expect((await call('sendMessage', { chat_id: user.id, text: 'Раз' })).status).toBe(200);
  });

  it('takes a document as multipart upload, gives it back by getFile and the file link', async () => {
    const user = fake.addUser({ first_name: 'Ольга' });
    fake.start(token, user);
    const form = new FormData();
    form.append('chat_id', String(user.id));
    form.append('caption', 'Оффер');
    form.append(
      'document',
      new Blob([Buffer.from('%PDF-1.4 offer')], { type: 'application/pdf' }),
      'offer.pdf',
    );
    const response = await fetch(`${fake.baseUrl}/bot${token}/sendDocument`, {
      method: 'POST',
      body: form,
    });
    const sent = (await response.json()) as { result: { document: Record<string, any> } }; // eslint-disable-line @typescript-eslint/no-explicit-any -- read loosely
    expect(sent.result).toMatchObject({
      caption: 'Оффер',
      document: { file_name: 'offer.pdf', mime_type: 'application/pdf', file_size: 14 },
    });
    const file = await call('getFile', { file_id: sent.result.document.file_id });
    expect(file.body.result).toMatchObject({
      file_size: 14,
      file_path: expect.stringMatching(/\.pdf$/),
    });
    const download = await fetch(`${fake.baseUrl}/file/bot${token}/${file.body.result.file_path}`);
    expect(Buffer.from(await download.arrayBuffer()).toString()).toBe('%PDF-1.4 offer');
    expect((await call('getFile', { file_id: 'nope' })).body.description).toBe(
      'Bad Request: invalid file_id',
    );

    // What the applicant sends is downloaded the same way.
    const incoming = fake.send(token, user, {
      document: { file_name: 'resume.docx', bytes: Buffer.from('резюме') },
      caption: 'Моё резюме',
    });
    const info = await call('getFile', { file_id: incoming.message!.document!.file_id });
    const bytes = await fetch(`${fake.baseUrl}/file/bot${token}/${info.body.result.file_path}`);
    expect(Buffer.from(await bytes.arrayBuffer()).toString()).toBe('резюме');
  });

  it('posts updates to the webhook with the secret header, again after a refusal', async () => {
    const received: { secret: string | undefined; update: TgUpdate }[] = [];
    let refuseNext = true;
    const app = createServer((req: IncomingMessage, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      req.on('end', () => {
        if (refuseNext) {
          refuseNext = false;
          res.writeHead(500).end();
          return;
        }
        received.push({
          secret: req.headers['x-telegram-bot-api-secret-token'] as string | undefined,
          update: JSON.parse(raw) as TgUpdate,
        });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    const hook = `http://127.0.0.1:${(app.address() as AddressInfo).port}/hook`;
    try {
      expect(
        (await call('setWebhook', { url: hook, secret_token: 'bad secret!' })).body.description,
      ).toBe('Bad Request: secret token contains unallowed characters');
      expect(
        (
          await call('setWebhook', {
            url: hook,
            secret_token: 's3cret_-',
            drop_pending_updates: true,
          })
        ).body,
      ).toEqual({ ok: true, result: true, description: 'Webhook was set' });
      expect((await call('getUpdates')).status).toBe(409);

      const user = fake.addUser({ first_name: 'Мария', phone_number: '+79161234567' });
      const update = fake.send(token, user, { contact: true });
      expect(await fake.webhookIdle(token)).toBe(true);
      expect(received).toEqual([{ secret: 's3cret_-', update }]);
      expect(update.message!.contact).toEqual({
        phone_number: '+79161234567',
        first_name: 'Мария',
        user_id: user.id,
      });
      const refused = fake.deliveries.filter((d) => d.update_id === update.update_id);
      expect(refused.map((d) => d.status)).toEqual([500, 200]);
      expect((await call('getWebhookInfo')).body.result).toMatchObject({
        url: hook,
        pending_update_count: 0,
        last_error_message: expect.stringContaining('500'),
      });
      expect((await call('deleteWebhook')).body.description).toBe('Webhook was deleted');
    } finally {
      await new Promise((resolve) => app.close(resolve));
    }
  });

  it('lets a journey drive "the applicant" through /__control', async () => {
    const control = (path: string, body: unknown) =>
      fetch(`${fake.baseUrl}/__control${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((r) => r.json() as Promise<Record<string, any>>); // eslint-disable-line @typescript-eslint/no-explicit-any -- read loosely
    const bot = await control('/bots', { username: 'journey_bot' });
    const update = await control('/start', {
      bot: 'journey_bot',
      user: { first_name: 'Кандидат', username: 'cand' },
      payload: 'abc',
    });
    expect(update.message.text).toBe('/start abc');
    const chatId = update.message.chat.id as number;
    await call('sendMessage', { chat_id: chatId, text: 'Привет' }, bot.token as string);
    const sent = (await fetch(`${fake.baseUrl}/__control/sent?bot=journey_bot`).then((r) =>
      r.json(),
    )) as { chat_id: number; message: { text: string } }[];
    expect(sent.map((s) => [s.chat_id, s.message.text])).toEqual([[chatId, 'Привет']]);

    await control('/down', { down: true });
    await expect(call('getMe', {}, bot.token as string)).rejects.toThrow();
    await control('/down', { down: false });
    expect((await call('getMe', {}, bot.token as string)).status).toBe(200);
  });
});
