// `npm test`: every check the project has, in order of speed, stopping at the first failure.
//   lint + typecheck (side by side: each is one thread) → unit → api → e2e
// SKIP_E2E=1 skips the browser tests (quick local runs). The api step runs on the embedded
// database (PGlite) unless DATABASE_URL points at a PostgreSQL server.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Each step is a list of commands run one after another. */
const steps = [
  { name: 'lint', commands: [[npm, 'run', 'lint', '--silent']], beside: 'typecheck' },
  { name: 'typecheck', commands: [[npm, 'run', 'typecheck', '--silent']] },
  // vitest --project web --project contracts --project tooling, two files at a time (no timings)
  { name: 'unit', commands: [[npm, 'run', 'test:unit', '--silent']] },
  {
    name: 'api',
    label: process.env.DATABASE_URL
      ? 'api (PostgreSQL from DATABASE_URL)'
      : 'api (embedded PGlite)',
    commands: [[npm, 'run', 'test:api', '--silent']],
  },
  {
    name: 'e2e',
    skip: process.env.SKIP_E2E === '1' ? 'SKIP_E2E=1' : null,
    commands: [
      ['bash', path.join(root, 'scripts/ensure-chromium.sh')],
      [process.execPath, path.join(root, 'scripts/build-web-if-stale.mjs')],
      [npm, 'run', 'test:e2e', '--silent'],
    ],
  },
];

const results = [];
let failed = null;

/**
 * A one-command step started in the background, its output kept and printed when the step's turn
 * comes, so two single-threaded checks share the two cores without mixing their lines.
 */
function startInBackground(step) {
  const [command, ...args] = step.commands[0];
  const started = Date.now();
  const child = spawn(command, args, { cwd: root, env: process.env });
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  background.set(step.name, child);
  return new Promise((resolve) => {
    child.on('error', (error) => {
      output.push(Buffer.from(`Could not run ${command}: ${error.message}\n`));
      resolve({ status: 1, output, started, ended: Date.now() });
    });
    child.on('close', (code) => resolve({ status: code ?? 1, output, started, ended: Date.now() }));
  });
}

/** A command with the terminal's output, awaited (so a background step's events are heard). */
function runInForeground(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: process.env });
    child.on('error', (error) => {
      console.error(`Could not run ${command}: ${error.message}`);
      resolve(1);
    });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

/** Steps started in the background: their children, then their outcomes. */
const background = new Map();
const outcomes = new Map();

for (const step of steps) {
  if (step.skip) {
    console.log(`\n=== ${step.name}: skipped (${step.skip})`);
    results.push({ name: step.name, outcome: 'skipped' });
    continue;
  }
  if (step.beside) {
    const other = steps.find((candidate) => candidate.name === step.beside);
    if (other && !other.skip) outcomes.set(other.name, startInBackground(other));
  }
  console.log(`\n=== ${step.label ?? step.name}`);
  let started = Date.now();
  let ended = null;
  let status = 0;
  const ran = outcomes.get(step.name);
  if (ran) {
    const finished = await ran;
    process.stdout.write(Buffer.concat(finished.output));
    status = finished.status;
    ({ started, ended } = finished);
  }
  for (const [command, ...args] of ran ? [] : step.commands) {
    status = await runInForeground(command, args);
    if (status !== 0) {
      break;
    }
  }
  const seconds = (((ended ?? Date.now()) - started) / 1000).toFixed(1);
  if (status !== 0) {
    console.error(`\n=== ${step.name}: FAILED (exit ${status}, ${seconds}s)`);
    results.push({ name: step.name, outcome: 'failed' });
    failed = step.name;
    for (const child of background.values()) child.kill();
    break;
  }
  console.log(`=== ${step.name}: passed (${seconds}s)`);
  results.push({ name: step.name, outcome: 'passed' });
}

const count = (outcome) => results.filter((r) => r.outcome === outcome).length;
const notRun = steps.length - results.length;
console.log('');
for (const r of results) {
  console.log(`  ${r.outcome.padEnd(7)} ${r.name}`);
}
if (failed) {
  console.log(`Step "${failed}" failed; later steps did not run.`);
}
const extra = [count('skipped') && `${count('skipped')} skipped`, notRun && `${notRun} not run`]
  .filter(Boolean)
  .map((text) => `, ${text}`)
  .join('');
console.log(`${count('passed')} passed, ${count('failed')} failed${extra}`);
process.exitCode = failed ? 1 : 0;
