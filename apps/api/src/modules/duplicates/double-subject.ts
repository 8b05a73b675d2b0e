import type { TDoubleApplicant, TDoubleMatch } from '@ats/contracts/duplicates';
import { sql } from 'drizzle-orm';
import type { DoubleSubject, DoubleVerdict } from './matching/double-matching.ts';

/** What the comparison and the lists read of an applicant. */
export type SubjectRow = {
  id: number;
  first_name: string | null;
  last_name: string | null;
  middle_name: string | null;
  photo_file_id: number | null;
  birthday: string | null;
  email: string | null;
  phone: string | null;
  tg: string | null;
  contacts: { contact_type: string; value: string }[] | null;
  resume_urls: string[] | null;
  city: string | null;
  position: string | null;
  company: string | null;
  source_name: string | null;
  is_archived: boolean;
  created_at: Date | string;
};

/** The columns of SubjectRow, from `applicants a` joined to `account_sources s`. */
export const subjectColumns = sql`
  a.id, a.first_name, a.last_name, a.middle_name, a.photo_file_id,
  to_char(a.birthday, 'YYYY-MM-DD') as birthday, a.email, a.phone, a.tg, a.contacts,
  a.resume_urls, a.city, a.position, a.company, s.name as source_name,
  a.archived_at is not null as is_archived, a.created_at`;

export const subjectSource = sql`
  applicants a
  left join account_sources s on s.account_id = a.account_id and s.id = a.account_source_id`;

export function subjectOf(row: SubjectRow): DoubleSubject {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    middleName: row.middle_name,
    birthday: row.birthday,
    email: row.email,
    phone: row.phone,
    tg: row.tg,
    contacts: (row.contacts ?? []).map((c) => ({ contact_type: c.contact_type, value: c.value })),
    resumeUrls: row.resume_urls ?? [],
    city: row.city,
    company: row.company,
  };
}

export function doubleApplicantOf(row: SubjectRow): TDoubleApplicant {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    middle_name: row.middle_name,
    photo: row.photo_file_id ? `/api/files/${row.photo_file_id}` : null,
    birthday: row.birthday,
    email: row.email,
    phone: row.phone,
    tg: row.tg,
    city: row.city,
    position: row.position,
    company: row.company,
    source_name: row.source_name,
    is_archived: row.is_archived,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** The score within the contract's 0–1, rounded for display. */
const clampScore = (score: number) => Math.round(Math.min(1, Math.max(0, score)) * 1000) / 1000;

export const matchOf = (row: SubjectRow, verdict: DoubleVerdict): TDoubleMatch => ({
  applicant: doubleApplicantOf(row),
  level: verdict.level,
  score: clampScore(verdict.score),
  reasons: verdict.reasons,
});

/** Certain before probable, then by score, then the newest applicant first. */
export const byStrength = (a: TDoubleMatch, b: TDoubleMatch) =>
  (a.level === b.level ? 0 : a.level === 'certain' ? -1 : 1) ||
  b.score - a.score ||
  b.applicant.id - a.applicant.id;

export const orderedPair = (x: number, y: number): [number, number] => (x < y ? [x, y] : [y, x]);
