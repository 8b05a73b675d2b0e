// Russian names of months, written out rather than taken from Intl so that the labels read the
// same in every browser (and in the tests).

/** «Январь» … «Декабрь», for a month on its own (a calendar's title). */
export const MONTH_NAMES = [
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
] as const;

/** «января» … «декабря», for a month after a day number («27 ноября»). */
export const MONTH_NAMES_GENITIVE = [
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
] as const;
