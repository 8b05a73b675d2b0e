// Randomized tests draw from a seed: the one named by `variable` to replay a failure, else a new
// one per run. Whatever fails in `work` — an assertion, a request answered otherwise than
// expected, a thrown error — fails naming the seed and how to replay it.

export const seedOf = (variable: string, fallback = Date.now() % 1_000_000) =>
  Number(process.env[variable] ?? fallback);

export async function withSeed<T>(
  seed: number,
  variable: string,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const replay = `seed ${seed} (replay with ${variable}=${seed})`;
    if (error instanceof Error) {
      if (!error.message.includes(replay)) error.message = `${replay}: ${error.message}`;
      throw error;
    }
    throw new Error(`${replay}: ${String(error)}`);
  }
}
