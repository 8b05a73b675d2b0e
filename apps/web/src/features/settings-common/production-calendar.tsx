import { useMemo, useState } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from '@heroicons/react/20/solid';
import type { TCalendarDay, TCalendarDayType } from '@ats/contracts/account-calendar';
import { Button } from '@ats/ui/button';
import { cx } from '@ats/ui/class-names';
import { Spinner } from '@ats/ui/spinner';
import { MONTH_NAMES } from '../../shared/format/month-names';
import { notify } from '../../shared/toasts';
import {
  DAY_TYPE_LABELS,
  WEEKDAY_SHORT,
  dayState,
  longDate,
  monthWeeks,
  toggledDay,
  type DayState,
} from './calendar-grid';
import { useAccountCalendar, useUpdateCalendarDays } from './settings-common.queries';

const FIRST_YEAR = 2024;
const LAST_YEAR = 2027;

const DAY_COLOURS: Record<TCalendarDayType, string> = {
  holiday: 'bg-red-100 text-red-800',
  day_off: 'bg-orange-100 text-orange-800',
  working_weekend: 'bg-sky-100 text-sky-800',
  short_day: 'bg-amber-50 text-amber-800',
  workday: 'bg-white text-zinc-800',
  weekend: 'bg-zinc-100 text-zinc-600',
};

const describe = (date: string, state: DayState) =>
  [
    longDate(date),
    state.isWorking ? 'рабочий день' : 'выходной',
    state.name,
    state.isOverride ? 'день компании' : null,
  ]
    .filter(Boolean)
    .join(' — ');

export function ProductionCalendar({ canEdit }: { canEdit: boolean }) {
  const [year, setYear] = useState(() =>
    Math.min(LAST_YEAR, Math.max(FIRST_YEAR, new Date().getFullYear())),
  );
  const calendar = useAccountCalendar(year);
  const change = useUpdateCalendarDays();
  const listed = useMemo(
    () => new Map<string, TCalendarDay>(calendar.data?.days.map((d) => [d.date, d]) ?? []),
    [calendar.data],
  );

  const toggle = async (date: string, state: DayState) => {
    const wanted = toggledDay(date, state);
    const result = await change.mutateAsync([wanted]);
    if (!result.ok) return;
    const after = result.data.days[0];
    notify.success(
      wanted.is_working === null
        ? `${longDate(date)}: как в производственном календаре`
        : `${longDate(date)}: ${after?.is_working ? 'рабочий день' : 'выходной'}`,
    );
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="ghost"
          size="sm"
          aria-label="Предыдущий год"
          disabled={year <= FIRST_YEAR}
          onClick={() => setYear(year - 1)}
        >
          <ChevronLeftIcon className="size-5" aria-hidden="true" />
        </Button>
        <h3 className="text-lg font-semibold text-zinc-900" aria-live="polite">
          {year}
        </h3>
        <Button
          variant="ghost"
          size="sm"
          aria-label="Следующий год"
          disabled={year >= LAST_YEAR}
          onClick={() => setYear(year + 1)}
        >
          <ChevronRightIcon className="size-5" aria-hidden="true" />
        </Button>
        {calendar.data && (
          <p className="text-sm text-zinc-500">
            {calendar.data.decree ??
              'Постановление о переносе выходных ещё не принято: показаны праздники по ст. 112 ТК РФ'}
          </p>
        )}
      </div>

      <ul className="flex flex-wrap gap-3 text-xs text-zinc-600" aria-label="Обозначения">
        {(['holiday', 'day_off', 'working_weekend', 'short_day', 'weekend'] as const).map(
          (type) => (
            <li key={type} className="flex items-center gap-1.5">
              <span className={cx('size-3 rounded ring-1 ring-zinc-200', DAY_COLOURS[type])} />
              {DAY_TYPE_LABELS[type]}
            </li>
          ),
        )}
        <li className="flex items-center gap-1.5">
          <span className="size-3 rounded ring-2 ring-indigo-500" />
          День компании
        </li>
      </ul>
      {canEdit && (
        <p className="text-sm text-zinc-500">
          Нажмите на день, чтобы сделать его выходным или рабочим для компании; повторное нажатие
          вернёт его как в календаре.
        </p>
      )}

      {calendar.isPending ? (
        <Spinner label="Загрузка календаря" />
      ) : calendar.data ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {MONTH_NAMES.map((monthName, month) => (
            <table key={monthName} className="w-full table-fixed text-center text-sm">
              <caption className="pb-1 text-left font-medium text-zinc-900">{monthName}</caption>
              <thead>
                <tr>
                  {WEEKDAY_SHORT.map(({ day, short }) => (
                    <th key={day} scope="col" className="pb-1 text-xs font-normal text-zinc-500">
                      {short}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {monthWeeks(year, month).map((week) => (
                  <tr key={week.find(Boolean)}>
                    {week.map((date, i) => {
                      if (!date) return <td key={`empty-${i}`} />;
                      const state = dayState(date, listed, calendar.data.work_days);
                      const label = describe(date, state);
                      return (
                        <td key={date} className="p-0.5">
                          <button
                            type="button"
                            data-date={date}
                            data-working={state.isWorking}
                            aria-label={label}
                            title={label}
                            disabled={!canEdit || change.isPending}
                            onClick={() => void toggle(date, state)}
                            className={cx(
                              'h-7 w-full rounded text-xs tabular-nums',
                              DAY_COLOURS[state.type],
                              state.isOverride && 'ring-2 ring-indigo-500',
                              canEdit
                                ? 'cursor-pointer hover:outline hover:outline-indigo-300'
                                : 'cursor-default',
                            )}
                          >
                            {Number(date.slice(8))}
                          </button>
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          ))}
        </div>
      ) : (
        <p className="text-sm text-red-600">Не удалось загрузить календарь</p>
      )}
    </div>
  );
}
