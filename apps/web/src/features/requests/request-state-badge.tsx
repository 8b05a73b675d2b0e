import { cx } from '@ats/ui/class-names';
import { REQUEST_STATE_LABELS, type TRequestState } from '@ats/contracts/vacancy-applications';

const TONES: Record<TRequestState, string> = {
  draft: 'bg-zinc-100 text-zinc-700 ring-zinc-500/20',
  pending: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  approved: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
  rejected: 'bg-red-50 text-red-700 ring-red-600/20',
  returned: 'bg-orange-50 text-orange-800 ring-orange-600/20',
  in_work: 'bg-indigo-50 text-indigo-700 ring-indigo-600/20',
  closed: 'bg-zinc-100 text-zinc-600 ring-zinc-500/20',
};

export function RequestStateBadge({ state }: { state: TRequestState }) {
  return (
    <span
      className={cx(
        'inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        TONES[state],
      )}
    >
      {REQUEST_STATE_LABELS[state]}
    </span>
  );
}
