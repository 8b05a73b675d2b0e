// What a benchmark entry hands back to run-benchmarks.ts.

export type Row = {
  /** What was measured, e.g. "PostgreSQL · GET /api/me". */
  measurement: string;
  value: string;
  /** How it was measured or how to read it. */
  note?: string;
};

export type Verdict = { goal: string; measured: string; pass: boolean };

export type BenchReport = { rows: Row[]; verdicts: Verdict[]; notes: string[] };

export type Benchmark = {
  name: string;
  summary: string;
  run: () => Promise<BenchReport>;
};

export const fmt = {
  rate: (value: number) => `${Math.round(value).toLocaleString('en-US')}/s`,
  ms: (value: number) => `${value < 10 ? value.toFixed(2) : value.toFixed(1)} ms`,
  ratio: (value: number) => `${value.toFixed(2)}×`,
  seconds: (value: number) => `${value.toFixed(2)} s`,
  cores: (value: number) => `${value.toFixed(2)} cores`,
};

/** Reads a positive number from the environment. */
export function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) {
    throw new Error(`${name} must be a non-negative number`);
  }
  return value;
}
