// Timing of the duplicate-matching core: wall time and the CPU time this process spent, side by
// side, because on a shared machine the wall clock also counts other processes' work.
import {
  compareSubjects,
  type DoubleSubject,
  matchKeysOf,
} from '../../apps/api/src/modules/duplicates/matching/double-matching.ts';

export type Timing = { wallMs: number; cpuMs: number };

export function timed(work: () => void): Timing {
  const cpu = process.cpuUsage();
  const started = performance.now();
  work();
  const used = process.cpuUsage(cpu);
  return { wallMs: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
}

/** Fresh copies, so nothing read by an earlier run is reused (the core caches per object). */
const fresh = (subjects: DoubleSubject[], count: number) =>
  Array.from({ length: count }, (_, i) => ({ ...subjects[i % subjects.length]! }));

/** matchKeysOf for count applicants, as the scan computes the keys of a whole account. */
export function timeMatchKeys(subjects: DoubleSubject[], count: number): Timing {
  const batch = fresh(subjects, count);
  return timed(() => {
    for (const subject of batch) matchKeysOf(subject);
  });
}

/**
 * compareSubjects for count pairs drawn from a pool of applicants, as the scan compares each
 * applicant with the others of its blocks; the pool's fields are read within the timing.
 */
export function timeCompare(subjects: DoubleSubject[], pool: number, count: number): Timing {
  const batch = fresh(subjects, pool);
  return timed(() => {
    for (let i = 0; i < count; i++) {
      compareSubjects(batch[i % pool]!, batch[(i * 7919 + 13) % pool]!);
    }
  });
}
