// The real worker process (`npm run worker`, apps/api/src/worker.ts) for the tests that kill it
// mid-work and start it again (delayed letters, Telegram sends). It is a process of its own beside
// the API, so these tests run in the PostgreSQL pass of the suite (the embedded PGlite serves one
// process).
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Why a worker-process test cannot run here, or null when it can. */
export const workerProcessSkipReason = (): string | null =>
  process.env.DATABASE_URL
    ? null
    : 'needs PostgreSQL (DATABASE_URL): a separate worker process cannot share the embedded PGlite';

/** Polls `check` until it holds; fails naming `what` after `ms`. */
export async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  ms = 90_000,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

export type WorkerProcesses = {
  /** Starts one more worker with the suite's environment plus `env`. */
  start: () => ChildProcess;
  /** SIGKILL, resolved once the process is gone: nothing of it runs after. */
  kill: (worker: ChildProcess) => Promise<void>;
  /** Kills whatever is still running (afterAll). */
  killAll: () => void;
  /** Everything the workers wrote, for a failing assertion's message. */
  logs: () => string;
};

/** Workers started with `env()` (read at each start: the test's database and fakes exist by then). */
export function workerProcesses(env: () => Record<string, string | undefined>): WorkerProcesses {
  const workers: ChildProcess[] = [];
  const logs: string[] = [];
  return {
    start() {
      const worker = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/worker.ts'], {
        cwd: repoRoot,
        env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env() },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      worker.stdout!.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
      worker.stderr!.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
      workers.push(worker);
      return worker;
    },
    async kill(worker) {
      if (worker.exitCode !== null || worker.signalCode !== null) return;
      const gone = new Promise((resolve) => worker.once('exit', resolve));
      worker.kill('SIGKILL');
      await gone;
    },
    killAll() {
      for (const worker of workers) if (worker.exitCode === null) worker.kill('SIGKILL');
    },
    logs: () => logs.join(''),
  };
}
