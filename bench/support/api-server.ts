// The API under test as a child process (bench/serve-api.ts) and JSON calls to it, for the
// benchmarks that drive the real endpoints.
import { nextMessage, spawnTsx, stopChild } from './process.ts';

export const AUTH_HEADER = 'x-dcrt-hrm-auth';

export type Api = { url: string; stop: () => Promise<void> };

/** Starts the API with `env` (DATABASE_URL or DATA_DIR) and waits until it listens. */
export async function startApiServer(env: NodeJS.ProcessEnv): Promise<Api> {
  const child = spawnTsx('bench/serve-api.ts', { ...process.env, ...env });
  const { url } = await nextMessage<{ type: 'listening'; url: string }>(
    child,
    'listening',
    // A kept database is migrated at start: a migration that fills a table from a big log
    // (0049's rollups) takes minutes on a loaded machine (BENCH_API_START_MS).
    Number(process.env.BENCH_API_START_MS ?? 120_000),
  );
  return {
    url,
    stop: async () => {
      const { graceful, exit } = await stopChild(child);
      if (!graceful || exit.code !== 0) {
        throw new Error(`serve-api did not exit cleanly (${JSON.stringify(exit)})`);
      }
    },
  };
}

/** One JSON call; anything but HTTP 200 throws with the envelope's text. Answers `message`. */
export async function apiRequest<T>(
  method: 'GET' | 'POST',
  url: string,
  token: string | null,
  body?: unknown,
): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { [AUTH_HEADER]: token } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await response.json()) as { message?: T };
  if (response.status !== 200) {
    throw new Error(
      `${method} ${url}: HTTP ${response.status} ${JSON.stringify(json).slice(0, 300)}`,
    );
  }
  return json.message as T;
}

/** The password of every account a benchmark signs up. */
export const BENCH_PASSWORD = 'bench-Password-123';

/** Signs up a fresh company «Bench <label>» as a client would; answers its admin's e-mail and ids. */
export async function signUpBenchAccount(api: Api, label: string) {
  const email = `bench-${label.replaceAll(' ', '-')}-${Date.now()}@example.com`;
  const signed = await apiRequest<{ admin_user: { id: number; account_id: number } }>(
    'POST',
    `${api.url}/api/sign_up`,
    null,
    {
      admin_user: {
        email,
        password: BENCH_PASSWORD,
        password_confirmation: BENCH_PASSWORD,
        name: 'Bench',
        company: `Bench ${label}`,
      },
    },
  );
  return { email, accountId: signed.admin_user.account_id, userId: signed.admin_user.id };
}
