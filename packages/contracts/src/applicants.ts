import { z } from 'zod';
import { ZApplicantFile } from './files.ts';
import { ZIconAnswer } from './icons.ts';
import { ZAmount, ZBodyId, ZId } from './ids.ts';
import { ZTag } from './tags.ts';
import { isBlankOrValidUrl, isValidUrl, LINK_INVALID } from './url-check.ts';
import { lazySchema } from './lazy-schema.ts';

// The applicant as the product's existing clients send it (research/huntlee-api.md §5.1).

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Не длиннее ${max} символов` });
const optionalText = (max = 255) => text(max).nullish();
/** A link field of a request: empty or absent as before, otherwise a link (SPEC.md §5). */
const optionalLink = (max: number) =>
  text(max).refine(isBlankOrValidUrl, { error: LINK_INVALID }).nullish();
/** A country of the reference list (its id, an integer column). */
const ZCountry = lazySchema(() => ZBodyId.nullish());

/** ISO `YYYY-MM-DD`, or `DD.MM.YYYY` as Russian users type it; stored as ISO. */
export const ZDate = lazySchema(() =>
  z
    .string()
    .trim()
    .transform((value, ctx) => {
      const ru = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(value);
      const iso = ru ? `${ru[3]}-${ru[2]}-${ru[1]}` : value;
      const parsed = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? new Date(`${iso}T00:00:00Z`) : null;
      if (!parsed || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== iso) {
        ctx.addIssue({ code: 'custom', message: 'Дата указывается как ГГГГ-ММ-ДД или ДД.ММ.ГГГГ' });
        return z.NEVER;
      }
      return iso;
    }),
);

export const CONTACT_TYPES = [
  'phone',
  'email',
  'tg',
  'skype',
  'whatsapp',
  'viber',
  'vk',
  'linkedin',
  'site',
  'other',
] as const;
/** How the card, its PDF and the forms name each kind of contact. */
export const CONTACT_LABELS: Record<(typeof CONTACT_TYPES)[number], string> = {
  phone: 'Телефон',
  email: 'Email',
  tg: 'Telegram',
  skype: 'Skype',
  whatsapp: 'WhatsApp',
  viber: 'Viber',
  vk: 'ВКонтакте',
  linkedin: 'LinkedIn',
  site: 'Сайт',
  other: 'Другое',
};
export const ZContact = lazySchema(() =>
  z.object({
    contact_type: z.enum(CONTACT_TYPES, { error: 'Неизвестный тип контакта' }),
    value: text(255).min(1, { error: 'Укажите значение контакта' }),
    // Spelled as the clients spell it.
    is_prefered: z.boolean().default(false),
  }),
);
/**
 * A contact as requests send it: a «Сайт» contact must be a link. Answers keep {@link ZContact},
 * so contacts saved before the check still read back.
 */
export const ZContactInput = lazySchema(() =>
  ZContact.refine((c) => c.contact_type !== 'site' || isValidUrl(c.value), {
    path: ['value'],
    error: LINK_INVALID,
  }),
);

export const ZExperience = lazySchema(() =>
  z.object({
    position: optionalText(),
    company: optionalText(),
    link: optionalText(500),
    date_start: ZDate.nullish(),
    date_end: ZDate.nullish(),
    is_now: z.boolean().default(false),
    description: optionalText(10_000),
    country: ZCountry,
    skills: z.array(text(100)).max(100).default([]),
  }),
);
export type TExperience = z.infer<typeof ZExperience>;
/** Experience as requests send it: its link, when given, is a link. */
export const ZExperienceInput = lazySchema(() => ZExperience.extend({ link: optionalLink(500) }));

export const ZEducation = lazySchema(() =>
  z.object({
    level: optionalText(),
    country: ZCountry,
    education_type: optionalText(50),
    form: optionalText(50),
    name: optionalText(500),
    date_start: ZDate.nullish(),
    date_end: ZDate.nullish(),
    speciality: optionalText(500),
    description: optionalText(10_000),
    link: optionalText(500),
  }),
);
/** Education as requests send it: its link, when given, is a link. */
export const ZEducationInput = lazySchema(() => ZEducation.extend({ link: optionalLink(500) }));

export const ZApplicantLanguage = lazySchema(() =>
  z.object({
    language_id: ZBodyId,
    language_level_id: ZBodyId.nullish(),
  }),
);
export const ZApplicantDriverLicense = lazySchema(() =>
  z.object({
    driver_license_id: ZBodyId,
    // Years of driving with this category.
    driver_experience: z.number().int().min(0).max(80).nullish(),
  }),
);

export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
const ZPhotoDataUrl = lazySchema(() =>
  z
    .string()
    .trim()
    // One client prefixes the data URL with a stray quote; tolerate it.
    .transform((value) => value.replace(/^["']+/, ''))
    .pipe(
      z
        .string()
        .regex(/^data:image\/[a-z+.-]+;base64,[A-Za-z0-9+/=\s]+$/i, {
          error: 'Фото передаётся как изображение в формате data URL',
        })
        .max(Math.ceil((MAX_PHOTO_BYTES * 4) / 3) + 100, { error: 'Фото больше 5 МБ' }),
    ),
);
/** A data URL, or `{photo: dataUrl}` as the draft client wraps it; null removes the photo. */
export const ZPhotoInput = lazySchema(() =>
  z.union([ZPhotoDataUrl, z.object({ photo: ZPhotoDataUrl }).transform((v) => v.photo)]).nullable(),
);

const ZApplicantFields = lazySchema(() =>
  z.object({
    first_name: optionalText(),
    last_name: optionalText(),
    middle_name: optionalText(),
    photo: ZPhotoInput.optional(),
    lead_type: optionalText(50),
    birthday: ZDate.nullish(),
    gender: z.enum(['male', 'female'], { error: 'Пол: male или female' }).nullish(),
    phone: optionalText(50),
    email: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.email({ error: 'Некорректный email' }))
      .nullish()
      .or(z.literal('').transform(() => null)),
    tg: optionalText(100),
    skype: optionalText(100),
    contacts: z.array(ZContactInput).max(50).optional(),
    // Free text as clients send it ('100 000'); numbers are accepted too.
    money: z.union([text(100), ZAmount.transform(String)]).nullish(),
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, { error: 'Валюта — трёхбуквенный код, например RUB' })
      .nullish(),
    about_me: optionalText(20_000),
    country: ZCountry,
    citizenship: z.array(text(100)).max(10).optional(),
    // Months.
    total_experience: z.number().int().min(0).max(1200).nullish(),
    experience: z.array(ZExperienceInput).max(100).optional(),
    employments: z.array(ZBodyId).max(20).optional(),
    education: z.array(ZEducationInput).max(50).optional(),
    skills: z.array(text(100).min(1)).max(300).optional(),
    text_block: optionalText(20_000),
    position: optionalText(500),
    company: optionalText(500),
    city: optionalText(200),
    admin_user_id: ZId.nullish(),
    account_source_id: ZId.nullish(),
    unidentified_info: optionalText(50_000),
    languages: z.array(ZApplicantLanguage).max(30).optional(),
    has_vehicle: z.boolean().nullish(),
    driver_licenses: z.array(ZApplicantDriverLicense).max(20).optional(),
    resume_urls: z
      .array(text(1000).refine(isValidUrl, { error: LINK_INVALID }), {
        error: 'Ссылки на резюме передаются списком',
      })
      .max(20)
      .optional(),
  }),
);

const NAME_REQUIRED = 'Укажите имя или фамилию кандидата';

export const ZCreateApplicantRequest = lazySchema(() =>
  ZApplicantFields.extend({
    comment: z.object({ description: text(10_000).min(1) }).nullish(),
    vacancy_id: ZId.nullish(),
    status_id: ZId.nullish(),
    source: z.enum(['web', 'plugin', 'api', 'import', 'resume']).optional(),
  }).refine((a) => Boolean(a.first_name || a.last_name), {
    path: ['first_name'],
    error: NAME_REQUIRED,
  }),
);
export type TCreateApplicantRequest = z.infer<typeof ZCreateApplicantRequest>;

export const ZUpdateApplicantRequest = lazySchema(() => ZApplicantFields.partial());
export type TUpdateApplicantRequest = z.infer<typeof ZUpdateApplicantRequest>;

export const ZUpdateTagsRequest = lazySchema(() => z.object({ tags: z.array(ZId).max(100) }));

export const ZWorklogEntry = lazySchema(() =>
  z.object({
    id: z.number().int(),
    action: z.string(),
    changes: z.record(z.string(), z.unknown()),
    user_id: z.number().int().nullable(),
    user_name: z.string().nullable(),
    created_at: z.string(),
    /**
     * Names of the ids in `changes`, by `kind:id`: reason, vacancy, status, source, country and
     * user ('reason:3': 'Не подходит по опыту'). Optional: older answers and clients go without.
     */
    names: z.record(z.string(), z.string()).optional(),
  }),
);
export type TWorklogEntry = z.infer<typeof ZWorklogEntry>;

export const ZComment = lazySchema(() =>
  z.object({
    id: z.number().int(),
    description: z.string(),
    author_id: z.number().int().nullable(),
    author_name: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
);
export const ZCreateCommentRequest = lazySchema(() =>
  z.object({
    description: z
      .string({ error: 'Напишите комментарий' })
      .trim()
      .min(1, { error: 'Напишите комментарий' })
      .max(10_000),
  }),
);

/** The applicant's place on a vacancy (an application), as the card lists it. */
export const ZApplicantVacancy = lazySchema(() =>
  z.object({
    vacancy_id: z.number().int(),
    vacancy_name: z.string(),
    status_id: z.number().int().nullable(),
    status_name: z.string().nullable(),
    application_id: z.number().int(),
    status_color: z.string().nullable(),
    status_icon: ZIconAnswer,
    entered_status_at: z.string(),
    reject_kind: z.enum(['reject', 'refuse']).nullable(),
    reject_reason_id: z.number().int().nullable(),
    reject_reason_name: z.string().nullable(),
    reject_comment: z.string().nullable(),
  }),
);

export const ZApplicant = lazySchema(() =>
  z.object({
    id: z.number().int(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    middle_name: z.string().nullable(),
    photo: z.string().nullable(),
    lead_type: z.string().nullable(),
    birthday: z.string().nullable(),
    age: z.number().int().nullable(),
    gender: z.enum(['male', 'female']).nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    tg: z.string().nullable(),
    skype: z.string().nullable(),
    contacts: z.array(ZContact),
    money: z.string().nullable(),
    currency: z.string().nullable(),
    about_me: z.string().nullable(),
    country: z.number().int().nullable(),
    citizenship: z.array(z.string()),
    total_experience: z.number().int().nullable(),
    experience: z.array(ZExperience),
    employments: z.array(z.number().int()),
    education: z.array(ZEducation),
    skills: z.array(z.string()),
    text_block: z.string().nullable(),
    position: z.string().nullable(),
    company: z.string().nullable(),
    city: z.string().nullable(),
    admin_user_id: z.number().int().nullable(),
    account_source_id: z.number().int().nullable(),
    source_name: z.string().nullable(),
    source_icon: ZIconAnswer,
    source_add: z.string(),
    unidentified_info: z.string().nullable(),
    languages: z.array(ZApplicantLanguage),
    has_vehicle: z.boolean().nullable(),
    driver_licenses: z.array(ZApplicantDriverLicense),
    resume_urls: z.array(z.string()),
    tags: z.array(ZTag),
    vacancies: z.array(ZApplicantVacancy),
    requested_vacancy_id: z.number().int().nullable(),
    requested_status_id: z.number().int().nullable(),
    is_archived: z.boolean(),
    archived_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
);
export type TApplicant = z.infer<typeof ZApplicant>;

/** The card: the applicant with its history, comments and files (résumés, attachments). */
export const ZApplicantCard = lazySchema(() =>
  ZApplicant.extend({
    worklog: z.array(ZWorklogEntry),
    comments: z.array(ZComment),
    files: z.array(ZApplicantFile),
  }),
);
export type TApplicantCard = z.infer<typeof ZApplicantCard>;

/**
 * `GET /api/applicants/{id}?vacancy_id=`: the card as seen from that vacancy, its application on
 * the vacancy first in `vacancies` (SPEC.md §7). Without it, the most recent arrival comes first.
 */
export const ZApplicantCardQuery = lazySchema(() => z.object({ vacancy_id: ZId.optional() }));

/**
 * A plain DELETE deletes, as existing API clients send it (huntlee-api.md): the web interface asks
 * the person before it calls. `confirm` is still accepted; a client that sends any other value
 * than true has not confirmed, and nothing is deleted.
 */
export const ZDeleteApplicantQuery = lazySchema(() =>
  z.object({
    confirm: z
      .enum(['true', '1'], {
        error: 'Удаление не подтверждено: передайте confirm=true или не передавайте параметр',
      })
      .optional(),
  }),
);

export const ZApplicantCommentParams = lazySchema(() => z.object({ id: ZId, commentId: ZId }));
export const ZCommentList = lazySchema(() => z.array(ZComment));
export const ZWorklogList = lazySchema(() => z.array(ZWorklogEntry));

/** The archive, paged like every list: archived applicants, the most recently archived first. */
export const ZApplicantArchivePage = lazySchema(() =>
  z.object({
    applicants: z.array(ZApplicant),
    applicant_count: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
  }),
);
export type TApplicantArchivePage = z.infer<typeof ZApplicantArchivePage>;
