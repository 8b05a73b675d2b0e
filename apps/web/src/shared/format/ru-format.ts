// Russian numbers, plural forms and Moscow dates written out rather than asked of `Intl`. The first
// `Intl.NumberFormat` or `Intl.DateTimeFormat` a page builds costs its main thread 10–20 ms
// (the locale's data, a time zone's rules), and the card, the list and home each built one
// before their first paint, for a grouped salary, a month's name or today's date. What these
// print is what `Intl` prints for 'ru-RU' (ru-format.test.ts compares them); what they do not
// cover (fractions, numbers past 2^53, dates before Moscow's last change of offset) is still
// `Intl`'s.
import { MONTH_NAMES, MONTH_NAMES_GENITIVE } from './month-names';
import { onFirstUse } from './on-first-use';

const NO_BREAK_SPACE = '\u00a0';

const wholeNumbers = onFirstUse(() => new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 }));

/** A number rounded to a whole one, its thousands apart: 150000 → '150 000' (no-break spaces). */
export function formatWholeNumber(value: number): string {
  if (!Number.isSafeInteger(value) || Object.is(value, -0)) return wholeNumbers().format(value);
  const digits = String(Math.abs(value));
  let grouped = digits.slice(0, digits.length % 3 || 3);
  for (let at = grouped.length; at < digits.length; at += 3) {
    grouped += NO_BREAK_SPACE + digits.slice(at, at + 3);
  }
  return value < 0 ? `-${grouped}` : grouped;
}

export type PluralCategory = 'one' | 'few' | 'many' | 'other';

const pluralRules = onFirstUse(() => new Intl.PluralRules('ru-RU'));

/** Russian's plural category of a count (CLDR): 1, 21 → one; 2–4, 22 → few; 5, 11, 0 → many. */
export function pluralCategory(count: number): PluralCategory {
  if (!Number.isSafeInteger(count)) return pluralRules().select(count) as PluralCategory;
  const n = Math.abs(count);
  const last = n % 10;
  const lastTwo = n % 100;
  if (last === 1 && lastTwo !== 11) return 'one';
  if (last >= 2 && last <= 4 && (lastTwo < 12 || lastTwo > 14)) return 'few';
  return 'many';
}

/** Moscow has kept UTC+3 with no summer time since 26 October 2014, 02:00 local time. */
const MOSCOW_FIXED_SINCE = Date.UTC(2014, 9, 25, 22, 0, 0);
const MOSCOW_OFFSET_MS = 3 * 3_600_000;

/**
 * The date in Moscow as UTC fields of a shifted `Date` (read it with `getUTC…`), or null before
 * Moscow's offset became fixed: those are left to `Intl` and the time zone's rules.
 */
export function inMoscow(date: Date): Date | null {
  const time = date.getTime();
  return time >= MOSCOW_FIXED_SINCE ? new Date(time + MOSCOW_OFFSET_MS) : null;
}

const pad2 = (value: number) => String(value).padStart(2, '0');

/** The day of a shifted date (UTC fields): '12.03.2025'. */
export const numericDate = (day: Date) =>
  `${pad2(day.getUTCDate())}.${pad2(day.getUTCMonth() + 1)}.${day.getUTCFullYear()}`;

/** The calendar day of a shifted date (UTC fields): '2025-03-12'. */
export const isoDay = (day: Date) =>
  `${day.getUTCFullYear()}-${pad2(day.getUTCMonth() + 1)}-${pad2(day.getUTCDate())}`;

/** A month and year of a shifted date (UTC fields), as 'ru-RU' names them: 'март 2025 г.'. */
export const monthAndYear = (day: Date) =>
  `${MONTH_NAMES[day.getUTCMonth()]!.toLowerCase()} ${day.getUTCFullYear()} г.`;

/** Day, month, year and time of a shifted date (UTC fields): '12 марта 2025 г. в 14:05'. */
export const dayMonthYearTime = (day: Date) =>
  `${pad2(day.getUTCDate())} ${MONTH_NAMES_GENITIVE[day.getUTCMonth()]} ${day.getUTCFullYear()} г. в ` +
  `${pad2(day.getUTCHours())}:${pad2(day.getUTCMinutes())}`;

/** A day in the browser's own time zone, as `toLocaleDateString('ru-RU')` prints it: '12.03.2025'. */
export const localNumericDate = (date: Date) =>
  `${pad2(date.getDate())}.${pad2(date.getMonth() + 1)}.${date.getFullYear()}`;
