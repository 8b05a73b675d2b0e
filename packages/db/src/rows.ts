import type { Table } from 'drizzle-orm';

/** `adminUserId` → `admin_user_id`: the column's name in SQL (the schema's casing is snake_case). */
type SnakeCase<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeCase<Tail>}`
  : S;

/** A timestamp read by hand-written SQL: a Date from node-postgres, text where cast or JSON-built. */
type RawValue<V> = V extends Date ? Date | string : V;

/**
 * The type of a row a hand-written query (`selectRows`) returns, taken from the table's Drizzle
 * schema rather than written out again: the picked columns under their SQL names, so a changed
 * column type or a renamed column fails the type check where it is read (decision 0019).
 *   RowOf<typeof applicants, 'id' | 'adminUserId'>  →  { id: number; admin_user_id: number | null }
 * Computed columns (`count(*)`, `x is not null as archived`) are added with `&`.
 */
export type RowOf<T extends Table, K extends keyof T['$inferSelect'] & string> = {
  [P in K as SnakeCase<P>]: RawValue<T['$inferSelect'][P]>;
};
