import { z } from 'zod';
import { ZDate } from './applicants.ts';
import {
  boundedText,
  MAX_RICH_TEXT,
  SALARY_ORDER_MESSAGE,
  salaryInOrder,
  ZMoney,
} from './form-fields.ts';
import { ZAmount, ZBodyId, ZId } from './ids.ts';
import { perPage, ZPageNumber } from './pagination.ts';
import { ZAdditionalField, ZAdditionalFieldsList, ZUserRef } from './vacancies.ts';
import { lazySchema } from './lazy-schema.ts';

// Hiring requests («заявки на подбор», `/api/vacancy_applications`, huntlee-api.md §6.4) and the
// templates a company asks managers to fill (`/api/vacancy_application_templates`): the form
// (standard fields plus the company's own) and the approval route (steps of approvers).

const text = boundedText;
const money = lazySchema(() => ZMoney);

// ─── Templates ────────────────────────────────────────────────────────────────────────────────

export const REQUEST_FIELD_TYPES = ['text', 'number', 'date', 'choice', 'file'] as const;
export const ZRequestFieldType = lazySchema(() =>
  z.enum(REQUEST_FIELD_TYPES, {
    error: 'Тип поля: text, number, date, choice или file',
  }),
);
export type TRequestFieldType = z.infer<typeof ZRequestFieldType>;
export const REQUEST_FIELD_TYPE_LABELS: Record<TRequestFieldType, string> = {
  text: 'Текст',
  number: 'Число',
  date: 'Дата',
  choice: 'Выбор из списка',
  file: 'Файл',
};

/** A company's own field of the request form; `key` names its value in `template_values`. */
export const ZRequestTemplateField = lazySchema(() =>
  z
    .object({
      key: z
        .string()
        .trim()
        .regex(/^[a-z][a-z0-9_]{0,63}$/, {
          error: 'Ключ поля — латинские буквы, цифры и «_», с буквы',
        }),
      name: text(255).min(1, { error: 'Укажите название поля' }),
      type: ZRequestFieldType,
      required: z.boolean().default(false),
      /** The choices of a `choice` field (at least one); ignored for the other types. */
      options: z.array(text(255).min(1)).max(100, { error: 'Не больше 100 вариантов' }).default([]),
    })
    .refine((f) => f.type !== 'choice' || f.options.length > 0, {
      error: 'Укажите варианты выбора',
      path: ['options'],
    }),
);
export type TRequestTemplateField = z.infer<typeof ZRequestTemplateField>;

export const APPROVAL_MODES = ['any', 'all'] as const;
export const ZApprovalMode = lazySchema(() =>
  z.enum(APPROVAL_MODES, { error: 'Порядок согласования: any или all' }),
);
export type TApprovalMode = z.infer<typeof ZApprovalMode>;
export const APPROVAL_MODE_LABELS: Record<TApprovalMode, string> = {
  any: 'Любой из',
  all: 'Все',
};

/**
 * Who approves a step: a user of the account, an outside person by e-mail (a signed link by
 * letter, no account needed), or the head of the request's division.
 */
export const ZApproverSpec = lazySchema(() =>
  z.discriminatedUnion(
    'type',
    [
      z.object({ type: z.literal('user'), user_id: ZBodyId }),
      z.object({
        type: z.literal('email'),
        email: z.string().trim().toLowerCase().email({ error: 'Некорректный email' }).max(255),
        name: text(255).nullish(),
      }),
      z.object({ type: z.literal('division_head') }),
    ],
    { error: 'Согласующий: user, email или division_head' },
  ),
);
export type TApproverSpec = z.infer<typeof ZApproverSpec>;

