import { cx } from '@ats/ui/class-names';
import { Input } from '@ats/ui/input';
import { Select } from '@ats/ui/select';
import {
  ANALYTICS_BUCKET_LABELS,
  ANALYTICS_BUCKETS,
  ANALYTICS_VACANCY_STATES,
  type TAnalyticsBucket,
} from '@ats/contracts/analytics';
import { VACANCY_STATE_LABELS } from '@ats/contracts/analytics-tables';
import type { TDivision } from '@ats/contracts/divisions';
import { useTeam } from '../../shared/team-members.queries';
import {
  PERIOD_PRESET_LABELS,
  PERIOD_PRESETS,
  type AnalyticsParams,
  type AnalyticsTab,
} from './analytics-params';
import { useDivisionOptions, useFunnelOptions, useVacancyOptions } from './analytics.queries';

type Props = {
  params: AnalyticsParams;
  onChange: (changes: Partial<AnalyticsParams>) => void;
};

const idValue = (value: string) => (value ? Number(value) : undefined);

function flatten(tree: TDivision[], depth = 0): { id: number; name: string; depth: number }[] {
  return tree.flatMap((division) => [
    { id: division.id, name: division.name, depth },
    ...flatten(division.children, depth + 1),
  ]);
}

/** «Неделя», «Месяц», «Квартал», «Год», «Свой период» and, for the last, the two days. */
export function PeriodFilter({ params, onChange }: Props) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <div
        role="group"
        aria-label="Период"
        className="inline-flex max-w-full overflow-x-auto rounded-lg ring-1 ring-zinc-300"
      >
        {PERIOD_PRESETS.map((preset, index) => {
          const pressed = params.preset === preset;
          return (
            <button
              key={preset}
              type="button"
              aria-pressed={pressed}
              onClick={() => onChange({ preset })}
              className={cx(
                'h-9 shrink-0 px-2 text-sm focus-visible:z-10 sm:px-3 focus-visible:outline-2 focus-visible:outline-indigo-600',
                index > 0 && 'border-l border-zinc-300',
                index === 0 && 'rounded-l-lg',
                index === PERIOD_PRESETS.length - 1 && 'rounded-r-lg',
                pressed ? 'bg-indigo-600 text-white' : 'bg-white text-zinc-700 hover:bg-zinc-50',
              )}
            >
              {PERIOD_PRESET_LABELS[preset]}
            </button>
          );
        })}
      </div>
      {params.preset === 'custom' && (
        <div className="flex items-center gap-2 text-sm text-zinc-600">
          <label className="flex items-center gap-1">
            с
            <Input
              type="date"
              aria-label="Начало периода"
              className="w-40"
              value={params.date_from ?? ''}
              max={params.date_to}
              onChange={(event) => onChange({ date_from: event.target.value || undefined })}
            />
          </label>
          <label className="flex items-center gap-1">
            по
            <Input
              type="date"
              aria-label="Конец периода"
              className="w-40"
              value={params.date_to ?? ''}
              min={params.date_from}
              onChange={(event) => onChange({ date_to: event.target.value || undefined })}
            />
          </label>
        </div>
      )}
    </div>
  );
}

export function DivisionFilter({ params, onChange }: Props) {
  const divisions = useDivisionOptions();
  return (
    <Select
      aria-label="Подразделение"
      className="min-w-0 sm:w-56"
      value={params.division_id ?? ''}
      onChange={(event) => onChange({ division_id: idValue(event.target.value) })}
    >
      <option value="">Все подразделения</option>
      {flatten(divisions.data ?? []).map((division) => (
        <option key={division.id} value={division.id}>
          {`${'\u00a0\u00a0'.repeat(division.depth)}${division.name}`}
        </option>
      ))}
    </Select>
  );
}

function RecruiterFilter({ params, onChange }: Props) {
  const team = useTeam();
  const people = (team.data ?? []).filter((user) => user.member_type !== 'watcher');
  return (
    <Select
      aria-label="Рекрутер"
      className="min-w-0 sm:w-56"
      value={params.admin_user_id ?? ''}
      onChange={(event) => onChange({ admin_user_id: idValue(event.target.value) })}
    >
      <option value="">Все рекрутеры</option>
      {people.map((user) => (
        <option key={user.id} value={user.id}>
          {[user.name, user.last_name].filter(Boolean).join(' ') || user.email}
        </option>
      ))}
    </Select>
  );
}

function StateFilter({ params, onChange }: Props) {
  return (
    <Select
      aria-label="Состояние вакансий"
      className="min-w-0 sm:w-44"
      value={params.state ?? ''}
      onChange={(event) =>
        onChange({ state: (event.target.value || undefined) as AnalyticsParams['state'] })
      }
    >
      <option value="">Все состояния</option>
      {ANALYTICS_VACANCY_STATES.map((state) => (
        <option key={state} value={state}>
          {VACANCY_STATE_LABELS[state]}
        </option>
      ))}
    </Select>
  );
}

function BucketFilter({ params, onChange }: Props) {
  return (
    <Select
      aria-label="Шаг графика"
      className="min-w-0 sm:w-40"
      value={params.period ?? ''}
      onChange={(event) =>
        onChange({ period: (event.target.value || undefined) as TAnalyticsBucket | undefined })
      }
    >
      <option value="">Шаг: авто</option>
      {ANALYTICS_BUCKETS.map((bucket) => (
        <option key={bucket} value={bucket}>
          {ANALYTICS_BUCKET_LABELS[bucket]}
        </option>
      ))}
    </Select>
  );
}

export function VacancyFilter({ params, onChange }: Props) {
  const vacancies = useVacancyOptions();
  return (
    <Select
      aria-label="Вакансия"
      className="min-w-0 sm:w-72"
      value={params.vacancy_id ?? ''}
      onChange={(event) => onChange({ vacancy_id: idValue(event.target.value) })}
    >
      <option value="">Выберите вакансию</option>
      {(vacancies.data?.vacancies ?? []).map((vacancy) => (
        <option key={vacancy.id} value={vacancy.id}>
          {vacancy.position}
        </option>
      ))}
    </Select>
  );
}

export function FunnelFilter({ params, onChange }: Props) {
  const funnels = useFunnelOptions();
  return (
    <Select
      aria-label="Воронка"
      className="min-w-0 sm:w-72"
      value={params.status_group_id ?? ''}
      onChange={(event) => onChange({ status_group_id: idValue(event.target.value) })}
    >
      <option value="">Выберите воронку</option>
      {(funnels.data ?? []).map((funnel) => (
        <option key={funnel.id} value={funnel.id}>
          {funnel.name}
        </option>
      ))}
    </Select>
  );
}

/** The filters of the open tab: each tab's calls take their own (ANALYTICS_CALLS). */
export function TabFilters({ tab, ...props }: Props & { tab: AnalyticsTab }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      {tab === 'vacancies' && <VacancyFilter {...props} />}
      {tab === 'funnels' && <FunnelFilter {...props} />}
      {tab !== 'vacancies' && <DivisionFilter {...props} />}
      {(tab === 'company' || tab === 'recruiters') && <RecruiterFilter {...props} />}
      {(tab === 'company' || tab === 'recruiters') && <StateFilter {...props} />}
      {tab !== 'funnels' && <BucketFilter {...props} />}
    </div>
  );
}
