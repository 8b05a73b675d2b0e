// `doubles-quality`: precision and recall of duplicate detection on labelled pairs (the same
// person written otherwise, and different people who look alike), and the speed of the matching
// core. `npm run bench -- doubles-quality`, or directly: `npx tsx bench/doubles-quality.ts`.
// DOUBLES_SEED and DOUBLES_PAIRS choose the set (default 20240501 and 10,000 pairs).
import { pathToFileURL } from 'node:url';
import { labelledPairs } from '../apps/api/src/modules/duplicates/matching/labelled-pairs.ts';
import {
  measureQuality,
  type PairOutcome,
} from '../apps/api/src/modules/duplicates/matching/labelled-quality.ts';
import { timeCompare, timeMatchKeys } from './support/doubles-timing.ts';
import { type Benchmark, type BenchReport, envNumber, fmt } from './support/report.ts';

const GOALS = { precision: 0.98, recall: 0.95, keysMs: 2000, compareMs: 5000 };

const describeOutcome = ({ pair, sharedKey, verdict }: PairOutcome) => {
  const side = (s: PairOutcome['pair']['a']) =>
    [s.lastName, s.firstName, s.middleName, s.birthday, s.phone, s.email, s.tg, s.city, s.company]
      .map((value) => value ?? '∅')
      .join(' · ');
  const outcome = verdict ? `${verdict.level} ${verdict.score}` : 'not doubles';
  return `${pair.category}: ${side(pair.a)} ⟷ ${side(pair.b)} (key shared: ${sharedKey}; ${outcome})`;
};

async function run(): Promise<BenchReport> {
  const seed = envNumber('DOUBLES_SEED', 20240501);
  const count = envNumber('DOUBLES_PAIRS', 10_000);
  const pairs = labelledPairs(seed, count);
  const report = measureQuality(pairs);
  const subjects = pairs.flatMap((pair) => [pair.a, pair.b]);
  const keys = timeMatchKeys(subjects, 100_000);
  const compare = timeCompare(subjects, 5_000, 1_000_000);
  const share = (value: number) => value.toFixed(4);
  const rows = [
    {
      measurement: 'pairs (same person / look-alikes)',
      value: `${report.pairs}`,
      note: `${report.truePositives + report.falseNegatives} / ${report.falsePositives + report.trueNegatives}; seed ${seed}`,
    },
    {
      measurement: 'precision',
      value: share(report.precision),
      note: `${report.falsePositives} look-alike pairs taken for doubles`,
    },
    {
      measurement: 'recall',
      value: share(report.recall),
      note: `${report.falseNegatives} doubles missed`,
    },
    ...report.categories.map((c) => ({
      measurement: `${c.same ? 'same person' : 'look-alikes'} · ${c.category}`,
      value: `${c.found} found / ${c.missed} not`,
      note: c.same ? 'found is right' : 'not found is right',
    })),
    {
      measurement: '100k matchKeysOf',
      value: fmt.ms(keys.wallMs),
      note: `CPU ${fmt.ms(keys.cpuMs)}`,
    },
    {
      measurement: '1M compareSubjects (pool of 5k)',
      value: fmt.ms(compare.wallMs),
      note: `CPU ${fmt.ms(compare.cpuMs)}`,
    },
  ];
  const notes = [
    'A pair is found when the two share a blocking key AND compareSubjects says certain or probable.',
    'Timings: wall clock, and the CPU time of this process (fairer on a busy machine).',
    ...report.misses.map((o) => `missed · ${describeOutcome(o)}`),
    ...report.falseAlarms.map((o) => `false alarm · ${describeOutcome(o)}`),
  ];
  return {
    rows,
    notes,
    verdicts: [
      {
        goal: `precision ≥ ${GOALS.precision}`,
        measured: share(report.precision),
        pass: report.precision >= GOALS.precision,
      },
      {
        goal: `recall ≥ ${GOALS.recall}`,
        measured: share(report.recall),
        pass: report.recall >= GOALS.recall,
      },
      {
        goal: `100k matchKeysOf < ${GOALS.keysMs} ms (CPU)`,
        measured: fmt.ms(keys.cpuMs),
        pass: keys.cpuMs < GOALS.keysMs,
      },
      {
        goal: `1M compareSubjects < ${GOALS.compareMs} ms (CPU)`,
        measured: fmt.ms(compare.cpuMs),
        pass: compare.cpuMs < GOALS.compareMs,
      },
    ],
  };
}

export const doublesQualityBenchmark: Benchmark = {
  name: 'doubles-quality',
  summary: 'duplicate detection: precision/recall on labelled pairs, speed of the matching core',
  run,
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const report = await run();
  for (const row of report.rows) {
    console.log(`${row.measurement}: ${row.value}${row.note ? ` (${row.note})` : ''}`);
  }
  for (const note of report.notes) console.log(`- ${note}`);
  for (const v of report.verdicts) {
    console.log(`${v.pass ? 'PASS' : 'FAIL'} ${v.goal}: ${v.measured}`);
  }
}
