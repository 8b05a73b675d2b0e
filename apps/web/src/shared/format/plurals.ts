import { pluralCategory } from './ru-format';

export type PluralForms = { one: string; few: string; many: string };

/** Picks the Russian form for a count: 1 год, 2 года, 5 лет, 21 год. */
export function pluralize(count: number, forms: PluralForms): string {
  const category = pluralCategory(count);
  const word = category === 'one' ? forms.one : category === 'few' ? forms.few : forms.many;
  return `${count} ${word}`;
}

export const YEAR_FORMS: PluralForms = { one: 'год', few: 'года', many: 'лет' };
export const MONTH_FORMS: PluralForms = { one: 'месяц', few: 'месяца', many: 'месяцев' };

export const formatYears = (count: number) => pluralize(count, YEAR_FORMS);
export const formatMonths = (count: number) => pluralize(count, MONTH_FORMS);
