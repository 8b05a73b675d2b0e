// `resumes`: the share of a résumé's fields the parser gets right, over the set of made-up
// résumés in apps/api/test/resumes (hh.ru PDF and DOCX exports, SuperJob, hand-made Word). Each
// file is built from its text (pdfkit, a Word package), then read exactly as the worker reads an
// upload (limits, text extraction, parsing) and compared with the fields it should give.
// `npm run bench -- resumes`, or directly: `npx tsx bench/resumes-benchmark.ts`.
import { pathToFileURL } from 'node:url';
import { readResumeTask } from '../apps/api/src/modules/applicants/resume-read.ts';
import { fieldChecks, RESUME_SET, resumeFile } from '../apps/api/test/resumes/set.ts';
import { type Benchmark, type BenchReport, fmt } from './support/report.ts';

const GOAL = 0.9;

const percent = (right: number, total: number) =>
  total === 0 ? '-' : `${((100 * right) / total).toFixed(1)}%`;

async function run(): Promise<BenchReport> {
  const rows: BenchReport['rows'] = [];
  const notes: string[] = [];
  let right = 0;
  let total = 0;
  let slowest = 0;
  for (const sample of RESUME_SET) {
    const bytes = await resumeFile(sample);
    const started = performance.now();
    const { parsed } = await readResumeTask({ bytes: new Uint8Array(bytes), type: sample.format });
    slowest = Math.max(slowest, performance.now() - started);
    const checks = fieldChecks(sample, parsed.draft, parsed.languages);
    const good = checks.filter((check) => check.right).length;
    right += good;
    total += checks.length;
    const wrong = checks.filter((check) => !check.right).map((check) => check.field);
    rows.push({
      measurement: `${sample.layout} · ${sample.file}`,
      value: `${percent(good, checks.length)} (${good}/${checks.length})`,
      note: wrong.length > 0 ? `wrong: ${wrong.join(', ')}` : undefined,
    });
    for (const check of checks.filter((c) => !c.right)) {
      notes.push(
        `${sample.file} · ${check.field}: expected ${JSON.stringify(check.expected)}, got ${JSON.stringify(check.actual)}`,
      );
    }
  }
  rows.push({
    measurement: 'all résumés',
    value: `${percent(right, total)} (${right}/${total})`,
    note: `${RESUME_SET.length} files; slowest read ${fmt.ms(slowest)}`,
  });
  return {
    rows,
    notes,
    verdicts: [
      {
        goal: `fields parsed right ≥ ${GOAL * 100}%`,
        measured: percent(right, total),
        pass: right / total >= GOAL,
      },
    ],
  };
}

export const resumesBenchmark: Benchmark = {
  name: 'resumes',
  summary: 'share of résumé fields parsed right (hh.ru, SuperJob, hand-made)',
  run,
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const report = await run();
  for (const row of report.rows) console.log(`${row.measurement}: ${row.value} ${row.note ?? ''}`);
  for (const note of report.notes) console.log(`- ${note}`);
}
