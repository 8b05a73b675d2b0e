import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { Spinner } from '@ats/ui/spinner';
import { ApplicantRow, ROW_GRID, ROW_HEIGHT } from './applicant-row';
import type { TApplicantListItem } from '@ats/contracts/applicant-list';

// Start loading the next page this many rows before the end, so scrolling rarely waits.
const LOAD_AHEAD_ROWS = 10;

type Props = {
  applicants: TApplicantListItem[];
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
  onToggleAll: () => void;
  onOpen: (id: number) => void;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onLoadMore: () => void;
};

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
}: Props) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const count = applicants.length + (hasNextPage ? 1 : 0);
  // TanStack Virtual keeps its own mutable state; this component opts out of memoisation.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    getItemKey: (index) => applicants[index]?.id ?? 'loader',
  });
  const items = virtualizer.getVirtualItems();
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
        className={`${ROW_GRID} h-10 border-b border-zinc-200 bg-zinc-50 text-xs font-medium text-zinc-500`}
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
        <span>Кандидат</span>
        <span className="hidden text-right sm:block md:text-left">Зарплата</span>
        <span className="hidden md:block">Возраст</span>
        <span className="hidden md:block">Теги</span>
        <span className="hidden md:block">Источник</span>
      </div>
      <div
        ref={scrollRef}
        className="h-[max(24rem,calc(100dvh-19rem))] overflow-y-auto overscroll-contain"
      >
        <ul
          aria-label="Кандидаты"
          className="relative w-full"
          style={{ height: virtualizer.getTotalSize() }}
        >
          {items.map((item) => {
            const applicant = applicants[item.index];
            return (
              <li
                key={item.key}
                className="absolute top-0 left-0 w-full"
                style={{ height: item.size, transform: `translateY(${item.start}px)` }}
              >
                {applicant ? (
                  <ApplicantRow
                    applicant={applicant}
                    selected={selected.has(applicant.id)}
                    onToggle={onToggle}
                    onOpen={onOpen}
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
