import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

// A local stand-in for the Telegram Bot API as /work/shared/specs/telegram-bot-api (api.json,
// openapi.json) describes it, for the messaging transport's tests and the e2e harness:
// - `POST|GET /bot<token>/<method>` with parameters in the query string, a JSON body, a
//   form-encoded body or multipart/form-data (uploads), method names in any case as Telegram
//   takes them; answers `{ok: true, result}` or `{ok: false, error_code, description,
//   parameters?}`; 401 for an unknown token, 404 for an unknown method;
// - getMe, getUpdates (offset confirms, limit 1–100, long polling with `timeout`, a newer poll
//   ends the older one with 409, 409 while a webhook is set), setWebhook (`secret_token` checked
//   as Telegram does, `drop_pending_updates`), deleteWebhook, getWebhookInfo, sendMessage,
//   sendDocument (an upload, a file_id or an http(s) URL; 50 MB), getFile (20 MB) and the file
//   download at `/file/bot<token>/<file_path>`;
// - webhooks: every update is POSTed at once, one at a time per bot in order, with the
//   `X-Telegram-Bot-Api-Secret-Token` header; an answer other than 2xx keeps the update and it
//   is tried again (last_error_* in getWebhookInfo), as Telegram does;
// - the other side: `addUser`, `start` (the deep link's `/start <payload>`), `send` (a text, a
//   document, a shared contact), `block` from "the applicant"; the bot's messages in `sent`;
// - faults: `failNext` (429 with `parameters.retry_after`, or any error), `setDown` (connections
//   reset, as a network failure), 403 «bot was blocked by the user» / «can't initiate
//   conversation» where Telegram answers so.
// Unlike Telegram, webhooks may be plain http (the app runs on 127.0.0.1 in tests).
// Everything is reached by the returned object or, for the browser journeys, by `/__control/*`.

export type TgUser = {
  id: number;
  is_bot: boolean;
  first_name: string;
  last_name?: string;
  username?: string;
  language_code?: string;
};