export const ZApprovalStepSpec = lazySchema(() =>
  z.object({
    name: text(255).min(1, { error: 'Укажите название шага' }),
    mode: ZApprovalMode.default('any'),
    approvers: z
      .array(ZApproverSpec)
      .min(1, { error: 'Добавьте хотя бы одного согласующего' })
      .max(20, { error: 'Не больше 20 согласующих на шаге' }),
    /** Days a step may wait before the approver is reminded and the step shows red. */
    deadline_days: z
      .number({ error: 'Срок — целое число дней' })
      .int({ error: 'Срок — целое число дней' })
      .min(1, { error: 'Срок — от 1 дня' })
      .max(365, { error: 'Срок — не больше 365 дней' })
      .nullish(),
  }),
);
export type TApprovalStepSpec = z.infer<typeof ZApprovalStepSpec>;

const ZTemplateFields = lazySchema(() =>
  z.object({
    name: text(255).min(1, { error: 'Укажите название шаблона' }),
    description: text(5000).nullish(),
    fields: z.array(ZRequestTemplateField).max(50, { error: 'Не больше 50 полей' }).default([]),
    steps: z.array(ZApprovalStepSpec).max(10, { error: 'Не больше 10 шагов' }).default([]),
  }),
);
export const ZCreateRequestTemplate = lazySchema(() => ZTemplateFields);
export type TCreateRequestTemplate = z.input<typeof ZCreateRequestTemplate>;
/** PATCH (and PUT) take any subset; an absent list is left as it is (no defaults here). */
export const ZUpdateRequestTemplate = lazySchema(() =>
  z.object({
    name: ZTemplateFields.shape.name.optional(),
    description: ZTemplateFields.shape.description,
    fields: z.array(ZRequestTemplateField).max(50, { error: 'Не больше 50 полей' }).optional(),
    steps: z.array(ZApprovalStepSpec).max(10, { error: 'Не больше 10 шагов' }).optional(),
  }),
);
export type TUpdateRequestTemplate = z.input<typeof ZUpdateRequestTemplate>;

/** An approver as the API answers it: the spec plus who that is (a user's name). */
export const ZApproverAnswer = lazySchema(() =>
  z.object({
    type: z.enum(['user', 'email', 'division_head']),
    user_id: z.number().int().nullable(),
    email: z.string().nullable(),
    name: z.string(),
  }),
);

export const ZRequestTemplate = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    fields: z.array(
      z.object({
        key: z.string(),
        name: z.string(),
        type: ZRequestFieldType,
        required: z.boolean(),
        options: z.array(z.string()),
      }),
    ),
    steps: z.array(
      z.object({
        name: z.string(),
        mode: ZApprovalMode,
        approvers: z.array(ZApproverAnswer),
        deadline_days: z.number().int().nullable(),
      }),
    ),
    created_at: z.string(),
    updated_at: z.string(),
  }),
);
export type TRequestTemplate = z.infer<typeof ZRequestTemplate>;
/** `GET /api/vacancy_application_templates`: every template of the account, a plain list. */
export const ZRequestTemplateList = lazySchema(() => z.array(ZRequestTemplate));

// ─── Requests ─────────────────────────────────────────────────────────────────────────────────

export const REQUEST_STATES = [
  'draft',
  'pending',
  'approved',
  'rejected',
  'returned',
  'in_work',
  'closed',
] as const;
export const ZRequestState = lazySchema(() =>
  z.enum(REQUEST_STATES, {
    error: 'Состояние заявки: draft, pending, approved, rejected, returned, in_work или closed',
  }),
);
export type TRequestState = z.infer<typeof ZRequestState>;
export const REQUEST_STATE_LABELS: Record<TRequestState, string> = {
  draft: 'Черновик',
  pending: 'На согласовании',
  approved: 'Согласована',
  rejected: 'Отклонена',
  returned: 'На доработке',
  in_work: 'В работе',
  closed: 'Закрыта',
};

/** A file as clients send it (huntlee-api.md §6.4): a data URL and its name. */
export const ZRequestFileUpload = lazySchema(() =>
  z.object({
    file: z
      .string()
      .max(14_000_000, { error: 'Файл больше 10 МБ' })
      .regex(/^data:[\w.+-]+\/[\w.+-]+(;[\w=.+-]+)*;base64,/, {
        error: 'Файл передаётся как data URL (data:…;base64,…)',
      }),
    file_name: text(255).min(1, { error: 'Укажите имя файла' }),
  }),
);

