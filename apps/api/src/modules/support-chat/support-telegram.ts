import type { Config } from '../../platform/config.ts';

// The support bot's few Bot API calls (sendMessage, getUpdates), over fetch with JSON bodies.

type TelegramAnswer<T> = {
  ok: boolean;
  result?: T;
  description?: string;
  error_code?: number;
  parameters?: { retry_after?: number };
};

export class SupportBotError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

export type SupportBotMessage = {
  message_id: number;
  date: number;
  chat: { id: number };
  text?: string;
  caption?: string;
  reply_to_message?: { message_id: number };
};

export type SupportBotUpdate = { update_id: number; message?: SupportBotMessage };

export const supportBotConfigured = (config: Config) =>
  Boolean(config.SUPPORT_TELEGRAM_BOT_TOKEN && config.SUPPORT_TELEGRAM_CHAT_ID);

async function callBot<T>(
  config: Config,
  method: string,
  params: Record<string, unknown>,
  signal: AbortSignal,
): Promise<T> {
  const url = `${config.TELEGRAM_API_BASE_URL.replace(/\/$/, '')}/bot${config.SUPPORT_TELEGRAM_BOT_TOKEN}/${method}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(params),
      signal,
    });
  } catch (error) {
    throw new SupportBotError(`Telegram недоступен: ${(error as Error).message}`);
  }
  const body = (await response.json().catch(() => ({}))) as TelegramAnswer<T>;
  if (body.ok && body.result !== undefined) return body.result;
  const retryAfter = body.parameters?.retry_after;
  throw new SupportBotError(
    body.description ?? `Telegram ответил HTTP ${response.status}`,
    retryAfter !== undefined ? retryAfter * 1000 : undefined,
  );
}

/** Posts `text` to the support's chat; answers the message as Telegram keeps it. */
export const postToSupportChat = (config: Config, text: string) =>
  callBot<SupportBotMessage>(
    config,
    'sendMessage',
    { chat_id: config.SUPPORT_TELEGRAM_CHAT_ID, text: text.slice(0, 4096) },
    AbortSignal.timeout(10_000),
  );

/** One long poll of the support bot's updates from `offset`. */
export const pollSupportUpdates = (config: Config, offset: number, signal: AbortSignal) =>
  callBot<SupportBotUpdate[]>(
    config,
    'getUpdates',
    { offset, timeout: config.SUPPORT_TELEGRAM_POLL_SECONDS, allowed_updates: ['message'] },
    AbortSignal.any([
      signal,
      AbortSignal.timeout((config.SUPPORT_TELEGRAM_POLL_SECONDS + 10) * 1000),
    ]),
  );
