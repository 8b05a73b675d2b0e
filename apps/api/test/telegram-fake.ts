import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type SentMessage = { token: string; chat_id: string | number; text: string };

/**
 * A local stand-in for the Telegram Bot API's sendMessage, answering as the published spec does:
 * `{ok: true, result: Message}`, or `{ok: false, error_code, description}` for a bad request.
 */
export async function startTelegramFake(options: { knownChatId: string; token: string }) {
  const sent: SentMessage[] = [];
  const server = createServer((req, res) => {
    const match = /^\/bot([^/]+)\/sendMessage$/.exec(req.url ?? '');
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (!match || req.method !== 'POST') {
        return reply(404, { ok: false, error_code: 404, description: 'Not Found' });
      }
      if (match[1] !== options.token) {
        return reply(401, { ok: false, error_code: 401, description: 'Unauthorized' });
      }
      let body: { chat_id?: string | number; text?: string };
      try {
        body = JSON.parse(raw) as typeof body;
      } catch {
        return reply(400, { ok: false, error_code: 400, description: 'Bad Request: invalid JSON' });
      }
      if (body.chat_id === undefined || !body.text) {
        return reply(400, {
          ok: false,
          error_code: 400,
          description: 'Bad Request: message text is empty',
        });
      }
      if (String(body.chat_id) !== options.knownChatId) {
        return reply(400, {
          ok: false,
          error_code: 400,
          description: 'Bad Request: chat not found',
        });
      }
      sent.push({ token: match[1], chat_id: body.chat_id, text: body.text });
      return reply(200, {
        ok: true,
        result: {
          message_id: sent.length,
          date: Math.floor(Date.now() / 1000),
          chat: { id: Number(body.chat_id), type: 'group', title: 'Ошибки' },
          text: body.text,
        },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    sent,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
