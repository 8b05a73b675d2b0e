import type { Database } from '@ats/db/connection';
import type { FastifyInstance } from 'fastify';
import pino, { type DestinationStream } from 'pino';
import { startJobQueue } from '../src/background-jobs.ts';
import { buildHttpServer } from '../src/http-server.ts';
import { type Config, loadConfig } from '../src/platform/config.ts';
import type { Queue } from '../src/platform/queue.ts';
import { openTestDatabase } from './test-database.ts';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Its worker runs here, as with `npm start`: a test waits for a job by polling its result. */
  queue: Queue;
  close: () => Promise<void>;
};

/**
 * Tests run with payments connected, as the hosted service does, so a new company starts on the
 * trial (14 days, 5 users). The shop answers nowhere: a test that pays passes the fake YooKassa's
 * address (apps/api/test/yookassa-fake.ts).
 */
const BILLING_ON = {
  YOOKASSA_SHOP_ID: 'test-shop',
  YOOKASSA_SECRET_KEY: 'test-secret',
  YOOKASSA_API_BASE: 'http://127.0.0.1:9/v3',
};
/** A self-hosted install without YOOKASSA_*: pass as `createTestApp(BILLING_OFF)`. */
export const BILLING_OFF = { YOOKASSA_SHOP_ID: '', YOOKASSA_SECRET_KEY: '' };

/** The real server on a fresh database, driven through HTTP with Fastify's inject. */
export async function createTestApp(
  env: Record<string, string> = {},
  /** work: false — jobs are only enqueued, as on an API process with its worker elsewhere. */
  options: { logger?: unknown; work?: boolean } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    ...Object.fromEntries(
      Object.entries({ ...BILLING_ON, ...env }).filter(([, value]) => value !== ''),
    ),
  });
  // Jobs log where the server logs (a test reading the log sees both).
  const logger = options.logger as { level?: string; stream?: DestinationStream } | undefined;
  const queue = await startJobQueue(config, database, {
    work: options.work ?? true,
    ...(logger?.stream ? { log: pino({ level: logger.level ?? 'info' }, logger.stream) } : {}),
    pollingIntervalSeconds: 0.5,
    // On PostgreSQL: this test file's own database.
    databaseUrl: database.url,
  });
  const app = await buildHttpServer({
    config,
    database,
    queue,
    ...(options.logger ? { logger: options.logger as never } : { logger: false }),
  });
  return {
    app,
    database,
    config,
    queue,
    close: async () => {
      await app.close();
      await queue.stop();
      await database.close();
    },
  };
}

export type ApiResponse<T = unknown> = {
  status: number;
  body: { code: number; status: 'success' | 'error'; message: T; errors?: Record<string, string> };
  headers: Record<string, string | string[] | number | undefined>;
  cookies: { name: string; value: string; [key: string]: unknown }[];
};

type RequestOptions = {
  token?: string;
  cookie?: string;
  origin?: string;
  headers?: Record<string, string>;
  /** The client's address as the server sees it (inject's default: 127.0.0.1). */
  remoteAddress?: string;
};

/** A JSON call as the product's API clients make it: the token in X-DCRT-HRM-AUTH. */
export async function call<T = any>( // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read loosely typed bodies
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers['x-dcrt-hrm-auth'] = options.token;
  if (options.cookie) headers.cookie = `auth_token=${options.cookie}`;
  if (options.origin) headers.origin = options.origin;
  const response = await app.inject({
    method,
    url,
    headers,
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    ...(body === undefined ? {} : { payload: body as object }),
  });
  return {
    status: response.statusCode,
    body: response.json(),
    headers: response.headers,
    cookies: response.cookies as ApiResponse['cookies'],
  };
}

/**
 * A test app and a second server process on the same database (built in this process, sharing
 * nothing in memory with `app`): `other` learns of `app`'s changes only through NOTIFY.
 */
export async function createTestAppWithSecondServer(): Promise<
  TestApp & { other: FastifyInstance }
> {
  const t = await createTestApp();
  const other = await buildHttpServer({
    config: t.config,
    database: t.database,
    queue: t.queue,
    logger: false,
  });
  return {
    ...t,
    other,
    close: async () => {
      await other.close();
      await t.close();
    },
  };
}