/**
 * A value of a company's own field: text, a number, a date (ISO or DD.MM.YYYY), a choice (one of
 * the field's options) or, for a file field, an uploaded file (stored and answered as its id) or
 * the id of a file the request already has.
 */
export const ZTemplateValueInput = lazySchema(() =>
  z.union([text(10_000), ZAmount, ZRequestFileUpload, z.null()]),
);
export const ZTemplateValues = lazySchema(() =>
  z
    .record(z.string().max(64), ZTemplateValueInput)
    .refine((r) => Object.keys(r).length <= 50, { error: 'Не больше 50 полей' }),
);

/** The writable fields of a request (huntlee-api.md §6.4). */
export const ZRequestFields = lazySchema(() =>
  z.object({
    template_id: ZId.nullish(),
    position: z
      .string({ error: 'Укажите должность' })
      .trim()
      .min(1, { error: 'Укажите должность' })
      .max(255, { error: 'Не длиннее 255 символов' }),
    /** A free-form salary as old clients send it (`"1000"`); `salary_from`/`salary_to` are exact. */
    salary: text(255).nullish(),
    salary_from: money.nullish(),
    salary_to: money.nullish(),
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, { error: 'Валюта — трёхбуквенный код, например RUB' })
      .optional(),
    /** Deprecated: used to go into «Общая информация». */
    description: text(MAX_RICH_TEXT).nullish(),
    /** Deprecated: used to go into «Общая информация». */
    comment: text(MAX_RICH_TEXT).nullish(),
    needed: z
      .number({ error: 'Сколько нужно нанять — целое число' })
      .int({ error: 'Сколько нужно нанять — целое число' })
      .min(1, { error: 'Нужно нанять хотя бы одного' })
      .max(10_000)
      .optional(),
    date_will_close: ZDate.nullish(),
    body: text(MAX_RICH_TEXT).nullish(),
    requirements: text(MAX_RICH_TEXT).nullish(),
    conditions: text(MAX_RICH_TEXT).nullish(),
    information: text(MAX_RICH_TEXT).nullish(),
    priority: z.number().int().min(0).max(10).optional(),
    account_division_id: ZId.nullish(),
    additional_fields_list: ZAdditionalFieldsList.optional(),
    template_values: ZTemplateValues.optional(),
    /** Files to add to the request. */
    files: z.array(ZRequestFileUpload).max(10, { error: 'Не больше 10 файлов за раз' }).optional(),
    days_until_deadline: z.number().int().min(0).max(3650).nullish(),
  }),
);
const SALARY_ORDER = { error: SALARY_ORDER_MESSAGE, path: ['salary_from'] };

export const ZCreateRequest = lazySchema(() => ZRequestFields.refine(salaryInOrder, SALARY_ORDER));
export type TCreateRequest = z.input<typeof ZCreateRequest>;
/** PATCH (and PUT) take any subset; only a draft or a returned request is edited. */
export const ZUpdateRequest = lazySchema(() =>
  ZRequestFields.partial().refine(salaryInOrder, SALARY_ORDER),
);
export type TUpdateRequest = z.input<typeof ZUpdateRequest>;

export const APPROVER_DECISIONS = ['approved', 'rejected', 'returned'] as const;
export const ZApproverDecision = lazySchema(() => z.enum(APPROVER_DECISIONS));

export const STEP_STATES = ['waiting', 'pending', 'approved', 'rejected', 'returned'] as const;
export const STEP_STATE_LABELS: Record<(typeof STEP_STATES)[number], string> = {
  waiting: 'Ожидает',
  pending: 'На согласовании',
  approved: 'Согласовано',
  rejected: 'Отклонено',
  returned: 'Возвращено на доработку',
};

