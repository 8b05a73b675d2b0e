// `cold-start`: from spawning the production start command with an empty DATA_DIR until
// GET /api/health answers 200; then SIGTERM and a check that every process of it has exited.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { openDatabase } from '@ats/db/connection';
import { freePort, groupAlive, httpStatus, repoRoot, sleep, stopChild } from './support/process.ts';
import { type Benchmark, type BenchReport, envNumber, fmt } from './support/report.ts';

const GOAL_SECONDS = 10;
const GIVE_UP_MS = 120_000;

type Command = { label: string; args: string[] };

/**
 * `node scripts/start.mjs` when it exists and would not build the SPA first (a vite build would
 * write apps/web/dist and is no part of the server's start); otherwise the command start.mjs
 * runs after that check.
 */
async function startCommand(notes: string[]): Promise<Command> {
  const serverOnly: Command = {
    label: 'node --import tsx apps/api/src/main.ts',
    args: ['--import', 'tsx', 'apps/api/src/main.ts'],
  };
  const startScript = path.join(repoRoot, 'scripts/start.mjs');
  if (!existsSync(startScript)) {
    notes.push('scripts/start.mjs is missing: timed the API entry point directly.');
    return serverOnly;
  }
  const webBuild = path.join(repoRoot, 'scripts/web-build.mjs');
  if (existsSync(webBuild)) {
    const helpers = (await import(pathToFileURL(webBuild).href)) as {
      webSourcesPresent?: () => boolean;
      webBuildStaleReason?: () => string | null;
    };
    const stale = helpers.webSourcesPresent?.() ? helpers.webBuildStaleReason?.() : null;
    if (stale) {
      notes.push(
        `start.mjs would build the web app first (${stale}); timed the server command it then runs ` +
          '(run `npm run build` to time start.mjs itself).',
      );
      return serverOnly;
    }
  }
  return { label: 'node scripts/start.mjs', args: ['scripts/start.mjs'] };
}

type StartResult = {
  seconds: number | null;
  stopMs: number;
  graceful: boolean;
  exitCode: number | null;
  exitSignal: string | null;
  leftovers: boolean;
  output: string;
};

async function timeStart(command: Command, dataDir: string): Promise<StartResult> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: '',
    DEMO: '0',
  };
  let output = '';
  const started = performance.now();
  // Detached: its own process group, so that leftover grandchildren can be detected afterwards.
  const child: ChildProcess = spawn(process.execPath, command.args, {
    cwd: repoRoot,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  let seconds: number | null = null;
  const url = `http://127.0.0.1:${port}/api/health`;
  while (performance.now() - started < GIVE_UP_MS && child.exitCode === null) {
    if ((await httpStatus(url, 1000)) === 200) {
      seconds = (performance.now() - started) / 1000;
      break;
    }
    await sleep(25);
  }
  const pid = child.pid;
  const stopped = await stopChild(child, 'SIGTERM', 10_000);
  // Helpers of the group (tsx's esbuild service) exit once their parent has gone: allow them 3 s.
  let leftovers = pid !== undefined && groupAlive(pid);
  for (let waited = 0; leftovers && waited < 3000; waited += 100) {
    await sleep(100);
    leftovers = pid !== undefined && groupAlive(pid);
  }
  if (leftovers && pid !== undefined) {
    output += `\nstill running after SIGTERM:\n${groupProcesses(pid)}`;
    process.kill(-pid, 'SIGKILL');
  }
  return {
    seconds,
    stopMs: stopped.ms,
    graceful: stopped.graceful,
    exitCode: stopped.exit.code,
    exitSignal: stopped.exit.signal,
    leftovers,
    output,
  };
}

/** `ps` lines of the processes in group `pgid`, for the report. */
const groupProcesses = (pgid: number) =>
  spawnSync('ps', ['-o', 'pid,pgid,etime,args', '-g', String(pgid)], { encoding: 'utf8' }).stdout;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN;
};

/** The bare cost of starting Node with the tsx loader: the floor of any start. */
async function nodeTsxFloor(): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', '0'], {
    cwd: repoRoot,
    stdio: 'ignore',
  });
  await new Promise((resolve) => child.once('exit', resolve));
  return (performance.now() - started) / 1000;
}

