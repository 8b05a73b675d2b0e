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

type Keyed = Pick<Config, 'SECRETS_KEY' | 'GOOGLE_CLIENT_SECRET'>;

function signSubject(config: Keyed, purpose: string, ids: [number, number, number], now: number) {
  const data = Buffer.alloc(14);
  data.writeUInt32BE(ids[0], 0);
  data.writeUInt32BE(ids[1], 4);
  data.writeUInt32BE(ids[2], 8);
  data.writeUInt16BE(Math.floor(now / DAY_MS) & 0xffff, 12);
  const mac = createHmac('sha256', keyFor(config, purpose))
    .update(data)
    .digest()
    .subarray(0, MAC_BYTES);
  return Buffer.concat([data, mac]).toString('base64url');
}

function verifySubject(
  config: Keyed,
  purpose: string,
  token: string,
  maxDays: number,
  now: number,
): [number, number, number] | null {
  if (!/^[A-Za-z0-9_-]{30,40}$/.test(token)) return null;
  const raw = Buffer.from(token, 'base64url');
  if (raw.length !== 14 + MAC_BYTES) return null;
  const data = raw.subarray(0, 14);
  const expected = createHmac('sha256', keyFor(config, purpose))
    .update(data)
    .digest()
    .subarray(0, MAC_BYTES);
  if (!timingSafeEqual(expected, raw.subarray(14))) return null;
  const today = Math.floor(now / DAY_MS) & 0xffff;
  const age = (today - data.readUInt16BE(12) + 0x10000) & 0xffff;
  if (age > maxDays) return null;
  return [data.readUInt32BE(0), data.readUInt32BE(4), data.readUInt32BE(8)];
}

export function signStartToken(config: Keyed, subject: LinkSubject, now = Date.now()) {
  return signSubject(
    config,
    'deep-link',
    [subject.accountId, subject.channelId, subject.applicantId],
    now,
  );
}

/** The subject of a start token made by this install and not expired; null for anything else. */
export function verifyStartToken(
  config: Keyed,
  token: string,
  now = Date.now(),
): LinkSubject | null {
  const ids = verifySubject(config, 'deep-link', token, LINK_DAYS, now);
  return ids ? { accountId: ids[0], channelId: ids[1], applicantId: ids[2] } : null;
}

// A user's own link for notifications (issue 14) has a purpose of its own, so an applicant's
// token never links a user nor the reverse; it is valid a day (made on the press of a button).
const USER_LINK_DAYS = 1;
export type UserLinkSubject = { accountId: number; channelId: number; userId: number };

export function signUserLinkToken(config: Keyed, subject: UserLinkSubject, now = Date.now()) {
  return signSubject(
    config,
    'user-notifications-link',
    [subject.accountId, subject.channelId, subject.userId],
    now,
  );
}

export function verifyUserLinkToken(
  config: Keyed,
  token: string,
  now = Date.now(),
): UserLinkSubject | null {
  const ids = verifySubject(config, 'user-notifications-link', token, USER_LINK_DAYS, now);
  return ids ? { accountId: ids[0], channelId: ids[1], userId: ids[2] } : null;
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
