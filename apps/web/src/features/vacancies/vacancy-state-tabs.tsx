import { useRef, type KeyboardEvent } from 'react';
import { cx } from '@ats/ui/class-names';
import { VACANCY_STATES, type TVacancyState } from '@ats/contracts/vacancies';

export const STATE_TAB_LABELS: Record<TVacancyState, string> = {
  open: 'Открытые',
  hold: 'На паузе',
  closed: 'Закрытые',
};

type Props = {
  value: TVacancyState;
  counts: Record<TVacancyState, number> | undefined;
  onChange: (state: TVacancyState) => void;
  panelId: string;
};

/** The WAI-ARIA tabs pattern: arrows move and select, the list below is the tab panel. */
export function VacancyStateTabs({ value, counts, onChange, panelId }: Props) {
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const onKeyDown = (event: KeyboardEvent) => {
    const index = VACANCY_STATES.indexOf(value);
    const last = VACANCY_STATES.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % VACANCY_STATES.length
        : event.key === 'ArrowLeft'
          ? (index + last) % VACANCY_STATES.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    onChange(VACANCY_STATES[next]!);
    tabs.current[next]?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label="Состояние вакансий"
      onKeyDown={onKeyDown}
      className="flex gap-0.5 border-b border-zinc-200 sm:gap-1"
    >
      {VACANCY_STATES.map((state, index) => {
        const selected = state === value;
        return (
          <button
            key={state}
            ref={(node) => {
              tabs.current[index] = node;
            }}
            type="button"
            role="tab"
            id={`vacancy-tab-${state}`}
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(state)}
            className={cx(
              // Narrower on a phone, so that the tabs fit 360 px.
              '-mb-px flex shrink-0 items-center gap-1.5 border-b-2 px-2 py-2 text-sm font-medium sm:gap-2 sm:px-3',
              'focus-visible:outline-2 focus-visible:outline-indigo-600',
              selected
                ? 'border-indigo-600 text-indigo-700'
                : 'border-transparent text-zinc-600 hover:text-zinc-900',
            )}
          >
            {STATE_TAB_LABELS[state]}
            {counts && (
              <span
                className={cx(
                  'rounded-full px-1.5 text-xs tabular-nums',
                  selected ? 'bg-indigo-100 text-indigo-700' : 'bg-zinc-100 text-zinc-600',
                )}
              >
                {counts[state]}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
