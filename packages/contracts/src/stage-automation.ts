import { z } from 'zod';
import { DELAYED_TASK_KIND_NAMES, MAX_WORKDAYS } from './delayed-tasks.ts';
import { ZId } from './ids.ts';
import { lazySchema } from './lazy-schema.ts';

// Stage automation (`/api/stage_automation_rules`, decision 0041): rules on a stage of a funnel
// or of one vacancy — «when an applicant enters this stage (or stays longer than N days), do
// this». A rule on a funnel's stage acts on every vacancy stage copied from it.

export const AUTOMATION_TRIGGERS = ['enter', 'stay'] as const;
export const ZAutomationTrigger = lazySchema(() =>
  z.enum(AUTOMATION_TRIGGERS, {
    error: 'Условие: enter (попал на этап) или stay (на этапе дольше N дней)',
  }),
);
export type TAutomationTrigger = z.infer<typeof ZAutomationTrigger>;
export const AUTOMATION_TRIGGER_LABELS: Record<TAutomationTrigger, string> = {
  enter: 'Кандидат попал на этап',
  stay: 'Кандидат на этапе дольше N дней',
};

export const AUTOMATION_ACTIONS = [
  'send_template',
  'send_message',
  'request_evaluation',
  'move_to_stage',
  'schedule_task',
] as const;
export const ZAutomationAction = lazySchema(() =>
  z.enum(AUTOMATION_ACTIONS, {
    error:
      'Действие: send_template, send_message, request_evaluation, move_to_stage или schedule_task',
  }),
);
export type TAutomationAction = z.infer<typeof ZAutomationAction>;
export const AUTOMATION_ACTION_LABELS: Record<TAutomationAction, string> = {
  send_template: 'Отправить письмо по шаблону',
  send_message: 'Отправить сообщение кандидату',
  request_evaluation: 'Попросить сотрудника оценить кандидата',
  move_to_stage: 'Перевести на другой этап',
  schedule_task: 'Запланировать отложенное действие',
};

/** What a rule may put off for later (a delayed task, decision 0040) for the applicant. */
export const SCHEDULED_KINDS = [
  'send_letter',
  'send_message',
  'move_stage',
  'remind_user',
] as const;
export type TScheduledKind = (typeof SCHEDULED_KINDS)[number];
export const SCHEDULED_KIND_LABELS: Record<TScheduledKind, string> = {
  send_letter: DELAYED_TASK_KIND_NAMES.send_letter,
  send_message: DELAYED_TASK_KIND_NAMES.send_message,
  move_stage: DELAYED_TASK_KIND_NAMES.move_stage,
  remind_user: DELAYED_TASK_KIND_NAMES.remind_user,
};
const WORKDAYS = `Через сколько рабочих дней: от 0 до ${MAX_WORKDAYS}`;
const TIME = 'Время в формате ЧЧ:ММ, например 10:00';
const SCHEDULED_NEEDS: Record<TScheduledKind, [string, string][]> = {
  send_letter: [['template_id', 'Выберите шаблон письма']],
  send_message: [
    ['subject', 'Укажите тему сообщения'],
    ['text', 'Напишите текст сообщения'],
  ],
  move_stage: [['status_id', 'Выберите этап']],
  remind_user: [
    ['user_id', 'Выберите сотрудника'],
    ['text', 'Напишите текст напоминания'],
  ],
};

export const MAX_STAY_DAYS = 365;
const STAY_DAYS = `Укажите число дней от 1 до ${MAX_STAY_DAYS}`;
export const ZStayDays = lazySchema(() =>
  z
    .number({ error: STAY_DAYS })
    .int({ error: STAY_DAYS })
    .min(1, { error: STAY_DAYS })
    .max(MAX_STAY_DAYS, { error: STAY_DAYS }),
);

/** An id, with the message saying what to choose when it is missing or wrong. */
const idOf = (message: string) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(2_147_483_647, { error: message });

const required = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `Не длиннее ${max} символов` });

/** What each action needs, by the action. */
/**
 * The channel of a rule's letter in the applicant's conversation: e-mail by default, Telegram
 * when chosen and the applicant has a linked chat (e-mail otherwise).
 */
const ZAutomationChannel = lazySchema(() =>
  z.enum(['email', 'telegram'], { error: 'Канал: email или telegram' }).optional(),
);