/** The database's share of a start, timed in this process (modules already loaded). */
async function timeOpenDatabase(): Promise<{ empty: number; migrated: number }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ats-bench-open-'));
  try {
    const time = async () => {
      const started = performance.now();
      const database = await openDatabase({ dataDir });
      const seconds = (performance.now() - started) / 1000;
      await database.close();
      return seconds;
    };
    const empty = await time();
    return { empty, migrated: await time() };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function run(): Promise<BenchReport> {
  const runs = Math.max(1, Math.round(envNumber('BENCH_COLD_RUNS', 3)));
  const report: BenchReport = { rows: [], verdicts: [], notes: [] };
  const command = await startCommand(report.notes);
  report.notes.push(
    `command: ${command.label}; empty temp DATA_DIR (PGlite) per cold run; median of ${runs}.`,
  );

  const cold: number[] = [];
  const warm: number[] = [];
  const problems: string[] = [];
  /** Runs that did not stop cleanly on SIGTERM (also listed in problems). */
  let unclean = 0;
  let lastDir: string | null = null;
  const dirs: string[] = [];
  try {
    for (let i = 0; i < runs; i += 1) {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ats-bench-cold-'));
      dirs.push(dataDir);
      lastDir = dataDir;
      const result = await timeStart(command, dataDir);
      if (result.seconds === null) {
        problems.push(
          `cold run ${i + 1}: /api/health never answered 200; output:\n${result.output}`,
        );
      } else {
        cold.push(result.seconds);
      }
      if (!result.graceful || result.exitCode !== 0 || result.leftovers) {
        unclean += 1;
        problems.push(
          `cold run ${i + 1}: after SIGTERM exit code ${String(result.exitCode)}, signal ${String(result.exitSignal)}, ` +
            `${result.graceful ? 'exited' : 'did NOT exit within 10 s (killed)'}` +
            `${result.leftovers ? `, processes left in its group (killed):\n${result.output.split('still running after SIGTERM:\n')[1] ?? ''}` : ''}`,
        );
      }
      if (result.output.includes('Building the web app')) {
        problems.push(
          `cold run ${i + 1}: start.mjs rebuilt the web app first (sources changed meanwhile): time includes a vite build`,
        );
      }
      report.rows.push({
        measurement: `cold run ${i + 1}`,
        value: result.seconds === null ? 'no answer' : fmt.seconds(result.seconds),
        note: `SIGTERM → exit ${String(result.exitCode ?? result.exitSignal)} in ${fmt.ms(result.stopMs)}${result.leftovers ? ', leftovers!' : ''}`,
      });
    }
    // Warm: the same command on the last directory, now migrated: what a restart costs.
    if (lastDir) {
      for (let i = 0; i < Math.min(2, runs); i += 1) {
        const result = await timeStart(command, lastDir);
        if (result.seconds !== null) warm.push(result.seconds);
        if (!result.graceful || result.exitCode !== 0 || result.leftovers) {
          unclean += 1;
          problems.push(
            `warm run ${i + 1}: did not stop cleanly (exit ${String(result.exitCode)})`,
          );
        }
      }
    }
  } finally {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }

  const floor = median([await nodeTsxFloor(), await nodeTsxFloor()]);
  const database = await timeOpenDatabase();
  const coldMedian = median(cold);
  const warmMedian = median(warm);
  report.rows.push(
    {
      measurement: 'cold start (median)',
      value: fmt.seconds(coldMedian),
      note: 'spawn → first 200 from /api/health',
    },
    {
      measurement: 'warm restart (median)',
      value: warm.length ? fmt.seconds(warmMedian) : 'n/a',
      note: 'same DATA_DIR again, migrations already applied',
    },
    { measurement: 'node + tsx floor', value: fmt.seconds(floor), note: 'node --import tsx -e 0' },
    {
      measurement: 'of which: openDatabase, empty dir',
      value: fmt.seconds(database.empty),
      note: 'in this process: PGlite initdb + all migrations',
    },
    {
      measurement: 'of which: openDatabase, migrated dir',
      value: fmt.seconds(database.migrated),
      note: 'in this process: PGlite open + migration check',
    },
    {
      measurement: 'ratio cold / warm',
      value: warm.length ? fmt.ratio(coldMedian / warmMedian) : 'n/a',
      note: 'the part of the start a first run adds (PGlite initdb + migrations)',
    },
    {
      measurement: 'ratio cold / floor',
      value: fmt.ratio(coldMedian / floor),
      note: 'machine speed cancels out',
    },
  );
  report.notes.push(...problems);
  report.verdicts.push({
    goal: `cold start ≤ ${GOAL_SECONDS} s`,
    measured: cold.length ? fmt.seconds(coldMedian) : 'no answer',
    pass: cold.length === runs && coldMedian <= GOAL_SECONDS,
  });
  report.verdicts.push({
    goal: 'SIGTERM stops the server (exit 0, nothing left running)',
    measured: unclean ? `${unclean} unclean stop(s), see notes` : 'clean',
    pass: unclean === 0,
  });
  return report;
}

export const coldStartBenchmark: Benchmark = {
  name: 'cold-start',
  summary: 'spawn of the production start command with an empty DATA_DIR → /api/health 200',
  run,
};
