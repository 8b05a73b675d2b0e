import { useVirtualizer } from '@tanstack/react-virtual';
import { ChevronDownIcon, ChevronUpIcon } from '@heroicons/react/20/solid';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Spinner } from '@ats/ui/spinner';
import { useUnreadOfApplicants } from '../../shared/messaging/unread.queries';
import { ApplicantRow, ROW_HEIGHT } from './applicant-row';
import type { TApplicantListItem, TApplicantListSort } from '@ats/contracts/applicant-list';
import {
  COLUMN_SORTS,
  columnCellClass,
  DEFAULT_LIST_COLUMNS,
  LIST_COLUMNS,
  LIST_GRID_CLASS,
  LIST_MIN_WIDTH_CLASS,
  listGrid,
  nextColumnSort,
  type ListColumn,
} from './list-columns';

const UNREAD_PAGE = 30;

function idsOfPagesInView(applicants: TApplicantListItem[], items: { index: number }[]) {
  const pages = [...new Set(items.map((item) => Math.floor(item.index / UNREAD_PAGE)))];
  return pages.flatMap((page) =>
    applicants.slice(page * UNREAD_PAGE, (page + 1) * UNREAD_PAGE).map((a) => a.id),
  );
}

// Start loading the next page this many rows before the end, so scrolling rarely waits.
const LOAD_AHEAD_ROWS = 10;
const HEADER_HEIGHT = 40;

type Props = {
  applicants: TApplicantListItem[];
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
  onToggleAll: () => void;
  onOpen: (id: number) => void;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onLoadMore: () => void;
  /** The chosen columns in their order. */
  columns?: ListColumn[];
  /** The order the list is in; a sortable column's header changes it. */
  sort?: TApplicantListSort;
  onSort?: (sort: TApplicantListSort) => void;
};

const SORT_ARROWS: Partial<Record<TApplicantListSort, 'up' | 'down'>> = {
  name_asc: 'up',
  created_desc: 'down',
  created_asc: 'up',
  salary_desc: 'down',
};

/** A column's header: a button where the API can sort by it, plain text otherwise. */
function HeaderCell({
  column,
  label,
  sort,
  onSort,
}: {
  column: ListColumn | 'name';
  label: string;
  sort?: TApplicantListSort;
  onSort?: (sort: TApplicantListSort) => void;
}) {
  const sorts = COLUMN_SORTS[column];
  if (!sorts || !onSort || !sort) return <span className="truncate">{label}</span>;
  const active = sorts.includes(sort);
  const Arrow = SORT_ARROWS[sort] === 'up' ? ChevronUpIcon : ChevronDownIcon;
  return (
    <button
      type="button"
      onClick={() => onSort(nextColumnSort(column, sort)!)}
      aria-label={`${label}: сортировать`}
      aria-pressed={active}
      className={`flex min-w-0 items-center gap-0.5 rounded text-left hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-indigo-600 ${active ? 'text-zinc-900' : ''}`}
    >
      <span className="truncate">{label}</span>
      {active && <Arrow className="size-4 shrink-0" aria-hidden="true" />}
    </button>
  );
}

/** The scroller's size as its class sets it: max(24rem, 100dvh − 19rem) high. */
export function scrollerRect(): { width: number; height: number } {
  const rem = 16;
  return { width: window.innerWidth, height: Math.max(24 * rem, window.innerHeight - 19 * rem) };
}

/** Only the rows in view (plus a few) are in the DOM, so 10,000 loaded rows stay light. */
export function ApplicantVirtualList({
  applicants,
  selected,
  onToggle,
  onToggleAll,
  onOpen,
  hasNextPage,
  isFetchingNextPage,
  onLoadMore,
  columns = DEFAULT_LIST_COLUMNS,
  sort,
  onSort,
}: Props) {
  const grid = useMemo(() => listGrid(columns), [columns]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const count = applicants.length + (hasNextPage ? 1 : 0);
  const [initialRect] = useState(scrollerRect);
  // TanStack Virtual keeps its own mutable state; this component opts out of memoisation.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    getItemKey: (index) => applicants[index]?.id ?? 'loader',
    // The sticky header sits above the rows inside the scroller.
    scrollMargin: HEADER_HEIGHT,
    // The rows in view drawn in the first render: measured from an empty rect instead, the list
    // drew a few rows, laid the page out to measure, and drew them again in the same task.
    initialRect,
  });
  const items = virtualizer.getVirtualItems();
  // Unread messages are asked for the pages of 30 in view only, not for every loaded row.
  const unread = useUnreadOfApplicants(idsOfPagesInView(applicants, items));
  const lastIndex = items.length > 0 ? items[items.length - 1]!.index : -1;

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= applicants.length - LOAD_AHEAD_ROWS) {
      onLoadMore();
    }
  }, [lastIndex, applicants.length, hasNextPage, isFetchingNextPage, onLoadMore]);

  const allSelected = applicants.length > 0 && applicants.every((a) => selected.has(a.id));
  const someSelected = !allSelected && applicants.some((a) => selected.has(a.id));

  return (
    <div className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-zinc-200">
      <div
        ref={scrollRef}
        className="h-[max(24rem,calc(100dvh-19rem))] overflow-auto overscroll-contain"
      >
        <div
          style={grid}
          className={`${LIST_GRID_CLASS} ${LIST_MIN_WIDTH_CLASS} sticky top-0 z-10 h-10 border-b border-zinc-200 bg-zinc-50 text-xs font-medium text-zinc-500`}
        >
          <label className="flex items-center justify-center">
            <input
              type="checkbox"
              checked={allSelected}
              ref={(el) => {
                if (el) el.indeterminate = someSelected;
              }}
              onChange={onToggleAll}
              aria-label="Выбрать всех загруженных"
              className="size-4 rounded border-zinc-300 text-indigo-600"
            />
          </label>
          <HeaderCell column="name" label="Кандидат" sort={sort} onSort={onSort} />
          {columns.map((column, index) => (
            <div key={column} data-column={column} className={columnCellClass(index)}>
              <HeaderCell
                column={column}
                label={LIST_COLUMNS[column].label}
                sort={sort}
                onSort={onSort}
              />
            </div>
          ))}
        </div>
        <ul
          aria-label="Кандидаты"
          className={`relative w-full ${LIST_MIN_WIDTH_CLASS}`}
          style={{ ...grid, height: count * ROW_HEIGHT }}
        >
          {items.map((item) => {
            const applicant = applicants[item.index];
            return (
              <li
                key={item.key}
                className="absolute top-0 left-0 w-full"
                style={{
                  height: item.size,
                  transform: `translateY(${item.start - HEADER_HEIGHT}px)`,
                }}
              >
                {applicant ? (
                  <ApplicantRow
                    applicant={applicant}
                    columns={columns}
                    grid={grid}
                    selected={selected.has(applicant.id)}
                    onToggle={onToggle}
                    onOpen={onOpen}
                    unread={unread.get(applicant.id)}
                  />
                ) : (
                  <div className="flex h-full items-center justify-center gap-2 text-sm text-zinc-500">
                    <Spinner /> Загружаем ещё…
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