export const AUTOMATION_PARAMS = {
  send_template: z.object({
    mail_template_id: idOf('Выберите шаблон письма'),
    channel: ZAutomationChannel,
  }),
  send_message: z.object({
    subject: required('Укажите тему сообщения', 200),
    body: required('Напишите текст сообщения', 5000),
    channel: ZAutomationChannel,
  }),
  request_evaluation: z.object({
    user_id: idOf('Выберите сотрудника'),
    evaluation_id: ZId.nullish(),
  }),
  move_to_stage: z.object({
    status_id: idOf('Выберите этап'),
  }),
  schedule_task: z
    .object({
      kind: z.enum(SCHEDULED_KINDS, { error: 'Выберите, что отложить' }),
      workdays: z.coerce
        .number({ error: WORKDAYS })
        .int({ error: WORKDAYS })
        .min(0, { error: WORKDAYS })
        .max(MAX_WORKDAYS, { error: WORKDAYS }),
      time: z.string({ error: TIME }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: TIME }),
      template_id: idOf('Выберите шаблон письма').optional(),
      status_id: idOf('Выберите этап').optional(),
      user_id: idOf('Выберите сотрудника').optional(),
      subject: z.string().trim().max(300, { error: 'Не длиннее 300 символов' }).optional(),
      text: z.string().trim().max(5000, { error: 'Не длиннее 5000 символов' }).optional(),
    })
    .superRefine((value, ctx) => {
      for (const [key, message] of SCHEDULED_NEEDS[value.kind]) {
        const field = value[key as keyof typeof value];
        if (field === undefined || field === '') {
          ctx.addIssue({ code: 'custom', path: [key], message });
        }
      }
    }),
} satisfies Record<TAutomationAction, z.ZodType>;

export type TAutomationParams = {
  [A in TAutomationAction]: z.infer<(typeof AUTOMATION_PARAMS)[A]>;
};

const ZParamsObject = lazySchema(() =>
  z.record(z.string(), z.unknown(), { error: 'Параметры действия — объект' }),
);

/** Checks `params` against its action; issues land under `params.<field>`. */
export function checkActionParams(
  value: { action: TAutomationAction; params: unknown; trigger?: TAutomationTrigger | undefined },
  ctx: z.RefinementCtx,
) {
  const parsed = AUTOMATION_PARAMS[value.action].safeParse(value.params);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      ctx.addIssue({ code: 'custom', path: ['params', ...issue.path], message: issue.message });
    }
  }
}

const stayNeedsDays = (v: { trigger?: TAutomationTrigger | undefined; stay_days?: unknown }) =>
  v.trigger !== 'stay' || typeof v.stay_days === 'number';

export const ZCreateAutomationRuleRequest = lazySchema(() =>
  z
    .object({
      status_id: idOf('Выберите этап'),
      trigger: ZAutomationTrigger,
      stay_days: ZStayDays.nullish(),
      action: ZAutomationAction,
      params: ZParamsObject.default({}),
      is_active: z.boolean().optional(),
    })
    .refine(stayNeedsDays, { path: ['stay_days'], error: STAY_DAYS })
    .superRefine(checkActionParams),
);
export type TCreateAutomationRuleRequest = z.infer<typeof ZCreateAutomationRuleRequest>;

/** Any of the fields; `params` is checked against the action the rule ends up with. */
export const ZUpdateAutomationRuleRequest = lazySchema(() =>
  z.object({
    trigger: ZAutomationTrigger.optional(),
    stay_days: ZStayDays.nullish(),
    action: ZAutomationAction.optional(),
    params: ZParamsObject.optional(),
    is_active: z.boolean().optional(),
  }),
);
export type TUpdateAutomationRuleRequest = z.infer<typeof ZUpdateAutomationRuleRequest>;

export const ZAutomationRuleListQuery = lazySchema(() =>
  z.object({
    status_group_id: ZId.optional(),
    vacancy_id: ZId.optional(),
    status_id: ZId.optional(),
  }),
);

export const ZAutomationRule = lazySchema(() =>
  z.object({
    id: z.number().int(),
    status_id: z.number().int(),
    status_group_id: z.number().int().nullable(),
    vacancy_id: z.number().int().nullable(),
    trigger: ZAutomationTrigger,
    stay_days: z.number().int().nullable(),
    action: ZAutomationAction,
    params: z.record(z.string(), z.unknown()),
    is_active: z.boolean(),
    created_by: z.number().int().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
);
export type TAutomationRule = z.infer<typeof ZAutomationRule>;
export const ZAutomationRuleList = lazySchema(() => z.array(ZAutomationRule));

export const AUTOMATION_RUN_STATES = ['pending', 'running', 'done', 'failed'] as const;
