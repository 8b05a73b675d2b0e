import { describe, expect, it } from 'vitest';
import {
  compactFilters,
  exportListUrl,
  listParams,
  listQueryString,
  listStateFromUrl,
  listStateToUrl,
  nextListPage,
} from './list-query';
import { applicantsDrillHref } from '../../shared/applicants-drill-link';

describe('the infinite list of applicants', () => {
  it('has a next page while the page is below ceil(applicant_count / 30)', () => {
    expect(nextListPage({ page: 1, applicant_count: 31 })).toBe(2);
    expect(nextListPage({ page: 2, applicant_count: 61 })).toBe(3);
    expect(nextListPage({ page: 333, applicant_count: 10_000 })).toBe(334);
  });

  it('has no next page on the last page or when nobody was found', () => {
    expect(nextListPage({ page: 1, applicant_count: 30 })).toBeUndefined();
    expect(nextListPage({ page: 2, applicant_count: 60 })).toBeUndefined();
    expect(nextListPage({ page: 334, applicant_count: 10_000 })).toBeUndefined();
    expect(nextListPage({ page: 1, applicant_count: 0 })).toBeUndefined();
  });

  it('asks for 30 per page and sends lists as repeated bracketed keys', () => {
    const query = new URLSearchParams(
      listQueryString(
        {
          search: ' Иванова ',
          sort: 'name_asc',
          filters: { tags: [3, 7], only_mine: true, age_from: 25, position: '' },
        },
        2,
      ),
    );
    expect(query.get('page')).toBe('2');
    expect(query.get('per_page')).toBe('30');
    expect(query.get('search')).toBe('Иванова');
    expect(query.get('sort')).toBe('name_asc');
    expect(query.getAll('tags[]')).toEqual(['3', '7']);
    expect(query.get('only_mine')).toBe('true');
    expect(query.get('age_from')).toBe('25');
    expect(query.has('position')).toBe(false);
  });

  it('leaves out empty filters so equal sets share one cache entry', () => {
    expect(
      compactFilters({
        tags: [],
        email: '  ',
        only_mine: false,
        salary_from: 0,
        company: 'Яндекс',
      }),
    ).toEqual({ salary_from: 0, company: 'Яндекс' });
  });
});

describe('the Excel export of the list', () => {
  it('carries the search, sort and filters of the list, without paging', () => {
    expect(
      exportListUrl({ search: ' Go ', sort: 'created_asc', filters: { tags: [3, 4], email: '' } }),
    ).toBe('/api/applicants/export?search=Go&sort=created_asc&tags%5B%5D=3&tags%5B%5D=4');
    expect(exportListUrl({ search: '', sort: '', filters: {} })).toBe('/api/applicants/export');
  });
});

describe('the list in the address bar', () => {
  it('keeps search, sort and filters, and reads them back the same', () => {
    const state = {
      search: 'Иванова',
      sort: 'created_asc' as const,
      filters: { vacancy_id: 3, status_id: 9, created_from: '2025-03-01', tags: [1, 2] },
    };
    const url = listStateToUrl(state);
    expect(url.toString()).toBe(
      'search=%D0%98%D0%B2%D0%B0%D0%BD%D0%BE%D0%B2%D0%B0&sort=created_asc&vacancy_id=3&status_id=9&created_from=2025-03-01&tags=1%2C2',
    );
    expect(listStateFromUrl(url)).toEqual(state);
  });

  it('drops what it does not understand: an unknown sort, a bad date, a stray key', () => {
    const state = listStateFromUrl(
      new URLSearchParams('sort=by_mood&created_to=вчера&foo=1&tags[]=4&vacancy_id=x'),
    );
    expect(state).toEqual({ search: '', sort: undefined, filters: { tags: [4] } });
  });
});

describe('the list opened from a count of the analytics', () => {
  const drill = 'hired|2026-11-01|2026-11-30|d=3';

  it('keeps the drill and its label in the address and reads them back the same', () => {
    const state = {
      search: '',
      sort: undefined,
      filters: { tags: [5] },
      drill,
      drillLabel: 'Вышли на работу, 01.11.2026–30.11.2026',
    };
    const url = listStateToUrl(state);
    expect(url.get('drill')).toBe(drill);
    expect(url.get('drill_label')).toBe('Вышли на работу, 01.11.2026–30.11.2026');
    expect(listStateFromUrl(url)).toEqual(state);
    expect(
      listStateFromUrl(new URLSearchParams(applicantsDrillHref(drill, 'Наймы').split('?')[1])),
    ).toEqual({ search: '', sort: undefined, filters: {}, drill, drillLabel: 'Наймы' });
  });

  it('passes the drill on to GET /api/applicants and to the export', () => {
    const params = { search: '', sort: '', filters: {}, drill };
    expect(new URLSearchParams(listQueryString(params, 1)).get('drill')).toBe(drill);
    expect(new URLSearchParams(exportListUrl(params).split('?')[1]).get('drill')).toBe(drill);
  });

  it('drops a drill longer than the API takes, and a label without its drill', () => {
    const long = listStateFromUrl(
      new URLSearchParams({ drill: 'x'.repeat(401), drill_label: 'a' }),
    );
    expect(long).toEqual({ search: '', sort: undefined, filters: {} });
    expect(listStateFromUrl(new URLSearchParams({ drill_label: 'Наймы' }))).toEqual({
      search: '',
      sort: undefined,
      filters: {},
    });
  });
});

describe('what the list asks for', () => {
  it('asks the default page for an address without a query: the page the server embeds', () => {
    const params = listParams(listStateFromUrl(new URLSearchParams('')));
    expect(listQueryString(params, 1)).toBe('page=1&per_page=30');
  });

  it('drops the order by relevance without a search, and keeps it with one', () => {
    expect(listParams(listStateFromUrl(new URLSearchParams('sort=relevance'))).sort).toBe('');
    expect(
      listParams(listStateFromUrl(new URLSearchParams('sort=relevance&search=Иванов'))).sort,
    ).toBe('relevance');
  });
});
