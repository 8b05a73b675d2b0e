import { type SQL, sql } from 'drizzle-orm';

/**
 * An `int[]` parameter for raw SQL (`= any(…)`, `unnest(…)`, `array_position(…)`). Arrays travel
 * as PostgreSQL array literals in one text parameter: the single-trip tenant read inlines its
 * parameters as literals, which a JS array cannot be. Ids are whole numbers already (the
 * contracts say so); truncating keeps the literal well-formed whatever is passed.
 */
export const intArray = (ids: readonly number[]): SQL =>
  sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[]`;
