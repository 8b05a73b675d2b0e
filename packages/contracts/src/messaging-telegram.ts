import { z } from 'zod';
import { intBetween, MAX_ID } from './ids.ts';
import { lazySchema } from './lazy-schema.ts';

// The Telegram side of talking to applicants (issue 14, decision 0044): what Telegram posts to a
// bot's webhook, and the deep links that tie an applicant's Telegram chat to their card.

/**
 * An Update as Telegram posts it (Bot API, `Update`): only `update_id` is required; the message
 * kinds we read are checked loosely and everything else passes through untouched (Telegram adds
 * fields with every version).
 */
const ZTgUser = lazySchema(() =>
  z.looseObject({
    id: z.number().int(),
    is_bot: z.boolean(),
    first_name: z.string(),
    last_name: z.string().optional(),
    username: z.string().optional(),
  }),
);
const ZTgFileRef = lazySchema(() =>
  z.looseObject({
    file_id: z.string(),
    file_unique_id: z.string(),
    file_size: z.number().int().optional(),
  }),
);
export const ZTelegramUpdate = lazySchema(() =>
  z.looseObject({
    update_id: z.number({ error: 'update_id — целое число' }).int(),
    message: z
      .looseObject({
        message_id: z.number().int(),
        from: ZTgUser.optional(),
        chat: z.looseObject({
          id: z.number().int(),
          type: z.string(),
          username: z.string().optional(),
        }),
        date: z.number().int(),
        text: z.string().optional(),
        caption: z.string().optional(),
        document: ZTgFileRef.extend({
          file_name: z.string().optional(),
          mime_type: z.string().optional(),
        }).optional(),
        photo: z
          .array(ZTgFileRef.extend({ width: z.number().int(), height: z.number().int() }))
          .optional(),
        contact: z
          .looseObject({
            phone_number: z.string(),
            first_name: z.string(),
            last_name: z.string().optional(),
            user_id: z.number().int().optional(),
          })
          .optional(),
      })
      .optional(),
  }),
);
export type TTelegramUpdate = z.infer<typeof ZTelegramUpdate>;

export const ZTelegramWebhookParams = lazySchema(() =>
  z.object({
    key: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, { error: 'Неизвестный адрес' }),
  }),
);

export const TELEGRAM_WEBHOOK_MESSAGES = {
  wrongSecret: 'Неверный секретный ключ Telegram',
  unknownChannel: 'Канал не найден',
} as const;

/**
 * GET /api/msg_integrations/chats/applicant_chats/{id}/telegram_links: for every Telegram bot the
 * caller may write through, the applicant's personal link `https://t.me/<bot>?start=<token>`
 * (signed, only for tying this chat to this card, valid 60 days) — shown on the card and put
 * into letters — and whether the applicant's chat with that bot is tied already.
 */
export const ZTelegramLink = lazySchema(() =>
  z.object({
    channel_id: z.number().int(),
    channel_name: z.string(),
    bot_username: z.string(),
    url: z.string(),
    linked: z.boolean(),
  }),
);
export type TTelegramLink = z.infer<typeof ZTelegramLink>;
export const ZTelegramLinks = lazySchema(() => z.object({ items: z.array(ZTelegramLink) }));

/**
 * GET /api/msg_integrations/user_telegram: the caller's own Telegram for notifications (issue
 * 14): the company bots they may link to and the chat linked now, if any. POST …/link answers a
 * signed single-purpose deep link `https://t.me/<bot>?start=<token>` (for this user only, valid
 * a day); DELETE unlinks.
 */
export const ZUserTelegram = lazySchema(() =>
  z.object({
    bots: z.array(
      z.object({
        channel_id: z.number().int(),
        channel_name: z.string(),
        bot_username: z.string(),
      }),
    ),
    linked: z
      .object({
        channel_id: z.number().int(),
        bot_username: z.string(),
        linked_at: z.string(),
      })
      .nullable(),
  }),
);
export type TUserTelegram = z.infer<typeof ZUserTelegram>;

export const ZUserTelegramLinkRequest = lazySchema(() =>
  z.object({
    channel_id: intBetween(1, MAX_ID, 'Выберите бота').optional(),
  }),
);
export const ZUserTelegramLinkAnswer = lazySchema(() =>
  z.object({ url: z.string(), bot_username: z.string() }),
);

export const USER_TELEGRAM_TEXTS = {
  noBot: 'В компании не подключён Telegram-бот: попросите администратора подключить его',
  unknownBot: 'Бот не найден',
  linked:
    'Готово: уведомления из ATS будут приходить в этот чат. Отключить их можно в профиле, в разделе «Уведомления».',
} as const;
