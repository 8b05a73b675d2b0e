import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const flag = z
  .enum(['1', '0', 'true', 'false'], { error: 'ожидается 1, 0, true или false' })
  .transform((v) => v === '1' || v === 'true');

/** A DSN names the public key and the project: https://KEY@HOST/PROJECT. */
const sentryDsn = (example: string) =>
  z
    .string()
    .regex(/^https?:\/\/\w+(:\w*)?@[\w.-]+(:\d+)?\/(.+\/)?\d+\/?$/, {
      error: `ожидается DSN вида ${example}`,
    })
    .optional();

const ZConfig = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ error: 'ожидается номер порта' })
    .int({ error: 'ожидается целое число' })
    .min(0)
    .max(65535, { error: 'порт не больше 65535' })
    .default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .url({
      protocol: /^postgres(ql)?$/,
      error: 'ожидается адрес вида postgres://user:pass@host:5432/db',
    })
    .optional(),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'ожидается адрес вида https://ats.example.ru' })
    .optional(),
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, error: 'ожидается адрес вида smtp://user:pass@host:587' })
    .optional(),
  MAIL_FROM: z.string().min(3).default('ATS <no-reply@localhost>'),
  /**
   * A letter taken for SMTP this many seconds ago and never marked sent was taken by a process
   * that died mid-hand-over: it is sent again, with the same Message-ID (decision 0040).
   */
  OUTBOX_STALE_CLAIM_SECONDS: z.coerce.number().int().min(1).max(86_400).default(120),
  /** How often the outbox's pending, failed and stranded letters are handed to SMTP again. */
  OUTBOX_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** How often the mailboxes of e-mail channels are read for replies (IMAP, decision 0045). */
  MAIL_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  SUPPORT_EMAIL: z.email({ error: 'ожидается email' }).default('support@localhost'),
  TELEGRAM_BOT_TOKEN: z.string().min(1).optional(),
  ERROR_REPORT_CHAT_ID: z.string().min(1).optional(),
  TELEGRAM_API_BASE_URL: z.url({ error: 'ожидается адрес' }).default('https://api.telegram.org'),
  /** The support chat (decision 0046): the bot that mirrors users' messages, and its chat. */
  SUPPORT_TELEGRAM_BOT_TOKEN: z.string().min(1).optional(),
  SUPPORT_TELEGRAM_CHAT_ID: z.string().min(1).optional(),
  /** Seconds a getUpdates long poll of the support bot waits (tests shorten it). */
  SUPPORT_TELEGRAM_POLL_SECONDS: z.coerce.number().int().min(0).max(50).default(25),
  /** Sentry-protocol project of the server (Sentry, GlitchTip…); unset: nothing is sent. */
  SENTRY_DSN: sentryDsn('https://ключ@sentry.example.ru/1'),
  /** The project the browser reports to (it reads it at run time); unset: SENTRY_DSN. */
  SENTRY_BROWSER_DSN: sentryDsn('https://ключ@sentry.example.ru/2'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEMO: flag.default(false),
  /** Behind a reverse proxy: trust X-Forwarded-Proto/For (HTTPS detection, client address). */
  TRUST_PROXY: flag.default(false),
  /**
   * Multiplies every throttle of anonymous calls (sign-ups, feedback, error reports, sign-in
   * failures per e-mail): 1 in production; the e2e run, whose browsers all come from one address,
   * raises it.
   */
  THROTTLE_SCALE: z.coerce
    .number({ error: 'ожидается число' })
    .positive({ error: 'ожидается положительное число' })
    .max(10000)
    .default(1),
  /**
   * YooKassa (decision 0036): with the shop id and secret key set, tariffs end and limit users and
   * are paid through YooKassa; without them (a self-hosted install) there is nothing to pay.
   */
  YOOKASSA_SHOP_ID: z.string().min(1).optional(),
  YOOKASSA_SECRET_KEY: z.string().min(1).optional(),
  YOOKASSA_API_BASE: z.url({ error: 'ожидается адрес' }).default('https://api.yookassa.ru/v3'),
  /** Where notifications may come from: addresses and CIDR ranges, comma-separated. */
  YOOKASSA_NOTIFICATION_SOURCES: z
    .string()
    .default(
      '185.71.76.0/27,185.71.77.0/27,77.75.153.0/25,77.75.156.11,77.75.156.35,77.75.154.128/25,2a02:5180::/32',
    ),
  /** VAT code of the 54-FZ receipt's line (1: without VAT); unset: no receipt is asked for. */
  YOOKASSA_RECEIPT_VAT_CODE: z.coerce.number().int().min(1).max(12).optional(),
  /**
   * Google Calendar (decision 0038): with the OAuth client's id and secret users connect their
   * calendars on /google; without them the screen says Google is not configured.
   */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** The consent page is `<GOOGLE_OAUTH_URL>/o/oauth2/v2/auth` (a local fake in tests). */
  GOOGLE_OAUTH_URL: z.url({ error: 'ожидается адрес' }).default('https://accounts.google.com'),
  GOOGLE_TOKEN_URL: z.url({ error: 'ожидается адрес' }).optional(),
  /** Calendar API v3 is `<GOOGLE_API_URL>/calendar/v3`. */
  GOOGLE_API_URL: z.url({ error: 'ожидается адрес' }).default('https://www.googleapis.com'),
  /** How often connected calendars are pulled when no push channel reaches us (seconds). */
  GOOGLE_SYNC_INTERVAL_SECONDS: z.coerce.number().int().min(5).max(86_400).default(300),
  /**
   * hh.ru (decision 0047): with the application's client id and secret companies connect their
   * employer account on /hh; without them /hh says hh.ru is not configured.
   */
  HH_CLIENT_ID: z.string().min(1).optional(),
  HH_CLIENT_SECRET: z.string().min(1).optional(),
  /** The API (`/me`, `/negotiations`, `POST /token`); a local fake in tests. */
  HH_API_BASE: z.url({ error: 'ожидается адрес' }).default('https://api.hh.ru'),
  /** Where the browser is sent to consent (`/oauth/authorize`). */
  HH_OAUTH_BASE: z.url({ error: 'ожидается адрес' }).default('https://hh.ru'),
  /** HH-User-Agent of every call: the application's name and a contact, as hh.ru requires. */
  HH_USER_AGENT: z.string().min(3).default('ATS/1.0 (support@ats.example)'),
  /** How often linked vacancies' responses are pulled (seconds). */
  HH_SYNC_INTERVAL_SECONDS: z.coerce.number().int().min(5).max(86_400).default(1800),
  /** Avito API for business (decision 0055); each company types its own client id and secret. */
  AVITO_API_BASE: z.url({ error: 'ожидается адрес' }).default('https://api.avito.ru'),
  /** Habr Career: consent page, token and `/api/v1/integrations` (a local fake in tests). */
  HABR_BASE: z.url({ error: 'ожидается адрес' }).default('https://career.habr.com'),
  /** The application registered at career.habr.com; unset: Habr Career is off. */
  HABR_CLIENT_ID: z.string().min(1).optional(),
  HABR_CLIENT_SECRET: z.string().min(1).optional(),
  /**
   * Key material for secrets kept at rest (Google tokens); unset: derived from
   * GOOGLE_CLIENT_SECRET (changing it then means users connect again).
   */
  SECRETS_KEY: z.string().min(16, { error: 'не короче 16 символов' }).optional(),
  WEB_DIST_DIR: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  CHANGELOG_PATH: z.string().default(path.join(repoRoot, 'docs/CHANGELOG.md')),
  /** The shipped knowledge-base articles, loaded at start (apps/api/content/faq). */
  FAQ_CONTENT_DIR: z.string().default(path.join(repoRoot, 'apps/api/content/faq')),
  /** The one account whose admins edit the knowledge base (SPEC.md §6); unset: nobody. */
  FAQ_EDITOR_ACCOUNT_ID: z.coerce
    .number({ error: 'ожидается номер аккаунта' })
    .int({ error: 'ожидается целое число' })
    .positive({ error: 'ожидается положительное число' })
    .max(2_147_483_647)
    .optional(),
});
export type Config = z.infer<typeof ZConfig>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the environment; a wrong value stops start-up with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as in most deployment tools.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = ZConfig.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Неверная конфигурация:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

export const isProduction = (config: Config) => config.NODE_ENV === 'production';
