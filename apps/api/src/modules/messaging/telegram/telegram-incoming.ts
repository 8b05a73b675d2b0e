import { USER_TELEGRAM_TEXTS } from '@ats/contracts/messaging-telegram';
import { findApplicantByMessengerContact } from '../../applicants/applicant-contact-match.service.ts';
import {
  findLinkedApplicant,
  linkChat,
  receiveIncoming,
  type IncomingAttachment,
  type MessagingDeps,
} from '../messaging.service.ts';
import type { TransportChannel } from '../transports.ts';
import { TelegramApiError, telegramApi, type TgMessage, type TgUpdate } from './telegram-api.ts';
import { verifyStartToken, verifyUserLinkToken } from './telegram-keys.ts';
import { isUserChat, linkUserChat } from './user-telegram.ts';

// An update from Telegram (webhook or getUpdates) onto the applicant's card. The chat is the
// applicant's when it is linked already; else a `/start <token>` of a deep link made for this
// channel links it; else the applicant's Telegram handle or the phone they share, when exactly one
// card has it. A chat nobody recognises is asked for the phone number and nothing is stored.

/** Telegram lets bots download files of 20 MB at most; ours keep 15 MB (the card's files). */
const DOWNLOAD_LIMIT = 20 * 1024 * 1024;

export const INCOMING_TEXTS = {
  started: 'Кандидат открыл бота по ссылке',
  sharedPhone: (phone: string) => `Кандидат поделился номером ${phone}`,
  unsupported: '[Сообщение этого вида пока не показывается: откройте чат в Telegram]',
  fileNotKept: (name: string) =>
    `[Файл «${name}» не сохранён: Telegram не отдаёт ботам файлы больше 20 МБ]`,
  whoAreYou:
    'Здравствуйте! Мы пока не знаем, кто вы. Нажмите «Поделиться номером» ниже или откройте ссылку из нашего письма — и мы ответим здесь.',
  shareButton: 'Поделиться номером',
} as const;

export type UpdateOutcome =
  | { outcome: 'stored'; applicantId: number; messageId: number; duplicate: boolean }
  | { outcome: 'unlinked' | 'ignored' };

const START = /^\/start(?:@[A-Za-z0-9_]+)?(?:\s+(\S+))?\s*$/;

function authorOf(message: TgMessage) {
  const from = message.from;
  const name = [from?.first_name, from?.last_name].filter(Boolean).join(' ') || null;
  return {
    name,
    handle: from?.username ?? message.chat.username ?? null,
    externalUserId: from ? String(from.id) : null,
  };
}

/** The message's files, downloaded (a document, the largest size of a photo). */
async function attachmentsOf(
  deps: MessagingDeps,
  token: string,
  message: TgMessage,
): Promise<{ files: IncomingAttachment[]; notes: string[] }> {
  const wanted: { fileId: string; name: string; mime: string; size?: number | undefined }[] = [];
  if (message.document) {
    wanted.push({
      fileId: message.document.file_id,
      name: message.document.file_name ?? 'файл',
      mime: message.document.mime_type ?? 'application/octet-stream',
      size: message.document.file_size,
    });
  }
  if (message.photo && message.photo.length > 0) {
    const largest = message.photo.reduce((a, b) =>
      b.width * b.height > a.width * a.height ? b : a,
    );
    wanted.push({
      fileId: largest.file_id,
      name: `photo-${message.message_id}.jpg`,
      mime: 'image/jpeg',
      size: largest.file_size,
    });
  }
  const api = telegramApi(deps.config, token);
  const files: IncomingAttachment[] = [];
  const notes: string[] = [];
  for (const file of wanted) {
    if (file.size !== undefined && file.size > DOWNLOAD_LIMIT) {
      notes.push(INCOMING_TEXTS.fileNotKept(file.name));
      continue;
    }
    try {
      const info = await api.getFile(file.fileId);
      if (!info.file_path) {
        notes.push(INCOMING_TEXTS.fileNotKept(file.name));
        continue;
      }
      // Past 15 MB (and up to Telegram's 20) the service refuses it and says so on the message.
      const bytes = await api.download(info.file_path, DOWNLOAD_LIMIT);
      files.push({ fileName: file.name, mimeType: file.mime, bytes });
    } catch (error) {
      if (error instanceof TelegramApiError && (error.code === 400 || error.code === 413)) {
        notes.push(INCOMING_TEXTS.fileNotKept(file.name));
        continue;
      }
      // Telegram unreachable: the update is answered with a failure and comes again.
      throw error;
    }
  }
  return { files, notes };
}

