import {
  type SiteApplicant,
  type SiteFieldError,
  siteHtml,
  type SiteVacancy,
} from '../site-call.ts';
import type { AvitoApplication, AvitoResume, AvitoResumeContacts } from './avito-types.ts';

// Between our records and Avito's: our vacancy plus the publication form → the body of
// `POST /job/v2/vacancies`; Avito's validation texts → errors on our field names; an application
// with its résumé (and the paid contacts, when bought) → the fields of our applicant.

/** What the publication form adds to the vacancy for Avito (its own dictionaries' values). */
export type AvitoPublicationFields = {
  billing_type: 'package' | 'packageOrSingle';
  /** The street address; the vacancy's city when absent. */
  address?: string;
  profession?: number;
  business_area?: number;
  employment?: 'temporary' | 'full' | 'internship' | 'partial';
  schedule?: 'flyInFlyOut' | 'fixed' | 'flexible' | 'shift';
  experience?: 'noMatter' | 'moreThan1' | 'moreThan3' | 'moreThan5' | 'moreThan10';
  work_format?: ('office' | 'remote' | 'gibrid')[];
  contacts?: { name?: string; phone?: string; email?: string };
};

export type AvitoVacancyRequest = {
  billing_type: string;
  title: string;
  description: string;
  /** Ours: Avito answers the same publication for the same code. */
  vacancy_code?: string;
  location: { address: string };
  salary?: { from?: number; to?: number };
  profession?: number;
  business_area?: number;
  employment?: string;
  schedule?: string;
  experience?: string;
  work_format?: string[];
  contacts?: { name?: string; phone?: string; email?: string; allow_messages: boolean };
  apply_processing: { apply_type: 'only_with_resume' };
};

/** Tags Avito allows in a description (job.json, `description`). */
export const AVITO_HTML_TAGS: ReadonlySet<string> = new Set([
  'p',
  'ul',
  'ol',
  'li',
  'br',
  'strong',
  'em',
]);

const SECTIONS: [keyof SiteVacancy, string | null][] = [
  ['body', null],
  ['requirements', 'Требования'],
  ['conditions', 'Условия'],
];

export function avitoVacancyBody(
  vacancy: SiteVacancy,
  fields: AvitoPublicationFields,
): AvitoVacancyRequest {
  const description = SECTIONS.flatMap(([key, heading]) => {
    const html = vacancy[key];
    if (typeof html !== 'string' || html.trim() === '') return [];
    return [
      `${heading ? `<p><strong>${heading}</strong></p>` : ''}${siteHtml(html, AVITO_HTML_TAGS)}`,
    ];
  }).join('');
  // Avito's salary is in roubles a month; a salary in another currency is left for the form.
  const rub = (vacancy.currency ?? 'RUB').toUpperCase() === 'RUB';
  const salary =
    rub && (vacancy.salary_from != null || vacancy.salary_to != null)
      ? {
          ...(vacancy.salary_from != null ? { from: vacancy.salary_from } : {}),
          ...(vacancy.salary_to != null ? { to: vacancy.salary_to } : {}),
        }
      : undefined;
  return {
    billing_type: fields.billing_type,
    title: vacancy.position.trim(),
    description,
    vacancy_code: String(vacancy.id),
    location: { address: fields.address?.trim() || (vacancy.city ?? '').trim() },
    ...(salary ? { salary } : {}),
    ...(fields.profession !== undefined ? { profession: fields.profession } : {}),
    ...(fields.business_area !== undefined ? { business_area: fields.business_area } : {}),
    ...(fields.employment ? { employment: fields.employment } : {}),
    ...(fields.schedule ? { schedule: fields.schedule } : {}),
    ...(fields.experience ? { experience: fields.experience } : {}),
    ...(fields.work_format?.length ? { work_format: fields.work_format } : {}),
    ...(fields.contacts ? { contacts: { ...fields.contacts, allow_messages: true } } : {}),
    apply_processing: { apply_type: 'only_with_resume' },
  };
}

/**
 * Avito's field (as its texts name it) → ours: the vacancy's where it has one (position, body,
 * salary_from/salary_to, city), else the publication form's (Avito's own names); with what to say
 * when Avito's text is not Russian.
 */
const FIELDS: [RegExp, string, string][] = [
  [/^title\b|назван/i, 'position', 'Название вакансии для Авито — от 1 до 50 символов'],
  [/^description\b|описан/i, 'body', 'Описание для Авито — от 1 до 5000 символов'],
  [/^salary\.to\b|верхн/i, 'salary_to', 'Авито не принял верхнюю границу зарплаты'],
  [/^salary\b|зарплат/i, 'salary_from', 'Авито не принял зарплату'],
  [/^location\b|^address\b|адрес/i, 'city', 'Авито не принял адрес вакансии'],
  [/^billing_type\b|размещени/i, 'billing_type', 'Выберите вариант оплаты размещения'],
  [/^schedule\b|график|режим работы/i, 'schedule', 'Выберите режим работы из списка Авито'],
  [/^experience\b|опыт/i, 'experience', 'Выберите опыт работы из списка Авито'],
  [/^employment\b|занятост/i, 'employment', 'Выберите занятость из списка Авито'],
  [/^profession\b|професси/i, 'profession', 'Выберите профессию из списка Авито'],
  [/^business_area\b|сфер/i, 'business_area', 'Выберите сферу деятельности из списка Авито'],
  [/^contacts\b|контакт/i, 'contacts', 'Авито не принял контакты вакансии'],
];

