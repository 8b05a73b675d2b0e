import { cx } from '@ats/ui/class-names';
import { VACANCY_STATE_LABELS, type TVacancyState } from '@ats/contracts/vacancies';

const TONES: Record<TVacancyState, string> = {
  open: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
  hold: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  closed: 'bg-zinc-100 text-zinc-600 ring-zinc-500/20',
};

export function VacancyStateBadge({ state }: { state: TVacancyState }) {
  return (
    <span
      className={cx(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        TONES[state],
      )}
    >
      {VACANCY_STATE_LABELS[state]}
    </span>
  );
}
