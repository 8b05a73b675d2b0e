import type { ResumeRow } from '../resume-documents.ts';

// The shape of one résumé of the test set: the text as it is printed (rows, see ResumeRow), the
// file it is saved as, and the fields a recruiter expects the parser to fill from it.

export type ExpectedJob = {
  company: string;
  position: string;
  date_start: string;
  /** null for the current job. */
  date_end: string | null;
  /** A phrase of the duties that must land in the job's description. */
  duties?: string;
};

export type ExpectedSchool = {
  name: string;
  /** Faculty and speciality, as the résumé writes them. */
  speciality: string | null;
  /** The year of graduation. */
  year: number;
};

export type ExpectedResume = {
  last_name: string;
  first_name: string;
  middle_name: string | null;
  birthday?: string;
  phone?: string;
  email?: string;
  tg?: string;
  city?: string;
  position?: string;
  money?: string;
  currency?: 'RUB' | 'USD' | 'EUR';
  company?: string;
  experience?: ExpectedJob[];
  education?: ExpectedSchool[];
  /** Every one must be among the draft's skills. */
  skills?: string[];
  languages?: { name: string; level: string | null }[];
};

export type ResumeSample = {
  /** The file name the recruiter uploads. */
  file: string;
  /** hh.ru PDF, hh.ru DOCX, SuperJob, hand-made Word. */
  layout: string;
  format: 'pdf' | 'docx';
  rows: ResumeRow[];
  expected: ExpectedResume;
};
