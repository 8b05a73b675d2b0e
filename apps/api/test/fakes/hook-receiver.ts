import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A webhook endpoint for the job-site tests: records what it is sent, answers `status`. */
export async function startHookReceiver(status = 200) {
  const received: { path: string; headers: Record<string, unknown>; body: unknown }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = raw;
      try {
        body = JSON.parse(raw) as unknown;
      } catch {
        // kept as text
      }
      received.push({ path: req.url ?? '/', headers: req.headers, body });
      res.writeHead(state.status).end();
    });
  });
  const state = { status };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
