import {
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  type TImportField,
} from '@ats/contracts/applicant-import';
import type { z } from 'zod';

/** From the file's columns to applicant fields: the suggestion by header name, and each row. */

/** Header names as people write them, lower-cased, ё as е, letters and digits only. */
const normalized = (header: string) =>
  header
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[^a-zа-я0-9]/g, '');

const HEADER_NAMES: Record<TImportField, string[]> = {
  full_name: [
    'фио',
    'фамилияимяотчество',
    'фамилияимя',
    'кандидат',
    'соискатель',
    'fullname',
    'name',
  ],
  last_name: ['фамилия', 'lastname', 'surname', 'familyname'],
  first_name: ['имя', 'firstname', 'givenname'],
  middle_name: ['отчество', 'middlename', 'patronymic'],
  phone: ['телефон', 'тел', 'мобильный', 'мобильныйтелефон', 'номертелефона', 'phone', 'mobile'],
  email: ['email', 'емейл', 'имейл', 'почта', 'электроннаяпочта', 'mail'],
  tg: ['telegram', 'телеграм', 'телеграмм', 'tg'],
  position: ['должность', 'позиция', 'желаемаядолжность', 'position', 'jobtitle', 'title'],
  company: ['компания', 'организация', 'работодатель', 'местоработы', 'company', 'employer'],
  money: ['зарплата', 'зп', 'оклад', 'желаемаязарплата', 'зарплатныеожидания', 'salary'],
  currency: ['валюта', 'currency'],
  city: ['город', 'населенныйпункт', 'city'],
  source: ['источник', 'source'],
  tags: ['теги', 'тег', 'метки', 'tags'],
  skills: ['навыки', 'ключевыенавыки', 'skills'],
  birthday: ['датарождения', 'деньрождения', 'birthday', 'birthdate', 'dateofbirth'],
  about_me: ['особе', 'about', 'aboutme'],
  comment: ['комментарий', 'комментарии', 'примечание', 'заметка', 'comment', 'comments', 'notes'],
};

const FIELD_BY_HEADER = new Map(
  IMPORT_FIELDS.flatMap((field) => HEADER_NAMES[field].map((name) => [name, field] as const)),
);

