import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

// The bit every job-site fake shares: a loopback HTTP server that parses the request (JSON, a
// form or a query string), hands it to the fake's router, records it, and lets a test queue
// failures (a status and body for the next matching request) before the router sees it.

export type FakeRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  /** The JSON body, or a form-encoded body as an object; undefined when empty or unreadable. */
  body: unknown;
};

export type FakeReply = {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** A redirect target (status 302). */
  location?: string;
};

export type FakeRecord = {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  authorization: string | undefined;
  status: number;
  at: number;
};

export type FakeFailure = {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Only requests whose path starts with this (default: any request but the fake's token). */
  path?: string;
  /** How many requests in a row fail (default 1). */
  times?: number;
};

export type FakeServer = {
  url: string;
  requests: FakeRecord[];
  failNext: (failure: FakeFailure) => void;
  close: () => Promise<void>;
};

function parseBody(raw: string, contentType: string | undefined): unknown {
  if (raw === '') return undefined;
  if (contentType?.includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(raw));
  }
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

export async function serveFake(
  route: (request: FakeRequest) => FakeReply | Promise<FakeReply>,
  options: { port?: number; failureDefault?: (path: string) => boolean } = {},
): Promise<FakeServer> {
  const requests: FakeRecord[] = [];
  const failures: (FakeFailure & { left: number })[] = [];
  const sockets = new Set<Socket>();
  const failable = options.failureDefault ?? (() => true);

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://fake.local');
        const request: FakeRequest = {
          method: req.method ?? 'GET',
          path: decodeURIComponent(url.pathname),
          query: url.searchParams,
          headers: req.headers,
          body: parseBody(Buffer.concat(chunks).toString('utf8'), req.headers['content-type']),
        };
        const failure = failures.find((f) =>
          f.path ? request.path.startsWith(f.path) : failable(request.path),
        );
        let reply: FakeReply;
        if (failure) {
          failure.left -= 1;
          if (failure.left <= 0) failures.splice(failures.indexOf(failure), 1);
          reply = { status: failure.status, body: failure.body, headers: failure.headers ?? {} };
        } else {
          try {
            reply = await route(request);
          } catch (error) {
            reply = { status: 500, body: { error: { code: 500, message: String(error) } } };
          }
        }
        requests.push({
          method: request.method,
          path: request.path,
          query: Object.fromEntries(request.query),
          body: request.body,
          authorization: req.headers.authorization,
          status: reply.status,
          at: Date.now(),
        });
        const headers: Record<string, string> = { ...reply.headers };
        if (reply.location) headers.location = reply.location;
        if (reply.body !== undefined) headers['content-type'] = 'application/json; charset=utf-8';
        res.writeHead(reply.status, headers);
        res.end(reply.body === undefined ? undefined : JSON.stringify(reply.body));
      })();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failNext: (failure) => failures.push({ ...failure, left: failure.times ?? 1 }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Posts a webhook; the receiver's status, or 0 when it could not be reached. */
export async function postHook(url: string, body: unknown, headers: Record<string, string> = {}) {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(5_000),
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}
