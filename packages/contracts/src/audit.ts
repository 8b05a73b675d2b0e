import { z } from 'zod';
import { ZDate } from './applicants.ts';
import { MAX_ID } from './ids.ts';
import { MAX_PAGE_SIZE, PAGE_SIZE } from './pagination.ts';
import { lazySchema } from './lazy-schema.ts';

// The audit log (/settings/audit, GET /api/audit_events): admin and security actions of an
// account — who did what, when and from where. Decision 0015.

/** Every action the log records, with how the settings page names it. */
export const AUDIT_ACTION_LABELS = {
  'auth.sign_in': 'Вход',
  'auth.sign_in_failed': 'Неудачный вход',
  'auth.sign_out': 'Выход',
  'auth.password_changed': 'Смена пароля',
  'auth.password_reset': 'Восстановление пароля',
  'auth.two_factor_enabled': 'Двухфакторный вход включён',
  'auth.two_factor_disabled': 'Двухфакторный вход выключен',
  'auth.recovery_codes_renewed': 'Новые резервные коды',
  'auth.sessions_ended': 'Завершение сеансов',
  'user.invited': 'Приглашение пользователя',
  'user.updated': 'Изменение пользователя',
  'user.deleted': 'Удаление пользователя',
  'account.settings_changed': 'Данные компании',
  'account.common_settings_changed': 'Общие настройки',
  'account.privacy_settings_changed': 'Настройки согласия на обработку данных',
  'applicants.exported': 'Выгрузка кандидатов',
  'applicants.merged': 'Объединение дублей',
  'applicants.merge_undone': 'Отмена объединения',
  'applicant.deleted': 'Удаление кандидата',
  'applicant.consent_requested': 'Запрос согласия на обработку данных',
  'applicant.consent_given': 'Согласие на обработку данных дано',
  'applicant.consent_refused': 'Отказ от обработки данных',
  'applicant.consent_withdrawn': 'Согласие на обработку данных отозвано',
  'vacancy.deleted': 'Удаление вакансии',
  'tag.deleted': 'Удаление метки',
  'reason.deleted': 'Удаление причины',
  'source.deleted': 'Удаление источника',
  'division.deleted': 'Удаление подразделения',
  'mail_template.deleted': 'Удаление шаблона письма',
  'vacancy_application_template.created': 'Шаблон заявки создан',
  'vacancy_application_template.updated': 'Шаблон заявки изменён',
  'vacancy_application_template.deleted': 'Удаление шаблона заявки',
  'vacancy_application.created': 'Заявка на подбор создана',
  'vacancy_application.updated': 'Заявка на подбор изменена',
  'vacancy_application.deleted': 'Удаление заявки на подбор',
  'vacancy_application.submitted': 'Заявка отправлена на согласование',
  'vacancy_application.approved': 'Заявка согласована',
  'vacancy_application.rejected': 'Заявка отклонена',
  'vacancy_application.returned': 'Заявка возвращена на доработку',
  'vacancy_application.withdrawn': 'Заявка отозвана',
  'vacancy_application.taken': 'Заявка взята в работу',
  'vacancy_application.closed': 'Заявка закрыта',
} as const;

export type TAuditAction = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as TAuditAction[];
export const ZAuditAction = lazySchema(() =>
  z.enum(AUDIT_ACTIONS as [TAuditAction, ...TAuditAction[]], {
    error: 'Неизвестный тип действия',
  }),
);

export const AUDIT_MESSAGES = {
  onlyAdmins: 'Журнал действий доступен только администратору',
  badRange: 'Дата «с» должна быть не позже даты «по»',
  badPage: 'Номер страницы — целое число от 1',
  badPerPage: `На странице от 1 до ${MAX_PAGE_SIZE} записей`,
  badActor: 'Некорректный идентификатор пользователя',
  badDate: 'Дата указывается как ГГГГ-ММ-ДД или ДД.ММ.ГГГГ',
  longQuery: 'Поиск — не длиннее 200 символов',
} as const;

const blank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** A positive integer from a query string; an empty value is absent. */
const intParam = (message: string, max: number) =>
  z
    .union([z.string(), z.number()])
    .nullish()
    .transform((value, ctx): number | undefined => {
      if (blank(value)) return undefined;
      const n = typeof value === 'number' ? value : Number(String(value).trim());
      if (!Number.isInteger(n) || n < 1 || n > max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    });

const dateParam = lazySchema(() =>
  z
    .string()
    .nullish()
    .transform((value, ctx): string | undefined => {
      if (blank(value)) return undefined;
      const parsed = ZDate.safeParse(value);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: AUDIT_MESSAGES.badDate });
        return z.NEVER;
      }
      return parsed.data;
    }),
);

/** GET /api/audit_events: paging and the filters of the page (all optional). */
export const ZAuditEventsQuery = lazySchema(() =>
  z
    .object({
      page: intParam(AUDIT_MESSAGES.badPage, 100_000).transform((v) => v ?? 1),
      per_page: intParam(AUDIT_MESSAGES.badPerPage, MAX_PAGE_SIZE).transform((v) => v ?? PAGE_SIZE),
      action: z
        .string()
        .nullish()
        .transform((value) => (blank(value) ? undefined : value!.trim()))
        .pipe(ZAuditAction.optional()),
      actor_id: intParam(AUDIT_MESSAGES.badActor, MAX_ID),
      /** Days in the account's time zone, both ends included. */
      from: dateParam,
      to: dateParam,
      q: z
        .string()
        .trim()
        .max(200, { error: AUDIT_MESSAGES.longQuery })
        .nullish()
        .transform((value) => value || undefined),
    })
    .refine((query) => !query.from || !query.to || query.from <= query.to, {
      message: AUDIT_MESSAGES.badRange,
      path: ['to'],
    }),
);
export type TAuditEventsQuery = z.output<typeof ZAuditEventsQuery>;

export const ZAuditActor = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string().nullable(),
    email: z.string(),
  }),
);

export const ZAuditEvent = lazySchema(() =>
  z.object({
    id: z.number().int(),
    occurred_at: z.string(),
    action: ZAuditAction,
    /** The user who acted (for a failed sign-in: the user whose address was typed), if known. */
    actor: ZAuditActor.nullable(),
    /** The address typed at a sign-in. */
    actor_email: z.string().nullable(),
    target_type: z.string().nullable(),
    target_id: z.number().int().nullable(),
    summary: z.string(),
    /** `{field: {from, to}}` for changes; other keys describe what the action concerned. */
    changes: z.record(z.string(), z.unknown()),
    ip: z.string().nullable(),
    user_agent: z.string().nullable(),
  }),
);
export type TAuditEvent = z.infer<typeof ZAuditEvent>;

export const ZAuditEventList = lazySchema(() =>
  z.object({
    audit_events: z.array(ZAuditEvent),
    audit_event_count: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
  }),
);
export type TAuditEventList = z.infer<typeof ZAuditEventList>;
