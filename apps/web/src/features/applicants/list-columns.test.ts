// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_LIST_COLUMNS,
  listGrid,
  nextColumnSort,
  readListColumns,
  saveListColumns,
} from './list-columns';

afterEach(() => localStorage.clear());

describe('the list columns chosen by the user', () => {
  it('are remembered per user in this browser, in their order', () => {
    expect(readListColumns(7)).toEqual(DEFAULT_LIST_COLUMNS);
    saveListColumns(7, ['vacancy', 'created', 'contacts']);
    expect(readListColumns(7)).toEqual(['vacancy', 'created', 'contacts']);
    expect(readListColumns(8)).toEqual(DEFAULT_LIST_COLUMNS);
  });

  it('drop unknown or repeated names and survive a damaged entry', () => {
    localStorage.setItem('ats.applicant-list.columns.7', '["tags","nope","tags","age"]');
    expect(readListColumns(7)).toEqual(['tags', 'age']);
    localStorage.setItem('ats.applicant-list.columns.7', '{oops');
    expect(readListColumns(7)).toEqual(DEFAULT_LIST_COLUMNS);
  });

  it('sort by a header where the API can: date toggles, salary and name have one order', () => {
    expect(nextColumnSort('created', 'created_desc')).toBe('created_asc');
    expect(nextColumnSort('created', 'created_asc')).toBe('created_desc');
    expect(nextColumnSort('created', 'name_asc')).toBe('created_desc');
    expect(nextColumnSort('salary', 'created_desc')).toBe('salary_desc');
    expect(nextColumnSort('vacancy', 'created_desc')).toBeUndefined();
  });

  it('show only the first chosen column on a phone', () => {
    const grid = listGrid(['vacancy', 'salary']) as Record<string, string>;
    expect(grid['--list-cols-narrow']).toBe('2.5rem minmax(0,1fr) minmax(0,8rem)');
    expect(grid['--list-cols']!.split(' ')).toHaveLength(4);
  });
});
