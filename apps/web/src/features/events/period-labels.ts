import { MONTH_NAMES, MONTH_NAMES_GENITIVE } from '../../shared/format/month-names';
import { isoWeekday } from './calendar-math';

// Russian names of days, written out rather than taken from Intl so that the labels read the
// same in every browser (and in the tests); the months' are in shared/format/month-names.

export const WEEKDAYS_SHORT = ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс'] as const;
const WEEKDAYS = [
  'понедельник',
  'вторник',
  'среда',
  'четверг',
  'пятница',
  'суббота',
  'воскресенье',
];

const day = (iso: string) => Number(iso.slice(8, 10));
const month = (iso: string) => Number(iso.slice(5, 7)) - 1;

/** «пятница, 27 ноября 2026» */
export function longDate(iso: string): string {
  return `${WEEKDAYS[isoWeekday(iso) - 1]}, ${day(iso)} ${MONTH_NAMES_GENITIVE[month(iso)]} ${iso.slice(0, 4)}`;
}

/** «Пт 27.11» */
export function shortDate(iso: string): string {
  return `${WEEKDAYS_SHORT[isoWeekday(iso) - 1]} ${iso.slice(8, 10)}.${iso.slice(5, 7)}`;
}

/** «Ноябрь 2026» */
export function monthTitle(iso: string): string {
  return `${MONTH_NAMES[month(iso)]} ${iso.slice(0, 4)}`;
}

/** «23–29 ноября 2026», or across months «30 ноября – 6 декабря 2026». */
export function weekTitle(monday: string, sunday: string): string {
  if (month(monday) === month(sunday)) {
    return `${day(monday)}–${day(sunday)} ${MONTH_NAMES_GENITIVE[month(sunday)]} ${sunday.slice(0, 4)}`;
  }
  const sameYear = monday.slice(0, 4) === sunday.slice(0, 4);
  return `${day(monday)} ${MONTH_NAMES_GENITIVE[month(monday)]}${sameYear ? '' : ` ${monday.slice(0, 4)}`} – ${day(sunday)} ${MONTH_NAMES_GENITIVE[month(sunday)]} ${sunday.slice(0, 4)}`;
}
