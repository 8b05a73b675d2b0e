import { z } from 'zod';
import { ZDate } from './applicants.ts';
import {
  boundedText,
  MAX_RICH_TEXT,
  SALARY_ORDER_MESSAGE,
  salaryInOrder,
  ZMoney,
} from './form-fields.ts';
import { ZIconAnswer } from './icons.ts';
import { intBetween, ZAmount, ZId } from './ids.ts';
import { perPage, ZPageNumber } from './pagination.ts';
import { ZStage } from './pipeline.ts';
import { lazySchema } from './lazy-schema.ts';

/** The vacancy list's page (home): the web app asks for it and the home screen answers it. */
export const VACANCY_PAGE_SIZE = 30;

// Vacancies as the product's clients send them (research/huntlee-api.md §6.3; update uses PUT)
// and as the web app reads them (§4.4 visible_fields_vacancy).

export const VACANCY_STATES = ['open', 'hold', 'closed'] as const;
export const ZVacancyState = lazySchema(() =>
  z.enum(VACANCY_STATES, {
    error: 'Состояние вакансии: open, hold или closed',
  }),
);
export type TVacancyState = z.infer<typeof ZVacancyState>;
export const VACANCY_STATE_LABELS: Record<TVacancyState, string> = {
  open: 'Открыта',
  hold: 'На паузе',
  closed: 'Закрыта',
};

/** Close-type actions (SPEC.md §4): close and hold each need a reason; reopen does not. */
export const VACANCY_STATE_ACTIONS = ['close', 'hold', 'reopen'] as const;
export const ZVacancyStateAction = lazySchema(() =>
  z.enum(VACANCY_STATE_ACTIONS, {
    error: 'Действие с вакансией: close, hold или reopen',
  }),
);

export { MAX_RICH_TEXT };
const text = boundedText;
const money = lazySchema(() => ZMoney);

/** `date_will_close`: ISO `YYYY-MM-DD` or `DD.MM.YYYY` (as the known clients send it); ISO out. */
export const ZDateWillClose = lazySchema(() => ZDate);

export const ZVacancyRegion = lazySchema(() =>
  z.object({
    site: text(50).min(1, { error: 'Укажите сайт' }),
    name: text(255).min(1, { error: 'Укажите регион' }),
  }),
);
export type TVacancyRegion = z.infer<typeof ZVacancyRegion>;

export const ADDITIONAL_FIELD_TYPES = ['string', 'text', 'number'] as const;
/** A custom field of a vacancy, a template or a division. */
export const ZAdditionalField = lazySchema(() =>
  z.object({
    type: z.enum(ADDITIONAL_FIELD_TYPES, { error: 'Тип поля: string, text или number' }),
    name: text(255).min(1, { error: 'Укажите название поля' }),
    value: z
      .union([text(10_000), ZAmount])
      .nullable()
      .default(null),
  }),
);
export type TAdditionalField = z.infer<typeof ZAdditionalField>;
export const ZAdditionalFieldsList = lazySchema(() =>
  z.array(ZAdditionalField).max(100, {
    error: 'Не больше 100 дополнительных полей',
  }),
);

const ZUserIds = lazySchema(() => z.array(ZId).max(100, { error: 'Не больше 100 пользователей' }));

/** The writable fields of a vacancy; ids of other entities are checked in the caller's account. */
export const ZVacancyFields = lazySchema(() =>
  z.object({
    position: text(255).min(1, { error: 'Укажите название вакансии' }),
    salary_from: money.nullish(),
    salary_to: money.nullish(),
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, { error: 'Валюта — трёхбуквенный код, например RUB' })
      .optional(),
    needed: z
      .number({ error: 'Сколько нужно нанять — целое число' })
      .int({ error: 'Сколько нужно нанять — целое число' })
      .min(1, { error: 'Нужно нанять хотя бы одного' })
      .max(10_000)
      .optional(),
    priority: z.number().int().min(0).max(10).optional(),
    is_hidden: z.boolean().optional(),
    body: text(MAX_RICH_TEXT).nullish(),
    requirements: text(MAX_RICH_TEXT).nullish(),
    conditions: text(MAX_RICH_TEXT).nullish(),
    information: text(MAX_RICH_TEXT).nullish(),
    regions: z.array(ZVacancyRegion).max(50).optional(),
    owners: ZUserIds.optional(),
    watchers: ZUserIds.optional(),
    // The funnel whose stages a new vacancy copies; the account's favourite funnel when absent.
    status_group: ZId.nullish(),
    country: ZId.nullish(),
    city: text(255).nullish(),
    account_division_id: ZId.nullish(),
    date_will_close: ZDateWillClose.nullish(),
    days_until_deadline: z.number().int().min(0).max(3650).nullish(),
    vacancy_application_id: ZId.nullish(),
    additional_fields_list: ZAdditionalFieldsList.optional(),
  }),
);

/**
 * `statuses` (huntlee-api.md §6.3): on create, the stages (of any funnel of the account) to copy
 * in this order instead of the whole funnel; on update, the vacancy's own stages in a new order.
 */
