import { ExclamationTriangleIcon } from '@heroicons/react/20/solid';
import { Link } from 'react-router';
import { cx } from '@ats/ui/class-names';
import type { TVacancy } from '@ats/contracts/vacancies';
import { pluralize } from '../../shared/format/plurals';
import { ItemIcon } from '../../shared/icons/item-icon';
import { StageBar, type StageCount } from './stage-bar';
import { APPLICANT_FORMS, deadlineOf, formatSalary } from './vacancy-format';
import { VacancyStateBadge } from './vacancy-state-badge';

/** The vacancy's stages with how many applicants each holds now, when the API says so. */
export function stageCountsOf(vacancy: TVacancy): StageCount[] | null {
  if (!vacancy.stage_counts) return null;
  const counts = new Map(vacancy.stage_counts.map((row) => [row.status_id, row.count]));
  return vacancy.statuses.map((stage) => ({
    status_id: stage.id,
    name: stage.name,
    color: stage.color,
    count: counts.get(stage.id) ?? 0,
  }));
}

/** One vacancy of the home list: title, salary, the stage bar, the deadline and its warning. */
export function VacancyCard({
  vacancy,
  fallbackStages,
}: {
  vacancy: TVacancy;
  /** Counts known from elsewhere (the home page's «my vacancies») when the list has none. */
  fallbackStages?: StageCount[] | undefined;
}) {
  const salary = formatSalary(vacancy.salary_from, vacancy.salary_to, vacancy.currency);
  const deadline = vacancy.state === 'open' ? deadlineOf(vacancy.date_will_close) : null;
  const stages = stageCountsOf(vacancy) ?? fallbackStages ?? null;
  return (
    <li
      aria-label={vacancy.position}
      className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-zinc-200"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <Link
            to={`/vacancy/${vacancy.id}`}
            className="font-medium text-zinc-900 hover:text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            {vacancy.position}
          </Link>
          <p className="mt-0.5 truncate text-sm text-zinc-500">
            {[
              salary && <span key="salary">{salary}</span>,
              vacancy.account_division && (
                <span key="division" className="inline-flex items-center gap-1 align-bottom">
                  <ItemIcon name={vacancy.account_division.icon} className="size-3.5" />
                  {vacancy.account_division.name}
                </span>
              ),
              vacancy.city && <span key="city">{vacancy.city}</span>,
            ]
              .filter(Boolean)
              .flatMap((part, i) => (i === 0 ? [part] : [' · ', part]))}
            {!salary && !vacancy.account_division && !vacancy.city && 'Зарплата не указана'}
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-2">
          {vacancy.priority > 0 && (
            <span className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-700">
              Приоритет {vacancy.priority}
            </span>
          )}
          {vacancy.state !== 'open' && <VacancyStateBadge state={vacancy.state} />}
        </div>
      </div>
      {stages ? <StageBar stages={stages} label="По этапам" /> : null}
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <Link
          to={`/vacancy/${vacancy.id}/candidates`}
          className="text-indigo-600 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          {pluralize(vacancy.count_applicants, APPLICANT_FORMS)}
        </Link>
        <span className="text-zinc-500">
          Нанято {vacancy.hired} из {vacancy.needed}
        </span>
      </div>
      {deadline && (
        <p
          className={cx(
            'flex items-center gap-1.5 text-xs',
            deadline.overdue
              ? 'font-medium text-red-700'
              : deadline.soon
                ? 'text-amber-700'
                : 'text-zinc-500',
          )}
        >
          {deadline.overdue && <ExclamationTriangleIcon aria-hidden="true" className="size-4" />}
          {deadline.text}
        </p>
      )}
      {vacancy.owners.length > 0 && (
        <p className="text-xs text-zinc-500">
          Ответственные: {vacancy.owners.map((owner) => owner.name).join(', ')}
        </p>
      )}
    </li>
  );
}
