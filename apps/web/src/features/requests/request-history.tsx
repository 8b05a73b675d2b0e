import { REQUEST_ACTION_LABELS, type TRequest } from '@ats/contracts/vacancy-applications';
import { formatDateTime } from '../../shared/format/applicant-format';
import { RequestSection } from './request-section';

/** Every step of the request as a Russian sentence: «Анна Смирнова согласовала …», newest last. */
export function RequestHistory({ request }: { request: TRequest }) {
  const history = request.history ?? [];
  const stepName = (index: number | null) =>
    index === null ? null : (request.steps.find((step) => step.index === index)?.name ?? null);
  return (
    <RequestSection title="История">
      {history.length === 0 ? (
        <p className="text-sm text-zinc-500">Пока ничего не происходило.</p>
      ) : (
        <ol aria-label="История заявки" className="flex flex-col gap-3">
          {history.map((entry) => {
            const step = stepName(entry.step);
            return (
              <li key={entry.id} className="flex flex-col gap-0.5 text-sm">
                <p className="text-zinc-900">
                  <span className="font-medium">{entry.actor.name}</span>
                  {entry.actor.user_id === null && entry.actor.email && (
                    <span className="text-zinc-500"> ({entry.actor.email})</span>
                  )}{' '}
                  {REQUEST_ACTION_LABELS[entry.action].toLowerCase()}
                  {step && <span className="text-zinc-600"> — шаг «{step}»</span>}
                </p>
                <time dateTime={entry.at} className="text-xs text-zinc-500">
                  {formatDateTime(entry.at)}
                </time>
                {entry.comment && (
                  <q className="mt-0.5 rounded-md bg-zinc-50 px-2 py-1 whitespace-pre-line text-zinc-700">
                    {entry.comment}
                  </q>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </RequestSection>
  );
}
