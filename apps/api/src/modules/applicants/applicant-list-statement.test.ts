import { APPLICANT_LIST_SORTS, type TApplicantListFilters } from '@ats/contracts/applicant-list';
import { buildQuery, statementName } from '@ats/db/connection';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { applicantListPageQuery, applicantListPageStatement } from './applicant-list.repository.ts';

// A page of the whole base is built once per sort and filled with each request's account and page:
// the text, the prepared name and the parameters sent, and drizzle's rendering of the statement
// answered, must be exactly those of the statement built afresh; filtered pages are unchanged.
const dialect = new PgDialect({ casing: 'snake_case' });
const rendered = (query: Parameters<typeof buildQuery>[0]) => {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { sql: text, params };
};

describe('the applicant list page statement', () => {
  it('of the whole base equals, for every sort, account and page, the one built afresh', () => {
    let compared = 0;
    for (const accountId of [41, 42, 2_147_483_647]) {
      for (const sort of [undefined, ...APPLICANT_LIST_SORTS]) {
        for (const page of [
          { page: 1, perPage: 30 },
          { page: 2, perPage: 30 },
          { page: 7, perPage: 100 },
        ]) {
          const filters: TApplicantListFilters = sort ? { sort } : {};
          const fresh = applicantListPageStatement(accountId, 5, filters, page);
          const shaped = applicantListPageQuery(accountId, 5, filters, page);
          const expected = rendered(fresh);
          const sent = buildQuery(shaped.query);
          expect({ sql: sent.sql, params: sent.params }).toEqual(expected);
          expect(rendered(shaped.query)).toEqual(expected);
          expect(shaped.name).toBe(statementName('applicant_list', fresh));
          expect(shaped.countLimit).toBeNull();
          expect(sent.params).toContain(accountId);
          expect(sent.params).toContain((page.page - 1) * page.perPage);
          compared += 1;
        }
      }
    }
    expect(compared).toBe(3 * (APPLICANT_LIST_SORTS.length + 1) * 3);
  });

  it('with a filter or a scope is built from them as before', () => {
    const cases: [TApplicantListFilters, boolean][] = [
      [{ tags: [3, 4] }, false],
      [{ only_mine: true, sort: 'name_asc' }, false],
      [{ vacancy_id: 9, status_id: 2 }, false],
      [{ search: 'Иванов', sort: 'created_desc' }, false],
      [{}, true],
    ];
    for (const [filters, scoped] of cases) {
      const scope = scoped ? sql`a.admin_user_id = ${5}` : null;
      const page = { page: 3, perPage: 30 };
      const fresh = applicantListPageStatement(41, 5, filters, page, scope);
      const query = applicantListPageQuery(41, 5, filters, page, scope);
      expect(rendered(query.query)).toEqual(rendered(fresh));
      const sent = buildQuery(query.query);
      expect({ sql: sent.sql, params: sent.params }).toEqual(rendered(fresh));
      expect(query.name).toBe(statementName('applicant_list', fresh));
      // A scope or a filter is a condition of the page's count too.
      expect(rendered(query.query).sql).toContain('count(*)');
    }
  });
});
