import { Spinner } from '@ats/ui/spinner';
import type { TVacancyStatistics } from '@ats/contracts/vacancies';
import { REASON_TYPE_LABELS } from '@ats/contracts/pipeline';
import { FunnelChart } from './funnel-chart';
import { useVacancyStatistics } from './vacancies.queries';
import { formatAvgDays } from './vacancy-format';
import { VacancySection } from './vacancy-section';

export function VacancyStatisticsSection({ vacancyId }: { vacancyId: number }) {
  const statistics = useVacancyStatistics(vacancyId);
  return (
    <VacancySection title="Статистика">
      {statistics.isPending ? (
        <Spinner label="Загрузка статистики" />
      ) : statistics.isError ? (
        <p className="text-sm text-red-600">Не удалось загрузить статистику.</p>
      ) : (
        <VacancyStatisticsView statistics={statistics.data} />
      )}
    </VacancySection>
  );
}

export function VacancyStatisticsView({ statistics }: { statistics: TVacancyStatistics }) {
  const steps = statistics.stages.filter((stage) => !stage.is_reject);
  const total = statistics.rejections.reduce((sum, row) => sum + row.count, 0);
  return (
    <div className="flex flex-col gap-6">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <div className="rounded-lg bg-zinc-50 p-3">
          <dt className="text-xs text-zinc-500">Кандидатов на вакансии</dt>
          <dd className="text-xl font-semibold text-zinc-900 tabular-nums">
            {statistics.count_applicants}
          </dd>
        </div>
        <div className="rounded-lg bg-zinc-50 p-3">
          <dt className="text-xs text-zinc-500">Нанято</dt>
          <dd className="text-xl font-semibold text-zinc-900 tabular-nums">{statistics.hired}</dd>
        </div>
        <div className="rounded-lg bg-zinc-50 p-3">
          <dt className="text-xs text-zinc-500">Отказов</dt>
          <dd className="text-xl font-semibold text-zinc-900 tabular-nums">{total}</dd>
        </div>
      </dl>
      {statistics.count_applicants === 0 ? (
        <p className="text-sm text-zinc-500">
          На вакансии пока нет кандидатов: воронка появится, когда они будут.
        </p>
      ) : (
        <FunnelChart stages={statistics.stages} />
      )}
      <div className="grid gap-6 sm:grid-cols-2">
        <section aria-label="Среднее время на этапах">
          <h3 className="mb-2 text-sm font-medium text-zinc-800">Среднее время на этапах</h3>
          <ul className="divide-y divide-zinc-100 text-sm">
            {steps.map((stage) => (
              <li key={stage.status_id} className="flex justify-between gap-3 py-1.5">
                <span className="text-zinc-700">{stage.name}</span>
                <span className="text-zinc-900 tabular-nums">{formatAvgDays(stage.avg_days)}</span>
              </li>
            ))}
          </ul>
        </section>
        <section aria-label="Отказы по причинам">
          <h3 className="mb-2 text-sm font-medium text-zinc-800">Отказы по причинам</h3>
          {statistics.rejections.length === 0 ? (
            <p className="text-sm text-zinc-500">Отказов нет.</p>
          ) : (
            <ul className="divide-y divide-zinc-100 text-sm">
              {statistics.rejections.map((row) => (
                <li
                  key={`${row.kind}-${row.reason_id ?? 'none'}`}
                  className="flex justify-between gap-3 py-1.5"
                >
                  <span className="text-zinc-700">
                    {row.reason_name ?? 'Без причины'}
                    <span className="ml-1 text-xs text-zinc-500">
                      · {REASON_TYPE_LABELS[row.kind]}
                    </span>
                  </span>
                  <span className="text-zinc-900 tabular-nums">{row.count}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
