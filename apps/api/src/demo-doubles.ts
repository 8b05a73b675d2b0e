import type { TCreateApplicantRequest } from '@ats/contracts/applicants';

// A few people of the demo base entered twice, the way doubles arrive in real life, so the
// doubles screen has something to show: each entry names the earlier applicant it repeats.

const LATIN: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};

/** 'Мария' → 'Mariya', as a passport office would write it. */
const toLatin = (word: string | null | undefined) =>
  (word ?? '')
    .split('')
    .map((ch) => {
      const lower = ch.toLowerCase();
      const latin = LATIN[lower] ?? ch;
      return ch === lower ? latin : latin.charAt(0).toUpperCase() + latin.slice(1);
    })
    .join('');

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
