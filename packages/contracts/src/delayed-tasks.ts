import { z } from 'zod';
import { ZBodyId, ZId } from './ids.ts';
import { ZPageNumber, perPage } from './pagination.ts';
import { lazySchema } from './lazy-schema.ts';

/** What a delayed task does (decision 0040); «create_event» only where the events module is. */
export const DELAYED_TASK_KINDS = [
  'send_letter',
  'send_message',
  'move_stage',
  'remind_user',
  'create_event',
] as const;
export const ZDelayedTaskKind = lazySchema(() =>
  z.enum(DELAYED_TASK_KINDS, {
    error: 'Неизвестный вид отложенного действия',
  }),
);
export type TDelayedTaskKind = z.infer<typeof ZDelayedTaskKind>;

/** The names the menu and the lists show. */
export const DELAYED_TASK_KIND_NAMES: Record<TDelayedTaskKind, string> = {
  send_letter: 'Отправить письмо по шаблону',
  send_message: 'Отправить сообщение',
  move_stage: 'Перевести на этап',
  remind_user: 'Напомнить пользователю',
  create_event: 'Создать встречу',
};

export const SUB_TASK_STATES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export const ZSubTaskState = lazySchema(() => z.enum(SUB_TASK_STATES));
export type TSubTaskState = z.infer<typeof ZSubTaskState>;

/** A task's state as the list shows it, from its sub-tasks' states. */
export const TASK_STATES = ['upcoming', 'running', 'done', 'failed', 'cancelled'] as const;
export const ZDelayedTaskState = lazySchema(() =>
  z.enum(TASK_STATES, {
    error: 'Состояние: upcoming, running, done, failed или cancelled',
  }),
);
export type TDelayedTaskState = z.infer<typeof ZDelayedTaskState>;

export const TASK_STATE_NAMES: Record<TDelayedTaskState, string> = {
  upcoming: 'Запланировано',
  running: 'Выполняется',
  done: 'Выполнено',
  failed: 'С ошибками',
  cancelled: 'Отменено',
};
export const SUB_TASK_STATE_NAMES: Record<TSubTaskState, string> = {
  queued: 'Ожидает',
  running: 'Выполняется',
  done: 'Выполнено',
  failed: 'Ошибка',
  cancelled: 'Отменено',
};

const TIME_MESSAGE = 'Время в формате ЧЧ:ММ, например 10:00';
const AT_MESSAGE = 'Укажите дату и время, например 2026-12-01T10:00:00+03:00';
export const MAX_WORKDAYS = 250;
/** One task reaches at most this many applicants (the list's «выбрать все» of a big base). */
export const MAX_TASK_APPLICANTS = 10_000;

/**
 * When: an absolute moment (ISO with an offset), or «in N working days at HH:MM» on the
 * production calendar, in the account's time zone.
 */
export const ZDelayedTaskSchedule = lazySchema(() =>
  z.union(
    [
      z.object({
        at: z.iso.datetime({ offset: true, error: AT_MESSAGE }),
      }),
      z.object({
        workdays: z
          .number({ error: `Рабочих дней — целое число от 0 до ${MAX_WORKDAYS}` })
          .int({ error: `Рабочих дней — целое число от 0 до ${MAX_WORKDAYS}` })
          .min(0, { error: `Рабочих дней — целое число от 0 до ${MAX_WORKDAYS}` })
          .max(MAX_WORKDAYS, { error: `Рабочих дней — целое число от 0 до ${MAX_WORKDAYS}` }),
        time: z.string({ error: TIME_MESSAGE }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, {
          error: TIME_MESSAGE,
        }),
      }),
    ],
    { error: 'Укажите время: дату и время или число рабочих дней и время' },
  ),
);
export type TDelayedTaskSchedule = z.infer<typeof ZDelayedTaskSchedule>;

const text = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, {
      error: `Не длиннее ${max} символов`,
    });

