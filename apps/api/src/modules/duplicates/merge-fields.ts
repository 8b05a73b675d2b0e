import { MERGE_FIELDS, type TMergeField } from '@ats/contracts/duplicates';
import { personDisplayName } from '@ats/contracts/person-name';
import { normalizePhoneContacts, normalizePhoneField } from '@ats/contracts/phone';
import { emailKey, phoneKey, telegramKey } from './matching/contact-keys.ts';

/** An applicant's row as stored (snake_case columns), as to_jsonb gives it. */
export type ApplicantRecord = Record<string, unknown>;

/** The columns behind each single-valued field of the merge form. */
export const MERGE_FIELD_COLUMNS: Record<TMergeField, string[]> = {
  name: ['last_name', 'first_name', 'middle_name'],
  photo: ['photo_file_id'],
  birthday: ['birthday'],
  gender: ['gender'],
  email: ['email'],
  phone: ['phone'],
  tg: ['tg'],
  skype: ['skype'],
  city: ['city'],
  country: ['country_id'],
  money: ['money', 'salary_amount', 'currency'],
  position: ['position'],
  company: ['company'],
  about_me: ['about_me'],
  total_experience: ['total_experience'],
  text_block: ['text_block'],
  lead_type: ['lead_type'],
  has_vehicle: ['has_vehicle'],
  admin_user_id: ['admin_user_id'],
  account_source_id: ['account_source_id'],
};

const isBlank = (value: unknown) =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/** Single fields whose losing value is kept as an extra contact, so nothing is dropped. */
const CONTACT_FIELDS = ['email', 'phone', 'tg', 'skype'] as const;

type Contact = { contact_type: string; value: string; is_prefered: boolean };

/** The same contact written two ways ('8 (912) 345-67-89', '+79123456789') is one contact. */
function contactKey(type: string, value: string) {
  const normal =
    type === 'phone'
      ? phoneKey(value)
      : type === 'email'
        ? emailKey(value)
        : type === 'tg'
          ? telegramKey(value)
          : null;
  return `${type}:${normal ?? value.trim().toLowerCase()}`;
}

const arrayOf = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/** Items of both, in order, each once (by `keyOf`). */
function union<T>(first: T[], second: T[], keyOf: (item: T) => string): T[] {
  const seen = new Set(first.map(keyOf));
  const result = [...first];
  for (const item of second) {
    const key = keyOf(item);
    if (!seen.has(key)) {
      seen.add(key);
      result.push(item);
    }
  }
  return result;
}

/** A stable key of a JSON value: the same object with keys in another order is the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== null && v !== undefined)
      .sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Which side each single field is taken from: the named choice, else the primary unless blank. */
export function sidesOf(
  primary: ApplicantRecord,
  fields: Partial<Record<string, 'primary' | 'secondary'>>,
): Record<TMergeField, 'primary' | 'secondary'> {
  const sides = {} as Record<TMergeField, 'primary' | 'secondary'>;
  for (const field of MERGE_FIELDS) {
    const chosen = fields[field];
    const primaryBlank = MERGE_FIELD_COLUMNS[field].every((c) => isBlank(primary[c]));
    sides[field] = chosen ?? (primaryBlank ? 'secondary' : 'primary');
  }
  return sides;
}

/**
 * The primary's columns after the merge: each single field from the chosen side, and the union
 * of everything that is a list (contacts, experience, education, skills, languages, licences,
 * employments, citizenship, résumé links) plus both unidentified texts.
 */
export function mergedColumnsOf(
  primary: ApplicantRecord,
  secondary: ApplicantRecord,
  fields: Partial<Record<string, 'primary' | 'secondary'>>,
): ApplicantRecord {
  const sides = sidesOf(primary, fields);
  const merged: ApplicantRecord = {};
  for (const field of MERGE_FIELDS) {
    const from = sides[field] === 'primary' ? primary : secondary;
    for (const column of MERGE_FIELD_COLUMNS[field]) merged[column] = from[column] ?? null;
  }

  let contacts = union(
    arrayOf<Contact>(primary.contacts),
    arrayOf<Contact>(secondary.contacts),
    (c) => contactKey(c.contact_type, c.value),
  );
  for (const type of CONTACT_FIELDS) {
    const kept = merged[type] as string | null;
    for (const value of [primary[type], secondary[type]]) {
      if (isBlank(value) || (kept && contactKey(type, kept) === contactKey(type, String(value)))) {
        continue;
      }
      contacts = union(
        contacts,
        [{ contact_type: type, value: String(value), is_prefered: false }],
        (c) => contactKey(c.contact_type, c.value),
      );
    }
  }
  // Either side may hold a phone stored before phones were normalized: the merge writes E.164.
  if (typeof merged.phone === 'string') merged.phone = normalizePhoneField(merged.phone);
  merged.contacts = normalizePhoneContacts(contacts);
  merged.experience = union(arrayOf(primary.experience), arrayOf(secondary.experience), canonical);
  merged.education = union(arrayOf(primary.education), arrayOf(secondary.education), canonical);
  merged.skills = union(arrayOf<string>(primary.skills), arrayOf<string>(secondary.skills), (s) =>
    s.trim().toLowerCase(),
  );
  merged.languages = union(
    arrayOf<{ language_id: number }>(primary.languages),
    arrayOf<{ language_id: number }>(secondary.languages),
    (l) => String(l.language_id),
  );
  merged.driver_licenses = union(
    arrayOf<{ driver_license_id: number }>(primary.driver_licenses),
    arrayOf<{ driver_license_id: number }>(secondary.driver_licenses),
    (d) => String(d.driver_license_id),
  );
  merged.employments = union(
    arrayOf<number>(primary.employments),
    arrayOf(secondary.employments),
    String,
  );
  merged.citizenship = union(
    arrayOf<string>(primary.citizenship),
    arrayOf<string>(secondary.citizenship),
    (c) => c.trim().toLowerCase(),
  );
  merged.resume_urls = union(
    arrayOf<string>(primary.resume_urls),
    arrayOf(secondary.resume_urls),
    String,
  );
  const texts = [primary.unidentified_info, secondary.unidentified_info].filter(
    (t): t is string => !isBlank(t),
  );
  merged.unidentified_info =
    texts.length === 0 ? null : [...new Set(texts.map((t) => t.trim()))].join('\n\n');
  return merged;
}

const textOf = (value: unknown) => (typeof value === 'string' ? value : null);

/** The name as the history shows it (SPEC.md §3): 'Иванова Мария Петровна', else the e-mail. */
export const fullNameOf = (row: ApplicantRecord) =>
  personDisplayName({
    last_name: textOf(row.last_name),
    first_name: textOf(row.first_name),
    middle_name: textOf(row.middle_name),
    email: textOf(row.email),
  }) || `Кандидат №${String(row.id)}`;
