import { useRef, type KeyboardEvent } from 'react';
import { cx } from '@ats/ui/class-names';
import { REQUEST_TAB_LABELS, REQUEST_TABS } from '@ats/contracts/vacancy-applications';
import type { RequestTab } from './request-list-params';

type Props = { value: RequestTab; onChange: (tab: RequestTab) => void; panelId: string };

/** «Мои», «На моём согласовании», «Все»: the WAI-ARIA tabs pattern, the list is the tab panel. */
export function RequestTabs({ value, onChange, panelId }: Props) {
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const onKeyDown = (event: KeyboardEvent) => {
    const index = REQUEST_TABS.indexOf(value);
    const last = REQUEST_TABS.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % REQUEST_TABS.length
        : event.key === 'ArrowLeft'
          ? (index + last) % REQUEST_TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    onChange(REQUEST_TABS[next]!);
    tabs.current[next]?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label="Какие заявки"
      onKeyDown={onKeyDown}
      className="flex gap-0.5 overflow-x-auto border-b border-zinc-200 sm:gap-1"
    >
      {REQUEST_TABS.map((tab, index) => {
        const selected = tab === value;
        return (
          <button
            key={tab}
            ref={(node) => {
              tabs.current[index] = node;
            }}
            type="button"
            role="tab"
            id={`request-tab-${tab}`}
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab)}
            className={cx(
              '-mb-px shrink-0 border-b-2 px-2 py-2 text-sm font-medium sm:px-3',
              'focus-visible:outline-2 focus-visible:outline-indigo-600',
              selected
                ? 'border-indigo-600 text-indigo-700'
                : 'border-transparent text-zinc-600 hover:text-zinc-900',
            )}
          >
            {REQUEST_TAB_LABELS[tab]}
          </button>
        );
      })}
    </div>
  );
}
