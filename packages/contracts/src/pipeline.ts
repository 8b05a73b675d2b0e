import { z } from 'zod';
import { ZBoardFilters } from './applicant-list.ts';
import { ZIconAnswer, ZIconField } from './icons.ts';
import { ZId } from './ids.ts';
import { boundedDocument } from './json-document.ts';
import { perPage, ZPageNumber } from './pagination.ts';
import { ZTag, ZTagColor } from './tags.ts';
import { lazySchema } from './lazy-schema.ts';

// The hiring pipeline: stages (`/api/statuses`, huntlee-api.md §6.5), funnels
// (`/api/status_groups`, §6.6), reasons (`/api/reasons`, §6.7), applications of applicants to
// vacancies with their transitions, and saved board columns (`/api/columns`, §6.8).

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Не длиннее ${max} символов` });

/** Colour with or without '#'; stored and answered as '#RRGGBB'. */
export const ZColor = lazySchema(() => ZTagColor);

// ---------------------------------------------------------------------------------------------
// Reasons

export const REASON_TYPES = ['reject', 'refuse', 'close', 'hold'] as const;
export const ZReasonType = lazySchema(() =>
  z.enum(REASON_TYPES, {
    error: 'Тип причины: reject, refuse, close или hold',
  }),
);
export type TReasonType = z.infer<typeof ZReasonType>;
export const REASON_TYPE_LABELS: Record<TReasonType, string> = {
  reject: 'Отказ компании',
  refuse: 'Отказ кандидата',
  close: 'Закрытие вакансии',
  hold: 'Пауза вакансии',
};

/** Reasons every new account starts with (migration 0012 ats_seed_account_pipeline). */
export const DEFAULT_REASONS: Record<TReasonType, readonly string[]> = {
  reject: [
    'Не подходит по опыту',
    'Не прошёл интервью',
    'Завышенные ожидания по зарплате',
    'Не прошёл проверку',
  ],
  refuse: [
    'Принял другое предложение',
    'Не устроила зарплата',
    'Передумал менять работу',
    'Не устроил график/локация',
  ],
  close: ['Вакансия закрыта наймом', 'Отменена заказчиком'],
  hold: ['Заморожен бюджет', 'Пересмотр требований'],
};

export const ZReason = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    reason_type: ZReasonType,
    order: z.number().int(),
  }),
);
export type TReason = z.infer<typeof ZReason>;
export const ZReasonList = lazySchema(() => z.array(ZReason));

export const ZReasonListQuery = lazySchema(() => z.object({ reason_type: ZReasonType.optional() }));

export const ZCreateReasonRequest = lazySchema(() =>
  z.object({
    name: z
      .string({ error: 'Укажите причину' })
      .trim()
      .min(1, { error: 'Укажите причину' })
      .max(255, { error: 'Не длиннее 255 символов' }),
    reason_type: ZReasonType,
    order: z.number().int().min(0).max(100_000).optional(),
  }),
);
export type TCreateReasonRequest = z.infer<typeof ZCreateReasonRequest>;
/** PUT /api/reasons/{id}: any subset of the fields. */
export const ZUpdateReasonRequest = lazySchema(() => ZCreateReasonRequest.partial());
export type TUpdateReasonRequest = z.infer<typeof ZUpdateReasonRequest>;

/** POST /api/reasons/reorder: every reason of one type, in the new order. */
export const ZReorderReasonsRequest = lazySchema(() =>
  z.object({
    reason_type: ZReasonType,
    ids: z
      .array(ZId, { error: 'Передайте список причин' })
      .min(1, { error: 'Передайте список причин' })
      .max(500, { error: 'Не больше 500 причин' })
      .refine((ids) => new Set(ids).size === ids.length, {
        error: 'Причины не должны повторяться',
      }),
  }),
);
export type TReorderReasonsRequest = z.infer<typeof ZReorderReasonsRequest>;

// ---------------------------------------------------------------------------------------------
// Stages

export const REJECT_KINDS = ['reject', 'refuse'] as const;
export const ZRejectKind = lazySchema(() =>
  z.enum(REJECT_KINDS, {
    error: 'Вид отказа: reject (отказ компании) или refuse (отказ кандидата)',
  }),
);
export type TRejectKind = z.infer<typeof ZRejectKind>;

/** `user` is an ordinary stage; an application entering a `hired` stage counts as a hire. */
export const STATUS_TYPES = ['user', 'hired'] as const;
export const ZStatusType = lazySchema(() =>
  z.enum(STATUS_TYPES, { error: 'Тип этапа: user или hired' }),
);

export const MAX_STAY_DURATION_DAYS = 3650;

/** Stages of the default funnel every new account starts with, in order. */
export const DEFAULT_FUNNEL = {
  name: 'Основная воронка',
  stages: [
    { name: 'Новый', color: '#3B82F6', stay_duration: 3 },
    { name: 'Первичный контакт', color: '#06B6D4', stay_duration: 5 },
    { name: 'Интервью с HR', color: '#8B5CF6', stay_duration: 7 },
    { name: 'Интервью с заказчиком', color: '#F59E0B', stay_duration: 7 },
    { name: 'Оффер', color: '#10B981', stay_duration: 5, is_offer: true },
    { name: 'Вышел на работу', color: '#16A34A', stay_duration: null, status_type: 'hired' },
    { name: 'Отказ компании', color: '#EF4444', stay_duration: null, reject_kind: 'reject' },
    { name: 'Отказ кандидата', color: '#9CA3AF', stay_duration: null, reject_kind: 'refuse' },
  ],
} as const;

/** An automation on entering the stage, e.g. `{name: "sites", action_params: {site: 2}}`. */
export const ZStageAction = lazySchema(() =>
  z.object({
    name: text(50).min(1, { error: 'Укажите действие' }),
    action_params: boundedDocument(4, 10_000).default({}),
  }),
);

/** One user's rights on a stage (`admin_user_statuses`); a user without an entry may read. */
export const ZStageUserRight = lazySchema(() =>
  z.object({
    admin_user_id: ZId,
    is_read: z.boolean().default(true),
    is_write: z.boolean().default(false),
  }),
);

export const ZStage = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    color: z.string(),
    icon: ZIconAnswer,
    order: z.number().int(),
    status_type: z.string(),
    is_favorite: z.boolean(),
    is_offer: z.boolean(),
    is_reject: z.boolean(),
    reject_kind: ZRejectKind.nullable(),
    is_required: z.boolean(),
    stay_duration: z.number().int().nullable(),
    actions: z.array(ZStageAction),
    evaluation_id: z.number().int().nullable(),
    status_group_id: z.number().int().nullable(),
    vacancy_id: z.number().int().nullable(),
    admin_user_statuses: z.array(
      z.object({ admin_user_id: z.number().int(), is_read: z.boolean(), is_write: z.boolean() }),
    ),
  }),
);
export type TStage = z.infer<typeof ZStage>;
export const ZStageList = lazySchema(() => z.array(ZStage));

const ZStageFields = lazySchema(() =>
  z.object({
    name: z
      .string({ error: 'Укажите название этапа' })
      .trim()
      .min(1, { error: 'Укажите название этапа' })
      .max(100, { error: 'Не длиннее 100 символов' }),
    color: ZColor.optional(),
    icon: ZIconField,
    order: z.number().int().min(0).max(100_000).optional(),
    status_type: ZStatusType.optional(),
    is_favorite: z.boolean().optional(),
    is_offer: z.boolean().optional(),
    is_reject: z.boolean().optional(),
    reject_kind: ZRejectKind.nullish(),
    is_required: z.boolean().optional(),
    stay_duration: z
      .number({ error: 'Срок на этапе — целое число дней' })
      .int({ error: 'Срок на этапе — целое число дней' })
      .min(0, { error: 'Срок на этапе не может быть отрицательным' })
      .max(MAX_STAY_DURATION_DAYS, { error: `Не больше ${MAX_STAY_DURATION_DAYS} дней` })
      .nullish(),
    actions: z.array(ZStageAction).max(20).optional(),
    evaluation_id: ZId.nullish(),
    admin_user_statuses: z.array(ZStageUserRight).max(500).optional(),
  }),
);

const REJECT_KIND_WITHOUT_FLAG = 'Вид отказа указывается только у этапа отказа (is_reject)';
const rejectKindFits = (v: { is_reject?: boolean | undefined; reject_kind?: unknown }) =>
  !(v.is_reject === false && v.reject_kind != null);

/**
 * A stage of a funnel (`status_group_id`), of one vacancy (`vacancy_id`), or — with neither, as
 * API clients send it (huntlee-api.md §6.5) — a stage of the account, which a funnel made with
 * its id in `status_ids` then takes as it is (decision 0018). Never both.
 */
export const ZCreateStageRequest = lazySchema(() =>
  ZStageFields.extend({
    status_group_id: ZId.nullish(),
    vacancy_id: ZId.nullish(),
  })
    .refine((v) => v.status_group_id == null || v.vacancy_id == null, {
      path: ['status_group_id'],
      error: 'Этап добавляется в воронку (status_group_id) или в вакансию (vacancy_id), не в обе',
    })
    .refine(rejectKindFits, { path: ['reject_kind'], error: REJECT_KIND_WITHOUT_FLAG }),
);
export type TCreateStageRequest = z.infer<typeof ZCreateStageRequest>;

export const ZUpdateStageRequest = lazySchema(() =>
  ZStageFields.partial().refine(rejectKindFits, {
    path: ['reject_kind'],
    error: REJECT_KIND_WITHOUT_FLAG,
  }),
);
export type TUpdateStageRequest = z.infer<typeof ZUpdateStageRequest>;

/** Without either: the stages of every funnel and the account's stages that are in none. */
export const ZStageListQuery = lazySchema(() =>
  z.object({
    vacancy_id: ZId.optional(),
    status_group_id: ZId.optional(),
  }),
);

/** New order of every stage of one funnel or one vacancy. */
export const ZReorderStagesRequest = lazySchema(() =>
  z.object({
    status_ids: z
      .array(ZId, { error: 'Передайте список этапов status_ids' })
      .min(1, { error: 'Передайте список этапов status_ids' })
      .max(100)
      .refine((ids) => new Set(ids).size === ids.length, { error: 'Этапы в списке повторяются' }),
  }),
);

// ---------------------------------------------------------------------------------------------
// Funnels

export const ZStatusGroup = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    order: z.number().int(),
    is_active: z.boolean(),
    is_favorite: z.boolean(),
    status_ids: z.array(z.number().int()),
    statuses: ZStageList,
  }),
);
export type TStatusGroup = z.infer<typeof ZStatusGroup>;
export const ZStatusGroupList = lazySchema(() => z.array(ZStatusGroup));

const ZStatusGroupFields = lazySchema(() =>
  z.object({
    name: z
      .string({ error: 'Укажите название воронки' })
      .trim()
      .min(1, { error: 'Укажите название воронки' })
      .max(100, { error: 'Не длиннее 100 символов' }),
    order: z.number().int().min(0).max(100_000).optional(),
    is_active: z.boolean().optional(),
    is_favorite: z.boolean().optional(),
  }),
);

export const ZCreateStatusGroupRequest = lazySchema(() =>
  ZStatusGroupFields.extend({
    // The funnel's stages, in this order: a stage of the account (in no funnel or vacancy) is taken
    // in under its own id; a stage of another funnel or a vacancy is copied under a new one.
    status_ids: z.array(ZId).max(100).optional(),
    // New stages, after the copied ones.
    statuses: z.array(ZStageFields).max(100).optional(),
  }),
);
export type TCreateStatusGroupRequest = z.infer<typeof ZCreateStatusGroupRequest>;

export const ZUpdateStatusGroupRequest = lazySchema(() =>
  ZStatusGroupFields.partial().extend({
    // The funnel's own stages in their new order (all of them); stages of the account named here
    // join the funnel under their own ids.
    status_ids: ZReorderStagesRequest.shape.status_ids.optional(),
  }),
);
export type TUpdateStatusGroupRequest = z.infer<typeof ZUpdateStatusGroupRequest>;

// ---------------------------------------------------------------------------------------------
// Applications: an applicant on a vacancy, and its history

export const TRANSITION_KINDS = ['place', 'move', 'reject', 'refuse'] as const;
export const ZTransitionKind = lazySchema(() => z.enum(TRANSITION_KINDS));
export type TTransitionKind = z.infer<typeof ZTransitionKind>;

export const ZApplication = lazySchema(() =>
  z.object({
    id: z.number().int(),
    vacancy_id: z.number().int(),
    applicant_id: z.number().int(),
    status_id: z.number().int(),
    entered_status_at: z.string(),
    reject_reason_id: z.number().int().nullable(),
    reject_kind: ZRejectKind.nullable(),
    reject_comment: z.string().nullable(),
    created_by: z.number().int().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
);
export type TApplication = z.infer<typeof ZApplication>;

export const ZTransition = lazySchema(() =>
  z.object({
    id: z.number().int(),
    application_id: z.number().int(),
    vacancy_id: z.number().int(),
    applicant_id: z.number().int(),
    from_status_id: z.number().int().nullable(),
    to_status_id: z.number().int(),
    moved_by: z.number().int().nullable(),
    moved_at: z.string(),
    seconds_in_from: z.number().int().nullable(),
    reason_id: z.number().int().nullable(),
    comment: z.string().nullable(),
    kind: ZTransitionKind,
  }),
);
export type TTransition = z.infer<typeof ZTransition>;

/** Place an applicant on a vacancy; at its first stage unless `status_id` names another. */
export const ZPlaceApplicantRequest = lazySchema(() =>
  z.object({
    vacancy_id: ZId,
    status_id: ZId.nullish(),
  }),
);
/** The bulk form of the list: several applicants on one vacancy. */
export const ZPlaceApplicantsRequest = lazySchema(() =>
  ZPlaceApplicantRequest.extend({
    applicant_ids: z
      .array(ZId, { error: 'Выберите кандидатов' })
      .min(1, { error: 'Выберите кандидатов' })
      .max(1000, { error: 'Не больше 1000 кандидатов за раз' }),
  }),
);

/** Move to another stage of the same vacancy. */
export const ZMoveApplicationRequest = lazySchema(() =>
  z.object({
    status_id: ZId,
    comment: text(2000).nullish(),
  }),
);

/** Reject (the company declines) or refuse (the applicant declines), with a reason of that type. */
export const ZRejectApplicationRequest = lazySchema(() =>
  z.object({
    kind: ZRejectKind,
    reason_id: ZId,
    comment: text(2000).nullish(),
    // A rejection stage of the vacancy; its first stage of that kind when absent.
    status_id: ZId.nullish(),
    // The message to the applicant on the job site the application came from (decision 0054);
    // the stage's default text when absent.
    site_message: text(2000).nullish(),
  }),
);

// ---------------------------------------------------------------------------------------------
// Saved board columns (`/api/columns`; update uses PUT)

export const COLUMN_SIZES = ['S', 'M', 'L'] as const;
export const ZColumnSize = lazySchema(() =>
  z.enum(COLUMN_SIZES, { error: 'Размер колонки: S, M или L' }),
);

export const ZColumn = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    size: ZColumnSize,
    filters: z.record(z.string(), z.unknown()),
    vacancy_id: z.number().int().nullable(),
    order: z.number().int(),
  }),
);
export type TColumn = z.infer<typeof ZColumn>;
export const ZColumnList = lazySchema(() => z.array(ZColumn));

export const ZCreateColumnRequest = lazySchema(() =>
  z.object({
    name: z
      .string({ error: 'Укажите название колонки' })
      .trim()
      .min(1, { error: 'Укажите название колонки' })
      .max(100, { error: 'Не длиннее 100 символов' }),
    size: ZColumnSize.optional(),
    filters: boundedDocument(4, 10_000).optional(),
    vacancy_id: ZId.nullish(),
    order: z.number().int().min(0).max(100_000).optional(),
  }),
);
export const ZUpdateColumnRequest = lazySchema(() => ZCreateColumnRequest.partial());

/** One stage column of a vacancy's board: the stage, how many applicants it holds. */
export const ZStatusVacancyColumn = lazySchema(() =>
  z.object({
    status: ZStage,
    count: z.number().int(),
  }),
);

// ---------------------------------------------------------------------------------------------
// The board (`/vacancy/{id}/candidates`): columns for the caller and cards paged per column

/**
 * One column of `GET /api/vacancies/{id}/get_status_vacancy_columns` as the caller sees it:
 * stages hidden by `is_read = false` are absent; `can_write` says whether the caller may move
 * cards into or out of it.
 */
export const ZBoardColumn = lazySchema(() =>
  ZStatusVacancyColumn.extend({ can_write: z.boolean() }),
);
export type TBoardColumn = z.infer<typeof ZBoardColumn>;
export const ZBoardColumnList = lazySchema(() => z.array(ZBoardColumn));

/** `GET /api/status_vacancy_columns/get_applicants`: one column's cards, newest arrivals first. */
export const ZBoardCardQuery = lazySchema(() =>
  z.object({
    vacancy_id: ZId,
    status_id: ZId,
    page: ZPageNumber,
    per_page: perPage(),
    ...ZBoardFilters.shape,
  }),
);

export const ZBoardCard = lazySchema(() =>
  z.object({
    application_id: z.number().int(),
    applicant_id: z.number().int(),
    status_id: z.number().int(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    middle_name: z.string().nullable(),
    photo: z.string().nullable(),
    position: z.string().nullable(),
    tags: z.array(ZTag),
    entered_status_at: z.string(),
    days_in_status: z.number().int(),
    /** Past the stage's `stay_duration`. */
    is_overdue: z.boolean(),
    reject_reason_id: z.number().int().nullable(),
    reject_reason_name: z.string().nullable(),
    reject_comment: z.string().nullable(),
  }),
);
export type TBoardCard = z.infer<typeof ZBoardCard>;

/**
 * How many cards a paged answer holds in all: `applicant_count`, as every paged list answers
 * (API.md). `total` is the same number under the name these two calls answered first; kept for
 * the clients that read it, deprecated.
 */
const ZCardCount = {
  applicant_count: z.number().int(),
  total: z
    .number()
    .int()
    .meta({ deprecated: true, description: 'То же, что applicant_count (устаревшее имя)' }),
};

export const ZBoardCardPage = lazySchema(() =>
  z.object({
    applicants: z.array(ZBoardCard),
    ...ZCardCount,
    page: z.number().int(),
    per_page: z.number().int(),
  }),
);
export type TBoardCardPage = z.infer<typeof ZBoardCardPage>;

/** `POST /api/applications/bulk`: how many were placed and how many were already there. */
export const ZPlaceApplicantsResult = lazySchema(() =>
  z.object({
    placed: z.number().int(),
    skipped: z.number().int(),
  }),
);

// ---------------------------------------------------------------------------------------------
// Applications through the API (`/api/applications`), saved views' settings, live board events

/** `POST /api/applications`: one applicant on a vacancy, at its first stage unless named. */
export const ZCreateApplicationRequest = lazySchema(() =>
  ZPlaceApplicantRequest.extend({ applicant_id: ZId }),
);
export type TCreateApplicationRequest = z.infer<typeof ZCreateApplicationRequest>;
export type TPlaceApplicantsRequest = z.infer<typeof ZPlaceApplicantsRequest>;
export type TMoveApplicationRequest = z.infer<typeof ZMoveApplicationRequest>;

/** `POST /api/applications/{id}/reject` and `/refuse`: the kind is the route. */
export const ZRejectOrRefuseRequest = lazySchema(() =>
  ZRejectApplicationRequest.omit({ kind: true }),
);
export type TRejectOrRefuseRequest = z.infer<typeof ZRejectOrRefuseRequest>;

/** An application with its history, oldest transition first. */
export const ZApplicationWithHistory = lazySchema(() =>
  ZApplication.extend({ transitions: z.array(ZTransition) }),
);
export type TApplicationWithHistory = z.infer<typeof ZApplicationWithHistory>;

/** `GET /api/columns/get_applicants`: the cards a saved view selects. */
export const ZColumnCardQuery = lazySchema(() =>
  z.object({
    id: ZId,
    page: ZPageNumber,
    per_page: perPage(),
  }),
);

/** Filters a saved view understands; other keys are kept and ignored. */
export const ZColumnFilters = lazySchema(() =>
  z.object({
    vacancy_id: ZId.optional(),
    status_id: ZId.optional(),
    status_ids: z.array(ZId).max(100).optional(),
    applicant_name: z.string().trim().max(255).optional(),
    tags: z.array(ZId).max(100).optional(),
    is_overdue: z.boolean().optional(),
    reject_kind: ZRejectKind.optional(),
  }),
);
export type TColumnFilters = z.infer<typeof ZColumnFilters>;

/** A saved view's cards, across the vacancies the caller may read. */
export const ZColumnCard = lazySchema(() => ZBoardCard.extend({ vacancy_id: z.number().int() }));
export const ZColumnCardPage = lazySchema(() =>
  z.object({
    applicants: z.array(ZColumnCard),
    ...ZCardCount,
    page: z.number().int(),
    per_page: z.number().int(),
  }),
);
export type TColumnCardPage = z.infer<typeof ZColumnCardPage>;

/** `GET/PUT /api/settings_columns`: the caller's saved views in their order, shown or hidden. */
export const ZColumnSetting = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    size: ZColumnSize,
    order: z.number().int(),
    is_visible: z.boolean(),
  }),
);
export const ZColumnSettings = lazySchema(() => z.array(ZColumnSetting));
export type TColumnSetting = z.infer<typeof ZColumnSetting>;
export const ZUpdateColumnSettingsRequest = lazySchema(() =>
  z.object({
    columns: z
      .array(z.object({ id: ZId, is_visible: z.boolean().default(true) }), {
        error: 'Передайте список колонок columns',
      })
      .max(500)
      .refine((c) => new Set(c.map((x) => x.id)).size === c.length, {
        error: 'Колонки в списке повторяются',
      }),
  }),
);
export type TUpdateColumnSettingsRequest = z.infer<typeof ZUpdateColumnSettingsRequest>;

/**
 * One server-sent event of `GET /api/vacancies/{id}/events` (event name `application`): an
 * application of the vacancy was placed (`insert`), moved or changed (`update`) or removed
 * (`delete`).
 */
export const ZBoardEvent = lazySchema(() =>
  z.object({
    vacancy_id: z.number().int(),
    application_id: z.number().int(),
    op: z.enum(['insert', 'update', 'delete']),
    from_status_id: z.number().int().nullable(),
    to_status_id: z.number().int().nullable(),
  }),
);
export type TBoardEvent = z.infer<typeof ZBoardEvent>;