/** A field for each column whose header names one; each field goes to its first column only. */
export function suggestFields(columns: string[]): (TImportField | null)[] {
  const taken = new Set<TImportField>();
  return columns.map((column) => {
    const field = FIELD_BY_HEADER.get(normalized(column));
    if (!field || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
}

/** «Иванов Иван Иванович» → last, first, middle; one word is taken as the first name. */
export function splitFullName(fullName: string) {
  const [a, b, ...rest] = fullName.trim().split(/\s+/);
  if (!b) return { first_name: a ?? null, last_name: null, middle_name: null };
  return { last_name: a!, first_name: b, middle_name: rest.length ? rest.join(' ') : null };
}

const CURRENCY_WORDS: Record<string, string> = {
  руб: 'RUB',
  рубль: 'RUB',
  рубля: 'RUB',
  рубли: 'RUB',
  рублей: 'RUB',
  р: 'RUB',
  '₽': 'RUB',
  rur: 'RUB',
  $: 'USD',
  долл: 'USD',
  доллар: 'USD',
  доллара: 'USD',
  доллары: 'USD',
  долларов: 'USD',
  '€': 'EUR',
  евро: 'EUR',
  тенге: 'KZT',
  '₸': 'KZT',
};

/** «руб.», «₽», «usd», «EUR» → the three-letter code; null for a word that is no currency. */
function knownCurrency(word: string): string | null {
  const key = word.toLowerCase().replace(/\.$/, '');
  if (CURRENCY_WORDS[key]) return CURRENCY_WORDS[key];
  return /^[a-z]{3}$/i.test(key) && CURRENCY_CODES.has(key.toUpperCase())
    ? key.toUpperCase()
    : null;
}

/** The codes a salary cell may name in Latin letters («2000 USD»). */
const CURRENCY_CODES = new Set([
  'RUB',
  'USD',
  'EUR',
  'KZT',
  'BYN',
  'UAH',
  'CNY',
  'GBP',
  'UZS',
  'AMD',
  'GEL',
  'AZN',
  'KGS',
  'TRY',
  'AED',
  'CHF',
  'JPY',
]);

/** A currency column's value as a code: a known word, or the value as typed (the contract checks). */
const currencyCode = (value: string) => knownCurrency(value.trim()) ?? value.trim().toUpperCase();

/**
 * A salary cell and the currency it names: «150 000 руб.» → 150 000, RUB; «2000 USD» and
 * «$2000» → 2000, USD; «от 90 000» → as is, no currency.
 */
export function salaryOfCell(cell: string): { money: string; currency: string | null } {
  let currency: string | null = null;
  const money = cell
    .replace(/[₽$€₸]|[a-zа-яё]+\.?/gi, (word) => {
      const code = currency === null ? knownCurrency(word) : null;
      if (!code) return word;
      currency = code;
      return '';
    })
    .replace(/\s+/g, ' ')
    .trim();
  return { money: money || cell.trim(), currency };
}

/** Lists in one cell: «Java, SQL; Git». */
const listOf = (value: string) =>
  value
    .split(/[,;\n]/)
    .map((item) => item.trim())
    .filter(Boolean);

/** What a row holds for one applicant: the create request, and names still to look up. */
export type RowApplicant = {
  /** The body of POST /api/applicants; validated by the same contract. */
  request: Record<string, unknown>;
  tagNames: string[];
  sourceName: string | null;
};

export function applicantOfRow(fields: (TImportField | null)[], cells: string[]): RowApplicant {
  const value: Partial<Record<TImportField, string>> = {};
  fields.forEach((field, index) => {
    const cell = cells[index]?.trim();
    if (field && cell) value[field] = cell;
  });
  const names = value.full_name ? splitFullName(value.full_name) : null;
  const salary = value.money ? salaryOfCell(value.money) : null;
  const request: Record<string, unknown> = {
    last_name: value.last_name ?? names?.last_name ?? null,
    first_name: value.first_name ?? names?.first_name ?? null,
    middle_name: value.middle_name ?? names?.middle_name ?? null,
    phone: value.phone,
    email: value.email,
    tg: value.tg,
    position: value.position,
    company: value.company,
    money: salary?.money,
    // The currency column first; else the one the salary names («150 000 руб.»).
    currency: value.currency ? currencyCode(value.currency) : (salary?.currency ?? undefined),
    birthday: value.birthday,
    about_me: value.about_me,
    skills: value.skills ? listOf(value.skills) : undefined,
    // The applicant has no city field: it is kept where the recruiter tidies imported data.
    unidentified_info: value.city ? `Город: ${value.city}` : undefined,
    comment: value.comment ? { description: value.comment } : undefined,
    source: 'import',
  };
  for (const key of Object.keys(request)) if (request[key] === undefined) delete request[key];
  return {
    request,
    tagNames: value.tags ? [...new Set(listOf(value.tags))] : [],
    sourceName: value.source ?? null,
  };
}

/**
 * The request's field names as the recruiter knows them from the mapping; the city is kept in
 * unidentified_info.
 */
const FIELD_LABELS: Record<string, string> = {
  ...IMPORT_FIELD_LABELS,
  unidentified_info: IMPORT_FIELD_LABELS.city,
};

/** The Russian reason a row failed validation: «E-mail: Некорректный email; Дата рождения: …». */
export function reasonOfIssues(issues: z.core.$ZodIssue[]): string {
  const reasons = issues.map((issue) => {
    // The rule for the whole applicant (a first or last name) is reported on first_name.
    const wholeApplicant = issue.code === 'custom' && issue.path[0] === 'first_name';
    const label = FIELD_LABELS[String(issue.path[0])];
    return wholeApplicant || !label ? issue.message : `${label}: ${issue.message}`;
  });
  return [...new Set(reasons)].join('; ');
}
