import { MSG_MESSAGES } from '@ats/contracts/messaging';
import type { Config } from '../../../platform/config.ts';
import {
  TransportError,
  type SendContext,
  type Transport,
  type TransportChannel,
} from '../transports.ts';
import { TelegramApiError, telegramApi, type TgMessage } from './telegram-api.ts';
import { webhookSecretOf } from './telegram-keys.ts';

// The Telegram transport (decision 0044): a channel is a bot connected by its token (checked with
// getMe, kept sealed in the channel's secrets). With PUBLIC_URL set, Telegram posts updates to
// `/api/msg_integrations/webhooks/telegram/<webhookKey>` with a secret_token derived from the key;
// without it the worker long-polls getUpdates (telegram-polling.ts). An outgoing message goes to
// the chat linked to the applicant (deep link, handle or phone): its text by sendMessage, its
// files by sendDocument.

export const TELEGRAM_TEXTS = {
  tokenRejected: 'Telegram не принял токен: проверьте его у @BotFather',
  tokenMissing: 'Укажите токен бота',
  unreachable: 'Telegram сейчас недоступен, повторите попытку позже',
  notABot: 'Этот токен не принадлежит боту',
  tooManyRequests: 'Telegram просит подождать: слишком много сообщений подряд',
  blocked: 'Кандидат заблокировал бота',
  notStarted: 'Кандидат ещё не писал боту: отправьте ему ссылку на бота',
  chatNotFound: 'Чат с кандидатом не найден в Telegram',
  tokenRevoked: 'Токен бота больше не действует: подключите бота заново',
  fileTooLarge: 'Файл слишком большой для Telegram',
  partlySent: 'Сообщение отправлено не полностью',
  webhookFailed: 'Telegram не принял адрес для входящих сообщений',
} as const;

/** Telegram's limits: a text of 4096 characters, a caption of 1024. */
const TEXT_LIMIT = 4096;
const CAPTION_LIMIT = 1024;

export const webhookPathOf = (webhookKey: string) =>
  `/api/msg_integrations/webhooks/telegram/${webhookKey}`;

/** Russian for the card: why Telegram refused, and whether trying again may help. */
export function transportErrorOf(error: unknown): TransportError {
  if (error instanceof TransportError) return error;
  if (!(error instanceof TelegramApiError)) {
    return new TransportError(`${TELEGRAM_TEXTS.unreachable} (${String(error)})`);
  }
  const text = error.description.toLowerCase();
  if (error.code === 429) {
    return new TransportError(TELEGRAM_TEXTS.tooManyRequests, {
      retryAfterMs: error.retryAfterMs ?? 1000,
    });
  }
  if (error.code === 0 || error.code >= 500) return new TransportError(TELEGRAM_TEXTS.unreachable);
  if (error.code === 401 || error.code === 404) {
    return new TransportError(TELEGRAM_TEXTS.tokenRevoked, { permanent: true });
  }
  if (error.code === 413) {
    return new TransportError(TELEGRAM_TEXTS.fileTooLarge, { permanent: true });
  }
  if (error.code === 403 && text.includes('blocked')) {
    return new TransportError(TELEGRAM_TEXTS.blocked, { permanent: true });
  }
  if (error.code === 403 && text.includes('initiate')) {
    return new TransportError(TELEGRAM_TEXTS.notStarted, { permanent: true });
  }
  if (text.includes('chat not found') || text.includes('user is deactivated')) {
    return new TransportError(TELEGRAM_TEXTS.chatNotFound, { permanent: true });
  }
  return new TransportError(`Telegram отклонил сообщение: ${error.description}`, {
    permanent: true,
  });
}

const tokenOf = (channel: TransportChannel | null) => channel?.secrets.token ?? null;

