import type { TApplicant, TApplicantCard } from '@ats/contracts/applicants';
import type { TDoubleApplicant } from '@ats/contracts/duplicates';

// Applicants for the duplicates tests: every field empty unless a test says otherwise.

const EMPTY = {
  first_name: null,
  last_name: null,
  middle_name: null,
  photo: null,
  lead_type: null,
  birthday: null,
  age: null,
  gender: null,
  phone: null,
  email: null,
  tg: null,
  skype: null,
  contacts: [],
  money: null,
  currency: null,
  about_me: null,
  country: null,
  citizenship: [],
  total_experience: null,
  experience: [],
  employments: [],
  education: [],
  skills: [],
  text_block: null,
  position: null,
  company: null,
  city: null,
  admin_user_id: null,
  account_source_id: null,
  source_name: null,
  source_add: 'web',
  unidentified_info: null,
  languages: [],
  has_vehicle: null,
  driver_licenses: [],
  resume_urls: [],
  tags: [],
  vacancies: [],
  requested_vacancy_id: null,
  requested_status_id: null,
  is_archived: false,
  archived_at: null,
  created_at: '2025-03-01T09:00:00Z',
  updated_at: '2025-03-01T09:00:00Z',
} satisfies Omit<TApplicant, 'id'>;

export const fakeApplicant = (id: number, over: Partial<TApplicant> = {}): TApplicant => ({
  ...EMPTY,
  id,
  ...over,
});

export const fakeCard = (id: number, over: Partial<TApplicantCard> = {}): TApplicantCard => ({
  ...EMPTY,
  id,
  worklog: [],
  comments: [],
  files: [],
  ...over,
});

/** The summary a double shows of an applicant: every field empty unless a test says otherwise. */
export const fakeDoubleApplicant = (
  id: number,
  over: Partial<TDoubleApplicant> = {},
): TDoubleApplicant => ({
  id,
  first_name: null,
  last_name: null,
  middle_name: null,
  photo: null,
  birthday: null,
  email: null,
  phone: null,
  tg: null,
  city: null,
  position: null,
  company: null,
  source_name: null,
  is_archived: false,
  created_at: '2025-03-01T09:00:00Z',
  ...over,
});
