import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

// The support chat (SPEC.md §1, §6, §9; issue 14, decision 0046): a widget in the app where the
// account's users write to the service's support; the support answers from a Telegram chat, and
// the answers come back into the widget. Messages are kept per account.

export const MAX_SUPPORT_MESSAGE = 4000;
/** How many of the newest messages the widget gets at once. */
export const SUPPORT_CHAT_PAGE = 100;
/** The widget appears (or stays away, per is_hide_chat) this long after the app has loaded. */
export const SUPPORT_CHAT_DELAY_MS = 3000;

export const SUPPORT_CHAT_MESSAGES = {
  empty: 'Пожалуйста, введите сообщение',
  tooLong: `Сообщение — не длиннее ${MAX_SUPPORT_MESSAGE} символов`,
  notConfigured: 'Чат поддержки сейчас недоступен. Напишите нам на почту',
  notDelivered: 'Сообщение сохранено, но не доставлено в поддержку',
} as const;

export const ZSupportMessage = lazySchema(() =>
  z.object({
    id: z.number().int(),
    author: z.enum(['user', 'support']),
    /** The user who wrote it (their display name); null for the support's answers. */
    author_name: z.string().nullable(),
    text: z.string(),
    state: z.enum(['queued', 'sent', 'failed']),
    created_at: z.string(),
  }),
);
export type TSupportMessage = z.infer<typeof ZSupportMessage>;

/** GET /api/support_chat: the account's conversation, oldest first; `after_id` for new ones. */
export const ZSupportChat = lazySchema(() =>
  z.object({
    available: z.boolean(),
    messages: z.array(ZSupportMessage),
  }),
);
export type TSupportChat = z.infer<typeof ZSupportChat>;

export const ZSupportChatQuery = lazySchema(() =>
  z.object({
    after_id: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
  }),
);

/** POST /api/support_chat/messages. */
export const ZSendSupportMessage = lazySchema(() =>
  z.object({
    text: z
      .string({ error: SUPPORT_CHAT_MESSAGES.empty })
      .trim()
      .min(1, { error: SUPPORT_CHAT_MESSAGES.empty })
      .max(MAX_SUPPORT_MESSAGE, { error: SUPPORT_CHAT_MESSAGES.tooLong }),
  }),
);
export type TSendSupportMessage = z.infer<typeof ZSendSupportMessage>;
