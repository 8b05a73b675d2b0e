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
    120_000,
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
