import type { TMsgChannelKind } from '@ats/contracts/messaging';
import type { Database } from '@ats/db/connection';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../platform/config.ts';

// The transport registry (decision 0043): each channel kind (telegram, email; hh and avito with
// the job-sites issue) registers one transport; the message outbox hands it one claimed message
// at a time and records what it answers or throws.

/** A channel as a transport sees it: the secrets opened, the shown settings, its progress. */
export type TransportChannel = {
  accountId: number;
  id: number;
  kind: TMsgChannelKind;
  name: string;
  /** `@bot_username`, the mailbox address. */
  address: string | null;
  externalId: string | null;
  userId: number | null;
  settings: Record<string, string | number | boolean | null>;
  /** Opened from `msg_channels.secrets`; {} when there are none or they no longer open. */
  secrets: Record<string, string>;
  syncState: Record<string, unknown>;
  /** Names the channel in webhook URLs (`/api/msg_integrations/webhooks/<kind>/<webhookKey>`). */
  webhookKey: string;
};

/** One file of the message: its bytes are read when the transport needs them. */
export type TransportAttachment = {
  fileId: number;
  fileName: string;
  mimeType: string;
  sizeBytes: number;
  read: () => Promise<Buffer>;
};

export type SendContext = {
  config: Config;
  log: FastifyBaseLogger;
  /** For transports whose credentials another module keeps (a job site's connection). */
  database: Database;
  channel: TransportChannel;
  message: {
    id: number;
    applicantId: number;
    subject: string | null;
    text: string;
    /** The rendered template's HTML, for e-mail; null for plain text. */
    html: string | null;
    attachments: TransportAttachment[];
    /** 1 on the first hand-over. */
    attempt: number;
    meta: Record<string, unknown>;
  };
  /** Where it goes: the linked chat of this channel (Telegram), the applicant's e-mail. */
  recipient: {
    applicantName: string;
    /** `msg_chat_links.external_chat_id` of this channel and applicant, if linked. */
    chatId: string | null;
    email: string | null;
  };
  /**
   * The external ids of this applicant's earlier messages on this channel, oldest first (the
   * e-mail transport's In-Reply-To and References).
   */
  thread: string[];
};

export type SendResult = {
  /** Telegram message_id, the letter's Message-ID: later replies and receipts find it by this. */
  externalId?: string;
  /** The chat it went to, if the transport chose it (stored on the message). */
  externalChatId?: string;
  state: 'sent' | 'delivered';
  /** Merged into the message's meta (Message-ID, the To address, Telegram file ids). */
  meta?: Record<string, unknown>;
};

/**
 * Why a send failed, in Russian for the card. `permanent`: no retry (a blocked bot, an unknown
 * address); otherwise retried with backoff, not before `retryAfterMs` (Telegram's retry_after,
 * an SMTP 4xx) — up to MAX_SEND_ATTEMPTS, then failed with this reason. `pause`: the channel
 * cannot send for now (a rate limit, a connection to renew): the message waits `retryAfterMs`
 * without spending an attempt, however long that lasts.
 */
export class TransportError extends Error {
  readonly reason: string;
  readonly retryAfterMs: number | undefined;
  readonly permanent: boolean;
  readonly pause: boolean;
  constructor(
    reason: string,
    options: { retryAfterMs?: number; permanent?: boolean; pause?: boolean } = {},
  ) {
    super(reason);
    this.name = 'TransportError';
    this.reason = reason;
    this.retryAfterMs = options.retryAfterMs;
    this.permanent = options.permanent ?? false;
    this.pause = options.pause ?? false;
  }
}

/**
 * What a transport checks and keeps when a channel is connected or changed: `input` is the
 * create/update body (its kind's fields), `current` the channel before an update. It throws an
 * AppError with a Russian field error for bad input (a bad token: `{ token: '…' }`).
 */
export type ConnectContext = {
  config: Config;
  log: FastifyBaseLogger;
  accountId: number;
  input: Record<string, unknown>;
  current: TransportChannel | null;
  /** The key the channel's webhook URL will carry (already chosen for a new channel). */
  webhookKey: string;
};
export type ConnectResult = {
  /** The name shown when the user gave none (`@bot_username`, the address). */
  defaultName: string;
  address: string | null;
  externalId: string | null;
  settings: Record<string, string | number | boolean | null>;
  secrets: Record<string, string>;
  syncState?: Record<string, unknown>;
};

export type Transport = {
  kind: TMsgChannelKind;
  /** False when the channel carries text only (hh.ru negotiations): files are refused at once. */
  acceptsFiles?: boolean;
  /** Checks and normalises a channel's settings (getMe, an IMAP login); see ConnectContext. */
  connect: (ctx: ConnectContext) => Promise<ConnectResult>;
  /** After the channel is stored (setWebhook); a failure is kept as the channel's last_error. */
  activate?: (ctx: {
    config: Config;
    log: FastifyBaseLogger;
    channel: TransportChannel;
  }) => Promise<void>;
  /** Before the channel is removed or disabled (deleteWebhook); failures are only logged. */
  deactivate?: (ctx: {
    config: Config;
    log: FastifyBaseLogger;
    channel: TransportChannel;
  }) => Promise<void>;
  send: (ctx: SendContext) => Promise<SendResult>;
};

const registry = new Map<TMsgChannelKind, Transport>();

/** Registers (or replaces, in tests) the transport of a kind. */
export function registerTransport(transport: Transport) {
  registry.set(transport.kind, transport);
}

export const transportOf = (kind: TMsgChannelKind) => registry.get(kind);
