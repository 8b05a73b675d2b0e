import type {
  TApplicant,
  TApplicantCard,
  TWorklogEntry,
  ZComment,
} from '@ats/contracts/applicants';
import type { z } from 'zod';
import { userDisplayName } from '../../platform/person-name.ts';
import { isoTimestamp } from '../../platform/timestamps.ts';
import { toApplicantFile } from '../files/files.service.ts';
import type {
  ApplicantCardRow,
  ApplicantViewRow,
  CommentRow,
  WorklogRow,
} from './applicants.repository.ts';

const iso = isoTimestamp;

// Made once: building an Intl formatter costs more than the rest of a card's serialisation.
const moscowDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' });

/** Today in Moscow, the product's time zone, as YYYY-MM-DD. */
export const todayInMoscow = () => moscowDate.format(new Date());

/** Full years since `birthday` (YYYY-MM-DD) on `today` (YYYY-MM-DD). */
export function ageOn(birthday: string | null, today: string = todayInMoscow()): number | null {
  if (!birthday) return null;
  const [by, bm, bd] = birthday.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const age = ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
  return age >= 0 ? age : null;
}

export function toApplicant(row: ApplicantViewRow): TApplicant {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    middle_name: row.middle_name,
    photo: row.photo_file_id ? `/api/files/${row.photo_file_id}` : null,
    lead_type: row.lead_type,
    birthday: row.birthday,
    age: ageOn(row.birthday),
    gender: row.gender,
    phone: row.phone,
    email: row.email,
    tg: row.tg,
    skype: row.skype,
    contacts: row.contacts as TApplicant['contacts'],
    money: row.money,
    currency: row.currency,
    about_me: row.about_me,
    country: row.country_id,
    citizenship: row.citizenship,
    total_experience: row.total_experience,
    experience: row.experience as TApplicant['experience'],
    employments: row.employments,
    education: row.education as TApplicant['education'],
    skills: row.skills,
    text_block: row.text_block,
    position: row.position,
    company: row.company,
    city: row.city,
    admin_user_id: row.admin_user_id,
    account_source_id: row.account_source_id,
    source_name: row.source_name,
    source_icon: row.source_icon,
    source_add: iso(row.created_at),
    unidentified_info: row.unidentified_info,
    languages: row.languages as TApplicant['languages'],
    has_vehicle: row.has_vehicle,
    driver_licenses: row.driver_licenses as TApplicant['driver_licenses'],
    resume_urls: row.resume_urls,
    tags: row.tags,
    // The card lists its applications; requested_* keep what a client asked for on create.
    vacancies: (row.vacancies ?? []).map((v) => ({
      ...v,
      entered_status_at: iso(v.entered_status_at),
    })),
    requested_vacancy_id: row.requested_vacancy_id,
    requested_status_id: row.requested_status_id,
    is_archived: row.archived_at !== null,
    archived_at: row.archived_at === null ? null : iso(row.archived_at),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/**
 * A history entry, its author named by the display name of SPEC.md §3, with `names` for the ids
 * its changes hold ('reason:3' → 'Не подходит по опыту', 'user:5' → 'Анна Смирнова').
 */
export const toWorklogEntry = ({
  user_person,
  ref_names,
  ref_users,
  ...entry
}: WorklogRow): TWorklogEntry => {
  const names: Record<string, string> = { ...ref_names };
  for (const [id, parts] of Object.entries(ref_users ?? {})) {
    const name = userDisplayName(parts);
    if (name) names[`user:${id}`] = name;
  }
  return {
    ...entry,
    user_name: userDisplayName(user_person),
    created_at: iso(entry.created_at),
    names,
  };
};

/** A comment, its author named by the display name of SPEC.md §3. */
export const toComment = ({ author_person, ...comment }: CommentRow): z.infer<typeof ZComment> => ({
  ...comment,
  author_name: userDisplayName(author_person),
  created_at: iso(comment.created_at),
  updated_at: iso(comment.updated_at),
});

export function toApplicantCard(row: ApplicantCardRow): TApplicantCard {
  return {
    ...toApplicant(row),
    worklog: row.worklog.map(toWorklogEntry),
    comments: row.comments.map(toComment),
    files: row.files.map(toApplicantFile),
  };
}

/**
 * The card as a watcher reaches it through `vacancyIds` (issue 20): the applicant's places on
 * those vacancies only, and of the history what happened on them; the rest of the applicant's
 * road (other vacancies, edits of the base) is the recruiters' and stays out.
 */
export function cardSeenThrough(card: TApplicantCard, vacancyIds: number[]): TApplicantCard {
  const reached = new Set(vacancyIds);
  return {
    ...card,
    vacancies: card.vacancies.filter((v) => reached.has(v.vacancy_id)),
    worklog: worklogSeenThrough(card.worklog, vacancyIds),
  };
}

/** The history entries about the vacancies of `vacancyIds`. */
export function worklogSeenThrough(entries: TWorklogEntry[], vacancyIds: number[]) {
  const reached = new Set(vacancyIds);
  return entries.filter((e) => {
    const vacancyId = e.changes.vacancy_id;
    return typeof vacancyId === 'number' && reached.has(vacancyId);
  });
}
