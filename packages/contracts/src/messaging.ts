import { z } from 'zod';
import { ZBodyId, ZId } from './ids.ts';
import { perPage } from './pagination.ts';
import { lazySchema } from './lazy-schema.ts';

// Talking to applicants (issue 14, decision 0043): channels (a Telegram bot, a mailbox; hh.ru
// negotiations and Avito messenger later, as two more kinds), one conversation per applicant
// across all of them, sending through the message outbox, unread counters.

export const MSG_MESSAGES = {
  channelNotFound: 'Канал не найден',
  applicantNotFound: 'Кандидат не найден',
  messageNotFound: 'Сообщение не найдено',
  channelInactive: 'Канал отключён',
  channelKindNotAvailable: 'Этот вид канала пока нельзя подключить',
  noChatLink: 'Кандидат ещё не писал в этот канал: отправьте ему ссылку на бота',
  noRecipientEmail: 'У кандидата нет адреса электронной почты',
  emptyMessage: 'Напишите текст сообщения или выберите шаблон',
  tooLong: 'Сообщение длиннее 10 000 символов',
  tooManyFiles: 'Не больше 10 вложений в одном сообщении',
  fileNotFound: 'Вложение не найдено',
  fileTooLarge: 'Вложение больше 15 МБ',
  templateNotFound: 'Шаблон не найден',
  notRetryable: 'Повторить можно только неотправленное сообщение',
  channelNameTaken: 'Такой канал уже подключён',
  transportMissing: 'Этот канал сейчас не может отправлять сообщения',
  forbidden: 'Недостаточно прав для переписки с кандидатами',
  manageForbidden: 'Каналы компании подключает администратор',
  noSiteChat: 'У кандидата нет отклика на этом сайте: переписка по нему невозможна',
  filesNotAccepted: 'Этот канал не принимает вложения: отправьте только текст',
} as const;

/** Channels that are a job site's chat (a negotiation on hh.ru): offered only to its applicants. */
export const MSG_SITE_CHANNEL_KINDS: readonly TMsgChannelKind[] = ['hh', 'avito'];

/** Every channel kind the model takes; only `telegram` and `email` can be connected today. */
export const MSG_CHANNEL_KINDS = ['telegram', 'email', 'hh', 'avito'] as const;
export const ZMsgChannelKind = lazySchema(() =>
  z.enum(MSG_CHANNEL_KINDS, {
    error: 'Вид канала: telegram, email, hh или avito',
  }),
);
export type TMsgChannelKind = z.infer<typeof ZMsgChannelKind>;

export const MSG_CHANNEL_KIND_NAMES: Record<TMsgChannelKind, string> = {
  telegram: 'Telegram',
  email: 'Почта',
  hh: 'hh.ru',
  avito: 'Авито',
};

/** A channel of the company (every recruiter writes through it) or of one user. */
export const MSG_CHANNEL_SCOPES = ['account', 'user'] as const;
export const ZMsgChannelScope = lazySchema(() =>
  z.enum(MSG_CHANNEL_SCOPES, {
    error: 'Канал компании (account) или пользователя (user)',
  }),
);
export type TMsgChannelScope = z.infer<typeof ZMsgChannelScope>;

/** active: works; error: the last connection or poll failed (`last_error`); disabled: by a user. */
export const MSG_CHANNEL_STATES = ['active', 'error', 'disabled'] as const;
export type TMsgChannelState = (typeof MSG_CHANNEL_STATES)[number];

const ZSettingValue = lazySchema(() => z.union([z.string(), z.number(), z.boolean(), z.null()]));

/**
 * A channel as the client sees it. `settings` holds what may be shown (the bot's username, the
 * mailbox address, hosts and ports); secrets (bot token, passwords) are never returned, only
 * `has_secret`.
 */
