import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

/** Events a user may hear of (/user → «Уведомления»), in the order the screen lists them. */
export const NOTIFICATION_EVENTS = [
  'new_applicant',
  'applicant_moved',
  'comment_mention',
  'task_due',
  'message_received',
] as const;
export type TNotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

export const NOTIFICATION_EVENT_TITLES: Record<TNotificationEvent, string> = {
  new_applicant: 'Новый кандидат на моей вакансии',
  applicant_moved: 'Кандидата перевели на другой этап моей вакансии',
  comment_mention: 'Меня упомянули в комментарии',
  task_due: 'Наступил срок задачи',
  message_received: 'Кандидат написал в переписке',
};

const ZChannels = lazySchema(() =>
  z.object(
    {
      email: z.boolean({ error: 'Ожидается да или нет' }),
      in_app: z.boolean({ error: 'Ожидается да или нет' }),
      /** To the user's own chat with the company's bot, once linked from /profile (issue 14). */
      telegram: z.boolean({ error: 'Ожидается да или нет' }),
    },
    { error: 'Укажите каналы уведомления' },
  ),
);

/** GET/PUT /api/admin_user_notification_settings: every event with its two channels. */
export const ZNotificationSettings = lazySchema(() =>
  z.object(
    Object.fromEntries(NOTIFICATION_EVENTS.map((event) => [event, ZChannels])) as Record<
      TNotificationEvent,
      typeof ZChannels
    >,
  ),
);
export type TNotificationSettings = z.infer<typeof ZNotificationSettings>;

/** PUT takes any subset of events; the ones left out keep their values. */
export const ZUpdateNotificationSettingsRequest = lazySchema(() =>
  z.object({
    notification_settings: z
      .strictObject(
        Object.fromEntries(
          NOTIFICATION_EVENTS.map((event) => [event, ZChannels.partial()]),
        ) as Record<TNotificationEvent, ReturnType<typeof ZChannels.partial>>,
        { error: 'Неизвестное событие уведомлений' },
      )
      .partial(),
  }),
);
export type TUpdateNotificationSettingsRequest = z.infer<typeof ZUpdateNotificationSettingsRequest>;

/**
 * Mentions and due tasks are personal, so they also go by e-mail; the rest only in the app. An
 * applicant's message also goes to the user's Telegram once they link it.
 */
export const DEFAULT_NOTIFICATION_SETTINGS: TNotificationSettings = {
  new_applicant: { email: false, in_app: true, telegram: false },
  applicant_moved: { email: false, in_app: true, telegram: false },
  comment_mention: { email: true, in_app: true, telegram: false },
  task_due: { email: true, in_app: true, telegram: false },
  message_received: { email: false, in_app: true, telegram: true },
};
