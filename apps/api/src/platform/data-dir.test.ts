import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const MAIN = path.resolve(import.meta.dirname, '../main.ts');
const TSX = path.resolve(import.meta.dirname, '../../../../node_modules/.bin/tsx');

const startServer = (dataDir: string, port: number) =>
  spawn(TSX, [MAIN], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

const output = (child: ChildProcess) => {
  let text = '';
  child.stdout?.on('data', (c: Buffer) => (text += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (text += c.toString()));
  return () => text;
};

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

async function waitForHealth(port: number, timeoutMs = 30_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (r.ok) return Date.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not become healthy');
}

// With DATABASE_URL the embedded directory is not used; this is about the embedded database.
describe.skipIf(Boolean(process.env.DATABASE_URL))('the embedded database directory', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ats-data-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is opened by one process: a second refuses to start with a clear message, and shutdown releases it', async () => {
    const first = startServer(dataDir, 38_211);
    const firstExit = exitOf(first);
    await waitForHealth(38_211);

    const second = startServer(dataDir, 38_212);
    const secondOutput = output(second);
    expect(await exitOf(second)).toBe(1);
    expect(secondOutput()).toContain('уже открыт другим процессом');

    first.kill('SIGTERM');
    expect(await firstExit).toBe(0);
    expect(existsSync(path.join(dataDir, 'ats.lock'))).toBe(false);

    // The data survived the restart: the database opens again in the same directory.
    const third = startServer(dataDir, 38_213);
    const thirdExit = exitOf(third);
    await waitForHealth(38_213);
    third.kill('SIGTERM');
    expect(await thirdExit).toBe(0);
  }, 90_000);
});