export const ZMsgChannel = lazySchema(() =>
  z.object({
    id: z.number().int(),
    kind: ZMsgChannelKind,
    name: z.string(),
    /** What the applicant sees: `@bot_username` or the mailbox address. */
    address: z.string().nullable(),
    scope: ZMsgChannelScope,
    user_id: z.number().int().nullable(),
    state: z.enum(MSG_CHANNEL_STATES),
    last_error: z.string().nullable(),
    settings: z.record(z.string(), ZSettingValue),
    has_secret: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
);
export type TMsgChannel = z.infer<typeof ZMsgChannel>;
export const ZMsgChannelList = lazySchema(() => z.array(ZMsgChannel));

const ZName = lazySchema(() =>
  z
    .string({ error: 'Название канала — строка' })
    .trim()
    .max(200, { error: 'Название канала длиннее 200 символов' }),
);
const ZHost = lazySchema(() =>
  z
    .string({ error: 'Укажите адрес сервера' })
    .trim()
    .min(1, { error: 'Укажите адрес сервера' })
    .max(255, { error: 'Адрес сервера длиннее 255 символов' }),
);
const ZPort = lazySchema(() =>
  z
    .number({ error: 'Порт — число от 1 до 65535' })
    .int({ error: 'Порт — число от 1 до 65535' })
    .min(1, { error: 'Порт — число от 1 до 65535' })
    .max(65535, { error: 'Порт — число от 1 до 65535' }),
);
const ZSecret = (message: string) =>
  z
    .string({ error: message })
    .min(1, { error: message })
    .max(4096, { error: 'Слишком длинное значение' });
const ZLogin = lazySchema(() =>
  z.string({ error: 'Логин — строка' }).trim().max(320, { error: 'Логин длиннее 320 символов' }),
);
const ZEmailAddress = lazySchema(() =>
  z
    .email({ error: 'Некорректный адрес электронной почты' })
    .max(320, { error: 'Некорректный адрес электронной почты' }),
);

/** The fields of a Telegram bot: its token from @BotFather, checked with getMe. */
const telegramFields = {
  token: ZSecret('Укажите токен бота').regex(/^\d{1,20}:[A-Za-z0-9_-]{20,100}$/, {
    error: 'Токен бота выглядит как 123456789:AA… (его выдаёт @BotFather)',
  }),
};

/** The fields of a mailbox: IMAP to receive, SMTP to send (the server's SMTP_URL when left out). */
const emailFields = {
  email: ZEmailAddress,
  imap_host: ZHost,
  imap_port: ZPort.default(993),
  imap_secure: z.boolean({ error: 'Ожидается да или нет' }).default(true),
  imap_user: ZLogin.optional(),
  imap_password: ZSecret('Укажите пароль почтового ящика'),
  smtp_host: ZHost.optional(),
  smtp_port: ZPort.optional(),
  smtp_secure: z.boolean({ error: 'Ожидается да или нет' }).optional(),
  smtp_user: ZLogin.optional(),
  smtp_password: ZSecret('Укажите пароль SMTP').optional(),
};

const channelCommon = {
  name: ZName.optional(),
  /** Company channels are for admins to connect; a user's own is theirs. Default: `user`. */
  scope: ZMsgChannelScope.optional(),
};

/** POST /api/msg_integrations/msg_channels. hh.ru and Avito join this union with their issue. */
export const ZCreateMsgChannelRequest = lazySchema(() =>
  z.discriminatedUnion(
    'kind',
    [
      z.object({ kind: z.literal('telegram'), ...channelCommon, ...telegramFields }),
      z.object({ kind: z.literal('email'), ...channelCommon, ...emailFields }),
    ],
    { error: 'Вид канала: telegram или email' },
  ),
);
export type TCreateMsgChannelRequest = z.infer<typeof ZCreateMsgChannelRequest>;
export type TTelegramChannelRequest = Extract<TCreateMsgChannelRequest, { kind: 'telegram' }>;
export type TEmailChannelRequest = Extract<TCreateMsgChannelRequest, { kind: 'email' }>;

/** PATCH/PUT /api/msg_integrations/msg_channels/{id}: what is left out keeps its value. */
export const ZUpdateMsgChannelRequest = lazySchema(() =>
  z.object({
    ...channelCommon,
    /** false disables the channel (nothing sent or received), true turns it back on. */
    is_active: z.boolean({ error: 'Ожидается да или нет' }).optional(),
    token: telegramFields.token.optional(),
    email: emailFields.email.optional(),
    imap_host: ZHost.optional(),
    imap_port: ZPort.optional(),
    imap_secure: z.boolean({ error: 'Ожидается да или нет' }).optional(),
    imap_user: ZLogin.optional(),
    imap_password: emailFields.imap_password.optional(),
    smtp_host: ZHost.optional(),
    smtp_port: ZPort.optional(),
    smtp_secure: z.boolean({ error: 'Ожидается да или нет' }).optional(),
    smtp_user: ZLogin.optional(),
    smtp_password: ZSecret('Укажите пароль SMTP').optional(),
  }),
);
export type TUpdateMsgChannelRequest = z.infer<typeof ZUpdateMsgChannelRequest>;

// ---- messages ----

export const MSG_DIRECTIONS = ['in', 'out'] as const;
export type TMsgDirection = (typeof MSG_DIRECTIONS)[number];

/**
 * The delivery state: `received` for an applicant's message; an outgoing one is `queued` (in the
 * outbox, also while being handed over), then `sent`, `delivered` or `read` where the channel
 * tells, or `failed` with the reason (`reason`), which «Повторить» puts back in the queue.
 */
export const MSG_STATES = ['received', 'queued', 'sent', 'delivered', 'read', 'failed'] as const;
export const ZMsgState = lazySchema(() => z.enum(MSG_STATES));
export type TMsgState = z.infer<typeof ZMsgState>;

export const MSG_STATE_NAMES: Record<TMsgState, string> = {
  received: 'Получено',
  queued: 'В очереди',
  sent: 'Отправлено',
  delivered: 'Доставлено',
  read: 'Прочитано',
  failed: 'Не отправлено',
};

export const MSG_AUTHOR_TYPES = ['user', 'applicant', 'system'] as const;
export type TMsgAuthorType = (typeof MSG_AUTHOR_TYPES)[number];

/** The largest attachment a message carries, as the card's files. */
export const MSG_MAX_ATTACHMENT_BYTES = 15 * 1024 * 1024;
export const MSG_MAX_ATTACHMENTS = 10;
export const MSG_MAX_TEXT = 10_000;

/** A file of a message, stored as the card's files are; `url` serves its bytes. */
export const ZMsgAttachment = lazySchema(() =>
  z.object({
    file_id: z.number().int(),
    file_name: z.string(),
    mime_type: z.string(),
    size_bytes: z.number().int(),
    url: z.string(),
  }),
);
export type TMsgAttachment = z.infer<typeof ZMsgAttachment>;

export const ZMsgMessage = lazySchema(() =>
  z.object({
    id: z.number().int(),
    applicant_id: z.number().int(),
    channel_id: z.number().int().nullable(),
    channel_kind: ZMsgChannelKind,
    channel_name: z.string(),
    direction: z.enum(MSG_DIRECTIONS),
    author: z.object({
      type: z.enum(MSG_AUTHOR_TYPES),
      user_id: z.number().int().nullable(),
      name: z.string(),
    }),
    /** The subject of a letter; null in chats. */
    subject: z.string().nullable(),
    text: z.string(),
    attachments: z.array(ZMsgAttachment),
    state: ZMsgState,
    /** Why it failed (Russian), or the last retry's reason while it waits in the queue. */
    reason: z.string().nullable(),
    attempts: z.number().int(),
    /** When the message was written (incoming: by the applicant; outgoing: queued). */
    created_at: z.string(),
    /** When the channel took it (outgoing) or the applicant sent it (incoming). */
    sent_at: z.string().nullable(),
    /** «Повторить» is offered: a failed outgoing message. */
    can_retry: z.boolean(),
  }),
);
export type TMsgMessage = z.infer<typeof ZMsgMessage>;

/**
 * GET /api/msg_integrations/chats/applicant_chats_history/{id}: newest first. `before_id` pages
 * by keyset (the `next_before_id` of the previous page); `page` is kept for clients that count.
 */
export const ZChatHistoryQuery = lazySchema(() =>
  z.object({
    before_id: ZId.optional(),
    page: z.coerce
      .number({ error: 'Номер страницы — целое число от 1 до 100000' })
      .int({ error: 'Номер страницы — целое число от 1 до 100000' })
      .min(1, { error: 'Номер страницы — целое число от 1 до 100000' })
      .max(100_000, { error: 'Номер страницы — целое число от 1 до 100000' })
      .optional(),
    per_page: perPage(100, 30),
  }),
);
export type TChatHistoryQuery = z.infer<typeof ZChatHistoryQuery>;

export const ZChatHistory = lazySchema(() =>
  z.object({
    items: z.array(ZMsgMessage),
    total: z.number().int(),
    has_more: z.boolean(),
    next_before_id: z.number().int().nullable(),
    /** The caller's unread incoming messages of this applicant (before this read cleared them). */
    unread: z.number().int(),
  }),
);
export type TChatHistory = z.infer<typeof ZChatHistory>;

/** POST /api/msg_integrations/chats/applicant_chats/{id}/messages */
export const ZSendMessageRequest = lazySchema(() =>
  z.object({
    channel_id: ZBodyId,
    text: z
      .string({ error: 'Текст сообщения — строка' })
      .max(MSG_MAX_TEXT, { error: MSG_MESSAGES.tooLong })
      .optional(),
    /** A letter's subject (e-mail); the template's subject when a template is chosen. */
    subject: z
      .string({ error: 'Тема — строка' })
      .max(500, { error: 'Тема длиннее 500 символов' })
      .optional(),
    /** A template of /settings/mail-templates: its variables are filled for this applicant. */
    template_id: ZBodyId.optional(),
    /** Files uploaded to the card first (`POST /api/applicants/{id}/files`, kind attachment). */
    file_ids: z
      .array(ZBodyId)
      .max(MSG_MAX_ATTACHMENTS, { error: MSG_MESSAGES.tooManyFiles })
      .default([]),
  }),
);
export type TSendMessageRequest = z.infer<typeof ZSendMessageRequest>;

export const ZMsgMessageParams = lazySchema(() => z.object({ id: ZId }));

/**
 * GET /api/msg_integrations/chats/applicant_chats/{id}/channels: the channels on which the
 * applicant has a chat (a Telegram chat, a letter thread, an hh.ru negotiation) — the composer
 * offers a job site's channel only then.
 */
export const ZApplicantChatChannel = lazySchema(() =>
  z.object({
    channel_id: z.number().int(),
    kind: ZMsgChannelKind,
  }),
);
export const ZApplicantChatChannels = lazySchema(() =>
  z.object({ items: z.array(ZApplicantChatChannel) }),
);
export type TApplicantChatChannels = z.infer<typeof ZApplicantChatChannels>;

/** Unread incoming messages for the caller: in total (the header) and per applicant. */
export const ZUnreadQuery = lazySchema(() =>
  z.object({
    /** Comma-separated applicant ids (the list's page); left out: none listed, only the total. */
    applicant_ids: z
      .string()
      .max(4000)
      .regex(/^\d+(,\d+)*$/, { error: 'Список идентификаторов через запятую' })
      .optional(),
  }),
);
export const ZUnreadCounters = lazySchema(() =>
  z.object({
    total: z.number().int(),
    conversations: z.number().int(),
    applicants: z.record(z.string(), z.number().int()),
  }),
);
export type TUnreadCounters = z.infer<typeof ZUnreadCounters>;

/** GET /api/msg_integrations/chats: the conversations, unread first, then newest. */
export const ZConversationsQuery = lazySchema(() =>
  z.object({
    page: z.coerce
      .number({ error: 'Номер страницы — целое число от 1 до 100000' })
      .int({ error: 'Номер страницы — целое число от 1 до 100000' })
      .min(1, { error: 'Номер страницы — целое число от 1 до 100000' })
      .max(100_000, { error: 'Номер страницы — целое число от 1 до 100000' })
      .default(1),
    per_page: perPage(100, 30),
  }),
);
export const ZConversation = lazySchema(() =>
  z.object({
    applicant_id: z.number().int(),
    applicant_name: z.string(),
    unread: z.number().int(),
    last_message: ZMsgMessage,
  }),
);
export type TConversation = z.infer<typeof ZConversation>;
export const ZConversationList = lazySchema(() =>
  z.object({
    items: z.array(ZConversation),
    total: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
  }),
);

/** The card's event stream tells of a new or changed message of the applicant. */
export const ZMsgStreamEvent = lazySchema(() =>
  z.object({
    type: z.enum(['message_created', 'message_updated']),
    applicant_id: z.number().int(),
    message_id: z.number().int(),
    state: ZMsgState,
    direction: z.enum(MSG_DIRECTIONS),
  }),
);
export type TMsgStreamEvent = z.infer<typeof ZMsgStreamEvent>;
