import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { closedPort } from '../../test/db-helpers.ts';
import { isDatabaseUnavailable } from './errors.ts';

/** What node-postgres rejects with when nothing listens where the database should be. */
async function refusedConnection(): Promise<unknown> {
  const client = new pg.Client({ host: '127.0.0.1', port: await closedPort(), user: 'postgres' });
  client.on('error', () => {});
  return client.connect().then(
    () => new Error('a closed port accepted the connection'),
    (error: unknown) => error,
  );
}

/** A server error as node-postgres hands it over: its SQLSTATE in `code`. */
const serverError = (code: string, message: string) =>
  Object.assign(new pg.DatabaseError(message, message.length, 'error'), { code });

describe('which failures mean "the database is away" (answered 503, to be retried)', () => {
  it('a refused connection, as the driver reports it and as drizzle wraps it', async () => {
    const refused = await refusedConnection();
    expect(isDatabaseUnavailable(refused)).toBe(true);
    const pool = new pg.Pool({ host: '127.0.0.1', port: await closedPort(), user: 'postgres' });
    try {
      const wrapped = await drizzle(pool)
        .execute(sql`select 1`)
        .then(
          () => new Error('a closed port answered'),
          (error: unknown) => error,
        );
      expect(isDatabaseUnavailable(wrapped)).toBe(true);
    } finally {
      await pool.end();
    }
  });

  it('a server that is shutting down, killed, or still starting up; a dropped connection', () => {
    expect(
      isDatabaseUnavailable(
        serverError('57P01', 'terminating connection due to unexpected postmaster exit'),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(serverError('57P03', 'the database system is starting up'))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(serverError('08006', 'connection failure'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
  });

  it('not a failure of the request itself: a constraint, a syntax error, a bug', () => {
    expect(isDatabaseUnavailable(serverError('23505', 'duplicate key value'))).toBe(false);
    expect(isDatabaseUnavailable(serverError('42601', 'syntax error at or near "x"'))).toBe(false);
    expect(
      isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')")),
    ).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });

  it('not another server that refused: a mail or chat server reached with fetch', async () => {
    const port = await closedPort();
    const failed = await fetch(`http://127.0.0.1:${port}/`).then(
      () => new Error('a closed port answered'),
      (error: unknown) => error,
    );
    expect((failed as { cause?: { code?: string } }).cause?.code).toBe('ECONNREFUSED');
    expect(isDatabaseUnavailable(failed)).toBe(false);
  });
});
