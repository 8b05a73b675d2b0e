// `npm test`: every check the project has, in order of speed, stopping at the first failure.
//   lint → typecheck → unit → api → e2e
// SKIP_E2E=1 skips the browser tests (quick local runs). The api step runs on the embedded
// database (PGlite) unless DATABASE_URL points at a PostgreSQL server.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Each step is a list of commands run one after another. */
const steps = [
  { name: 'lint', commands: [[npm, 'run', 'lint', '--silent']] },
  { name: 'typecheck', commands: [[npm, 'run', 'typecheck', '--silent']] },
  // vitest --project web --project contracts --project tooling
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

for (const step of steps) {
  if (step.skip) {
    console.log(`\n=== ${step.name}: skipped (${step.skip})`);
    results.push({ name: step.name, outcome: 'skipped' });
    continue;
  }
  console.log(`\n=== ${step.label ?? step.name}`);
  const started = Date.now();
  let status = 0;
  for (const [command, ...args] of step.commands) {
    const run = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
    status = run.error ? 1 : (run.status ?? 1);
    if (run.error) {
      console.error(`Could not run ${command}: ${run.error.message}`);
    }
    if (status !== 0) {
      break;
    }
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (status !== 0) {
    console.error(`\n=== ${step.name}: FAILED (exit ${status}, ${seconds}s)`);
    results.push({ name: step.name, outcome: 'failed' });
    failed = step.name;
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
