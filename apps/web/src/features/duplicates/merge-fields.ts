import type { TApplicant } from '@ats/contracts/applicants';
import { formatPhone } from '@ats/contracts/phone';
import { MERGE_FIELDS, type TMergeField, type TMergeRequest } from '@ats/contracts/duplicates';
import {
  applicantName,
  formatExperience,
  formatIsoDate,
  formatSalary,
} from '../../shared/format/applicant-format';

/** Names for the ids a field holds (recruiters, countries); sources come with the applicant. */
export type MergeLookups = {
  userName: (id: number) => string | undefined;
  countryName: (id: number) => string | undefined;
};

const GENDERS = { male: 'мужской', female: 'женский' } as const;
const LONG_TEXT = 160;

const clip = (text: string) =>
  text.length > LONG_TEXT ? `${text.slice(0, LONG_TEXT - 1)}…` : text;

/** What the field holds, for telling equal from different ('' = nothing). */
export function rawMergeValue(field: TMergeField, a: TApplicant): string {
  switch (field) {
    case 'name': {
      const parts = [a.last_name, a.first_name, a.middle_name].map((part) => part?.trim() ?? '');
      return parts.some(Boolean) ? parts.join('|') : '';
    }
    case 'money':
      return a.money?.trim() ? `${a.money.trim()} ${a.currency ?? ''}` : '';
    case 'has_vehicle':
      return a.has_vehicle === null ? '' : String(a.has_vehicle);
    default: {
      const value = a[field];
      return value === null || value === undefined ? '' : String(value).trim();
    }
  }
}

/** The field's value as a recruiter reads it; '' when the applicant has none. */
export function displayMergeValue(
  field: TMergeField,
  a: TApplicant,
  lookups: MergeLookups,
): string {
  if (!rawMergeValue(field, a)) return '';
  switch (field) {
    case 'name':
      return applicantName(a);
    case 'photo':
      return 'Есть фото';
    case 'birthday':
      return formatIsoDate(a.birthday);
    case 'gender':
      return a.gender ? GENDERS[a.gender] : '';
    case 'money':
      return formatSalary(a.money, a.currency);
    case 'total_experience':
      return formatExperience(a.total_experience);
    case 'has_vehicle':
      return a.has_vehicle ? 'да' : 'нет';
    case 'phone':
      return formatPhone(a.phone);
    case 'admin_user_id':
      return lookups.userName(a.admin_user_id!) ?? `Пользователь №${a.admin_user_id}`;
    case 'account_source_id':
      return a.source_name ?? `Источник №${a.account_source_id}`;
    case 'country':
      return lookups.countryName(a.country!) ?? `Страна №${a.country}`;
    case 'about_me':
    case 'text_block':
      return clip(a[field]!.trim());
    default:
      return String(a[field]).trim();
  }
}

/** Whose value each field takes, by applicant id (so swapping the primary keeps the choices). */
export type MergeChoices = Partial<Record<TMergeField, number>>;

/** The server's default: the primary's value, or the secondary's where the primary has none. */
export function defaultSource(field: TMergeField, primary: TApplicant, secondary: TApplicant) {
  return !rawMergeValue(field, primary) && rawMergeValue(field, secondary)
    ? secondary.id
    : primary.id;
}

export function sourceOf(
  field: TMergeField,
  choices: MergeChoices,
  primary: TApplicant,
  secondary: TApplicant,
): number {
  const chosen = choices[field];
  return chosen === primary.id || chosen === secondary.id
    ? chosen
    : defaultSource(field, primary, secondary);
}

/** The request for the merge (and its preview): every field named, so the preview is exact. */
export function mergeRequestOf(
  choices: MergeChoices,
  primary: TApplicant,
  secondary: TApplicant,
): TMergeRequest {
  const fields: TMergeRequest['fields'] = {};
  for (const field of MERGE_FIELDS) {
    fields[field] =
      sourceOf(field, choices, primary, secondary) === primary.id ? 'primary' : 'secondary';
  }
  return { primary_id: primary.id, secondary_id: secondary.id, fields };
}

export type MergeRow = {
  field: TMergeField;
  primary: string;
  secondary: string;
  /** Both empty or both the same: nothing to choose. */
  same: boolean;
};

export function mergeRows(
  primary: TApplicant,
  secondary: TApplicant,
  lookups: MergeLookups,
): MergeRow[] {
  return MERGE_FIELDS.map((field) => ({
    field,
    primary: displayMergeValue(field, primary, lookups),
    secondary: displayMergeValue(field, secondary, lookups),
    same: rawMergeValue(field, primary) === rawMergeValue(field, secondary),
  }));
}