/** A step of a request's route, with each approver's decision. */
export const ZRequestStep = lazySchema(() =>
  z.object({
    index: z.number().int(),
    name: z.string(),
    mode: ZApprovalMode,
    deadline_days: z.number().int().nullable(),
    state: z.enum(STEP_STATES),
    started_at: z.string().nullable(),
    /** When the step is overdue (started_at + deadline_days), if it has a deadline. */
    due_at: z.string().nullable(),
    overdue: z.boolean(),
    approvers: z.array(
      ZApproverAnswer.extend({
        decision: ZApproverDecision.nullable(),
        decided_at: z.string().nullable(),
        comment: z.string().nullable(),
      }),
    ),
  }),
);
export type TRequestStep = z.infer<typeof ZRequestStep>;

export const REQUEST_ACTIONS = [
  'submit',
  'approve',
  'reject',
  'return',
  'withdraw',
  'take',
  'close',
] as const;
export type TRequestAction = (typeof REQUEST_ACTIONS)[number];
export const REQUEST_ACTION_LABELS: Record<TRequestAction | 'create' | 'update', string> = {
  create: 'Создал заявку',
  update: 'Изменил заявку',
  submit: 'Отправил на согласование',
  approve: 'Согласовал',
  reject: 'Отклонил',
  return: 'Вернул на доработку',
  withdraw: 'Отозвал заявку',
  take: 'Взял в работу',
  close: 'Закрыл заявку',
};

export const ZRequestHistoryEntry = lazySchema(() =>
  z.object({
    id: z.number().int(),
    action: z.enum(['create', 'update', ...REQUEST_ACTIONS]),
    /** A user, or an outside approver (user null, name and email set). */
    actor: z.object({
      user_id: z.number().int().nullable(),
      name: z.string(),
      email: z.string().nullable(),
    }),
    step: z.number().int().nullable(),
    comment: z.string().nullable(),
    at: z.string(),
  }),
);
export type TRequestHistoryEntry = z.infer<typeof ZRequestHistoryEntry>;

export const ZRequestFile = lazySchema(() =>
  z.object({
    id: z.number().int(),
    file_name: z.string(),
    size: z.number().int(),
    /** The template field the file fills, or null for the request's own files. */
    field_key: z.string().nullable(),
    /** Where the signed-in reader downloads it. */
    url: z.string(),
  }),
);