const EVENT_DAY_MESSAGE = 'Дата встречи в формате ГГГГ-ММ-ДД';
const EVENT_TIME_MESSAGE = 'Время встречи в формате ЧЧ:ММ, например 10:00';
export const EVENT_END_NOT_AFTER_START = 'Время окончания должно быть позже времени начала';
const hhmm = lazySchema(() =>
  z.string({ error: EVENT_TIME_MESSAGE }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, {
    error: EVENT_TIME_MESSAGE,
  }),
);

/** A real YYYY-MM-DD day: "2030-02-30" and anything not a date are not. */
const isCalendarDay = (day: string) => {
  const time = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === day;
};

/**
 * «Создать встречу»: the event each applicant gets (as POST /api/events takes it, the day and
 * times on the account's wall clock); the applicant is each sub-task's own.
 */
export const ZDelayedEventFields = lazySchema(() =>
  z
    .object({
      title: z.string().trim().max(255, { error: 'Не длиннее 255 символов' }).optional(),
      description: z.string().trim().max(10_000, { error: 'Не длиннее 10000 символов' }).optional(),
      date: z
        .string({ error: EVENT_DAY_MESSAGE })
        .regex(/^\d{4}-\d{2}-\d{2}$/, { error: EVENT_DAY_MESSAGE })
        // Runs after a failed regex too (zod checks do not abort): an invalid Date must not throw.
        .refine((day) => isCalendarDay(day), {
          error: 'Такой даты не существует',
        }),
      time_begin: hhmm,
      time_end: hhmm,
      service: z.string().trim().max(50, { error: 'Не длиннее 50 символов' }).optional(),
      link: z.string().trim().max(2000, { error: 'Не длиннее 2000 символов' }).optional(),
      place: z.string().trim().max(500, { error: 'Не длиннее 500 символов' }).optional(),
      /** The company's participants; absent or empty means the task's author. */
      admin_user_ids: z.array(ZBodyId).max(50, { error: 'Не больше 50 участников' }).optional(),
      /** Minutes before the start. */
      reminders: z
        .array(
          z.number().int().min(0).max(40_320, { error: 'Напоминание — не раньше чем за 28 дней' }),
        )
        .max(5, { error: 'Не больше 5 напоминаний' })
        .optional(),
    })
    .refine((event) => event.time_end > event.time_begin, {
      path: ['time_end'],
      error: EVENT_END_NOT_AFTER_START,
    }),
);
export type TDelayedEventFields = z.infer<typeof ZDelayedEventFields>;

/** What the action needs besides the applicants; which fields depends on the kind. */
const paramsShape = {
  template_id: ZBodyId.optional(),
  vacancy_id: ZBodyId.optional(),
  status_id: ZBodyId.optional(),
  user_id: ZBodyId.optional(),
  subject: text(300, 'Укажите тему').optional(),
  text: text(20_000, 'Укажите текст').optional(),
  event: ZDelayedEventFields.optional(),
  /**
   * A letter's or message's channel in the applicant's conversation: `email` (the default) or
   * `telegram` (when the applicant has a linked chat; e-mail otherwise).
   */
  channel: z.enum(['email', 'telegram'], { error: 'Канал: email или telegram' }).optional(),
};

export const ZDelayedTaskParams = lazySchema(() => z.object(paramsShape));
export type TDelayedTaskParams = z.infer<typeof ZDelayedTaskParams>;

export const REQUIRED_PARAMS: Record<TDelayedTaskKind, (keyof TDelayedTaskParams)[]> = {
  send_letter: ['template_id'],
  send_message: ['subject', 'text'],
  move_stage: ['vacancy_id', 'status_id'],
  remind_user: ['user_id', 'text'],
  create_event: ['event'],
};
const PARAM_MISSING: Record<keyof TDelayedTaskParams, string> = {
  template_id: 'Выберите шаблон письма',
  vacancy_id: 'Выберите вакансию',
  status_id: 'Выберите этап',
  user_id: 'Выберите пользователя',
  subject: 'Укажите тему',
  text: 'Укажите текст',
  event: 'Укажите дату и время встречи',
  channel: 'Выберите канал',
};
export const NO_APPLICANTS = 'Выберите хотя бы одного кандидата';

