import { buildQuery, statementName } from '@ats/db/connection';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import {
  type RequestFilter,
  requestListQuery,
  requestListStatement,
} from './vacancy-applications.repository.ts';

// The list's statement is built once per shape and filled with each request's values: the text,
// the prepared name and the parameters must be exactly those of the statement built afresh, both
// as the tenant read sends them and as drizzle renders the statement answered.
const dialect = new PgDialect({ casing: 'snake_case' });
const rendered = (query: Parameters<typeof buildQuery>[0]) => {
  const { sql, params } = dialect.sqlToQuery(query);
  return { sql, params };
};
const readers = [
  { kind: 'all', userId: 7 },
  { kind: 'divisions', userId: 8 },
  { kind: 'own', userId: 9 },
] as const;
const tabs = ['all', 'mine', 'to_approve'] as const;
const extras: Partial<RequestFilter>[] = [
  {},
  { state: 'pending' },
  { divisionId: 3 },
  { authorId: 11 },
  { templateId: 5 },
  { q: "бух'гал_тер%\\" },
  { overdue: true },
  { overdue: false },
  { state: 'approved', divisionId: 4, templateId: 6, q: 'менеджер' },
  { state: 'draft', authorId: 12, overdue: true, q: 'x' },
];

describe('the request list statement built once per shape', () => {
  it('has the text, name and parameters of the statement built from the filter', () => {
    let compared = 0;
    for (const [round, accountId] of [41, 42, 2_147_483_647].entries()) {
      for (const reader of readers) {
        for (const tab of tabs) {
          for (const extra of extras) {
            // Other values each round: the shape is reused from the first with new values.
            const visibility = { ...reader, userId: reader.userId + round };
            const filter: RequestFilter = { visibility, tab, ...extra };
            const page = { limit: 30 + round, offset: 60 * round };
            const fresh = requestListStatement(accountId, filter, page);
            const shaped = requestListQuery(accountId, filter, page);
            const expected = rendered(fresh);
            const sent = buildQuery(shaped.query);
            expect({ sql: sent.sql, params: sent.params }).toEqual(expected);
            expect(rendered(shaped.query)).toEqual(expected);
            expect(shaped.name).toBe(statementName('request_list', fresh));
            compared += 1;
          }
        }
      }
    }
    expect(compared).toBe(3 * readers.length * tabs.length * extras.length);
  });

  it('answers each request with its own values, not those of the first of its shape', () => {
    const filter = (userId: number, q: string): RequestFilter => ({
      visibility: { kind: 'own', userId },
      tab: 'all',
      q,
    });
    const first = buildQuery(requestListQuery(1, filter(2, 'а'), { limit: 3, offset: 4 }).query);
    const second = buildQuery(requestListQuery(5, filter(6, 'б'), { limit: 7, offset: 8 }).query);
    expect(second.sql).toBe(first.sql);
    expect(first.params).toContain('%а%');
    expect(second.params).toContain('%б%');
    expect(second.params).toContain('{6}');
    expect(second.params).not.toContain('{2}');
    expect(second.params).toEqual(expect.arrayContaining([5, 6, 7, 8]));
    expect(second.params).not.toEqual(expect.arrayContaining([1]));
  });
});
