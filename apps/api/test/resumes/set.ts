import { normalizePhoneField } from '@ats/contracts/phone';
import type { TResumeDraft } from '@ats/contracts/resume-parse';
import type { LanguageMention } from '../../src/modules/applicants/resume-languages.ts';
import { resumeDocxOfRows, resumePdf } from '../resume-documents.ts';
import { handmadeDocxBuyer } from './handmade-docx-buyer.ts';
import { handmadeDocxOffice } from './handmade-docx-office.ts';
import { hhDocxEstimator } from './hh-docx-estimator.ts';
import { hhDocxLawyer } from './hh-docx-lawyer.ts';
import { hhPdfBuyer } from './hh-pdf-buyer.ts';
import { hhPdfDeveloper } from './hh-pdf-developer.ts';
import { hhPdfRecruiter } from './hh-pdf-recruiter.ts';
import type { ResumeSample } from './sample.ts';
import { superjobDocxAccountant } from './superjob-docx-accountant.ts';
import { superjobPdfSales } from './superjob-pdf-sales.ts';

// The résumé set: made-up people in the layouts recruiters get (hh.ru PDF and Word exports,
// SuperJob, hand-made Word), each with the fields it should give. The API test parses each
// through POST /api/applicants/parse_resume; `npm run bench -- resumes` reports the share of
// fields parsed right.

export const RESUME_SET: ResumeSample[] = [
  hhPdfBuyer,
  hhPdfDeveloper,
  hhPdfRecruiter,
  hhDocxEstimator,
  hhDocxLawyer,
  superjobPdfSales,
  superjobDocxAccountant,
  handmadeDocxBuyer,
  handmadeDocxOffice,
];

/** The file of a sample, as the recruiter would upload it. */
export function resumeFile(sample: ResumeSample): Promise<Buffer> {
  return sample.format === 'pdf'
    ? resumePdf(sample.rows)
    : Promise.resolve(resumeDocxOfRows(sample.rows));
}

export type FieldCheck = { field: string; expected: unknown; actual: unknown; right: boolean };

type Draft = Omit<TResumeDraft, 'languages'>;

const SCALARS = [
  'last_name',
  'first_name',
  'middle_name',
  'birthday',
  'phone',
  'email',
  'tg',
  'city',
  'position',
  'money',
  'currency',
  'company',
] as const;

const folded = (text: string) => text.toLowerCase().replace(/ё/g, 'е').trim();

/**
 * Every expected field of a sample against a draft: each scalar, each job's company, position,
 * start, end and duties, each school's name, speciality and year, the skills (all of them, one
 * field) and each language with its level. `languages` null skips the languages (the API answers
 * them as dictionary ids).
 */
export function fieldChecks(
  sample: ResumeSample,
  draft: Draft,
  languages: LanguageMention[] | null,
): FieldCheck[] {
  const { expected } = sample;
  const checks: FieldCheck[] = [];
  const check = (field: string, want: unknown, actual: unknown, right = want === actual) =>
    checks.push({ field, expected: want, actual, right });
  for (const field of SCALARS) {
    if (expected[field] === undefined) continue;
    const actual = draft[field] ?? null;
    // A phone is right in any notation of the same number (the API answers it in E.164).
    if (field === 'phone') {
      const want = expected.phone ?? null;
      check(field, want, actual, normalizePhoneField(want) === normalizePhoneField(actual));
    } else {
      check(field, expected[field], actual);
    }
  }
  expected.experience?.forEach((job, i) => {
    const got = draft.experience[i];
    check(`experience[${i}].company`, job.company, got?.company ?? null);
    check(`experience[${i}].position`, job.position, got?.position ?? null);
    check(`experience[${i}].date_start`, job.date_start, got?.date_start ?? null);
    check(
      `experience[${i}].date_end`,
      job.date_end ?? 'настоящее время',
      got ? (got.is_now ? 'настоящее время' : (got.date_end ?? null)) : null,
    );
    if (job.duties) {
      const description = got?.description ?? '';
      check(
        `experience[${i}].duties`,
        job.duties,
        description,
        folded(description).includes(folded(job.duties)),
      );
    }
  });
  expected.education?.forEach((school, i) => {
    const got = draft.education[i];
    check(`education[${i}].name`, school.name, got?.name ?? null);
    check(`education[${i}].speciality`, school.speciality, got?.speciality ?? null);
    const year = got?.date_end ? Number(got.date_end.slice(0, 4)) : null;
    check(`education[${i}].year`, school.year, year);
  });
  if (expected.skills) {
    const have = new Set(draft.skills.map(folded));
    const missing = expected.skills.filter((skill) => !have.has(folded(skill)));
    check('skills', expected.skills, draft.skills, missing.length === 0);
  }
  if (languages && expected.languages) {
    for (const language of expected.languages) {
      const got = languages.find((l) => folded(l.name) === folded(language.name));
      check(
        `languages.${language.name}`,
        language.level,
        got ? got.level : null,
        got !== undefined && got.level === language.level,
      );
    }
  }
  return checks;
}
