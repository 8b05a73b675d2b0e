import { isoWeekday } from './calendar-math';

// Russian names of days and months, written out rather than taken from Intl so that the labels
// read the same in every browser (and in the tests).

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
const MONTHS = [
  'Январь',
  'Февраль',
  'Март',
  'Апрель',
  'Май',
  'Июнь',
  'Июль',
  'Август',
  'Сентябрь',
  'Октябрь',
  'Ноябрь',
  'Декабрь',
];
const MONTHS_GENITIVE = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
];

const day = (iso: string) => Number(iso.slice(8, 10));
const month = (iso: string) => Number(iso.slice(5, 7)) - 1;

/** «пятница, 27 ноября 2026» */
export function longDate(iso: string): string {
  return `${WEEKDAYS[isoWeekday(iso) - 1]}, ${day(iso)} ${MONTHS_GENITIVE[month(iso)]} ${iso.slice(0, 4)}`;
}

/** «Пт 27.11» */
export function shortDate(iso: string): string {
  return `${WEEKDAYS_SHORT[isoWeekday(iso) - 1]} ${iso.slice(8, 10)}.${iso.slice(5, 7)}`;
}

/** «Ноябрь 2026» */
export function monthTitle(iso: string): string {
  return `${MONTHS[month(iso)]} ${iso.slice(0, 4)}`;
}

/** «23–29 ноября 2026», or across months «30 ноября – 6 декабря 2026». */
export function weekTitle(monday: string, sunday: string): string {
  if (month(monday) === month(sunday)) {
    return `${day(monday)}–${day(sunday)} ${MONTHS_GENITIVE[month(sunday)]} ${sunday.slice(0, 4)}`;
  }
  const sameYear = monday.slice(0, 4) === sunday.slice(0, 4);
  return `${day(monday)} ${MONTHS_GENITIVE[month(monday)]}${sameYear ? '' : ` ${monday.slice(0, 4)}`} – ${day(sunday)} ${MONTHS_GENITIVE[month(sunday)]} ${sunday.slice(0, 4)}`;
}
