import {
  SUB_TASK_STATE_NAMES,
  TASK_STATE_NAMES,
  type TDelayedTaskState,
  type TSubTaskState,
} from '@ats/contracts/delayed-tasks';
import { cx } from '@ats/ui/class-names';

const TONES: Record<TDelayedTaskState | TSubTaskState, string> = {
  upcoming: 'bg-indigo-50 text-indigo-800 ring-indigo-200',
  queued: 'bg-indigo-50 text-indigo-800 ring-indigo-200',
  running: 'bg-amber-50 text-amber-800 ring-amber-200',
  done: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  failed: 'bg-red-50 text-red-800 ring-red-200',
  cancelled: 'bg-zinc-100 text-zinc-700 ring-zinc-200',
};

export function TaskStateBadge({ state }: { state: TDelayedTaskState }) {
  return <Badge tone={TONES[state]}>{TASK_STATE_NAMES[state]}</Badge>;
}

export function SubTaskStateBadge({ state }: { state: TSubTaskState }) {
  return <Badge tone={TONES[state]}>{SUB_TASK_STATE_NAMES[state]}</Badge>;
}

function Badge({ tone, children }: { tone: string; children: string }) {
  return (
    <span
      className={cx(
        'inline-flex shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        tone,
      )}
    >
      {children}
    </span>
  );
}
