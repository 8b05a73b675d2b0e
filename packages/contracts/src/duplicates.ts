import { z } from 'zod';
import { ZApplicant, ZApplicantCard, ZContact, ZDate } from './applicants.ts';
import { ZId } from './ids.ts';
import { perPage, ZPageNumber } from './pagination.ts';
import { lazySchema } from './lazy-schema.ts';

// Duplicate applicants: detection, the list of doubles, merge and its undo (issue 5).

/** certain: an exact key (phone, e-mail, Telegram, job-site résumé) with compatible names;
 *  probable: the fuzzy name comparison and the evidence scored above the threshold. */
export const DOUBLE_LEVELS = ['certain', 'probable'] as const;
export type TDoubleLevel = (typeof DOUBLE_LEVELS)[number];
export const DOUBLE_LEVEL_LABELS: Record<TDoubleLevel, string> = {
  certain: 'Точный дубль',
  probable: 'Вероятный дубль',
};

/** How long a merge can be undone. */
export const MERGE_UNDO_DAYS = 30;

/** What the lists show of each applicant of a pair: enough to tell two people apart. */
export const ZDoubleApplicant = lazySchema(() =>
  z.object({
    id: z.number().int(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    middle_name: z.string().nullable(),
    photo: z.string().nullable(),
    birthday: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    tg: z.string().nullable(),
    city: z.string().nullable(),
    position: z.string().nullable(),
    company: z.string().nullable(),
    source_name: z.string().nullable(),
    is_archived: z.boolean(),
    created_at: z.string(),
  }),
);
export type TDoubleApplicant = z.infer<typeof ZDoubleApplicant>;

/** One probable or certain double of an applicant, with the score (0–1) and why. */
export const ZDoubleMatch = lazySchema(() =>
  z.object({
    applicant: ZDoubleApplicant,
    level: z.enum(DOUBLE_LEVELS),
    score: z.number().min(0).max(1),
    // Russian, e.g. 'совпадает телефон', 'ФИО в латинице', 'разные даты рождения'.
    reasons: z.array(z.string()),
  }),
);
export type TDoubleMatch = z.infer<typeof ZDoubleMatch>;

export const ZDoubleMatchList = lazySchema(() => z.object({ items: z.array(ZDoubleMatch) }));
export type TDoubleMatchList = z.infer<typeof ZDoubleMatchList>;

/** A pair inside a group of the doubles list. */
export const ZDoublePair = lazySchema(() =>
  z.object({
    applicant_id: z.number().int(),
    double_id: z.number().int(),
    level: z.enum(DOUBLE_LEVELS),
    score: z.number().min(0).max(1),
    reasons: z.array(z.string()),
  }),
);
export type TDoublePair = z.infer<typeof ZDoublePair>;

/** Applicants linked by pairs of doubles (connected through any pair). */
export const ZDoubleGroup = lazySchema(() =>
  z.object({
    id: z.number().int(),
    level: z.enum(DOUBLE_LEVELS),
    score: z.number().min(0).max(1),
    applicants: z.array(ZDoubleApplicant).min(2),
    pairs: z.array(ZDoublePair).min(1),
  }),
);
export type TDoubleGroup = z.infer<typeof ZDoubleGroup>;

export const ZDoublesQuery = lazySchema(() =>
  z.object({
    page: ZPageNumber,
    per_page: perPage(),
    level: z.enum(DOUBLE_LEVELS, { error: 'Уровень: certain или probable' }).optional(),
  }),
);
export type TDoublesQuery = z.output<typeof ZDoublesQuery>;

export const ZDoublesPage = lazySchema(() =>
  z.object({
    groups: z.array(ZDoubleGroup),
    group_count: z.number().int(),
    counts: z.object({ certain: z.number().int(), probable: z.number().int() }),
    page: z.number().int(),
    per_page: z.number().int(),
  }),
);
export type TDoublesPage = z.infer<typeof ZDoublesPage>;

/** What the create form checks before saving ('Похожие кандидаты'). */
export const ZCheckDoublesRequest = lazySchema(() =>
  z
    .object({
      first_name: z.string().trim().max(255).nullish(),
      last_name: z.string().trim().max(255).nullish(),
      middle_name: z.string().trim().max(255).nullish(),
      birthday: ZDate.nullish(),
      email: z.string().trim().max(255).nullish(),
      phone: z.string().trim().max(50).nullish(),
      tg: z.string().trim().max(100).nullish(),
      contacts: z.array(ZContact).max(50).optional(),
      resume_urls: z.array(z.string().trim().max(1000)).max(20).optional(),
      city: z.string().trim().max(200).nullish(),
      company: z.string().trim().max(500).nullish(),
      // When editing: the applicant itself is not its own double.
      exclude_id: ZId.optional(),
    })
    .strict(),
);
export type TCheckDoublesRequest = z.infer<typeof ZCheckDoublesRequest>;

/** Single-valued fields whose value the merge takes from one of the two applicants. */
export const MERGE_FIELDS = [
  'name',
  'photo',
  'birthday',
  'gender',
  'email',
  'phone',
  'tg',
  'skype',
  'city',
  'country',
  'money',
  'position',
  'company',
  'about_me',
  'total_experience',
  'text_block',
  'lead_type',
  'has_vehicle',
  'admin_user_id',
  'account_source_id',
] as const;
export type TMergeField = (typeof MERGE_FIELDS)[number];
export const MERGE_FIELD_LABELS: Record<TMergeField, string> = {
  name: 'ФИО',
  photo: 'Фото',
  birthday: 'Дата рождения',
  gender: 'Пол',
  email: 'Email',
  phone: 'Телефон',
  tg: 'Telegram',
  skype: 'Skype',
  city: 'Город',
  country: 'Страна',
  money: 'Желаемая зарплата',
  position: 'Должность',
  company: 'Компания',
  about_me: 'О себе',
  total_experience: 'Общий опыт',
  text_block: 'Текст резюме',
  lead_type: 'Тип лида',
  has_vehicle: 'Есть автомобиль',
  admin_user_id: 'Рекрутер',
  account_source_id: 'Источник',
};
/** Merged by union, never chosen: both applicants' items are kept. */
export const MERGE_UNION_PARTS = [
  'contacts',
  'experience',
  'education',
  'skills',
  'languages',
  'driver_licenses',
  'employments',
  'citizenship',
  'resume_urls',
  'unidentified_info',
  'tags',
  'files',
  'comments',
  'worklog',
  'vacancies',
] as const;

const MERGE_CHOICE = lazySchema(() =>
  z.enum(['primary', 'secondary'], {
    error: 'Выбор поля: primary или secondary',
  }),
);

export const ZMergeRequest = lazySchema(() =>
  z
    .object({
      primary_id: ZId,
      secondary_id: ZId,
      // Fields not named keep the primary's value, or the secondary's where the primary has none.
      fields: z
        .record(z.string(), MERGE_CHOICE)
        .default({})
        .superRefine((fields, ctx) => {
          for (const key of Object.keys(fields)) {
            if (!(MERGE_FIELDS as readonly string[]).includes(key)) {
              ctx.addIssue({ code: 'custom', path: [key], message: `Нет такого поля: ${key}` });
            }
          }
        }),
    })
    .refine((r) => r.primary_id !== r.secondary_id, {
      path: ['secondary_id'],
      error: 'Нельзя объединить кандидата с самим собой',
    }),
);
export type TMergeRequest = z.output<typeof ZMergeRequest>;

export const ZMerge = lazySchema(() =>
  z.object({
    id: z.number().int(),
    primary_id: z.number().int(),
    secondary_id: z.number().int(),
    // The secondary's name as it was, for the history.
    secondary_name: z.string(),
    merged_by: z.number().int().nullable(),
    merged_by_name: z.string().nullable(),
    created_at: z.string(),
    undo_until: z.string(),
    undone_at: z.string().nullable(),
    can_undo: z.boolean(),
  }),
);
export type TMerge = z.infer<typeof ZMerge>;
export const ZMergeList = lazySchema(() => z.object({ items: z.array(ZMerge) }));

export const ZMergeParams = lazySchema(() => z.object({ mergeId: ZId }));
export const ZMergesQuery = lazySchema(() => z.object({ applicant_id: ZId }));

/** «Не дубль»: this pair is never suggested again. */
export const ZDismissDoubleRequest = lazySchema(() =>
  z.object({ applicant_id: ZId, double_id: ZId }).refine((r) => r.applicant_id !== r.double_id, {
    path: ['double_id'],
    error: 'Кандидат не может быть дублем самого себя',
  }),
);

/** The whole account checked for doubles in the background. */
export const DOUBLE_SCAN_STATES = ['queued', 'running', 'done', 'failed'] as const;
export const ZDoubleScan = lazySchema(() =>
  z.object({
    id: z.number().int(),
    state: z.enum(DOUBLE_SCAN_STATES),
    processed: z.number().int(),
    total: z.number().int(),
    pairs_found: z.number().int(),
    error: z.string().nullable(),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
    created_at: z.string(),
  }),
);
export type TDoubleScan = z.infer<typeof ZDoubleScan>;
export const ZDoubleScanResponse = lazySchema(() => z.object({ scan: ZDoubleScan.nullable() }));

/** `POST /api/applicants` answers with the card and the doubles found for it. */
export const ZCreatedApplicant = lazySchema(() =>
  ZApplicantCard.extend({ doubles: z.array(ZDoubleMatch) }),
);
export type TCreatedApplicant = z.infer<typeof ZCreatedApplicant>;

/** What a merge would give, without saving: the resulting applicant and what moves over. */
export const ZMergePreview = lazySchema(() =>
  z.object({
    applicant: ZApplicant,
    moved: z.object({
      comments: z.number().int(),
      files: z.number().int(),
      vacancies: z.number().int(),
      tags: z.number().int(),
      worklog: z.number().int(),
    }),
  }),
);
export type TMergePreview = z.infer<typeof ZMergePreview>;

export const ZMergeResult = lazySchema(() =>
  z.object({ merge: ZMerge, applicant: ZApplicantCard }),
);
export type TMergeResult = z.infer<typeof ZMergeResult>;
export const ZUndoMergeResult = lazySchema(() => z.object({ merge: ZMerge }));
