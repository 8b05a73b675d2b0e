import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

export type EnvelopeItem = { header: Record<string, unknown>; payload: unknown };
export type ReceivedEnvelope = {
  /** The project id from the path /api/{project}/envelope/. */
  project: string;
  /** The public key, from the X-Sentry-Auth header or the sentry_key query parameter. */
  publicKey: string | null;
  header: Record<string, unknown>;
  items: EnvelopeItem[];
  /** The body as received (unzipped), to look for what must never be sent. */
  raw: string;
};

/**
 * Parses the envelope format of the Sentry protocol: a JSON header line, then items, each a JSON
 * header line and a payload — of `length` bytes when the header says so, else up to the newline.
 */
export function parseEnvelope(body: Buffer): Omit<ReceivedEnvelope, 'project' | 'publicKey'> {
  let offset = 0;
  const readLine = () => {
    const end = body.indexOf(0x0a, offset);
    const line = body.subarray(offset, end === -1 ? body.length : end);
    offset = end === -1 ? body.length : end + 1;
    return line.toString('utf8');
  };
  const header = JSON.parse(readLine()) as Record<string, unknown>;
  const items: EnvelopeItem[] = [];
  while (offset < body.length) {
    const headerLine = readLine();
    if (headerLine.trim() === '') continue;
    const itemHeader = JSON.parse(headerLine) as Record<string, unknown>;
    let payloadText: string;
    if (typeof itemHeader.length === 'number') {
      payloadText = body.subarray(offset, offset + itemHeader.length).toString('utf8');
      offset += itemHeader.length;
      if (body[offset] === 0x0a) offset += 1;
    } else {
      payloadText = readLine();
    }
    let payload: unknown = payloadText;
    try {
      payload = JSON.parse(payloadText);
    } catch {
      // Attachments need not be JSON; they stay text.
    }
    items.push({ header: itemHeader, payload });
  }
  return { header, items, raw: body.toString('utf8') };
}

/** A local stand-in for a Sentry ingest: accepts envelopes at /api/{project}/envelope/. */
export async function startSentryFake() {
  const received: ReceivedEnvelope[] = [];
  const waiters: (() => void)[] = [];
  const server = createServer((req, res) => {
    const cors = {
      'access-control-allow-origin': '*',
      'access-control-allow-headers': '*',
      'access-control-allow-methods': 'POST, OPTIONS',
    };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors);
      return res.end();
    }
    const url = new URL(req.url ?? '/', 'http://fake');
    const match = /^\/api\/([^/]+)\/envelope\/?$/.exec(url.pathname);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (!match || req.method !== 'POST') {
        res.writeHead(404, cors);
        return res.end();
      }
      let body = Buffer.concat(chunks);
      if (req.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      const auth = /sentry_key=([^,\s&]+)/.exec(String(req.headers['x-sentry-auth'] ?? ''));
      received.push({
        project: match[1]!,
        publicKey: auth?.[1] ?? url.searchParams.get('sentry_key'),
        ...parseEnvelope(body),
      });
      for (const wake of waiters.splice(0)) wake();
      res.writeHead(200, { ...cors, 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    /** A DSN of project 42 on this server. */
    dsn: (project = 42) => `http://publickey@127.0.0.1:${port}/${project}`,
    /** The events (type "event") received so far. */
    events: () =>
      received.flatMap(
        (envelope) =>
          envelope.items
            .filter((item) => item.header.type === 'event')
            .map((item) => item.payload as Record<string, any>), // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read events loosely
      ),
    /** Waits until `count` envelopes have arrived, or fails after `timeoutMs`. */
    async waitFor(count: number, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`expected ${count} envelopes, got ${received.length}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
