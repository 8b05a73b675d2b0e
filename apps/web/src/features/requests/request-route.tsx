import { CheckCircleIcon, ClockIcon, XCircleIcon } from '@heroicons/react/20/solid';
import { cx } from '@ats/ui/class-names';
import {
  APPROVAL_MODE_LABELS,
  STEP_STATE_LABELS,
  type TRequest,
  type TRequestStep,
} from '@ats/contracts/vacancy-applications';
import { formatDateTime } from '../../shared/format/applicant-format';
import { formatDay } from './request-format';
import { RequestSection } from './request-section';

type Approver = TRequestStep['approvers'][number];

const DECISION_LABELS: Record<NonNullable<Approver['decision']>, string> = {
  approved: 'Согласовал',
  rejected: 'Отклонил',
  returned: 'Вернул на доработку',
};

function DecisionIcon({ decision }: { decision: Approver['decision'] }) {
  if (decision === 'approved') {
    return <CheckCircleIcon aria-hidden="true" className="size-4 shrink-0 text-emerald-600" />;
  }
  if (decision === 'rejected' || decision === 'returned') {
    return <XCircleIcon aria-hidden="true" className="size-4 shrink-0 text-red-600" />;
  }
  return <ClockIcon aria-hidden="true" className="size-4 shrink-0 text-zinc-400" />;
}

function ApproverRow({ approver }: { approver: Approver }) {
  return (
    <li className="flex flex-col gap-0.5 text-sm">
      <span className="flex min-w-0 items-center gap-1.5">
        <DecisionIcon decision={approver.decision} />
        <span className="min-w-0 font-medium break-words text-zinc-900">{approver.name}</span>
        {approver.type === 'email' && approver.email && approver.email !== approver.name && (
          <span className="min-w-0 truncate text-xs text-zinc-500">{approver.email}</span>
        )}
      </span>
      <span className="pl-5.5 text-xs text-zinc-600">
        {approver.decision ? (
          <>
            {DECISION_LABELS[approver.decision]}
            {approver.decided_at && (
              <>
                {' '}
                <time dateTime={approver.decided_at}>{formatDateTime(approver.decided_at)}</time>
              </>
            )}
          </>
        ) : (
          'Ещё не решил'
        )}
      </span>
      {approver.comment && (
        <q className="ml-5.5 rounded-md bg-zinc-50 px-2 py-1 text-xs whitespace-pre-line text-zinc-700">
          {approver.comment}
        </q>
      )}
    </li>
  );
}

const STEP_TONES: Record<TRequestStep['state'], string> = {
  waiting: 'border-zinc-200 bg-white',
  pending: 'border-indigo-400 bg-indigo-50/40 ring-1 ring-indigo-400',
  approved: 'border-emerald-300 bg-white',
  rejected: 'border-red-300 bg-white',
  returned: 'border-orange-300 bg-white',
};

function StepCard({ step, current }: { step: TRequestStep; current: boolean }) {
  const overdue = step.overdue && step.state === 'pending';
  return (
    <li
      aria-label={`Шаг ${step.index + 1}: ${step.name}`}
      aria-current={current ? 'step' : undefined}
      className={cx(
        'flex min-w-0 flex-col gap-2 rounded-xl border p-3',
        overdue ? 'border-red-400 bg-red-50/50 ring-1 ring-red-400' : STEP_TONES[step.state],
      )}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-2">
        <h3 className="min-w-0 text-sm font-semibold break-words text-zinc-900">
          <span className="text-zinc-500">{step.index + 1}.</span> {step.name}
        </h3>
        <span className="text-xs text-zinc-500">{APPROVAL_MODE_LABELS[step.mode]}</span>
      </div>
      <p
        className={cx(
          'text-xs font-medium',
          overdue ? 'text-red-700' : current ? 'text-indigo-700' : 'text-zinc-600',
        )}
      >
        {current ? 'Текущий шаг · ' : ''}
        {STEP_STATE_LABELS[step.state]}
        {overdue && step.due_at && ` · просрочен, срок был до ${formatDay(step.due_at)}`}
        {!overdue && step.state === 'pending' && step.due_at && (
          <> · срок до {formatDay(step.due_at)}</>
        )}
      </p>
      <ul aria-label="Согласующие" className="flex flex-col gap-2">
        {step.approvers.map((approver, index) => (
          <ApproverRow
            key={`${approver.type}-${approver.user_id ?? approver.email}-${index}`}
            approver={approver}
          />
        ))}
      </ul>
    </li>
  );
}

/** The approval route drawn as steps: who decides, who decided when and what they said. */
export function RequestRoute({ request }: { request: TRequest }) {
  return (
    <RequestSection title="Маршрут согласования">
      {request.steps.length === 0 ? (
        <p className="text-sm text-zinc-500">
          В маршруте нет шагов: заявка согласуется сразу после отправки.
        </p>
      ) : (
        <ol
          aria-label="Шаги согласования"
          className="grid gap-3 sm:grid-cols-2 lg:grid-flow-col lg:grid-cols-none lg:auto-cols-fr"
        >
          {request.steps.map((step) => (
            <StepCard
              key={step.index}
              step={step}
              current={request.state === 'pending' && step.index === request.current_step}
            />
          ))}
        </ol>
      )}
    </RequestSection>
  );
}
