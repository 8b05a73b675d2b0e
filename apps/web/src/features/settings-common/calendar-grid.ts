import { MONTH_NAMES_GENITIVE } from '../../shared/format/month-names';
import type { TCalendarDay, TCalendarDayType } from '@ats/contracts/account-calendar';

/** ISO weekdays in the order of a Russian calendar, Monday first. */
export const WEEKDAY_SHORT: { day: number; short: string; long: string }[] = [
  { day: 1, short: 'Пн', long: 'Понедельник' },
  { day: 2, short: 'Вт', long: 'Вторник' },
  { day: 3, short: 'Ср', long: 'Среда' },
  { day: 4, short: 'Чт', long: 'Четверг' },
  { day: 5, short: 'Пт', long: 'Пятница' },
  { day: 6, short: 'Сб', long: 'Суббота' },
  { day: 7, short: 'Вс', long: 'Воскресенье' },
];

const pad = (n: number) => String(n).padStart(2, '0');
export const isoDate = (year: number, month: number, day: number) =>
  `${year}-${pad(month + 1)}-${pad(day)}`;

/** ISO weekday of an ISO date: 1 Monday … 7 Sunday. */
export const isoWeekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay() || 7;

/** The weeks of a month (0–11), Monday first; days of other months are null. */
export function monthWeeks(year: number, month: number): (string | null)[][] {
  const daysInMonth = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const cells: (string | null)[] = Array.from(
    { length: isoWeekday(isoDate(year, month, 1)) - 1 },
    () => null,
  );
  for (let day = 1; day <= daysInMonth; day += 1) cells.push(isoDate(year, month, day));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

export type DayState = {
  type: TCalendarDayType;
  isWorking: boolean;
  name: string | null;
  isOverride: boolean;
};

/** A day as the company lives it: listed by the calendar, or an ordinary day of its week. */
export function dayState(
  date: string,
  listed: ReadonlyMap<string, TCalendarDay>,
  workDays: readonly number[],
): DayState {
  const day = listed.get(date);
  if (day) {
    return {
      type: day.type,
      isWorking: day.is_working,
      name: day.name,
      isOverride: day.is_override,
    };
  }
  const isWorking = workDays.includes(isoWeekday(date));
  return { type: isWorking ? 'workday' : 'weekend', isWorking, name: null, isOverride: false };
}

/** What a click asks for: a company day goes back to the calendar, any other day flips. */
export const toggledDay = (date: string, state: DayState) => ({
  date,
  is_working: state.isOverride ? null : !state.isWorking,
});

/** '2026-01-12' → '12 января 2026, понедельник'. */
export function longDate(date: string) {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const weekday = WEEKDAY_SHORT[isoWeekday(date) - 1]!.long.toLowerCase();
  return `${day} ${MONTH_NAMES_GENITIVE[month - 1]} ${year}, ${weekday}`;
}

/** 'DD.MM.YYYY' as typed → ISO, or null while it is not a real date. */
export function parseRussianDate(text: string): string | null {
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const iso = `${match[3]}-${match[2]}-${match[1]}`;
  const parsed = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === iso ? iso : null;
}

export const DAY_TYPE_LABELS: Record<TCalendarDayType, string> = {
  holiday: 'Праздник',
  day_off: 'Перенесённый выходной',
  working_weekend: 'Рабочий выходной',
  short_day: 'Сокращённый день',
  workday: 'Рабочий день',
  weekend: 'Выходной',
};
