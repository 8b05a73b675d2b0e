import { z } from 'zod';
import { MAX_ID } from './ids.ts';
import { lazySchema } from './lazy-schema.ts';

// Mail templates (research/huntlee-api.md §6.12): `/api/account_mail_temps`, rendered for an
// applicant by `/api/get_letter_by_template`, `/api/get_pdf_by_template`, `/api/get_docx_by_template`.

export const MAIL_TEMPLATE_ACTION_TYPES = ['mail', 'sms', 'messenger'] as const;
export type TMailTemplateActionType = (typeof MAIL_TEMPLATE_ACTION_TYPES)[number];
export const MAIL_TEMPLATE_ACTION_LABELS: Record<TMailTemplateActionType, string> = {
  mail: 'Письмо',
  sms: 'SMS',
  messenger: 'Сообщение в мессенджер',
};

export const MAX_TEMPLATE_NAME = 200;
export const MAX_TEMPLATE_TITLE = 500;
export const MAX_TEMPLATE_BODY = 100_000;

/** What a template's `%…%` variables stand for; the editor offers them, the server fills them. */
export const MAIL_TEMPLATE_VARIABLES = [
  { name: 'applicant.name', label: 'ФИО кандидата', example: 'Иванова Мария Сергеевна' },
  { name: 'applicant.first_name', label: 'Имя кандидата', example: 'Мария' },
  { name: 'applicant.last_name', label: 'Фамилия кандидата', example: 'Иванова' },
  { name: 'applicant.middle_name', label: 'Отчество кандидата', example: 'Сергеевна' },
  { name: 'applicant.position', label: 'Должность кандидата', example: 'Бухгалтер' },
  { name: 'applicant.email', label: 'Email кандидата', example: 'maria@example.ru' },
  { name: 'applicant.phone', label: 'Телефон кандидата', example: '+7 900 123-45-67' },
  { name: 'vacancy.name', label: 'Название вакансии', example: 'Главный бухгалтер' },
  { name: 'company.name', label: 'Название компании', example: 'ООО «Ромашка»' },
  { name: 'user.name', label: 'Имя отправителя', example: 'Анна Петрова' },
  { name: 'date', label: 'Сегодняшняя дата', example: '5 марта 2026 г.' },
  {
    name: 'telegram_link',
    label: 'Ссылка на Telegram-бота компании для кандидата (пусто, пока бот не подключён)',
    example: 'https://t.me/romashka_hr_bot?start=…',
  },
] as const;
export type TMailTemplateVariableName = (typeof MAIL_TEMPLATE_VARIABLES)[number]['name'];

/** `%applicant.name%`: letters, digits, `_` and dots between two percent signs. */
export const TEMPLATE_VARIABLE_PATTERN = /%([a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)*)%/gi;

export const variableToken = (name: string) => `%${name}%`;

export const ZMailTemplateVariable = lazySchema(() =>
  z.object({
    /** As typed in a template: `%applicant.name%`. */
    variable: z.string(),
    name: z.string(),
    label: z.string(),
    example: z.string(),
  }),
);
export const ZMailTemplateVariableList = lazySchema(() => z.array(ZMailTemplateVariable));
export type TMailTemplateVariable = z.infer<typeof ZMailTemplateVariable>;

export const ZMailTemplate = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    /** The letter's subject. */
    title: z.string(),
    action_type: z.enum(MAIL_TEMPLATE_ACTION_TYPES),
    /** The body: HTML of the rich-text editor, cleaned to its tags. */
    description: z.string(),
    /** Shared with the team, or personal to its author. */
    is_shared: z.boolean(),
    author_id: z.number().int(),
    author_name: z.string().nullable(),
    /** Whether the caller may change or delete it. */
    can_edit: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
);
export type TMailTemplate = z.infer<typeof ZMailTemplate>;
export const ZMailTemplateList = lazySchema(() => z.array(ZMailTemplate));

const ZTemplateName = lazySchema(() =>
  z
    .string({ error: 'Укажите название шаблона' })
    .trim()
    .min(1, { error: 'Укажите название шаблона' })
    .max(MAX_TEMPLATE_NAME, { error: `Название не длиннее ${MAX_TEMPLATE_NAME} символов` }),
);
const ZTemplateTitle = lazySchema(() =>
  z
    .string({ error: 'Тема письма должна быть строкой' })
    .trim()
    .max(MAX_TEMPLATE_TITLE, { error: `Тема письма не длиннее ${MAX_TEMPLATE_TITLE} символов` }),
);
const ZTemplateBody = lazySchema(() =>
  z
    .string({ error: 'Текст письма должен быть строкой' })
    .max(MAX_TEMPLATE_BODY, { error: 'Текст письма слишком длинный' }),
);
const ZActionType = lazySchema(() =>
  z.enum(MAIL_TEMPLATE_ACTION_TYPES, {
    error: 'Тип шаблона должен быть mail, sms или messenger',
  }),
);
const ZIsShared = lazySchema(() => z.boolean({ error: 'is_shared должен быть true или false' }));

export const ZCreateMailTemplateRequest = lazySchema(() =>
  z.object({
    name: ZTemplateName,
    title: ZTemplateTitle.default(''),
    action_type: ZActionType.default('mail'),
    description: ZTemplateBody.nullish().transform((value) => value ?? ''),
    is_shared: ZIsShared.default(false),
  }),
);
export type TCreateMailTemplateRequest = z.input<typeof ZCreateMailTemplateRequest>;

export const ZUpdateMailTemplateRequest = lazySchema(() =>
  z.object({
    name: ZTemplateName.optional(),
    title: ZTemplateTitle.optional(),
    action_type: ZActionType.optional(),
    description: ZTemplateBody.nullish(),
    is_shared: ZIsShared.optional(),
  }),
);
export type TUpdateMailTemplateRequest = z.input<typeof ZUpdateMailTemplateRequest>;

const idParam = (missing: string) =>
  z.coerce
    .number({ error: missing })
    .int({ error: 'Некорректный идентификатор' })
    .positive({ error: missing })
    .max(MAX_ID, { error: 'Некорректный идентификатор' });

/** Which template to render for which applicant, and optionally which vacancy. */
export const ZRenderTemplateQuery = lazySchema(() =>
  z.object({
    template_id: idParam('Укажите шаблон'),
    applicant_id: idParam('Укажите кандидата'),
    vacancy_id: z
      .union([z.literal(''), idParam('Некорректная вакансия')])
      .optional()
      .transform((value) => (value === '' ? undefined : value)),
  }),
);
export type TRenderTemplateQuery = z.input<typeof ZRenderTemplateQuery>;

/** A preview of a template being edited: its subject and body, rendered before it is saved. */
export const ZPreviewTemplateRequest = lazySchema(() =>
  z.object({
    title: ZTemplateTitle.default(''),
    description: ZTemplateBody.default(''),
    applicant_id: idParam('Выберите кандидата для предпросмотра'),
    vacancy_id: idParam('Некорректная вакансия').nullish(),
  }),
);
export type TPreviewTemplateRequest = z.input<typeof ZPreviewTemplateRequest>;

export const ZRenderedLetter = lazySchema(() =>
  z.object({
    subject: z.string(),
    body_html: z.string(),
    body_text: z.string(),
    /** Variables the template names that are not in the list: left in the text as typed. */
    unknown_variables: z.array(z.string()),
  }),
);
export type TRenderedLetter = z.infer<typeof ZRenderedLetter>;
