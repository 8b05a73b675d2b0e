import type { Config } from './config.ts';

export type ChatNotifier = {
  isConfigured: boolean;
  /** Posts plain text to the configured chat; resolves false when the Bot API refuses it. */
  sendText: (text: string) => Promise<{ ok: boolean; error?: string }>;
};

/** The error-report chat, through the Telegram Bot API's sendMessage. */
export function createErrorReportChat(config: Config): ChatNotifier {
  const token = config.TELEGRAM_BOT_TOKEN;
  const chatId = config.ERROR_REPORT_CHAT_ID;
  if (!token || !chatId) {
    return { isConfigured: false, sendText: async () => ({ ok: false, error: 'не настроен' }) };
  }
  const url = `${config.TELEGRAM_API_BASE_URL.replace(/\/$/, '')}/bot${token}/sendMessage`;
  return {
    isConfigured: true,
    async sendText(text) {
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ chat_id: chatId, text: text.slice(0, 4096) }),
          signal: AbortSignal.timeout(10_000),
        });
        const body = (await response.json().catch(() => ({}))) as {
          ok?: boolean;
          description?: string;
        };
        return body.ok
          ? { ok: true }
          : { ok: false, error: body.description ?? `HTTP ${response.status}` };
      } catch (error) {
        return { ok: false, error: (error as Error).message };
      }
    },
  };
}
