import type { TDivision } from '@ats/contracts/divisions';
import { currencySymbol } from '../../shared/format/currency';
import { pluralize, type PluralForms } from '../../shared/format/plurals';
import { onFirstUse } from '../../shared/format/on-first-use';
import { formatWholeNumber, inMoscow, isoDay } from '../../shared/format/ru-format';

export const DAY_FORMS: PluralForms = { one: 'день', few: 'дня', many: 'дней' };
export const APPLICANT_FORMS: PluralForms = {
  one: 'кандидат',
  few: 'кандидата',
  many: 'кандидатов',
};
export const VACANCY_FORMS: PluralForms = { one: 'вакансия', few: 'вакансии', many: 'вакансий' };

export const formatDays = (days: number) => pluralize(days, DAY_FORMS);

/** 'от 150 000 до 250 000 ₽', 'до 90 000 $', or null when no amount is set. */
export function formatSalary(
  from: number | null | undefined,
  to: number | null | undefined,
  currency: string | null | undefined,
): string | null {
  const symbol = currencySymbol(currency || 'RUB');
  if (from != null && to != null) {
    return from === to
      ? `${formatWholeNumber(from)} ${symbol}`
      : `${formatWholeNumber(from)} – ${formatWholeNumber(to)} ${symbol}`;
  }
  if (from != null) return `от ${formatWholeNumber(from)} ${symbol}`;
  if (to != null) return `до ${formatWholeNumber(to)} ${symbol}`;
  return null;
}

/** '2026-12-31' → '31.12.2026'. */
export function formatIsoDate(iso: string | null | undefined): string {
  const match = iso ? /^(\d{4})-(\d{2})-(\d{2})/.exec(iso) : null;
  return match ? `${match[3]}.${match[2]}.${match[1]}` : '';
}

/** Today in Moscow as YYYY-MM-DD (deadlines are calendar dates of the account's zone). */
export function todayIso(now = new Date(), timeZone = 'Europe/Moscow'): string {
  const moscow = timeZone === 'Europe/Moscow' ? inMoscow(now) : null;
  return moscow ? isoDay(moscow) : dayInZone(timeZone).format(now);
}

/** A zone's calendar day as YYYY-MM-DD, one formatter per zone (built when first asked for). */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayInZone(timeZone: string) {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone });
    dayFormats.set(timeZone, format);
  }
  return format;
}

export type Deadline = { text: string; overdue: boolean; soon: boolean };

/** The close-by date with how far it is: overdue past the date, soon within three days. */
export function deadlineOf(dateWillClose: string | null, today = todayIso()): Deadline | null {
  if (!dateWillClose) return null;
  const days = Math.round(
    (Date.parse(`${dateWillClose.slice(0, 10)}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) /
      86_400_000,
  );
  const date = formatIsoDate(dateWillClose);
  if (days < 0) {
    return {
      text: `Срок истёк ${date}: просрочено на ${formatDays(-days)}`,
      overdue: true,
      soon: false,
    };
  }
  if (days === 0) return { text: `Закрыть сегодня, ${date}`, overdue: false, soon: true };
  return {
    text: `Закрыть до ${date}, осталось ${formatDays(days)}`,
    overdue: false,
    soon: days <= 3,
  };
}

export type DivisionOption = { id: number; name: string; depth: number };

/** The division tree as a flat list in tree order, each with its depth (for indented options). */
export function flattenDivisions(tree: TDivision[], depth = 0): DivisionOption[] {
  return tree.flatMap((division) => [
    { id: division.id, name: division.name, depth },
    ...flattenDivisions(division.children, depth + 1),
  ]);
}

/** One decimal at most, Russian style; one formatter for every number a funnel prints. */
const oneDecimal = onFirstUse(() => new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 }));

/** Percent with at most one decimal, Russian style: 33,3 %. */
export function formatPercent(value: number | null): string {
  if (value == null) return '—';
  return `${oneDecimal().format(value)} %`;
}

/** Days with one decimal: '2,5 дн.'. */
export function formatAvgDays(value: number | null): string {
  if (value == null) return '—';
  return `${oneDecimal().format(value)} дн.`;
}

/** Priority 0–10 (the contract's range) as the selects offer it. */
export const PRIORITY_OPTIONS = Array.from({ length: 11 }, (_, n) => ({
  value: n,
  label: n === 0 ? 'Обычный' : n === 10 ? '10 — наивысший' : String(n),
}));
