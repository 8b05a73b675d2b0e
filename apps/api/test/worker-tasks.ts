// Tasks for the worker pool's own tests (platform/untrusted-files.test.ts): a parser that never
// ends and one that eats memory, as a hostile file can make a real parser do.

/** Spins without yielding, as a parser caught in a pathological input does. */
export function spinForever(): never {
  for (;;) {
    // Nothing: the thread is busy, its event loop blocked.
  }
}

/** Keeps allocating until the worker's heap limit ends it. */
export function eatMemory(): number {
  const kept: number[][] = [];
  for (;;) kept.push(Array.from({ length: 1_000_000 }, (_, i) => i));
}

/** Answers what it was given, doubled: a task that works. */
export const double = (input: { n: number }) => ({ n: input.n * 2 });
