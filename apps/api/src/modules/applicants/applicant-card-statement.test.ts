import { buildQuery } from '@ats/db/connection';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { applicantCardQuery, applicantCardStatement } from './applicants.repository.ts';

// The card's statement is built once and filled with each card's account and applicant: what the
// tenant read sends (text and parameters) and drizzle's rendering of the statement answered must
// be exactly those of the statement built afresh for that card.
const dialect = new PgDialect({ casing: 'snake_case' });
const rendered = (query: Parameters<typeof buildQuery>[0]) => {
  const { sql, params } = dialect.sqlToQuery(query);
  return { sql, params };
};

describe('the applicant card statement built once', () => {
  it('sends the text and parameters of the statement built for each card', () => {
    const cards = [
      [1, 1],
      [41, 7],
      [42, 123_456],
      [2_147_483_647, 2_147_483_647],
      [41, 8],
    ] as const;
    for (const [accountId, id] of cards) {
      const expected = rendered(applicantCardStatement(accountId, id));
      const shaped = applicantCardQuery(accountId, id);
      const sent = buildQuery(shaped);
      expect({ sql: sent.sql, params: sent.params }).toEqual(expected);
      expect(rendered(shaped)).toEqual(expected);
      // The card's own values, not those of an earlier card.
      expect(sent.params).toContain(accountId);
      expect(sent.params).toContain(id);
    }
  });
});