/** Splits a text longer than Telegram takes at line ends (or hard, for one endless line). */
export function splitText(text: string, limit = TEXT_LIMIT): string[] {
  const parts: string[] = [];
  let rest = text;
  while ([...rest].length > limit) {
    const chars = [...rest];
    const head = chars.slice(0, limit).join('');
    const cut = head.lastIndexOf('\n');
    const take = cut > limit / 2 ? head.slice(0, cut) : head;
    parts.push(take);
    rest = rest.slice(take.length).replace(/^\n/, '');
  }
  if (rest.trim() !== '') parts.push(rest);
  return parts;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function send(ctx: SendContext) {
  const token = tokenOf(ctx.channel);
  if (!token) throw new TransportError(TELEGRAM_TEXTS.tokenRevoked, { permanent: true });
  const chatId = ctx.recipient.chatId;
  if (!chatId) throw new TransportError(MSG_MESSAGES.noChatLink, { permanent: true });
  const api = telegramApi(ctx.config, token);
  const { text, attachments } = ctx.message;
  const body = text.trim();

  // One file with a short text: the text is its caption. Otherwise the text first, then files.
  const captionFirst = attachments.length > 0 && [...body].length <= CAPTION_LIMIT;
  const steps: (() => Promise<TgMessage>)[] = [];
  if (!captionFirst) {
    for (const part of splitText(body)) {
      steps.push(() => api.sendMessage({ chat_id: chatId, text: part }));
    }
  }
  attachments.forEach((file, index) => {
    steps.push(async () =>
      api.sendDocument({
        chat_id: chatId,
        fileName: file.fileName,
        mimeType: file.mimeType,
        bytes: await file.read(),
        ...(captionFirst && index === 0 && body ? { caption: body } : {}),
      }),
    );
  });
  if (steps.length === 0) throw new TransportError(MSG_MESSAGES.emptyMessage, { permanent: true });

  const sent: TgMessage[] = [];
  for (const step of steps) {
    try {
      sent.push(await step());
    } catch (error) {
      const failure = transportErrorOf(error);
      // Nothing went out yet: the outbox retries the whole message later.
      if (sent.length === 0) throw failure;
      // A part went out: waiting here (Telegram's short retry_after) sends the rest once; a
      // retry of the whole message would send the first parts twice, so the rest is given up.
      let done = false;
      for (let attempt = 0; attempt < 3 && !done && failure.retryAfterMs !== undefined; attempt++) {
        if (failure.retryAfterMs > 30_000) break;
        await sleep(failure.retryAfterMs);
        try {
          sent.push(await step());
          done = true;
        } catch {
          // the next attempt, if any
        }
      }
      if (!done) {
        throw new TransportError(`${TELEGRAM_TEXTS.partlySent}: ${failure.reason}`, {
          permanent: true,
        });
      }
    }
  }
  return {
    externalId: String(sent[0]!.message_id),
    externalChatId: chatId,
    state: 'sent' as const,
    meta: {
      telegram_message_ids: sent.map((m) => m.message_id),
      ...(sent.some((m) => m.document)
        ? { telegram_file_ids: sent.flatMap((m) => (m.document ? [m.document.file_id] : [])) }
        : {}),
    },
  };
}

/** Webhook (PUBLIC_URL) or polling: the bot is told which, so updates reach us one way. */
async function activate(ctx: { config: Config; channel: TransportChannel }) {
  const token = tokenOf(ctx.channel);
  if (!token) throw new TransportError(TELEGRAM_TEXTS.tokenRevoked, { permanent: true });
  const api = telegramApi(ctx.config, token);
  try {
    if (ctx.config.PUBLIC_URL) {
      await api.setWebhook({
        url: `${ctx.config.PUBLIC_URL.replace(/\/$/, '')}${webhookPathOf(ctx.channel.webhookKey)}`,
        secret_token: webhookSecretOf(ctx.config, ctx.channel.webhookKey),
        allowed_updates: ['message'],
      });
    } else {
      await api.deleteWebhook();
    }
  } catch (error) {
    const failure =
      error instanceof TelegramApiError && error.code !== 0 && error.code < 500
        ? `${TELEGRAM_TEXTS.webhookFailed}: ${error.description}`
        : TELEGRAM_TEXTS.unreachable;
    throw new TransportError(failure);
  }
}

export const telegramTransport: Transport = {
  kind: 'telegram',
  async connect(ctx) {
    const given = typeof ctx.input.token === 'string' ? ctx.input.token.trim() : null;
    const current = ctx.current;
    if (!given && current && tokenOf(current)) {
      // The same bot: nothing to ask Telegram.
      return {
        defaultName: current.address ?? current.name,
        address: current.address,
        externalId: current.externalId,
        settings: current.settings,
        secrets: current.secrets,
      };
    }
    if (!given) {
      throw new TransportError(TELEGRAM_TEXTS.tokenMissing, { permanent: true });
    }
    let me;
    try {
      me = await telegramApi(ctx.config, given).getMe();
    } catch (error) {
      const message =
        error instanceof TelegramApiError && (error.code === 401 || error.code === 404)
          ? TELEGRAM_TEXTS.tokenRejected
          : TELEGRAM_TEXTS.unreachable;
      throw new TransportError(message, { permanent: true });
    }
    if (!me.is_bot || !me.username) {
      throw new TransportError(TELEGRAM_TEXTS.notABot, { permanent: true });
    }
    const sameBot = current?.externalId === String(me.id);
    return {
      defaultName: `@${me.username}`,
      address: `@${me.username}`,
      externalId: String(me.id),
      settings: { bot_username: me.username, bot_name: me.first_name, bot_id: me.id },
      secrets: { token: given },
      // Another bot starts its updates from the beginning.
      ...(sameBot ? {} : { syncState: { offset: 0 } }),
    };
  },
  activate,
  async deactivate(ctx) {
    const token = tokenOf(ctx.channel);
    if (token) await telegramApi(ctx.config, token).deleteWebhook();
  },
  send,
};
