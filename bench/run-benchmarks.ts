// `npm run bench` runs every entry; `npm run bench -- me cold-start applicants` runs the ones named;
// `npm run bench -- list` lists them.
// Prints one table per entry, then the goals with PASS/FAIL. Exits 1 when an entry crashes or a
// name is unknown; a FAIL against a goal is reported, not an error (timings are noisy).
import { analyticsBenchmark } from './analytics-benchmark.ts';
import { applicantsBenchmark } from './applicants-benchmark.ts';
import { boardBenchmark } from './board-benchmark.ts';
import { coldStartBenchmark } from './cold-start-benchmark.ts';
import { delayedTasksBenchmark } from './delayed-tasks-benchmark.ts';
import { compressionBenchmark } from './compression-benchmark.ts';
import { doublesBenchmark } from './doubles-benchmark.ts';
import { doublesQualityBenchmark } from './doubles-quality.ts';
import { eventsBenchmark } from './events-benchmark.ts';
import { instructionsBenchmark } from './instructions-benchmark.ts';
import { jobSitesBenchmark } from './job-sites-benchmark.ts';
import { meBenchmark } from './me-benchmark.ts';
import { messagingBenchmark } from './messaging-benchmark.ts';
import { requestsBenchmark } from './requests-benchmark.ts';
import { resumesBenchmark } from './resumes-benchmark.ts';
import { screensBenchmark } from './screens-benchmark.ts';
import { teamBenchmark } from './team-benchmark.ts';
import { backgroundLoad } from './support/load.ts';
import type { Benchmark, BenchReport, Verdict } from './support/report.ts';

const benchmarks: Benchmark[] = [
  meBenchmark,
  coldStartBenchmark,
  applicantsBenchmark,
  boardBenchmark,
  compressionBenchmark,
  doublesQualityBenchmark,
  doublesBenchmark,
  resumesBenchmark,
  requestsBenchmark,
  instructionsBenchmark,
  analyticsBenchmark,
  eventsBenchmark,
  delayedTasksBenchmark,
  messagingBenchmark,
  screensBenchmark,
  teamBenchmark,
  jobSitesBenchmark,
];

function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [
    line(headers),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...rows.map(line),
  ].join('\n');
}

function printReport(benchmark: Benchmark, report: BenchReport, seconds: number) {
  console.log(`\n## ${benchmark.name} — ${benchmark.summary} (${seconds.toFixed(0)} s)\n`);
  for (const note of report.notes) console.log(`- ${note}`);
  console.log('');
  console.log(
    table(
      ['measurement', 'value', 'note'],
      report.rows.map((r) => [r.measurement, r.value, r.note ?? '']),
    ),
  );
}

async function main() {
  // A bare number is an option's value (`job-sites --applicants 100000`), not an entry's name.
  const names = process.argv.slice(2).filter((a) => !a.startsWith('-') && !/^\d[\d_]*$/.test(a));
  // `list` is a plain word: through the root script npm would take `--list` for itself.
  if (names.includes('list') || process.argv.includes('--list')) {
    for (const b of benchmarks) console.log(`${b.name.padEnd(12)} ${b.summary}`);
    return;
  }
  const unknown = names.filter((n) => !benchmarks.some((b) => b.name === n));
  if (unknown.length) {
    console.error(
      `unknown benchmark: ${unknown.join(', ')}; known: ${benchmarks.map((b) => b.name).join(', ')}`,
    );
    process.exitCode = 1;
    return;
  }
  const selected = names.length ? benchmarks.filter((b) => names.includes(b.name)) : benchmarks;
  const verdicts: (Verdict & { bench: string })[] = [];
  const crashed: string[] = [];
  for (const benchmark of selected) {
    const idleLoad = await backgroundLoad();
    const started = performance.now();
    try {
      const report = await benchmark.run();
      if (idleLoad !== null) {
        report.notes.unshift(
          `background load just before: ${idleLoad.toFixed(2)} cores busy with other processes` +
            (idleLoad > 0.3
              ? ' — figures are depressed; compare ratios, rerun on a quiet machine'
              : ''),
        );
      }
      printReport(benchmark, report, (performance.now() - started) / 1000);
      verdicts.push(...report.verdicts.map((v) => ({ ...v, bench: benchmark.name })));
    } catch (error) {
      crashed.push(benchmark.name);
      console.error(`\n## ${benchmark.name} — FAILED TO RUN\n`);
      console.error(error);
    }
  }
  console.log('\n## Goals\n');
  console.log(
    table(
      ['benchmark', 'goal', 'measured', 'result'],
      [
        ...verdicts.map((v) => [v.bench, v.goal, v.measured, v.pass ? 'PASS' : 'FAIL']),
        ...crashed.map((name) => [name, '(did not run)', '-', 'ERROR']),
      ],
    ),
  );
  if (crashed.length) process.exitCode = 1;
}

await main();
