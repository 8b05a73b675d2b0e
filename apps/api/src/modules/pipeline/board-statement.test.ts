import { buildQuery } from '@ats/db/connection';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import {
  boardColumnsQuery,
  boardColumnsStatement,
  boardPageQuery,
  boardPageStatement,
} from './board.repository.ts';

// The unfiltered board's statements are built once and filled with each call's values: what the
// tenant read sends (text and parameters) and drizzle's rendering of the statement answered must
// be exactly those of the statement built afresh; a filtered board is built afresh as before.
const dialect = new PgDialect({ casing: 'snake_case' });
const rendered = (query: Parameters<typeof buildQuery>[0]) => {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { sql: text, params };
};
const sent = (query: Parameters<typeof buildQuery>[0]) => {
  const { sql: text, params } = buildQuery(query);
  return { sql: text, params };
};

describe('the board statements built once', () => {
  const calls = [
    [41, 3, 7, 30, 0],
    [42, 4, 8, 30, 30],
    [2_147_483_647, 2_147_483_647, 2_147_483_647, 100, 9_900],
    [41, 3, 9, 30, 60],
  ] as const;

  it('send, unfiltered, the text and parameters of the statements built for each board', () => {
    for (const [accountId, vacancyId, userId, limit, offset] of calls) {
      const columns = boardColumnsStatement(accountId, vacancyId, userId);
      const shapedColumns = boardColumnsQuery(accountId, vacancyId, userId);
      expect(sent(shapedColumns)).toEqual(rendered(columns));
      expect(rendered(shapedColumns)).toEqual(rendered(columns));
      expect(sent(shapedColumns).params).toEqual([userId, userId, accountId, vacancyId]);

      const input = { vacancyId, statusId: vacancyId + 1, userId, limit, offset };
      const page = boardPageStatement(accountId, input);
      const shapedPage = boardPageQuery(accountId, input);
      expect(sent(shapedPage)).toEqual(rendered(page));
      expect(rendered(shapedPage)).toEqual(rendered(page));
      expect(sent(shapedPage).params).toContain(offset);
    }
  });

  it('build a filtered board afresh', () => {
    const filter = { applicant: sql`a.first_name = ${'Анна'}`, addedBy: 5 };
    const columns = boardColumnsQuery(41, 3, 7, filter);
    expect(sent(columns)).toEqual(rendered(boardColumnsStatement(41, 3, 7, filter)));
    expect(sent(columns).params).toContain('Анна');
    const input = { vacancyId: 3, statusId: 4, userId: 7, limit: 30, offset: 0, filter };
    expect(sent(boardPageQuery(41, input))).toEqual(rendered(boardPageStatement(41, input)));
  });
});
