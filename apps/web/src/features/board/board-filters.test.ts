import { describe, expect, it } from 'vitest';
import {
  boardFilterQuery,
  countFilters,
  filtersFromParams,
  NO_BOARD_FILTERS,
  paramsWithFilters,
} from './board-filters';

describe('the board’s filters in the URL', () => {
  it('round-trips through the URL, keeping its other parameters', () => {
    const values = {
      search: 'Петрова',
      tag: '4',
      source: '',
      addedBy: '7',
      from: '2026-11-01',
      to: '',
    };
    const params = paramsWithFilters(new URLSearchParams('card=12'), values);
    expect(params.get('card')).toBe('12');
    expect(params.toString()).not.toMatch(/source|added_to/);
    expect(filtersFromParams(params)).toEqual(values);
    expect(countFilters(values)).toBe(3);
  });

  it('leaves out what a hand-edited link got wrong, and sends only what is set', () => {
    const values = filtersFromParams(
      new URLSearchParams(
        'q=%20916%20123%20&tag=abc&source=0&added_from=вчера&added_to=2026-11-02',
      ),
    );
    expect(values).toEqual({ ...NO_BOARD_FILTERS, search: ' 916 123 ', to: '2026-11-02' });
    expect(boardFilterQuery(values)).toEqual({ search: '916 123', added_to: '2026-11-02' });
    expect(boardFilterQuery(NO_BOARD_FILTERS)).toEqual({});
  });
});
