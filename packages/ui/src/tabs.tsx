import { useRef, type KeyboardEvent } from 'react';
import { cx } from './class-names';

export type TabsProps<T extends string> = {
  /** The tabs' values, in order. */
  items: readonly T[];
  value: T;
  onChange: (value: T) => void;
  labels: Record<T, string>;
  /** A counter beside each label (omitted while unknown). */
  counts?: Partial<Record<T, number>>;
  /** The accessible name of the tab list. */
  label: string;
  /** Each tab's id is `${idPrefix}-${value}`. */
  idPrefix: string;
  /** The element the selected tab controls. */
  panelId: string;
  /** 'underline' (default): tabs over a list; 'pills': compact buttons inside a card. */
  variant?: 'underline' | 'pills';
  className?: string;
};

const KEY_STEPS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index + count - 1) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * The WAI-ARIA tabs pattern: one tab in the Tab order, arrows (and Home/End) move and select,
 * the panel below is labelled by the selected tab. Narrow tabs on a phone, scrolling if they do
 * not fit.
 */
export function Tabs<T extends string>({
  items,
  value,
  onChange,
  labels,
  counts,
  label,
  idPrefix,
  panelId,
  variant = 'underline',
  className,
}: TabsProps<T>) {
  const pills = variant === 'pills';
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const onKeyDown = (event: KeyboardEvent) => {
    const step = KEY_STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    const next = step(items.indexOf(value), items.length);
    onChange(items[next]!);
    tabs.current[next]?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      className={cx(
        pills
          ? 'flex flex-wrap gap-1'
          : 'flex gap-0.5 overflow-x-auto border-b border-zinc-200 sm:gap-1',
        className,
      )}
    >
      {items.map((item, index) => {
        const selected = item === value;
        const count = counts?.[item];
        return (
          <button
            key={item}
            ref={(node) => {
              tabs.current[index] = node;
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-${item}`}
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(item)}
            className={cx(
              'flex shrink-0 items-center gap-1.5 text-sm font-medium sm:gap-2',
              'focus-visible:outline-2 focus-visible:outline-indigo-600',
              pills
                ? cx(
                    'rounded-lg px-3 py-1.5 transition-colors',
                    selected ? 'bg-indigo-600 text-white' : 'text-zinc-600 hover:bg-zinc-100',
                  )
                : cx(
                    '-mb-px border-b-2 px-2 py-2 sm:px-3',
                    selected
                      ? 'border-indigo-600 text-indigo-700'
                      : 'border-transparent text-zinc-600 hover:text-zinc-900',
                  ),
            )}
          >
            {labels[item]}
            {count !== undefined && (
              <span
                className={cx(
                  'rounded-full px-1.5 text-xs tabular-nums',
                  selected ? 'bg-indigo-100 text-indigo-700' : 'bg-zinc-100 text-zinc-600',
                )}
              >
                {count}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
