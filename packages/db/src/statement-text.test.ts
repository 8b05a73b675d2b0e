import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildQuery, type Database, openDatabase, statementName } from './connection.ts';

/**
 * A hot read names its prepared statement after a hash of its text and then sends it: the text
 * is built from drizzle's statement object once, not once for the name and once for the read
 * (decision 0049).
 */
describe('a tenant read builds its statement text once', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
  });
  afterAll(async () => database.close());

  it('names and runs a statement with one sqlToQuery, and the name follows the text', async () => {
    const built = vi.spyOn(PgDialect.prototype, 'sqlToQuery');
    const query = sql`select ${41}::int + 1 as answer, current_setting('app.account_id') as account`;
    const name = statementName('answer', query);
    const rows = await database.readAsTenant<{ answer: number; account: string }>(7, query, name);
    expect(rows).toEqual([{ answer: 42, account: '7' }]);
    expect(built).toHaveBeenCalledTimes(1);
    built.mockRestore();

    // The same shape with another parameter keeps the name (one plan); another text gets its own.
    expect(
      statementName(
        'answer',
        sql`select ${1}::int + 1 as answer, current_setting('app.account_id') as account`,
      ),
    ).toBe(name);
    expect(statementName('answer', sql`select ${1}::int + 2 as answer`)).not.toBe(name);
    expect(name).toMatch(/^answer_[0-9a-f]{16}$/);
    expect(buildQuery(query)).toMatchObject({
      sql: "select $1::int + 1 as answer, current_setting('app.account_id') as account",
      params: [41],
    });
  });
});
