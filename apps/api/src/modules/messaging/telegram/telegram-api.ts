import type { Config } from '../../../platform/config.ts';

// The few Telegram Bot API methods the messaging transport uses (getMe, setWebhook, deleteWebhook,
// getUpdates, sendMessage, sendDocument, getFile and the file download), as
// /work/shared/specs/telegram-bot-api describes them. Every answer is `{ok, result}` or
// `{ok: false, error_code, description, parameters?: {retry_after}}`; a failure is thrown as a
// TelegramApiError carrying those, or with code 0 when Telegram could not be reached at all.

export type TgUser = { id: number; is_bot: boolean; first_name: string; username?: string };
export type TgChat = {
  id: number;
  type: string;
  first_name?: string;
  last_name?: string;
  username?: string;
};
export type TgDocument = {
  file_id: string;
  file_unique_id: string;
  file_name?: string;
  mime_type?: string;
  file_size?: number;
};
export type TgPhotoSize = {
  file_id: string;
  file_unique_id: string;
  width: number;
  height: number;
  file_size?: number;
};
export type TgMessage = {
  message_id: number;
  from?: TgUser & { last_name?: string };
  chat: TgChat;
  date: number;
  text?: string;
  caption?: string;
  document?: TgDocument;
  photo?: TgPhotoSize[];
  contact?: { phone_number: string; first_name: string; last_name?: string; user_id?: number };
};
export type TgUpdate = { update_id: number; message?: TgMessage; [other: string]: unknown };
export type TgFile = {
  file_id: string;
  file_unique_id: string;
  file_size?: number;
  file_path?: string;
};

export class TelegramApiError extends Error {
  constructor(
    /** Telegram's error_code (400, 401, 403, 409, 429…), 0 when there was no answer. */
    readonly code: number,
    readonly description: string,
    /** From `parameters.retry_after` (seconds), in milliseconds. */
    readonly retryAfterMs?: number,
  ) {
    super(`Telegram ${code}: ${description}`);
    this.name = 'TelegramApiError';
  }
}

/** Long polls wait this long at Telegram (seconds); the request itself a little longer. */
export const LONG_POLL_SECONDS = 25;
const REQUEST_TIMEOUT_MS = 20_000;

export function telegramApi(config: Pick<Config, 'TELEGRAM_API_BASE_URL'>, token: string) {
  const base = config.TELEGRAM_API_BASE_URL.replace(/\/$/, '');

  async function call<T>(
    method: string,
    params: Record<string, unknown> | FormData = {},
    options: { timeoutMs?: number; signal?: AbortSignal } = {},
  ): Promise<T> {
    const timeout = AbortSignal.timeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS);
    const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
    let response: Response;
    try {
      response = await fetch(`${base}/bot${token}/${method}`, {
        method: 'POST',
        ...(params instanceof FormData
          ? { body: params }
          : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(params) }),
        signal,
      });
    } catch (error) {
      throw new TelegramApiError(0, (error as Error).message);
    }
    let body: {
      ok?: boolean;
      result?: T;
      error_code?: number;
      description?: string;
      parameters?: { retry_after?: number };
    };
    try {
      body = (await response.json()) as typeof body;
    } catch {
      throw new TelegramApiError(response.status, `not JSON (HTTP ${response.status})`);
    }
    if (body.ok === true) return body.result as T;
    const retryAfter = body.parameters?.retry_after;
    throw new TelegramApiError(
      body.error_code ?? response.status,
      body.description ?? `HTTP ${response.status}`,
      retryAfter === undefined ? undefined : retryAfter * 1000,
    );
  }

  return {
    getMe: () => call<TgUser>('getMe'),
    setWebhook: (params: { url: string; secret_token: string; allowed_updates?: string[] }) =>
      call<boolean>('setWebhook', { ...params, max_connections: 40 }),
    deleteWebhook: () => call<boolean>('deleteWebhook', {}),
    getUpdates: (
      params: { offset?: number; timeout?: number; allowed_updates?: string[] },
      signal?: AbortSignal,
    ) =>
      call<TgUpdate[]>('getUpdates', params, {
        timeoutMs: ((params.timeout ?? 0) + 10) * 1000,
        ...(signal ? { signal } : {}),
      }),
    sendMessage: (params: { chat_id: string | number; text: string; reply_markup?: unknown }) =>
      call<TgMessage>('sendMessage', params),
    sendDocument: (params: {
      chat_id: string | number;
      fileName: string;
      mimeType: string;
      bytes: Buffer;
      caption?: string;
    }) => {
      const form = new FormData();
      form.append('chat_id', String(params.chat_id));
      if (params.caption) form.append('caption', params.caption);
      form.append(
        'document',
        new Blob([new Uint8Array(params.bytes)], { type: params.mimeType }),
        params.fileName,
      );
      return call<TgMessage>('sendDocument', form, { timeoutMs: 120_000 });
    },
    getFile: (fileId: string) => call<TgFile>('getFile', { file_id: fileId }),
    /** The bytes of a file getFile prepared, refused past `maxBytes` while reading. */
    async download(filePath: string, maxBytes: number) {
      let response: Response;
      try {
        response = await fetch(`${base}/file/bot${token}/${filePath}`, {
          signal: AbortSignal.timeout(120_000),
        });
      } catch (error) {
        throw new TelegramApiError(0, (error as Error).message);
      }
      if (!response.ok || !response.body) {
        throw new TelegramApiError(response.status, `file download: HTTP ${response.status}`);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.length;
        if (size > maxBytes) {
          await reader.cancel();
          throw new TelegramApiError(413, 'file is too big');
        }
        chunks.push(Buffer.from(value));
      }
      return Buffer.concat(chunks);
    },
  };
}

export type TelegramApi = ReturnType<typeof telegramApi>;