export type TgChat = {
  id: number;
  type: 'private';
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

export type TgMessage = {
  message_id: number;
  from?: TgUser;
  date: number;
  chat: TgChat;
  text?: string;
  entities?: { type: string; offset: number; length: number }[];
  caption?: string;
  document?: TgDocument;
  contact?: { phone_number: string; first_name: string; last_name?: string; user_id?: number };
  reply_to_message?: TgMessage;
};

export type TgUpdate = {
  update_id: number;
  message?: TgMessage;
  my_chat_member?: {
    chat: TgChat;
    from: TgUser;
    date: number;
    old_chat_member: { status: string; user: TgUser };
    new_chat_member: { status: string; user: TgUser };
  };
};

/** A person on the other side: an applicant writing to the bot. */
export type FakeTelegramUser = TgUser & { phone_number?: string };

type StoredFile = {
  file_id: string;
  file_unique_id: string;
  file_path: string;
  file_name?: string;
  mime_type?: string;
  bytes: Buffer;
  botToken: string;
};

type Webhook = {
  url: string;
  secret_token?: string;
  allowed_updates?: string[];
  max_connections: number;
};

type Poll = { finish: (status: number, body: unknown) => void };

export type FakeBot = {
  token: string;
  user: TgUser & { can_join_groups: boolean; supports_inline_queries: boolean };
  webhook: Webhook | null;
  /** Updates not yet confirmed (getUpdates offset) or not yet accepted by the webhook. */
  pending: TgUpdate[];
  nextUpdateId: number;
  lastError?: { date: number; message: string };
  /** Users who pressed Start (a bot can't write first) and users who blocked the bot. */
  started: Set<number>;
  blockedBy: Set<number>;
  poll?: Poll;
  delivering: boolean;
};

/** A message the bot sent (sendMessage, sendDocument), as Telegram returned it. */
export type FakeSentMessage = {
  token: string;
  bot: string;
  method: 'sendMessage' | 'sendDocument';
  chat_id: number;
  message: TgMessage;
  params: Record<string, unknown>;
};

export type FakeTelegramRequest = {
  token: string;
  method: string;
  params: Record<string, unknown>;
  status: number;
  at: number;
};

export type WebhookDelivery = {
  token: string;
  url: string;
  update_id: number;
  secretHeader: string | undefined;
  status: number;
  at: number;
};

type Failure = {
  token?: string;
  method?: string;
  error_code: number;
  description: string;
  retry_after?: number;
};

export type TelegramBotFakeOptions = {
  /** Bots known from the start (more with `addBot`). */
  bots?: { token?: string; username: string; first_name?: string }[];
  /** Delay before a refused webhook delivery is tried again (Telegram: seconds to minutes). */
  webhookRetryMs?: number;
};

const MAX_UPLOAD = 50 * 1024 * 1024;
const MAX_DOWNLOAD = 20 * 1024 * 1024;
const SECRET_TOKEN = /^[A-Za-z0-9_-]{1,256}$/;
const now = () => Math.floor(Date.now() / 1000);

class TelegramError extends Error {
  constructor(
    readonly code: number,
    readonly description: string,
    readonly parameters?: { retry_after?: number },
  ) {
    super(description);
  }
}
const badRequest = (what: string) => new TelegramError(400, `Bad Request: ${what}`);

/** A bot token as BotFather gives it: `<bot id>:<35 characters>`. */
export function fakeBotToken(botId: number) {
  return `${botId}:AA${randomBytes(33).toString('base64url').slice(0, 33)}`;
}

export async function startTelegramBotFake(options: TelegramBotFakeOptions = {}) {
  const retryMs = options.webhookRetryMs ?? 300;
  const bots = new Map<string, FakeBot>();
  const users = new Map<number, FakeTelegramUser>();
  const files = new Map<string, StoredFile>();
  const sent: FakeSentMessage[] = [];
  const requests: FakeTelegramRequest[] = [];
  const deliveries: WebhookDelivery[] = [];
  const failures: Failure[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  /** Message ids go up per chat, as in a private chat with a bot. */
  const messageIds = new Map<number, number>();
  let nextBotId = 7_000_000_001;
  let nextUserId = 500_000_001;
  let nextFile = 1;
  let down = false;
  const heldMethods = new Set<string>();
  const releases = new Set<() => void>();
  let held = 0;
  let closed = false;

  const nextMessageId = (chatId: number) => {
    const id = (messageIds.get(chatId) ?? 0) + 1;
    messageIds.set(chatId, id);
    return id;
  };

  function addBot(input: { token?: string; username: string; first_name?: string }) {
    const token = input.token ?? fakeBotToken(nextBotId++);
    const id = Number(token.split(':')[0]);
    const bot: FakeBot = {
      token,
      user: {
        id: Number.isSafeInteger(id) && id > 0 ? id : nextBotId++,
        is_bot: true,
        first_name: input.first_name ?? input.username,
        username: input.username,
        can_join_groups: true,
        supports_inline_queries: false,
      },
      webhook: null,
      pending: [],
      nextUpdateId: 100_000_001,
      started: new Set(),
      blockedBy: new Set(),
      delivering: false,
    };
    bots.set(token, bot);
    return bot;
  }
  for (const bot of options.bots ?? []) addBot(bot);

  function addUser(input: Partial<Omit<FakeTelegramUser, 'is_bot'>> & { first_name: string }) {
    const user: FakeTelegramUser = { ...input, id: input.id ?? nextUserId++, is_bot: false };
    users.set(user.id, user);
    return user;
  }

  /** A bot by token or by its username (with or without @). */
  function botOf(ref: string) {
    const byToken = bots.get(ref);
    if (byToken) return byToken;
    const name = ref.replace(/^@/, '').toLowerCase();
    for (const bot of bots.values()) if (bot.user.username?.toLowerCase() === name) return bot;
    throw new Error(`telegram fake: no bot ${ref}`);
  }

  const userOf = (ref: number | FakeTelegramUser) => {
    const id = typeof ref === 'number' ? ref : ref.id;
    const user = users.get(id);
    if (!user) throw new Error(`telegram fake: no user ${id}`);
    return user;
  };

  const chatOf = (user: FakeTelegramUser): TgChat => ({
    id: user.id,
    type: 'private',
    first_name: user.first_name,
    ...(user.last_name ? { last_name: user.last_name } : {}),
    ...(user.username ? { username: user.username } : {}),
  });

  const publicUser = (user: FakeTelegramUser): TgUser => {
    const { phone_number: _phone, ...rest } = user;
    return rest;
  };

  function storeFile(
    botToken: string,
    bytes: Buffer,
    name: string | undefined,
    mime: string | undefined,
  ) {
    const n = nextFile++;
    const extension = /\.([A-Za-z0-9]{1,8})$/.exec(name ?? '')?.[1];
    const file: StoredFile = {
      file_id: `BQACAgIAAxkBAAI${n.toString(36).padStart(6, '0')}${randomBytes(12).toString('base64url')}`,
      file_unique_id: `AgAD${n.toString(36).padStart(4, '0')}`,
      file_path: `documents/file_${n}${extension ? `.${extension}` : ''}`,
      ...(name ? { file_name: name } : {}),
      ...(mime ? { mime_type: mime } : {}),
      bytes,
      botToken,
    };
    files.set(file.file_id, file);
    return file;
  }

  const documentOf = (file: StoredFile): TgDocument => ({
    file_id: file.file_id,
    file_unique_id: file.file_unique_id,
    ...(file.file_name ? { file_name: file.file_name } : {}),
    ...(file.mime_type ? { mime_type: file.mime_type } : {}),
    file_size: file.bytes.length,
  });

  // ---- updates: queued, then delivered by webhook or handed to getUpdates --------------------

  function enqueue(bot: FakeBot, update: Omit<TgUpdate, 'update_id'>) {
    const full = { update_id: bot.nextUpdateId++, ...update } as TgUpdate;
    bot.pending.push(full);
    if (bot.webhook) {
      void deliver(bot);
    } else if (bot.poll) {
      const poll = bot.poll;
      bot.poll = undefined;
      poll.finish(200, { ok: true, result: bot.pending.slice(0, 100) });
    }
    return full;
  }

  /** Posts the bot's pending updates to its webhook, in order, until one is refused. */
  async function deliver(bot: FakeBot) {
    if (bot.delivering || closed) return;
    bot.delivering = true;
    try {
      while (bot.webhook && bot.pending.length > 0 && !closed) {
        const webhook = bot.webhook;
        const update = bot.pending[0]!;
        let status = 0;
        let error = '';
        try {
          const response = await fetch(webhook.url, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              ...(webhook.secret_token
                ? { 'x-telegram-bot-api-secret-token': webhook.secret_token }
                : {}),
            },
            body: JSON.stringify(update),
            signal: AbortSignal.timeout(10_000),
          });
          status = response.status;
          await response.arrayBuffer();
          if (status < 200 || status > 299) {
            error = `Wrong response from the webhook: ${status} ${response.statusText}`;
          }
        } catch (cause) {
          error = `Connection refused (${String(cause)})`;
        }
        deliveries.push({
          token: bot.token,
          url: webhook.url,
          update_id: update.update_id,
          secretHeader: webhook.secret_token,
          status,
          at: Date.now(),
        });
        if (error) {
          bot.lastError = { date: now(), message: error };
          const timer = setTimeout(() => {
            timers.delete(timer);
            void deliver(bot);
          }, retryMs);
          timers.add(timer);
          return;
        }
        if (bot.pending[0] === update) bot.pending.shift();
      }
    } finally {
      bot.delivering = false;
    }
  }

  /** "The applicant" writes to the bot: a text, a document or their contact. */
  function send(
    botRef: string,
    userRef: number | FakeTelegramUser,
    content: {
      text?: string;
      document?: { file_name: string; mime_type?: string; bytes: Buffer };
      caption?: string;
      contact?: boolean;
      reply_to_message_id?: number;
    },
  ) {
    const bot = botOf(botRef);
    const user = userOf(userRef);
    if (bot.blockedBy.has(user.id)) throw new Error('telegram fake: the user blocked this bot');
    bot.started.add(user.id);
    const message: TgMessage = {
      message_id: nextMessageId(user.id),
      from: publicUser(user),
      chat: chatOf(user),
      date: now(),
    };
    if (content.text !== undefined) {
      message.text = content.text;
      const command = /^\/[A-Za-z0-9_]+(@[A-Za-z0-9_]+)?/.exec(content.text);
      if (command) {
        message.entities = [{ type: 'bot_command', offset: 0, length: command[0].length }];
      }
    }
    if (content.document) {
      const file = storeFile(
        bot.token,
        content.document.bytes,
        content.document.file_name,
        content.document.mime_type ?? 'application/octet-stream',
      );
      message.document = documentOf(file);
      if (content.caption) message.caption = content.caption;
    }
    if (content.contact) {
      if (!user.phone_number) throw new Error('telegram fake: the user has no phone number');
      message.contact = {
        phone_number: user.phone_number,
        first_name: user.first_name,
        ...(user.last_name ? { last_name: user.last_name } : {}),
        user_id: user.id,
      };
    }
    if (content.reply_to_message_id !== undefined) {
      const original = sent.find(
        (s) => s.chat_id === user.id && s.message.message_id === content.reply_to_message_id,
      );
      if (original) message.reply_to_message = original.message;
    }
    return enqueue(bot, { message });
  }

  /** The applicant follows `t.me/<bot>?start=<payload>` and presses Start. */
  function start(botRef: string, userRef: number | FakeTelegramUser, payload?: string) {
    return send(botRef, userRef, { text: payload ? `/start ${payload}` : '/start' });
  }

  /** The applicant blocks the bot (Telegram tells the bot by a my_chat_member update). */
  function block(botRef: string, userRef: number | FakeTelegramUser) {
    const bot = botOf(botRef);
    const user = userOf(userRef);
    bot.blockedBy.add(user.id);
    return enqueue(bot, {
      my_chat_member: {
        chat: chatOf(user),
        from: publicUser(user),
        date: now(),
        old_chat_member: { status: 'member', user: bot.user },
        new_chat_member: { status: 'kicked', user: bot.user },
      },
    });
  }

  // ---- the Bot API methods -----------------------------------------------------------------

  const intParam = (params: Record<string, unknown>, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') return undefined;
    const n = Number(value);
    if (!Number.isInteger(n)) throw badRequest(`invalid ${name} specified`);
    return n;
  };
  const jsonParam = <T>(params: Record<string, unknown>, name: string): T | undefined => {
    const value = params[name];
    if (typeof value !== 'string') return value as T | undefined;
    try {
      return JSON.parse(value) as T;
    } catch {
      throw badRequest(`can't parse ${name} JSON object`);
    }
  };
  const boolParam = (params: Record<string, unknown>, name: string) =>
    params[name] === true || params[name] === 'true' || params[name] === '1';

  /** The private chat the bot writes to: a user who started it (bots can't write first). */
  function targetChat(bot: FakeBot, params: Record<string, unknown>) {
    const raw = params.chat_id;
    if (raw === undefined || raw === '') throw badRequest('chat_id is empty');
    // Users can't be reached by @username, only by the numeric id of their chat.
    const id = Number(raw);
    const user = Number.isSafeInteger(id) ? users.get(id) : undefined;
    if (!user) throw badRequest('chat not found');
    if (bot.blockedBy.has(user.id)) {
      throw new TelegramError(403, 'Forbidden: bot was blocked by the user');
    }
    if (!bot.started.has(user.id)) {
      throw new TelegramError(403, "Forbidden: bot can't initiate conversation with a user");
    }
    return user;
  }

  function replyTo(chatId: number, params: Record<string, unknown>) {
    const reply = jsonParam<{ message_id?: number }>(params, 'reply_parameters');
    const id = reply?.message_id ?? intParam(params, 'reply_to_message_id');
    if (id === undefined) return undefined;
    return sent.find((s) => s.chat_id === chatId && s.message.message_id === id)?.message;
  }

  async function documentParam(bot: FakeBot, value: unknown) {
    if (value instanceof File) {
      if (value.size > MAX_UPLOAD) throw new TelegramError(413, 'Request Entity Too Large');
      if (value.size === 0) throw badRequest('file must be non-empty');
      return storeFile(
        bot.token,
        Buffer.from(await value.arrayBuffer()),
        value.name || 'document',
        value.type || 'application/octet-stream',
      );
    }
    if (typeof value !== 'string' || value === '') {
      throw badRequest('there is no document in the request');
    }
    if (/^attach:\/\//.test(value)) throw badRequest('wrong file identifier/HTTP URL specified');
    if (/^https?:\/\//.test(value)) {
      const response = await fetch(value).catch(() => undefined);
      if (!response?.ok) throw badRequest('wrong file identifier/HTTP URL specified');
      const bytes = Buffer.from(await response.arrayBuffer());
      const name = decodeURIComponent(new URL(value).pathname.split('/').pop() || 'file');
      return storeFile(bot.token, bytes, name, response.headers.get('content-type') ?? undefined);
    }
    const existing = files.get(value);
    if (!existing || existing.botToken !== bot.token) {
      throw badRequest('wrong file identifier/HTTP URL specified');
    }
    return existing;
  }

  function record(
    bot: FakeBot,
    method: 'sendMessage' | 'sendDocument',
    user: FakeTelegramUser,
    message: TgMessage,
    params: Record<string, unknown>,
  ) {
    const { document: _bytes, ...rest } = params;
    sent.push({
      token: bot.token,
      bot: bot.user.username ?? '',
      method,
      chat_id: user.id,
      message,
      params: method === 'sendDocument' ? rest : params,
    });
  }

  const methods: Record<
    string,
    (bot: FakeBot, params: Record<string, unknown>, req: IncomingMessage) => unknown
  > = {
    getme: (bot) => bot.user,
    logout: () => true,
    close: () => true,
    getwebhookinfo: (bot) => ({
      url: bot.webhook?.url ?? '',
      has_custom_certificate: false,
      pending_update_count: bot.pending.length,
      ...(bot.webhook ? { max_connections: bot.webhook.max_connections } : {}),
      ...(bot.webhook?.allowed_updates ? { allowed_updates: bot.webhook.allowed_updates } : {}),
      ...(bot.lastError
        ? { last_error_date: bot.lastError.date, last_error_message: bot.lastError.message }
        : {}),
    }),
    setwebhook: (bot, params) => {
      const url = typeof params.url === 'string' ? params.url : undefined;
      if (url === undefined) throw badRequest('parameter "url" is required');
      const drop = boolParam(params, 'drop_pending_updates');
      if (drop) bot.pending = [];
      if (url === '') {
        bot.webhook = null;
        return { result: true, description: 'Webhook was deleted' };
      }
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        throw badRequest('invalid webhook URL specified');
      }
      if (!/^https?:$/.test(parsed.protocol)) {
        throw badRequest('bad webhook: An HTTPS URL must be provided for webhook');
      }
      const secret = params.secret_token;
      if (secret !== undefined && (typeof secret !== 'string' || !SECRET_TOKEN.test(secret))) {
        throw badRequest('secret token contains unallowed characters');
      }
      const max = intParam(params, 'max_connections') ?? 40;
      if (max < 1 || max > 100) throw badRequest('invalid max_connections specified');
      const allowed = jsonParam<string[]>(params, 'allowed_updates');
      const same =
        bot.webhook?.url === url && bot.webhook.secret_token === (secret as string | undefined);
      bot.webhook = {
        url,
        ...(secret ? { secret_token: secret as string } : {}),
        ...(allowed ? { allowed_updates: allowed } : {}),
        max_connections: max,
      };
      bot.lastError = undefined;
      if (bot.poll) {
        const poll = bot.poll;
        bot.poll = undefined;
        poll.finish(409, {
          ok: false,
          error_code: 409,
          description: 'Conflict: terminated by setWebhook request',
        });
      }
      void deliver(bot);
      return { result: true, description: same ? 'Webhook is already set' : 'Webhook was set' };
    },
    deletewebhook: (bot, params) => {
      if (boolParam(params, 'drop_pending_updates')) bot.pending = [];
      const had = bot.webhook !== null;
      bot.webhook = null;
      return {
        result: true,
        description: had ? 'Webhook was deleted' : 'Webhook is already deleted',
      };
    },
    getupdates: (bot, params, req) => {
      if (bot.webhook) {
        throw new TelegramError(
          409,
          "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
        );
      }
      const offset = intParam(params, 'offset');
      const limit = Math.min(Math.max(intParam(params, 'limit') ?? 100, 1), 100);
      const timeout = Math.max(intParam(params, 'timeout') ?? 0, 0);
      if (offset !== undefined && offset < 0) {
        bot.pending = bot.pending.slice(offset);
      } else if (offset !== undefined && offset > 0) {
        // An offset confirms every update below it: those are forgotten.
        bot.pending = bot.pending.filter((u) => u.update_id >= offset);
      }
      if (bot.pending.length > 0 || timeout === 0) return bot.pending.slice(0, limit);
      return new Promise((resolve, reject) => {
        if (bot.poll) {
          bot.poll.finish(409, {
            ok: false,
            error_code: 409,
            description:
              'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running',
          });
        }
        // A client's connection outlives its polls (keep-alive): each poll takes its listener
        // off the socket when it ends, or a client polling every second piles them up.
        const onGone = () => {
          if (bot.poll === poll) {
            bot.poll = undefined;
            clearTimeout(timer);
            timers.delete(timer);
          }
        };
        const poll: Poll = {
          finish: (status, body) => {
            clearTimeout(timer);
            timers.delete(timer);
            req.socket.off('close', onGone);
            if (bot.poll === poll) bot.poll = undefined;
            if (status === 200) {
              resolve((body as { result: TgUpdate[] }).result.slice(0, limit));
            } else {
              const error = body as { error_code: number; description: string };
              reject(new TelegramError(error.error_code, error.description));
            }
          },
        };
        const timer = setTimeout(() => poll.finish(200, { ok: true, result: [] }), timeout * 1000);
        timers.add(timer);
        bot.poll = poll;
        req.socket.once('close', onGone);
      });
    },
    sendmessage: (bot, params) => {
      const user = targetChat(bot, params);
      const text = params.text === undefined ? '' : String(params.text);
      if (text.trim() === '') throw badRequest('message text is empty');
      if ([...text].length > 4096) throw badRequest('message is too long');
      const parseMode = params.parse_mode;
      if (
        parseMode !== undefined &&
        !['HTML', 'Markdown', 'MarkdownV2', ''].includes(String(parseMode))
      ) {
        throw badRequest('unsupported parse_mode');
      }
      const message: TgMessage = {
        message_id: nextMessageId(user.id),
        from: bot.user,
        chat: chatOf(user),
        date: now(),
        text,
      };
      const reply = replyTo(user.id, params);
      if (reply) message.reply_to_message = reply;
      record(bot, 'sendMessage', user, message, params);
      return message;
    },
    senddocument: async (bot, params) => {
      const user = targetChat(bot, params);
      const caption = params.caption === undefined ? undefined : String(params.caption);
      if (caption !== undefined && [...caption].length > 1024) {
        throw badRequest('message caption is too long');
      }
      const file = await documentParam(bot, params.document);
      const message: TgMessage = {
        message_id: nextMessageId(user.id),
        from: bot.user,
        chat: chatOf(user),
        date: now(),
        document: documentOf(file),
        ...(caption ? { caption } : {}),
      };
      const reply = replyTo(user.id, params);
      if (reply) message.reply_to_message = reply;
      record(bot, 'sendDocument', user, message, params);
      return message;
    },
    getfile: (bot, params) => {
      const id = params.file_id;
      if (typeof id !== 'string' || id === '') throw badRequest('file_id is empty');
      const file = files.get(id);
      if (!file || file.botToken !== bot.token) throw badRequest('invalid file_id');
      if (file.bytes.length > MAX_DOWNLOAD) throw badRequest('file is too big');
      return {
        file_id: file.file_id,
        file_unique_id: file.file_unique_id,
        file_size: file.bytes.length,
        file_path: file.file_path,
      };
    },
  };

  // ---- HTTP --------------------------------------------------------------------------------

  async function readBody(req: IncomingMessage) {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > MAX_UPLOAD + 1024 * 1024) throw new TelegramError(413, 'Request Entity Too Large');
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks);
  }

  async function paramsOf(req: IncomingMessage, url: URL) {
    const params: Record<string, unknown> = Object.fromEntries(url.searchParams);
    if (req.method !== 'POST') return params;
    const body = await readBody(req);
    if (body.length === 0) return params;
    const type = req.headers['content-type'] ?? '';
    if (type.startsWith('application/json')) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(body.toString('utf8'));
      } catch {
        throw badRequest("can't parse JSON object");
      }
      if (parsed && typeof parsed === 'object') Object.assign(params, parsed);
    } else if (type.startsWith('application/x-www-form-urlencoded')) {
      Object.assign(params, Object.fromEntries(new URLSearchParams(body.toString('utf8'))));
    } else if (type.startsWith('multipart/form-data')) {
      const form = await new Response(body, { headers: { 'content-type': type } })
        .formData()
        .catch(() => {
          throw badRequest("can't parse multipart/form-data");
        });
      for (const [name, value] of form) params[name] = value;
    }
    return params;
  }

  const reply = (res: ServerResponse, status: number, body: unknown) => {
    if (res.headersSent || res.destroyed) return;
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  function takeFailure(token: string, method: string) {
    const index = failures.findIndex(
      (f) =>
        (f.token === undefined || f.token === token) &&
        (f.method === undefined || f.method.toLowerCase() === method),
    );
    return index < 0 ? undefined : failures.splice(index, 1)[0];
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL) {
    const match = /^\/bot([^/]*)\/([A-Za-z]*)$/.exec(url.pathname);
    if (!match) return reply(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
    const [, token = '', methodName = ''] = match;
    const entry: FakeTelegramRequest = {
      token,
      method: methodName,
      params: {},
      status: 0,
      at: Date.now(),
    };
    requests.push(entry);
    const answer = (status: number, body: unknown) => {
      entry.status = status;
      reply(res, status, body);
    };
    try {
      const params = await paramsOf(req, url);
      entry.params = Object.fromEntries(
        Object.entries(params).map(([k, v]) => [
          k,
          v instanceof File ? `<file ${v.name}, ${v.size} bytes>` : v,
        ]),
      );
      const bot = bots.get(token);
      if (!bot) return answer(401, { ok: false, error_code: 401, description: 'Unauthorized' });
      const method = methods[methodName.toLowerCase()];
      if (!method) return answer(404, { ok: false, error_code: 404, description: 'Not Found' });
      const failure = takeFailure(token, methodName.toLowerCase());
      if (failure) {
        return answer(failure.error_code, {
          ok: false,
          error_code: failure.error_code,
          description: failure.description,
          ...(failure.retry_after !== undefined
            ? { parameters: { retry_after: failure.retry_after } }
            : {}),
        });
      }
      const result = (await method(bot, params, req)) as unknown;
      if (heldMethods.has(methodName.toLowerCase())) {
        // Done on Telegram's side, the answer kept back: the sender cannot know it went out.
        held += 1;
        await new Promise<void>((resolve) => {
          const done = () => {
            req.socket.off('close', done);
            resolve();
          };
          releases.add(done);
          req.socket.once('close', done);
        });
      }
      if (result && typeof result === 'object' && 'description' in result && 'result' in result) {
        return answer(200, { ok: true, ...(result as object) });
      }
      return answer(200, { ok: true, result });
    } catch (error) {
      if (error instanceof TelegramError) {
        return answer(error.code, {
          ok: false,
          error_code: error.code,
          description: error.description,
          ...(error.parameters ? { parameters: error.parameters } : {}),
        });
      }
      return answer(500, {
        ok: false,
        error_code: 500,
        description: `Internal Server Error: ${String(error)}`,
      });
    }
  }

  function handleFile(res: ServerResponse, url: URL) {
    const match = /^\/file\/bot([^/]+)\/(.+)$/.exec(url.pathname);
    const file = match
      ? [...files.values()].find((f) => f.botToken === match[1] && f.file_path === match[2])
      : undefined;
    if (!file) return reply(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
    res.writeHead(200, {
      'content-type': 'application/octet-stream',
      'content-length': String(file.bytes.length),
    });
    res.end(file.bytes);
  }

  const toBytes = (base64: unknown) =>
    Buffer.from(typeof base64 === 'string' ? base64 : '', 'base64');

  /** `/__control/*`: what a browser journey does through the harness (JSON in, JSON out). */
  async function handleControl(req: IncomingMessage, res: ServerResponse, url: URL) {
    const body =
      req.method === 'POST'
        ? (JSON.parse((await readBody(req)).toString('utf8') || '{}') as Record<string, unknown>)
        : {};
    const path = url.pathname.slice('/__control'.length);
    const q = (name: string) => url.searchParams.get(name) ?? undefined;
    if (req.method === 'POST' && path === '/bots') {
      const bot = addBot(body as { token?: string; username: string; first_name?: string });
      return reply(res, 200, { token: bot.token, user: bot.user });
    }
    if (req.method === 'GET' && path.startsWith('/bots/')) {
      const bot = botOf(decodeURIComponent(path.slice('/bots/'.length)));
      return reply(res, 200, {
        token: bot.token,
        user: bot.user,
        webhook: bot.webhook,
        pending: bot.pending,
        lastError: bot.lastError ?? null,
      });
    }
    if (req.method === 'POST' && path === '/users') {
      return reply(res, 200, addUser(body as { first_name: string }));
    }
    if (req.method === 'POST' && (path === '/start' || path === '/send' || path === '/block')) {
      const bot = String(body.bot);
      // "The applicant": an existing user by id, or a new one made of `user`.
      const user =
        body.user && typeof body.user === 'object'
          ? addUser(body.user as { first_name: string }).id
          : Number(body.user_id);
      const update =
        path === '/start'
          ? start(bot, user, body.payload as string | undefined)
          : path === '/block'
            ? block(bot, user)
            : send(bot, user, {
                ...(typeof body.text === 'string' ? { text: body.text } : {}),
                ...(body.document
                  ? {
                      document: {
                        ...(body.document as { file_name: string; mime_type?: string }),
                        bytes: toBytes((body.document as { base64?: string }).base64),
                      },
                    }
                  : {}),
                ...(typeof body.caption === 'string' ? { caption: body.caption } : {}),
                ...(body.contact ? { contact: true } : {}),
              });
      return reply(res, 200, update);
    }
    if (req.method === 'GET' && path === '/sent') {
      const bot = q('bot');
      const chat = q('chat_id');
      return reply(
        res,
        200,
        sent.filter(
          (s) =>
            (!bot ||
              s.token === bot ||
              s.bot.toLowerCase() === bot.replace(/^@/, '').toLowerCase()) &&
            (!chat || String(s.chat_id) === chat),
        ),
      );
    }
    if (req.method === 'GET' && path === '/requests') return reply(res, 200, requests);
    if (req.method === 'GET' && path === '/deliveries') return reply(res, 200, deliveries);
    if (req.method === 'POST' && path === '/fail-next') {
      failNext(body as Parameters<typeof failNext>[0]);
      return reply(res, 200, { ok: true });
    }
    if (req.method === 'POST' && path === '/down') {
      setDown(Boolean(body.down));
      return reply(res, 200, { ok: true, down });
    }
    return reply(res, 404, { error: `no such control endpoint: ${req.method} ${path}` });
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://telegram');
    if (url.pathname.startsWith('/__control/')) {
      handleControl(req, res, url).catch((error: unknown) =>
        reply(res, 400, { error: String(error) }),
      );
      return;
    }
    if (down) {
      req.socket.destroy();
      return;
    }
    if (url.pathname.startsWith('/file/')) return handleFile(res, url);
    void handleApi(req, res, url);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;

  /**
   * The next call (of a bot, of a method, or any) fails: by default 429 «Too Many Requests:
   * retry after N» with `parameters.retry_after`, as Telegram's flood control answers.
   */
  function failNext(
    failure: {
      bot?: string;
      method?: string;
      error_code?: number;
      description?: string;
      retry_after?: number;
      count?: number;
    } = {},
  ) {
    const code = failure.error_code ?? 429;
    const retryAfter = code === 429 ? (failure.retry_after ?? 1) : failure.retry_after;
    const description =
      failure.description ??
      (code === 429 ? `Too Many Requests: retry after ${retryAfter}` : 'Internal Server Error');
    for (let i = 0; i < (failure.count ?? 1); i++) {
      failures.push({
        ...(failure.bot ? { token: botOf(failure.bot).token } : {}),
        ...(failure.method ? { method: failure.method } : {}),
        error_code: code,
        description,
        ...(retryAfter !== undefined ? { retry_after: retryAfter } : {}),
      });
    }
  }

  /**
   * Calls of these methods (e.g. `sendMessage`) are carried out — the message is in the chat and
   * in `sent` — but their answers are held until `releaseAnswers()` or the caller hangs up: a
   * sender that dies now has sent without knowing it.
   */
  function holdAnswers(...methodNames: string[]) {
    for (const name of methodNames) heldMethods.add(name.toLowerCase());
  }
  function releaseAnswers() {
    heldMethods.clear();
    for (const release of releases) release();
    releases.clear();
  }

  /** Down: every Bot API connection is reset (the control API still answers). */
  function setDown(value: boolean) {
    down = value;
  }

  /** Waits until a message the bot sent matches (polling the record; 5 s by default). */
  async function waitForSent(match: (message: FakeSentMessage) => boolean, timeoutMs = 5000) {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const found = sent.find(match);
      if (found) return found;
      if (Date.now() > until) throw new Error('telegram fake: no such message was sent in time');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Waits until the bot's webhook has taken every pending update (or the time is up). */
  async function webhookIdle(botRef: string, timeoutMs = 5000) {
    const bot = botOf(botRef);
    const until = Date.now() + timeoutMs;
    while ((bot.pending.length > 0 || bot.delivering) && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return bot.pending.length === 0;
  }

  return {
    /** The Bot API's base: set TELEGRAM_API_BASE_URL to it; calls go to `${baseUrl}/bot<token>/…`. */
    baseUrl,
    bots,
    users,
    files,
    sent,
    requests,
    deliveries,
    addBot,
    addUser,
    bot: botOf,
    start,
    send,
    block,
    failNext,
    setDown,
    holdAnswers,
    releaseAnswers,
    /** How many answers have been held so far. */
    heldCount: () => held,
    waitForSent,
    webhookIdle,
    /** The bytes of a file the bot sent or received, by file_id. */
    fileBytes: (fileId: string) => files.get(fileId)?.bytes,
    close: () =>
      new Promise<void>((resolve) => {
        closed = true;
        for (const timer of timers) clearTimeout(timer);
        for (const bot of bots.values()) bot.poll?.finish(200, { ok: true, result: [] });
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export type TelegramBotFake = Awaited<ReturnType<typeof startTelegramBotFake>>;
