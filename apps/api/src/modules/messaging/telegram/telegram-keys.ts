import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../../platform/config.ts';

// What the Telegram transport signs (decision 0044): the deep link's start token and the
// webhook's secret_token. Both are derived from the install's key material (SECRETS_KEY, as the
// channels' sealed secrets), so nothing of them is stored.
//
// The start token (`t.me/<bot>?start=<token>`) says "this chat is applicant P of account A, for
// channel C" and nothing else: a purpose of its own in the HMAC, the account, channel and
// applicant, and the day it was made (valid LINK_DAYS). Telegram allows 64 characters of
// A–Z a–z 0–9 _ -; ours are 30.

const LINK_DAYS = 60;
const DAY_MS = 86_400_000;
const MAC_BYTES = 12;

const materialOf = (config: Pick<Config, 'SECRETS_KEY' | 'GOOGLE_CLIENT_SECRET'>) =>
  config.SECRETS_KEY ?? config.GOOGLE_CLIENT_SECRET ?? 'unconfigured';

const keyFor = (config: Pick<Config, 'SECRETS_KEY' | 'GOOGLE_CLIENT_SECRET'>, purpose: string) =>
  Buffer.from(hkdfSync('sha256', materialOf(config), 'ats-telegram', purpose, 32));

export type LinkSubject = { accountId: number; channelId: number; applicantId: number };

export function signStartToken(
  config: Pick<Config, 'SECRETS_KEY' | 'GOOGLE_CLIENT_SECRET'>,
  subject: LinkSubject,
  now = Date.now(),
) {
  const data = Buffer.alloc(14);
  data.writeUInt32BE(subject.accountId, 0);
  data.writeUInt32BE(subject.channelId, 4);
  data.writeUInt32BE(subject.applicantId, 8);
  data.writeUInt16BE(Math.floor(now / DAY_MS) & 0xffff, 12);
  const mac = createHmac('sha256', keyFor(config, 'deep-link'))
    .update(data)
    .digest()
    .subarray(0, MAC_BYTES);
  return Buffer.concat([data, mac]).toString('base64url');
}

/** The subject of a start token made by this install and not expired; null for anything else. */
export function verifyStartToken(
  config: Pick<Config, 'SECRETS_KEY' | 'GOOGLE_CLIENT_SECRET'>,
  token: string,
  now = Date.now(),
): LinkSubject | null {
  if (!/^[A-Za-z0-9_-]{30,40}$/.test(token)) return null;
  const raw = Buffer.from(token, 'base64url');
  if (raw.length !== 14 + MAC_BYTES) return null;
  const data = raw.subarray(0, 14);
  const expected = createHmac('sha256', keyFor(config, 'deep-link'))
    .update(data)
    .digest()
    .subarray(0, MAC_BYTES);
  if (!timingSafeEqual(expected, raw.subarray(14))) return null;
  const today = Math.floor(now / DAY_MS) & 0xffff;
  const age = (today - data.readUInt16BE(12) + 0x10000) & 0xffff;
  if (age > LINK_DAYS) return null;
  return {
    accountId: data.readUInt32BE(0),
    channelId: data.readUInt32BE(4),
    applicantId: data.readUInt32BE(8),
  };
}

/** The secret_token Telegram sends with every webhook post of a channel (43 characters). */
export const webhookSecretOf = (
  config: Pick<Config, 'SECRETS_KEY' | 'GOOGLE_CLIENT_SECRET'>,
  webhookKey: string,
) => createHmac('sha256', keyFor(config, 'webhook')).update(webhookKey).digest('base64url');

export function isRightWebhookSecret(
  config: Pick<Config, 'SECRETS_KEY' | 'GOOGLE_CLIENT_SECRET'>,
  webhookKey: string,
  given: string | undefined,
) {
  if (!given) return false;
  const expected = Buffer.from(webhookSecretOf(config, webhookKey));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** `https://t.me/<bot>?start=<token>` */
export const deepLinkOf = (botUsername: string, token: string) =>
  `https://t.me/${botUsername.replace(/^@/, '')}?start=${token}`;