export const ZRequest = lazySchema(() =>
  z.object({
    id: z.number().int(),
    template_id: z.number().int().nullable(),
    template_name: z.string().nullable(),
    state: ZRequestState,
    position: z.string(),
    salary: z.string().nullable(),
    salary_from: z.number().int().nullable(),
    salary_to: z.number().int().nullable(),
    currency: z.string(),
    description: z.string().nullable(),
    comment: z.string().nullable(),
    needed: z.number().int(),
    date_will_close: z.string().nullable(),
    body: z.string().nullable(),
    requirements: z.string().nullable(),
    conditions: z.string().nullable(),
    information: z.string().nullable(),
    priority: z.number().int(),
    additional_fields_list: z.array(ZAdditionalField),
    /** The company's own fields by key; a file field holds the file's id. */
    template_values: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
    files: z.array(ZRequestFile),
    days_until_deadline: z.number().int().nullable(),
    account_division: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    author: ZUserRef,
    vacancy_id: z.number().int().nullable(),
    /** The index of the step waiting for decisions, while the request is pending. */
    current_step: z.number().int().nullable(),
    steps: z.array(ZRequestStep),
    /** What the reader may do now (the screen shows only these buttons). */
    can: z.object({
      edit: z.boolean(),
      delete: z.boolean(),
      submit: z.boolean(),
      approve: z.boolean(),
      reject: z.boolean(),
      return: z.boolean(),
      withdraw: z.boolean(),
      take: z.boolean(),
      close: z.boolean(),
    }),
    /** Every step, newest last; only in the one-request read. */
    history: z.array(ZRequestHistoryEntry).optional(),
    submitted_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
);
export type TRequest = z.infer<typeof ZRequest>;

export const REQUEST_TABS = ['mine', 'to_approve', 'all'] as const;
export const REQUEST_TAB_LABELS: Record<(typeof REQUEST_TABS)[number], string> = {
  mine: 'Мои',
  to_approve: 'На моём согласовании',
  all: 'Все',
};

export const ZRequestListQuery = lazySchema(() =>
  z.object({
    page: ZPageNumber,
    per_page: perPage(),
    /** `mine`: the reader's own; `to_approve`: waiting for the reader's decision; `all` (default). */
    tab: z.enum(REQUEST_TABS, { error: 'Вкладка: mine, to_approve или all' }).default('all'),
    state: ZRequestState.optional(),
    account_division_id: ZId.optional(),
    author_id: ZId.optional(),
    template_id: ZId.optional(),
    /** Part of the position. */
    q: text(255).optional(),
    overdue: z.enum(['true', 'false']).optional(),
  }),
);
export type TRequestListQuery = z.infer<typeof ZRequestListQuery>;

export const ZRequestPage = lazySchema(() =>
  z.object({
    vacancy_applications: z.array(ZRequest),
    vacancy_application_count: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
  }),
);
export type TRequestPage = z.infer<typeof ZRequestPage>;

/** approve (comment optional), reject and return (a comment required), the rest take nothing. */
export const ZRequestDecision = lazySchema(() => z.object({ comment: text(5000).nullish() }));
export const ZRequestDecisionWithComment = lazySchema(() =>
  z.object({
    comment: text(5000).min(1, { error: 'Напишите комментарий' }),
  }),
);

/** `POST /{id}/take`: the vacancy made from the request. */
export const ZTakeRequestAnswer = lazySchema(() =>
  z.object({ vacancy_id: z.number().int(), request: ZRequest }),
);

// ─── Outside approvers (no account) ───────────────────────────────────────────────────────────

/** `GET /api/public/request_approvals/{token}`: what the outside approver sees. */
export const ZPublicApproval = lazySchema(() =>
  z.object({
    company: z.string(),
    approver: z.object({ name: z.string(), email: z.string() }),
    step: z.object({ index: z.number().int(), name: z.string() }),
    request: ZRequest.pick({
      position: true,
      salary: true,
      salary_from: true,
      salary_to: true,
      currency: true,
      needed: true,
      date_will_close: true,
      body: true,
      requirements: true,
      conditions: true,
      information: true,
      state: true,
    }).extend({
      author: z.string(),
      account_division: z.string().nullable(),
      template_values: z.array(z.object({ name: z.string(), value: z.string() })),
      steps: z.array(ZRequestStep.pick({ index: true, name: true, state: true })),
    }),
  }),
);
export type TPublicApproval = z.infer<typeof ZPublicApproval>;

/** `POST /api/public/request_approvals/{token}`: the outside approver's decision. */
export const ZPublicDecision = lazySchema(() =>
  z
    .object({
      decision: z.enum(['approve', 'reject'], { error: 'Решение: approve или reject' }),
      comment: text(5000).nullish(),
    })
    .refine((d) => d.decision === 'approve' || (d.comment ?? '').length > 0, {
      error: 'Напишите, почему заявка отклонена',
      path: ['comment'],
    }),
);
export type TPublicDecision = z.infer<typeof ZPublicDecision>;

/** The token of an outside approver's link, as the public page sends it back. */
export const ZPublicApprovalParams = lazySchema(() =>
  z.object({ token: z.string().min(1).max(200) }),
);

/** What an outside approver's link answers when it no longer works (nothing changes). */
export const PUBLIC_APPROVAL_ERRORS = {
  invalid: 'Ссылка недействительна',
  used: 'Ссылка уже использована',
  expired: 'Срок действия ссылки истёк',
} as const;

/** `GET /api/vacancy_applications/{id}/files/{fileId}`: a request's file, to download. */
export const ZRequestFileParams = lazySchema(() => z.object({ id: ZId, fileId: ZId }));
