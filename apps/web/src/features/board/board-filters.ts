// The board's search box and filters: kept in the page's URL (a reload or a shared link shows the
// same board) and sent to the server, which searches the whole vacancy, not the loaded pages.

export type BoardFilterValues = {
  search: string;
  tag: string;
  source: string;
  addedBy: string;
  /** Inclusive days, YYYY-MM-DD. */
  from: string;
  to: string;
};

export const NO_BOARD_FILTERS: BoardFilterValues = {
  search: '',
  tag: '',
  source: '',
  addedBy: '',
  from: '',
  to: '',
};

/** The URL's parameter of each filter. */
const PARAMS: Record<keyof BoardFilterValues, string> = {
  search: 'q',
  tag: 'tag',
  source: 'source',
  addedBy: 'added_by',
  from: 'added_from',
  to: 'added_to',
};

const isId = (value: string) => /^[1-9]\d{0,9}$/.test(value);
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** The filters a URL holds; a malformed value is left out rather than sent to be refused. */
export function filtersFromParams(params: URLSearchParams): BoardFilterValues {
  const read = (key: keyof BoardFilterValues, valid: (v: string) => boolean) => {
    const value = params.get(PARAMS[key])?.trim() ?? '';
    return valid(value) ? value : '';
  };
  return {
    search: (params.get(PARAMS.search) ?? '').slice(0, 200),
    tag: read('tag', isId),
    source: read('source', isId),
    addedBy: read('addedBy', isId),
    from: read('from', isDay),
    to: read('to', isDay),
  };
}

/** The URL's parameters with the filters written in (others kept, empty ones removed). */
export function paramsWithFilters(params: URLSearchParams, values: BoardFilterValues) {
  const next = new URLSearchParams(params);
  for (const key of Object.keys(PARAMS) as (keyof BoardFilterValues)[]) {
    const value = key === 'search' ? values.search : values[key].trim();
    if (value.trim()) next.set(PARAMS[key], value);
    else next.delete(PARAMS[key]);
  }
  return next;
}

export type BoardFilterQuery = Partial<
  Record<'search' | 'tags' | 'account_source_id' | 'added_by' | 'added_from' | 'added_to', string>
>;

/** The filters as the board's API takes them; empty when none is set. */
export function boardFilterQuery(values: BoardFilterValues): BoardFilterQuery {
  const query: BoardFilterQuery = {};
  if (values.search.trim()) query.search = values.search.trim();
  if (values.tag) query.tags = values.tag;
  if (values.source) query.account_source_id = values.source;
  if (values.addedBy) query.added_by = values.addedBy;
  if (values.from) query.added_from = values.from;
  if (values.to) query.added_to = values.to;
  return query;
}

export const hasBoardFilters = (query: BoardFilterQuery) => Object.keys(query).length > 0;

/** How many filters besides the search box are set (for the «Фильтры» button). */
export const countFilters = (values: BoardFilterValues) =>
  [values.tag, values.source, values.addedBy, values.from || values.to].filter(Boolean).length;
