// The real worker process (`npm run worker`, apps/api/src/worker.ts) for the tests that need
// background work done by a process of its own (a file import's consent letters) or that kill it
// mid-work and start it again (delayed letters, Telegram sends). It is a process beside the API,
// so these tests run in the PostgreSQL pass of the suite (the embedded PGlite serves one process).
// One way to start it: with the suite's environment plus the test's, answered once the worker
// says it has started (its queue is working), its output kept for a failing test's message, and
// stopped (or killed) with the exit waited for, so nothing of it runs after.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The line the worker logs once its queue works (worker.ts, at info). */
const READY = '"msg":"worker started"';
/** Starting takes the TypeScript loader and the migrations check: long under load. */
const READY_MS = 120_000;
/** A stopped worker finishes its job in hand first; then it is killed. */
const STOP_MS = 15_000;

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

const gone = (worker: ChildProcess) => worker.exitCode !== null || worker.signalCode !== null;

/** Resolves once the process has exited (at once when it has). */
const exited = (worker: ChildProcess) =>
  gone(worker)
    ? Promise.resolve()
    : new Promise<void>((resolve) => worker.once('exit', () => resolve()));

export type WorkerProcesses = {
  /** Starts one more worker and answers it once it is ready; fails with its output otherwise. */
  start: () => Promise<ChildProcess>;
  /** SIGKILL mid-work, resolved once the process is gone: nothing of it runs after. */
  kill: (worker: ChildProcess) => Promise<void>;
  /** SIGTERM (the worker's own stop), resolved once it exited; killed if it lingers. */
  stop: (worker: ChildProcess) => Promise<void>;
  /** Stops every worker still running and waits for them (afterAll). */
  stopAll: () => Promise<void>;
  /** As the module's `until`, its failure carrying the workers' output. */
  until: (check: () => boolean | Promise<boolean>, what: string, ms?: number) => Promise<void>;
  /** Everything the workers wrote, for a failing assertion's message. */
  logs: () => string;
};

/** Workers started with `env()` (read at each start: the test's database and fakes exist by then). */
export function workerProcesses(env: () => Record<string, string | undefined>): WorkerProcesses {
  const workers: ChildProcess[] = [];
  const logs: string[] = [];
  const logsNow = () => logs.join('');
  const withLogs = (error: unknown) =>
    new Error(
      `${error instanceof Error ? error.message : String(error)}\n--- worker output ---\n${logsNow()}`,
    );

  const stop = async (worker: ChildProcess) => {
    if (gone(worker)) return;
    const done = exited(worker);
    worker.kill('SIGTERM');
    const lingering = setTimeout(() => worker.kill('SIGKILL'), STOP_MS);
    await done;
    clearTimeout(lingering);
  };

  return {
    async start() {
      const worker = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/worker.ts'], {
        cwd: repoRoot,
        env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', ...env() },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      workers.push(worker);
      let output = '';
      const ready = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`the worker did not start in ${READY_MS / 1000} s`)),
          READY_MS,
        );
        let started = false;
        const seen = (chunk: Buffer) => {
          const text = chunk.toString();
          logs.push(text);
          if (started) return;
          output += text;
          if (output.includes(READY)) {
            started = true;
            clearTimeout(timer);
            resolve();
          }
        };
        worker.stdout!.on('data', seen);
        worker.stderr!.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
        worker.once('exit', (code, signal) => {
          clearTimeout(timer);
          reject(new Error(`the worker exited before it started (code ${code}, signal ${signal})`));
        });
      });
      try {
        await ready;
      } catch (error) {
        await stop(worker);
        throw withLogs(error);
      }
      return worker;
    },
    async kill(worker) {
      if (gone(worker)) return;
      const done = exited(worker);
      worker.kill('SIGKILL');
      await done;
    },
    stop,
    async stopAll() {
      await Promise.all(workers.map(stop));
    },
    async until(check, what, ms) {
      await until(check, what, ms).catch((error: unknown) => {
        throw withLogs(error);
      });
    },
    logs: logsNow,
  };
}