export const ZCreateDelayedTaskRequest = lazySchema(() =>
  z
    .object({
      kind: ZDelayedTaskKind,
      title: z.string().trim().max(200, { error: 'Не длиннее 200 символов' }).optional(),
      applicant_ids: z
        .array(ZBodyId, { error: NO_APPLICANTS })
        .max(MAX_TASK_APPLICANTS, { error: `Не больше ${MAX_TASK_APPLICANTS} кандидатов` })
        .default([]),
      schedule: ZDelayedTaskSchedule,
      ...paramsShape,
    })
    .superRefine((value, ctx) => {
      for (const key of REQUIRED_PARAMS[value.kind]) {
        if (value[key] === undefined) {
          ctx.addIssue({ code: 'custom', path: [key], message: PARAM_MISSING[key] });
        }
      }
      if (value.kind !== 'remind_user' && value.applicant_ids.length === 0) {
        ctx.addIssue({ code: 'custom', path: ['applicant_ids'], message: NO_APPLICANTS });
      }
    }),
);
export type TCreateDelayedTaskRequest = z.infer<typeof ZCreateDelayedTaskRequest>;
export type TCreateDelayedTaskInput = z.input<typeof ZCreateDelayedTaskRequest>;

/** Until it starts: another time, title or parameters (the kind and applicants stay). */
export const ZUpdateDelayedTaskRequest = lazySchema(() =>
  z.object({
    title: z.string().trim().max(200, { error: 'Не длиннее 200 символов' }).optional(),
    schedule: ZDelayedTaskSchedule.optional(),
    ...paramsShape,
  }),
);
export type TUpdateDelayedTaskRequest = z.infer<typeof ZUpdateDelayedTaskRequest>;

export const ZSubTaskCounts = lazySchema(() =>
  z.object({
    total: z.number().int(),
    queued: z.number().int(),
    running: z.number().int(),
    done: z.number().int(),
    failed: z.number().int(),
    cancelled: z.number().int(),
  }),
);

export const ZDelayedTask = lazySchema(() =>
  z.object({
    id: z.number().int(),
    kind: ZDelayedTaskKind,
    kind_name: z.string(),
    title: z.string(),
    state: ZDelayedTaskState,
    run_at: z.string(),
    schedule: ZDelayedTaskSchedule,
    params: ZDelayedTaskParams,
    created_by: z.number().int(),
    created_at: z.string(),
    counts: ZSubTaskCounts,
  }),
);
export type TDelayedTask = z.infer<typeof ZDelayedTask>;

export const ZDelayedTaskList = lazySchema(() =>
  z.object({
    items: z.array(ZDelayedTask),
    total: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
  }),
);
export type TDelayedTaskList = z.infer<typeof ZDelayedTaskList>;

export const ZDelayedTaskListQuery = lazySchema(() =>
  z.object({
    state: ZDelayedTaskState.optional(),
    kind: ZDelayedTaskKind.optional(),
    applicant_id: ZId.optional(),
    page: ZPageNumber,
    per_page: perPage(),
  }),
);
export type TDelayedTaskListQuery = z.infer<typeof ZDelayedTaskListQuery>;

export const ZDelayedSubTask = lazySchema(() =>
  z.object({
    id: z.number().int(),
    task_id: z.number().int(),
    applicant_id: z.number().int().nullable(),
    applicant_name: z.string().nullable(),
    state: ZSubTaskState,
    state_name: z.string(),
    result: z.string().nullable(),
    reason: z.string().nullable(),
    attempts: z.number().int(),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
  }),
);
export type TDelayedSubTask = z.infer<typeof ZDelayedSubTask>;
export const ZDelayedSubTaskList = lazySchema(() => z.array(ZDelayedSubTask));

export const ZDelayedTaskMenuItem = lazySchema(() =>
  z.object({ kind: ZDelayedTaskKind, name: z.string() }),
);
export type TDelayedTaskMenuItem = z.infer<typeof ZDelayedTaskMenuItem>;
export const ZDelayedTaskMenuItems = lazySchema(() => z.array(ZDelayedTaskMenuItem));