const ZStageIds = lazySchema(() =>
  z
    .array(ZId, { error: 'Этапы — список идентификаторов' })
    .min(1, { error: 'У вакансии должен быть хотя бы один этап' })
    .max(100)
    .refine((ids) => new Set(ids).size === ids.length, { error: 'Этапы в списке повторяются' }),
);

export const ZCreateVacancyRequest = lazySchema(() =>
  ZVacancyFields.extend({
    // Start from a template: its fields fill what the request leaves out, its stages are copied.
    vacancy_template_id: ZId.nullish(),
    statuses: ZStageIds.optional(),
  }).refine(salaryInOrder, { path: ['salary_to'], error: SALARY_ORDER_MESSAGE }),
);
export type TCreateVacancyRequest = z.infer<typeof ZCreateVacancyRequest>;

export const ZUpdateVacancyRequest = lazySchema(() =>
  ZVacancyFields.extend({ statuses: ZStageIds })
    .partial()
    .refine(salaryInOrder, {
      path: ['salary_to'],
      error: SALARY_ORDER_MESSAGE,
    }),
);
export type TUpdateVacancyRequest = z.infer<typeof ZUpdateVacancyRequest>;

/** Close, hold (each with a reason of that type) or reopen a vacancy. */
export const ZChangeVacancyStateRequest = lazySchema(() =>
  z
    .object({
      action: ZVacancyStateAction,
      reason_id: ZId.nullish(),
      comment: text(2000).nullish(),
    })
    .refine((v) => v.action === 'reopen' || v.reason_id != null, {
      path: ['reason_id'],
      error: 'Укажите причину',
    }),
);
export type TChangeVacancyStateRequest = z.infer<typeof ZChangeVacancyStateRequest>;

export const ZUserRef = lazySchema(() => z.object({ id: z.number().int(), name: z.string() }));

/** A vacancy as the API answers it: stored fields plus the read fields of visible_fields_vacancy. */
export const ZVacancy = lazySchema(() =>
  z.object({
    id: z.number().int(),
    position: z.string(),
    name: z.string(),
    salary_from: z.number().int().nullable(),
    salary_to: z.number().int().nullable(),
    currency: z.string(),
    needed: z.number().int(),
    priority: z.number().int(),
    is_hidden: z.boolean(),
    body: z.string().nullable(),
    requirements: z.string().nullable(),
    conditions: z.string().nullable(),
    information: z.string().nullable(),
    regions: z.array(ZVacancyRegion),
    owners: z.array(ZUserRef),
    watchers: z.array(ZUserRef),
    status_group: z.number().int().nullable(),
    statuses: z.array(ZStage),
    country: z.number().int().nullable(),
    city: z.string().nullable(),
    account_division: z
      .object({ id: z.number().int(), name: z.string(), icon: ZIconAnswer })
      .nullable(),
    date_will_close: z.string().nullable(),
    days_until_deadline: z.number().int().nullable(),
    days_will_close: z.number().int().nullable(),
    vacancy_application_id: z.number().int().nullable(),
    additional_fields_list: z.array(ZAdditionalField),
    state: ZVacancyState,
    state_reason_id: z.number().int().nullable(),
    state_changed_at: z.string(),
    count_applicants: z.number().int(),
    hired: z.number().int(),
    days_failed: z.number().int(),
    /** Days since the vacancy entered its current state (open, hold, closed). */
    days_on_status: z.number().int(),
    avg_close_time: z.number().nullable(),
    author: ZUserRef.nullable(),
    /**
     * Applications now at each stage the reader may read (the list cards' stage bar); optional
     * until every read fills it — the web app falls back to the total when it is absent.
     */
    stage_counts: z
      .array(z.object({ status_id: z.number().int(), count: z.number().int() }))
      .optional(),
    created_at: z.string(),
    updated_at: z.string(),
    closed_at: z.string().nullable(),
  }),
);
export type TVacancy = z.infer<typeof ZVacancy>;

export const ZVacancyStateLogEntry = lazySchema(() =>
  z.object({
    id: z.number().int(),
    from_state: ZVacancyState.nullable(),
    to_state: ZVacancyState,
    reason_id: z.number().int().nullable(),
    reason_name: z.string().nullable(),
    comment: z.string().nullable(),
    changed_by: z.number().int().nullable(),
    changed_at: z.string(),
  }),
);

/** A stage as a vacancy template keeps it. */
export const ZTemplateStage = lazySchema(() =>
  z.object({
    name: text(100).min(1, { error: 'Укажите название этапа' }),
    color: z.string(),
    order: intBetween(0, 100_000, 'Порядок этапа — целое число от 0 до 100000'),
    is_offer: z.boolean().default(false),
    is_reject: z.boolean().default(false),
    reject_kind: z.enum(['reject', 'refuse']).nullable().default(null),
    is_required: z.boolean().default(false),
    stay_duration: z.number().int().min(0).max(3650).nullable().default(null),
    status_type: z.enum(['user', 'hired']).default('user'),
  }),
);