/** Avito's 400 `{errors: ["…"]}` on our fields; a text naming none of them has field null. */
export function avitoFieldErrors(texts: readonly string[]): SiteFieldError[] {
  return texts.map((siteMessage) => {
    const text = siteMessage.trim();
    const rule = FIELDS.find(([pattern]) => pattern.test(text));
    const said = text.replace(/^[a-z_.]+\s*:\s*/i, '');
    const russian = /[а-яё]/i.test(said) ? said.charAt(0).toUpperCase() + said.slice(1) : null;
    return {
      field: rule?.[1] ?? null,
      message: russian ?? rule?.[2] ?? `Авито не принял вакансию: ${text}`,
      siteMessage,
    };
  });
}

const AVITO_WEB = 'https://www.avito.ru';

const phoneOf = (value: number | string | undefined) => {
  const digits = String(value ?? '').replace(/\D/g, '');
  return digits.length >= 10 ? `+${digits}` : null;
};

const months = (start: string | undefined, end: string | undefined, today: Date) => {
  const from = start ? new Date(start) : null;
  const to = end ? new Date(end) : today;
  if (!from || Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()) || to < from) return 0;
  return (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + to.getUTCMonth() - from.getUTCMonth();
};

const isoDate = (value: string | undefined) =>
  value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null;

/** An Avito application (and its résumé and paid contacts, when there are) as our applicant. */
export function avitoApplicant(
  application: AvitoApplication,
  resume: AvitoResume | null,
  contacts: AvitoResumeContacts | null = null,
  today = new Date(),
): SiteApplicant {
  const data = application.applicant?.data;
  const name = data?.full_name ?? contacts?.full_name ?? {};
  const fallback = (data?.name ?? contacts?.name ?? '').trim().split(/\s+/);
  const list = contacts?.contacts ?? [];
  const email = list.find((c) => c.type === 'e-mail')?.value ?? null;
  const phone =
    phoneOf(application.contacts?.phones?.[0]?.value) ??
    phoneOf(list.find((c) => c.type === 'phone')?.value);
  const params = resume?.params;
  const experience = (params?.experience_list ?? []).map((job) => ({
    position: job.position ?? null,
    company: job.company ?? null,
    date_start: isoDate(job.work_start),
    date_end: isoDate(job.work_finish),
    is_now: !job.work_finish,
    description: job.responsibilities ?? null,
  }));
  const totalMonths = (params?.experience_list ?? []).reduce(
    (sum, job) => sum + months(job.work_start, job.work_finish, today),
    0,
  );
  const education = (params?.education_list ?? []).map((school) => ({
    level: params?.education ?? null,
    name: school.institution ?? null,
    speciality: school.specialty ?? null,
    date_end: school.education_stop ? `${school.education_stop}-06-30` : null,
  }));
  const gender =
    data?.gender === 'male' || params?.pol === 'Мужской'
      ? 'male'
      : data?.gender === 'female' || params?.pol === 'Женский'
        ? 'female'
        : null;
  const citizenship = data?.citizenship ?? params?.nationality;
  const url = resume?.url ? new URL(resume.url, AVITO_WEB).toString() : null;
  return {
    first_name: name.first_name ?? (fallback.length > 1 ? fallback[1] : fallback[0]) ?? null,
    last_name: name.last_name ?? (fallback.length > 1 ? fallback[0] : null) ?? null,
    middle_name: name.patronymic ?? fallback[2] ?? null,
    birthday: isoDate(data?.birthday),
    gender,
    phone,
    email,
    money: resume?.salary ? String(resume.salary) : null,
    currency: resume?.salary ? 'RUB' : undefined,
    city: resume?.address_details?.location ?? null,
    position: resume?.title ?? null,
    about_me: resume?.description ?? null,
    total_experience: experience.length ? totalMonths : null,
    experience,
    education,
    citizenship: citizenship ? [citizenship] : [],
    resume_urls: url ? [url] : [],
    photo_url: resume?.photos?.find((p) => p.url)?.url ?? null,
    external: {
      site: 'avito',
      response_id: application.id,
      resume_id: application.applicant?.resume_id ? String(application.applicant.resume_id) : null,
      vacancy_id: String(application.vacancy_id),
      chat_id: application.contacts?.chat?.value ?? null,
    },
  };
}
