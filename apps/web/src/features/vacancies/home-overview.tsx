import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Card } from '@ats/ui/card';
import { Spinner } from '@ats/ui/spinner';
import type { THome } from '@ats/contracts/home';
import { pluralize } from '../../shared/format/plurals';
import { HomeEvents } from './home-events';
import { StageBar } from './stage-bar';
import { APPLICANT_FORMS, deadlineOf } from './vacancy-format';
import { WaitingPanel } from './waiting-panel';

function Panel({
  title,
  count,
  children,
}: {
  title: string;
  count?: number;
  children: React.ReactNode;
}) {
  return (
    <Card className="p-4">
      <section aria-label={title} className="flex flex-col gap-3">
        <h2 className="flex items-center gap-2 text-base font-semibold text-zinc-900">
          {title}
          {count !== undefined && count > 0 && (
            <span className="rounded-full bg-zinc-100 px-1.5 text-xs font-medium text-zinc-600 tabular-nums">
              {count}
            </span>
          )}
        </h2>
        {children}
      </section>
    </Card>
  );
}

/**
 * The top of the home page: «Мои вакансии» with stage bars, «Кандидаты ждут» and the meetings of
 * today and tomorrow.
 */
export function HomeOverview({ home }: { home: UseQueryResult<THome> }) {
  if (home.isPending) {
    return (
      <div className="flex justify-center py-6">
        <Spinner label="Загрузка главной" />
      </div>
    );
  }
  if (home.isError) return null;
  const { vacancies, overdue, events } = home.data;
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <Panel title="Мои вакансии" count={vacancies.length}>
        {vacancies.length === 0 ? (
          <p className="text-sm text-zinc-500">
            Вы пока не ответственный и не наблюдатель ни в одной открытой вакансии.
          </p>
        ) : (
          <ul className="flex flex-col gap-3">
            {vacancies.map((vacancy) => {
              const deadline = deadlineOf(vacancy.date_will_close);
              return (
                <li key={vacancy.id} className="flex flex-col gap-1.5">
                  <div className="flex items-baseline justify-between gap-2 text-sm">
                    <Link
                      to={`/vacancy/${vacancy.id}`}
                      className="min-w-0 truncate font-medium text-zinc-900 hover:text-indigo-600"
                    >
                      {vacancy.position}
                    </Link>
                    <Link
                      to={`/vacancy/${vacancy.id}/candidates`}
                      className="shrink-0 text-indigo-600 hover:underline"
                    >
                      {pluralize(vacancy.count_applicants, APPLICANT_FORMS)}
                    </Link>
                  </div>
                  <StageBar stages={vacancy.stages} label={vacancy.position} />
                  {deadline?.overdue && (
                    <p className="text-xs font-medium text-red-700">{deadline.text}</p>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </Panel>
      <Panel title="Кандидаты ждут" count={overdue.length}>
        <WaitingPanel overdue={overdue} />
      </Panel>
      <div className="lg:col-span-2">
        <Panel title="Встречи сегодня и завтра" count={events.length}>
          <HomeEvents events={events} />
        </Panel>
      </div>
    </div>
  );
}
