// The API server under test, built exactly as apps/api/src/main.ts builds it (no background jobs).
// Run as a child process by me-benchmark.ts (`node --import tsx bench/serve-api.ts`) so that the
// load generator does not share its event loop; it talks to the parent over the IPC channel:
//   child → parent  { type: 'listening', url }            once the port is open
//   parent → child  { type: 'stats' } → { type: 'stats', sqlCalls, cpuMicros, cacheReads, cacheHits }
// (cacheReads: GET answers asked for without Cache-Control: no-cache; cacheHits: those of them
// served from the answer cache, `x-cache: hit`).
// Configuration comes from the environment (DATABASE_URL or DATA_DIR, see loadConfig).
// BENCH_COUNT_SQL=1 counts node-postgres client.query calls (one per SQL round trip).
import { pathToFileURL } from 'node:url';
import { openDatabase } from '@ats/db/connection';
import pg from 'pg';
import { buildHttpServer } from '../apps/api/src/http-server.ts';
import { loadConfig } from '../apps/api/src/platform/config.ts';

export type RunningApi = {
  url: string;
  close: () => Promise<void>;
};

let sqlCalls = 0;
let cacheReads = 0;
let cacheHits = 0;

/** Counts every node-postgres round trip (pool.query and a checked-out client's query alike). */
function countPgQueries() {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function countedQuery(this: unknown, ...args: unknown[]) {
    sqlCalls += 1;
    return original.apply(this, args);
  };
}

/** Opens the database, builds the Fastify app with a silent logger and listens on a free port. */
export async function startApi(env: NodeJS.ProcessEnv): Promise<RunningApi> {
  const config = loadConfig({ ...env, NODE_ENV: 'production', LOG_LEVEL: 'silent' });
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
  });
  const app = await buildHttpServer({ config, database, logger: false });
  // Fastify sends its headers through writeHead: read them from the reply, before listening.
  app.addHook('onResponse', (request, reply, done) => {
    if (
      request.method === 'GET' &&
      !/no-(cache|store)/i.test(request.headers['cache-control'] ?? '')
    ) {
      cacheReads += 1;
      if (reply.getHeader('x-cache') === 'hit') cacheHits += 1;
    }
    done();
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no TCP address');
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

async function runAsChild() {
  if (process.env.BENCH_COUNT_SQL === '1') countPgQueries();
  const api = await startApi(process.env);
  const send = (message: unknown) => process.send?.(message);
  process.on('message', (message: { type?: string }) => {
    if (message.type === 'stats') {
      const cpu = process.cpuUsage();
      send({ type: 'stats', sqlCalls, cpuMicros: cpu.user + cpu.system, cacheReads, cacheHits });
    }
  });
  let closing = false;
  const shutdown = () => {
    if (closing) return;
    closing = true;
    api.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  process.on('disconnect', shutdown);
  send({ type: 'listening', url: api.url });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runAsChild().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