/** Asks an unknown chat for the phone number (a one-time keyboard button), best effort. */
async function askWhoTheyAre(deps: MessagingDeps, token: string, chatId: number) {
  await telegramApi(deps.config, token)
    .sendMessage({
      chat_id: chatId,
      text: INCOMING_TEXTS.whoAreYou,
      reply_markup: {
        keyboard: [[{ text: INCOMING_TEXTS.shareButton, request_contact: true }]],
        one_time_keyboard: true,
        resize_keyboard: true,
      },
    })
    .catch((error: unknown) =>
      deps.log.warn({ err: (error as Error).message }, 'telegram: the unknown chat was not asked'),
    );
}

export async function handleTelegramUpdate(
  deps: MessagingDeps,
  channel: TransportChannel,
  update: TgUpdate,
): Promise<UpdateOutcome> {
  const message = update.message;
  const token = channel.secrets.token;
  if (!message || message.chat.type !== 'private' || !token || message.from?.is_bot) {
    return { outcome: 'ignored' };
  }
  const chatId = String(message.chat.id);
  const author = authorOf(message);
  const accountId = channel.accountId;
  const link = (applicantId: number, linkedBy: 'deep_link' | 'handle' | 'phone') =>
    linkChat(deps, accountId, {
      channelId: channel.id,
      externalChatId: chatId,
      applicantId,
      externalUserId: author.externalUserId,
      handle: author.handle,
      linkedBy,
    });

  let text = message.text ?? message.caption ?? '';
  let applicantId: number | null = null;

  // A deep link made for this very channel names the applicant (and links a chat anew).
  const start = START.exec(text.trim());
  // A user's own link for notifications (signed for this account and bot): the chat is theirs.
  const userSubject = start?.[1] ? verifyUserLinkToken(deps.config, start[1]) : null;
  if (userSubject) {
    if (userSubject.accountId !== accountId || userSubject.channelId !== channel.id) {
      return { outcome: 'ignored' };
    }
    const linked = await linkUserChat(deps, {
      accountId,
      channelId: channel.id,
      userId: userSubject.userId,
      externalChatId: chatId,
    });
    if (linked) {
      await telegramApi(deps.config, token)
        .sendMessage({ chat_id: message.chat.id, text: USER_TELEGRAM_TEXTS.linked })
        .catch((error: unknown) =>
          deps.log.warn(
            { code: error instanceof TelegramApiError ? error.code : null },
            'telegram: the linked user was not told',
          ),
        );
    }
    return { outcome: 'ignored' };
  }
  if (start) {
    const subject = start[1] ? verifyStartToken(deps.config, start[1]) : null;
    if (subject && subject.accountId === accountId && subject.channelId === channel.id) {
      await link(subject.applicantId, 'deep_link');
      applicantId = subject.applicantId;
    }
    // The token is the applicant's key: it is not kept in the conversation.
    text = INCOMING_TEXTS.started;
  }

  applicantId ??= await findLinkedApplicant(deps, accountId, channel.id, chatId);

  // A user's notification chat is not an applicant's: what they write there is not kept.
  if (applicantId === null && (await isUserChat(deps, accountId, channel.id, chatId)) !== null) {
    return { outcome: 'ignored' };
  }

  // Written first: the handle or the shared phone (their own contact only) may name a card.
  if (applicantId === null) {
    const ownContact =
      message.contact && message.contact.user_id === message.from?.id ? message.contact : null;
    const found = await deps.database.withTenant(accountId, (tx) =>
      findApplicantByMessengerContact(tx, accountId, {
        telegramHandle: author.handle,
        phone: ownContact?.phone_number ?? null,
      }),
    );
    if (found) {
      await link(found.applicantId, found.by);
      applicantId = found.applicantId;
    }
  }
  if (applicantId === null) {
    await askWhoTheyAre(deps, token, message.chat.id);
    return { outcome: 'unlinked' };
  }
  if (message.contact && !message.text) {
    text = INCOMING_TEXTS.sharedPhone(message.contact.phone_number);
  }

  const { files, notes } = await attachmentsOf(deps, token, message);
  const parts = [text, ...notes].filter((p) => p.trim() !== '');
  if (parts.length === 0 && files.length === 0) parts.push(INCOMING_TEXTS.unsupported);

  const result = await receiveIncoming(deps, accountId, {
    channelId: channel.id,
    externalChatId: chatId,
    externalMessageId: String(message.message_id),
    applicantId,
    text: parts.join('\n'),
    attachments: files,
    sentAt: new Date(message.date * 1000),
    author,
    meta: { telegram_update_id: update.update_id },
  });
  if (!result.stored) return { outcome: 'unlinked' };
  return {
    outcome: 'stored',
    applicantId: result.applicantId,
    messageId: result.messageId,
    duplicate: result.duplicate,
  };
}
