import { personDisplayName } from '@ats/contracts/person-name';
import { currencySymbol } from './currency';
import { formatMonths, formatYears } from './plurals';
import { onFirstUse } from './on-first-use';
import {
  dayMonthYearTime,
  formatWholeNumber,
  inMoscow,
  monthAndYear,
  numericDate,
  pluralCategory,
} from './ru-format';

export type ApplicantNameParts = {
  first_name?: string | null;
  last_name?: string | null;
  middle_name?: string | null;
  email?: string | null;
};

/** The person's display name (SPEC.md §3, one rule for the whole app); «Без имени» if empty. */
export function applicantName(applicant: ApplicantNameParts): string {
  return personDisplayName(applicant) || 'Без имени';
}

/** Two letters for the avatar: surname and first name, or the first letters of the email. */
export function applicantInitials(applicant: ApplicantNameParts): string {
  const letters = [applicant.last_name, applicant.first_name]
    .map((part) => part?.trim().charAt(0))
    .filter(Boolean)
    .join('');
  return (letters || applicant.email?.slice(0, 2) || '?').toUpperCase();
}

/** '150000' + 'RUB' → '150 000 ₽'; free text the clients sent ('от 100к') is kept as is. */
export function formatSalary(money: string | null | undefined, currency?: string | null): string {
  const text = money?.trim();
  if (!text) return '';
  const digits = text.replace(/[\s\u00a0]/g, '');
  const amount = /^\d+$/.test(digits) ? formatWholeNumber(Number(digits)) : text;
  const symbol = currencySymbol(currency);
  return symbol ? `${amount}\u00a0${symbol}` : amount;
}

export const formatAge = (age: number | null | undefined) =>
  age === null || age === undefined ? '' : formatYears(age);

const FOUND_FORMS = { one: 'кандидат', few: 'кандидата', many: 'кандидатов' };

/** '1 кандидат', '3 кандидата', '10 000 кандидатов'. */
export function formatApplicantCount(count: number): string {
  const category = pluralCategory(count);
  const word =
    category === 'one' ? FOUND_FORMS.one : category === 'few' ? FOUND_FORMS.few : FOUND_FORMS.many;
  return `${formatWholeNumber(count)} ${word}`;
}

/** 'Найден 1 кандидат', 'Найдено 3 кандидата', 'Найдено 25 кандидатов'. */
export function formatFoundCount(count: number, capped = false): string {
  // A search lists its best 1,000: 'Найдено больше 1 000 кандидатов, показаны лучшие'.
  if (capped) return `Найдено больше ${formatApplicantCount(count)}, показаны лучшие`;
  const verb = pluralCategory(count) === 'one' ? 'Найден' : 'Найдено';
  return `${verb} ${formatApplicantCount(count)}`;
}

/** Months of experience as '3 года 2 месяца'. */
export function formatExperience(months: number | null | undefined): string {
  if (!months) return '';
  const years = Math.floor(months / 12);
  const rest = months % 12;
  return [years ? formatYears(years) : '', rest ? formatMonths(rest) : '']
    .filter(Boolean)
    .join(' ');
}

/** ISO 'YYYY-MM-DD' → 'DD.MM.YYYY' (dates carry no time, so no time-zone shift). */
export function formatIsoDate(value: string | null | undefined): string {
  if (!value) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : value;
}

const dateTimeFormat = onFirstUse(
  () =>
    new Intl.DateTimeFormat('ru-RU', {
      day: '2-digit',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'Europe/Moscow',
    }),
);

/** A timestamp in Moscow time: '12 марта 2025 г. в 14:05'. */
export function formatDateTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const moscow = inMoscow(date);
  return moscow ? dayMonthYearTime(moscow) : dateTimeFormat().format(date);
}

/** A timestamp's day in UTC: '12.03.2025'. */
export const formatShortDate = (value: string) => {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : numericDate(date);
};

const monthYearOf = (iso: string) => {
  const date = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? iso : monthAndYear(date).replace(/\s*г\.$/, '');
};

const monthsBetween = (startIso: string, end: Date) => {
  const start = new Date(`${startIso.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(start.getTime())) return 0;
  return (
    (end.getUTCFullYear() - start.getUTCFullYear()) * 12 +
    end.getUTCMonth() -
    start.getUTCMonth() +
    1
  );
};

export type WorkPeriod = { date_start?: string | null; date_end?: string | null; is_now?: boolean };

/** 'март 2020 — по настоящее время · 5 лет 2 месяца'; the end is today for a current job. */
export function formatWorkPeriod(period: WorkPeriod, today: Date = new Date()): string {
  const { date_start: start, date_end: end, is_now: current } = period;
  if (!start && !end && !current) return '';
  const to = current ? 'по настоящее время' : end ? monthYearOf(end) : '…';
  const range = `${start ? monthYearOf(start) : '…'} — ${to}`;
  const endDate = current ? today : end ? new Date(`${end.slice(0, 10)}T00:00:00Z`) : null;
  const length = start && endDate ? formatExperience(monthsBetween(start, endDate)) : '';
  return length ? `${range} · ${length}` : range;
}
