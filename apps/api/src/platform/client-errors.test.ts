import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../test/test-app.ts';

// Requests Node's HTTP parser or Fastify's router refuse before any route runs, sent as raw
// bytes to a real listening server (inject would never reach Node's parser).

type RawAnswer = { status: number; headers: string; body: string };

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t.close());

/** Writes the bytes and reads the whole answer until the server closes or it is complete. */
function rawRequest(bytes: Buffer | string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const finish = () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const head = split === -1 ? text : text.slice(0, split);
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0),
        headers: head,
        body: split === -1 ? '' : text.slice(split + 4),
      });
    };
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      const text = Buffer.concat(chunks).toString('utf8');
      const length = /content-length: (\d+)/i.exec(text)?.[1];
      const split = text.indexOf('\r\n\r\n');
      if (length && split !== -1 && Buffer.byteLength(text.slice(split + 4)) >= Number(length)) {
        socket.destroy();
        finish();
      }
    });
    socket.on('end', finish);
    socket.on('close', finish);
    socket.on('error', (error) => (chunks.length ? finish() : reject(error)));
    socket.write(bytes);
  });
}

const expectEnvelope = (answer: RawAnswer, code: number, message: string) => {
  expect(answer.status, answer.headers + answer.body).toBe(code);
  expect(answer.headers).toMatch(/content-type: application\/json/i);
  expect(JSON.parse(answer.body)).toEqual({ code, status: 'error', message });
};

describe('requests refused before any route are answered in the envelope', () => {
  it('a query string of raw UTF-8 bytes (not percent-encoded) is a 400 in Russian', async () => {
    const answer = await rawRequest(
      Buffer.concat([
        Buffer.from('GET /api/applicants?search='),
        Buffer.from('Иванов', 'utf8'),
        Buffer.from(' HTTP/1.1\r\nHost: localhost\r\n\r\n'),
      ]),
    );
    expectEnvelope(answer, 400, 'Некорректный HTTP-запрос');
  });

  it('a URL longer than the parser takes is a 414 in Russian', async () => {
    const answer = await rawRequest(
      `GET /api/applicants?search=${'a'.repeat(70_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
    );
    expectEnvelope(answer, 414, 'Слишком длинный адрес запроса');
  });

  it('a path parameter over the router length is a 414 in Russian', async () => {
    const answer = await rawRequest(
      `GET /api/applicants/${'1'.repeat(500)} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
    );
    expectEnvelope(answer, 414, 'Слишком длинный адрес запроса');
  });

  it('headers over the limit are a 431 in Russian', async () => {
    const answer = await rawRequest(
      `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'b'.repeat(70_000)}\r\n\r\n`,
    );
    expectEnvelope(answer, 431, 'Слишком большие заголовки запроса');
  });

  it('a bad percent escape in the path is a 400 in Russian', async () => {
    const answer = await rawRequest(
      'GET /api/applicants/%E0%A4%A HTTP/1.1\r\nHost: localhost\r\n\r\n',
    );
    expectEnvelope(answer, 400, 'Некорректный адрес запроса');
  });

  it('garbage instead of a request line is a 400 in Russian', async () => {
    const answer = await rawRequest('ЭТО НЕ HTTP\r\n\r\n');
    expectEnvelope(answer, 400, 'Некорректный HTTP-запрос');
  });

  it('an HTTP/1.1 request without Host is a 400 in Russian', async () => {
    const answer = await rawRequest('GET /api/health HTTP/1.1\r\n\r\n');
    expectEnvelope(answer, 400, 'Некорректный HTTP-запрос');
  });

  it('an unsupported Expect header is a 417 in Russian', async () => {
    const answer = await rawRequest(
      'GET /api/health HTTP/1.1\r\nHost: localhost\r\nExpect: something-else\r\n\r\n',
    );
    expectEnvelope(answer, 417, 'Заголовок Expect не поддерживается');
  });

  it('still answers a well-formed request on the same server', async () => {
    const answer = await rawRequest(
      'GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
    );
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 200, status: 'success' });
  });
});