export const ZCreateVacancyTemplateRequest = lazySchema(() =>
  ZVacancyFields.omit({
    owners: true,
    watchers: true,
    date_will_close: true,
    vacancy_application_id: true,
  })
    .partial()
    .extend({
      name: text(255).min(1, { error: 'Укажите название шаблона' }),
      stages: z.array(ZTemplateStage).max(50).optional(),
      // Make the template from an existing vacancy: its fields and stages.
      vacancy_id: ZId.nullish(),
    }),
);
export const ZUpdateVacancyTemplateRequest = lazySchema(() =>
  ZCreateVacancyTemplateRequest.omit({
    vacancy_id: true,
  }).partial(),
);

export const ZVacancyTemplate = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    position: z.string().nullable(),
    salary_from: z.number().int().nullable(),
    salary_to: z.number().int().nullable(),
    currency: z.string().nullable(),
    needed: z.number().int().nullable(),
    priority: z.number().int().nullable(),
    is_hidden: z.boolean(),
    body: z.string().nullable(),
    requirements: z.string().nullable(),
    conditions: z.string().nullable(),
    information: z.string().nullable(),
    regions: z.array(ZVacancyRegion),
    country: z.number().int().nullable(),
    city: z.string().nullable(),
    account_division_id: z.number().int().nullable(),
    status_group: z.number().int().nullable(),
    days_until_deadline: z.number().int().nullable(),
    additional_fields_list: z.array(ZAdditionalField),
    stages: z.array(ZTemplateStage),
    created_at: z.string(),
    updated_at: z.string(),
  }),
);
export type TVacancyTemplate = z.infer<typeof ZVacancyTemplate>;

/** `/api/vacancies_with_filters` and the list on the home page. */
export const ZVacancyListQuery = lazySchema(() =>
  z.object({
    page: ZPageNumber,
    per_page: perPage(),
    state: z
      .union([ZVacancyState, z.array(ZVacancyState)], {
        error: 'Состояние вакансии: open, hold или closed',
      })
      .transform((v) => (Array.isArray(v) ? v : [v]))
      .optional(),
    division_id: ZId.optional(),
    owner_id: ZId.optional(),
    priority: z.coerce.number().int().min(0).max(10).optional(),
    search: z.string().trim().max(255).optional(),
  }),
);
export type TVacancyListQuery = z.infer<typeof ZVacancyListQuery>;

export const ZVacancyStateCounts = lazySchema(() =>
  z.object({
    open: z.number().int(),
    hold: z.number().int(),
    closed: z.number().int(),
  }),
);

export const ZVacancyPage = lazySchema(() =>
  z.object({
    vacancies: z.array(ZVacancy),
    vacancy_count: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
    /** How many vacancies each state tab holds under the other filters (for the tabs' counters). */
    state_counts: ZVacancyStateCounts,
  }),
);

/** Close or hold (`reason_id` of that reason_type required) and reopen, as separate routes. */
export const ZVacancyStateChangeBody = lazySchema(() =>
  z.object({
    reason_id: ZId.nullish(),
    comment: text(2000).nullish(),
  }),
);
export type TVacancyStateChangeBody = z.infer<typeof ZVacancyStateChangeBody>;

/** `GET /api/vacancies/{id}/statistics`: the funnel of a vacancy, stages in their order. */
export const ZVacancyStageStatistics = lazySchema(() =>
  z.object({
    status_id: z.number().int(),
    name: z.string(),
    color: z.string(),
    order: z.number().int(),
    status_type: z.string(),
    is_offer: z.boolean(),
    is_reject: z.boolean(),
    reject_kind: z.enum(['reject', 'refuse']).nullable(),
    /** Applications at the stage now. */
    count: z.number().int(),
    /**
     * Applications that ever entered the stage; for the non-rejection stages also those that went
     * further (skipping a stage does not break the funnel).
     */
    reached: z.number().int(),
    /** Percent of the previous non-rejection stage's `reached`; null on the first and on rejections. */
    conversion_from_previous: z.number().nullable(),
    /** Percent of the first stage's `reached`; null on rejections. */
    conversion_from_first: z.number().nullable(),
    /** Average days spent in the stage by those who left it; null when nobody has left yet. */
    avg_days: z.number().nullable(),
  }),
);
export const ZVacancyRejectionStatistics = lazySchema(() =>
  z.object({
    reason_id: z.number().int().nullable(),
    reason_name: z.string().nullable(),
    kind: z.enum(['reject', 'refuse']),
    count: z.number().int(),
  }),
);
export const ZVacancyStatistics = lazySchema(() =>
  z.object({
    vacancy_id: z.number().int(),
    count_applicants: z.number().int(),
    hired: z.number().int(),
    stages: z.array(ZVacancyStageStatistics),
    rejections: z.array(ZVacancyRejectionStatistics),
  }),
);
export type TVacancyStatistics = z.infer<typeof ZVacancyStatistics>;

export const ZVacancyTemplateList = lazySchema(() => z.array(ZVacancyTemplate));
export const ZVacancyStateLog = lazySchema(() => z.array(ZVacancyStateLogEntry));
