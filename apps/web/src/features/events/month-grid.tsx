import { cx } from '@ats/ui/class-names';
import {
  dayName,
  formatTime,
  isWorkingDay,
  monthGrid,
  userColor,
  type WorkCalendar,
} from './calendar-math';
import type { PlacedEvent } from './events.queries';
import { WEEKDAYS_SHORT, longDate } from './period-labels';

type Props = {
  date: string;
  today: string;
  events: PlacedEvent[];
  conflicts: ReadonlySet<number>;
  calendar: WorkCalendar | undefined;
  colorIndexOf: (event: PlacedEvent) => number;
  onOpenDay: (date: string) => void;
  onOpen: (event: PlacedEvent) => void;
};

const SHOWN_PER_DAY = 3;

/** The month view: whole weeks from Monday, days off shaded, up to three events a day. */
export function MonthGrid({
  date,
  today,
  events,
  conflicts,
  calendar,
  colorIndexOf,
  onOpenDay,
  onOpen,
}: Props) {
  const weeks = monthGrid(date);
  const month = date.slice(0, 7);
  return (
    <div
      className="overflow-hidden rounded-lg bg-white ring-1 ring-zinc-200"
      role="grid"
      aria-label="Месяц"
    >
      <div
        role="row"
        className="grid grid-cols-7 border-b border-zinc-200 text-center text-xs font-medium text-zinc-600"
      >
        {WEEKDAYS_SHORT.map((day) => (
          <div key={day} role="columnheader" className="py-1.5">
            {day}
          </div>
        ))}
      </div>
      {weeks.map((week) => (
        <div
          key={week[0]}
          role="row"
          className="grid grid-cols-7 border-b border-zinc-100 last:border-b-0"
        >
          {week.map((day) => {
            const own = events
              .filter((event) => event.date === day)
              .sort((a, b) => a.start - b.start);
            const off = !isWorkingDay(day, calendar);
            const holiday = dayName(day, calendar);
            return (
              <div
                key={day}
                role="gridcell"
                data-date={day}
                className={cx(
                  'flex min-h-24 min-w-0 flex-col gap-0.5 border-l border-zinc-100 p-1 first:border-l-0',
                  off && 'bg-zinc-100',
                  day.slice(0, 7) !== month && 'text-zinc-600',
                )}
              >
                <button
                  type="button"
                  onClick={() => onOpenDay(day)}
                  aria-label={`${longDate(day)}${off ? ', выходной' : ''}${holiday ? `, ${holiday}` : ''}: открыть день`}
                  className={cx(
                    'self-start rounded px-1 text-xs font-medium hover:bg-zinc-200 focus-visible:outline-2 focus-visible:outline-indigo-600',
                    day === today && 'bg-indigo-600 text-white hover:bg-indigo-500',
                  )}
                >
                  {Number(day.slice(8, 10))}
                </button>
                {holiday && <span className="truncate text-[10px] text-zinc-600">{holiday}</span>}
                {own.slice(0, SHOWN_PER_DAY).map((event) => {
                  const color = userColor(colorIndexOf(event));
                  return (
                    <button
                      key={event.id}
                      type="button"
                      onClick={() => onOpen(event)}
                      className={cx(
                        'truncate rounded border-l-2 px-1 text-left text-[11px]',
                        color.background,
                        color.border,
                        color.text,
                        conflicts.has(event.id) && 'ring-1 ring-red-500',
                      )}
                      aria-label={`${formatTime(event.start)} ${event.title}${conflicts.has(event.id) ? ', пересекается с другой встречей' : ''}`}
                    >
                      {formatTime(event.start)} {event.title}
                    </button>
                  );
                })}
                {own.length > SHOWN_PER_DAY && (
                  <button
                    type="button"
                    onClick={() => onOpenDay(day)}
                    className="self-start px-1 text-[11px] text-indigo-700 hover:underline"
                  >
                    ещё {own.length - SHOWN_PER_DAY}
                  </button>
                )}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
