import type { TCreateApplicantRequest } from '@ats/contracts/applicants';
import { latinize } from './modules/duplicates/matching/labelled-spellings.ts';
import { seededRandom } from './modules/duplicates/matching/labelled-people.ts';

// A few people of the demo base entered twice, the way doubles arrive in real life, so the
// doubles screen has something to show: each entry names the earlier applicant it repeats.

/** 'Мария' → 'Mariya', as a passport office would write it (the ICAO scheme, no randomness). */
const PASSPORT = seededRandom(1);
const toLatin = (word: string | null | undefined) => (word ? latinize(word, 'icao', PASSPORT) : '');

/** '+7 (912) 345-67-89' → '8 912 345 67 89': the same number as a recruiter types it. */
const localPhone = (phone: string | null | undefined) => {
  const digits = (phone ?? '').replace(/\D/g, '').slice(-10);
  return `8 ${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6, 8)} ${digits.slice(8)}`;
};

type Source = { id: number; name: string };
const sourceNamed = (sources: Source[], name: string) =>
  sources.find((s) => s.name === name)?.id ?? null;

/** The index of the repeated entry → how it repeats the earlier one. */
const REPEATS: Record<
  number,
  {
    of: number;
    make: (original: TCreateApplicantRequest, sources: Source[]) => TCreateApplicantRequest;
  }
> = {
  // Came from hh.ru first, then from a referral: the name in Latin, the phone typed with 8.
  11: {
    of: 3,
    make: (o, sources) => ({
      first_name: toLatin(o.first_name),
      last_name: toLatin(o.last_name),
      phone: localPhone(o.phone),
      position: o.position ?? null,
      city: o.city ?? null,
      account_source_id: sourceNamed(sources, 'Рекомендация'),
      source: 'web',
    }),
  },
  // Found again on hh.ru: no patronymic, the e-mail in capitals, the résumé link.
  23: {
    of: 5,
    make: (o, sources) => ({
      first_name: o.first_name ?? null,
      last_name: o.last_name ?? null,
      email: (o.email ?? '').toUpperCase(),
      birthday: o.birthday ?? null,
      position: o.position ?? null,
      company: o.company ?? null,
      city: o.city ?? null,
      resume_urls: ['https://hh.ru/resume/5f1e0d2c3b4a59687a6b5c4d3e2f1a0b'],
      account_source_id: sourceNamed(sources, 'hh.ru'),
      source: 'web',
    }),
  },
  // Entered by hand from a paper form: no contacts, the same name, birthday and city.
  35: {
    of: 9,
    make: (o, sources) => ({
      first_name: o.first_name ?? null,
      last_name: o.last_name ?? null,
      middle_name: o.middle_name ?? null,
      birthday: o.birthday ?? null,
      city: o.city ?? null,
      account_source_id: sourceNamed(sources, 'Вручную'),
      source: 'web',
    }),
  },
};

/** The repeated entry for `index`, or null when that applicant is a person of their own. */
export function demoRepeatOf(
  index: number,
  originalOf: (index: number) => TCreateApplicantRequest,
  sources: Source[],
): TCreateApplicantRequest | null {
  const repeat = REPEATS[index];
  return repeat ? repeat.make(originalOf(repeat.of), sources) : null;
}
