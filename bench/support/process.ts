// Child processes, ports and HTTP polling shared by the benchmarks.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A TCP port on 127.0.0.1 that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Status of one GET, or null when nothing answered within `timeoutMs`. */
export async function httpStatus(url: string, timeoutMs = 1000): Promise<number | null> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return null;
  }
}

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

export function exited(child: ChildProcess): Promise<Exit> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

/** Sends `signal` and waits up to `graceMs`; then SIGKILL. Tells whether it exited on its own. */
export async function stopChild(
  child: ChildProcess,
  signal: NodeJS.Signals = 'SIGTERM',
  graceMs = 10_000,
): Promise<{ exit: Exit; graceful: boolean; ms: number }> {
  const started = performance.now();
  const done = exited(child);
  if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  const timer = sleep(graceMs).then(() => null);
  const exit = await Promise.race([done, timer]);
  if (exit) return { exit, graceful: true, ms: performance.now() - started };
  child.kill('SIGKILL');
  return { exit: await done, graceful: false, ms: performance.now() - started };
}

/** True while any process of the group led by `pid` is alive (detached children lead a group). */
export function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Spawns `node --import tsx <script>` with an IPC channel (one process, no npx wrapper). */
export function spawnTsx(script: string, env: NodeJS.ProcessEnv): ChildProcess {
  // BENCH_API_CPU_PROF=<dir>: the child writes a V8 CPU profile there when it exits.
  const profile = env.BENCH_API_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${env.BENCH_API_CPU_PROF}`]
    : [];
  // The V8 flag `npm start` runs the API with (scripts/start.mjs, decision 0058).
  return spawn(
    process.execPath,
    [...profile, '--max-semi-space-size=64', '--import', 'tsx', script],
    {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
}

/** The next IPC message of `type` from `child`, or an error when it exits or times out first. */
export function nextMessage<T extends { type: string }>(
  child: ChildProcess,
  type: T['type'],
  timeoutMs = 60_000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    const onMessage = (message: T) => {
      if (message?.type !== type) return;
      cleanup();
      resolve(message);
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`child exited (${String(code)}) before sending '${type}'`));
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`no '${type}' from the child within ${timeoutMs} ms`));
    }, timeoutMs);
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}
