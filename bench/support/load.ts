// Load generators: autocannon for HTTP, closed loops of concurrent workers for raw SQL.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

export type LoadSettings = {
  /** Seconds measured. */
  duration: number;
  /** Seconds of the same load before measuring, discarded. */
  warmup: number;
  /** Requests (or queries) in flight at once. */
  connections: number;
};

export type Throughput = {
  perSecond: number;
  total: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  failures: number;
};

export const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? 0
    : (sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0);

/** Called between the warm-up and the measured phase (to take CPU readings). */
export type BeforeMeasure = () => unknown;

/**
 * Autocannon against `url`; `path`, when given, picks the path (and query) of every request, so
 * a load can spread over many applicants or pages. Latencies are recorded per response, so p95
 * is exact (autocannon's own summary has no p95).
 */
export async function httpLoad(
  url: string,
  headers: Record<string, string>,
  settings: LoadSettings,
  beforeMeasure?: BeforeMeasure,
  path?: () => string,
): Promise<Throughput> {
  const run = (duration: number) => {
    const latencies: number[] = [];
    return new Promise<{ result: autocannon.Result; latencies: number[] }>((resolve, reject) => {
      const instance = autocannon(
        {
          url,
          headers,
          connections: settings.connections,
          pipelining: 1,
          duration,
          ...(path
            ? { requests: [{ setupRequest: (request) => ({ ...request, path: path() }) }] }
            : {}),
        },
        (error, result) => (error ? reject(error) : resolve({ result, latencies })),
      );
      instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
    });
  };
  if (settings.warmup > 0) await run(settings.warmup);
  await beforeMeasure?.();
  const { result, latencies } = await run(settings.duration);
  latencies.sort((a, b) => a - b);
  return {
    perSecond: result.requests.total / result.duration,
    total: result.requests.total,
    p50Ms: result.latency.p50,
    p95Ms: percentile(latencies, 95),
    p99Ms: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

/** CPU time a local process (a PostgreSQL backend) has used so far, in ms, from its schedstat (ns). */
export function processCpuMs(pid: number): number {
  return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
}

/** Busy and total CPU time of the whole machine (all cores), from /proc/stat, in seconds. */
export function machineCpu(): { busy: number; total: number } | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const ticks = line.trim().split(/\s+/).slice(1).map(Number);
    const total = ticks.reduce((sum, t) => sum + t, 0);
    const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
    return { busy: (total - idle) / 100, total: total / 100 };
  } catch {
    return null;
  }
}

/** This process's CPU seconds so far (user + system). */
export const ownCpuSeconds = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
};

/** Cores kept busy by whatever else runs on the machine, sampled over `ms` while we are idle. */
export async function backgroundLoad(ms = 1000): Promise<number | null> {
  const before = machineCpu();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = machineCpu();
  return before && after ? (after.busy - before.busy) / (ms / 1000) : null;
}

/**
 * Several closed loops measured in alternating 1-second slices (after a warm-up of each), so that
 * a change in the machine's background load hits them all alike and their ratios stay fair.
 */
export async function interleavedLoops<K extends string>(
  works: Record<K, () => Promise<unknown>>,
  settings: LoadSettings,
): Promise<Record<K, Throughput>> {
  const names = Object.keys(works) as K[];
  const slice = Math.min(1, settings.duration);
  const acc = Object.fromEntries(
    names.map((n) => [n, { latencies: [] as number[], failures: 0, elapsed: 0 }]),
  ) as Record<K, { latencies: number[]; failures: number; elapsed: number }>;
  const runSlice = async (name: K, seconds: number, record: boolean) => {
    const end = performance.now() + seconds * 1000;
    const started = performance.now();
    const target = acc[name];
    const worker = async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        try {
          await works[name]();
          if (record) target.latencies.push(performance.now() - t0);
        } catch {
          if (record) target.failures += 1;
        }
      }
    };
    await Promise.all(Array.from({ length: settings.connections }, worker));
    if (record) target.elapsed += (performance.now() - started) / 1000;
  };
  for (const name of names) if (settings.warmup > 0) await runSlice(name, settings.warmup, false);
  for (let done = 0; done < settings.duration; done += slice) {
    for (const name of names) await runSlice(name, slice, true);
  }
  return Object.fromEntries(
    names.map((name) => {
      const { latencies, failures, elapsed } = acc[name];
      latencies.sort((a, b) => a - b);
      return [
        name,
        {
          perSecond: latencies.length / elapsed,
          total: latencies.length,
          p50Ms: percentile(latencies, 50),
          p95Ms: percentile(latencies, 95),
          p99Ms: percentile(latencies, 99),
          failures,
        },
      ];
    }),
  ) as Record<K, Throughput>;
}
