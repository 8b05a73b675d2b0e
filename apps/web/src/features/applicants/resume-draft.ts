import type { TCreateApplicantRequest } from '@ats/contracts/applicants';
import { formatPhone } from '@ats/contracts/phone';
import type { TResumeDraft } from '@ats/contracts/resume-parse';
import { pluralize } from '../../shared/format/plurals';
import type { CreateApplicantFormValues } from './applicant-form-schema';

/** 1992-03-05 → 05.03.1992, as the date input shows and the contract accepts it. */
const russianDate = (iso: string) => iso.split('-').reverse().join('.');

type FormText = Exclude<
  keyof CreateApplicantFormValues,
  'tags' | 'skills' | 'photo' | 'account_source_id' | 'admin_user_id' | 'comment'
>;
const FORM_TEXT_FIELDS = [
  'last_name',
  'first_name',
  'middle_name',
  'city',
  'position',
  'company',
  'phone',
  'email',
  'tg',
  'money',
  'currency',
] as const satisfies readonly FormText[];

/**
 * The draft's values for the inputs of the create form. Only what the résumé gave: a field the
 * parser left empty keeps what the recruiter may already have typed.
 */
export function formValuesOfDraft(draft: TResumeDraft): Partial<CreateApplicantFormValues> {
  const values: Partial<CreateApplicantFormValues> = {};
  for (const field of FORM_TEXT_FIELDS) {
    const value = draft[field];
    if (value) values[field] = value;
  }
  // The draft's phone is in the stored form (E.164); the input shows the one display form.
  if (draft.phone) values.phone = formatPhone(draft.phone);
  if (draft.birthday) values.birthday = russianDate(draft.birthday);
  if (draft.skills.length > 0) values.skills = draft.skills;
  return values;
}

export type ResumeExtras = Pick<
  TCreateApplicantRequest,
  | 'gender'
  | 'skype'
  | 'contacts'
  | 'citizenship'
  | 'total_experience'
  | 'experience'
  | 'education'
  | 'languages'
  | 'about_me'
>;

/** What the form has no inputs for but the applicant keeps: sent with the create request. */
export function extrasOfDraft(draft: TResumeDraft): ResumeExtras {
  return {
    gender: draft.gender,
    skype: draft.skype,
    contacts: draft.contacts,
    citizenship: draft.citizenship,
    total_experience: draft.total_experience,
    experience: draft.experience,
    education: draft.education,
    languages: draft.languages,
    about_me: draft.about_me,
  };
}

const count = (n: number, one: string, few: string, many: string) =>
  pluralize(n, { one, few, many });

/** «опыт работы: 2 места, образование: 1 запись, …»: what else the card will get. */
export function extrasSummary(extras: ResumeExtras): string[] {
  const lines: string[] = [];
  const jobs = extras.experience?.length ?? 0;
  const schools = extras.education?.length ?? 0;
  const languages = extras.languages?.length ?? 0;
  if (jobs) lines.push(`Опыт работы: ${count(jobs, 'место', 'места', 'мест')}`);
  if (schools) lines.push(`Образование: ${count(schools, 'запись', 'записи', 'записей')}`);
  if (languages) lines.push(`Языки: ${count(languages, 'язык', 'языка', 'языков')}`);
  if (extras.gender) lines.push(`Пол: ${extras.gender === 'male' ? 'мужской' : 'женский'}`);
  if (extras.citizenship?.length) lines.push(`Гражданство: ${extras.citizenship.join(', ')}`);
  if (extras.about_me) lines.push('О себе');
  return lines;
}
