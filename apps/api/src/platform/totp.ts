import { createHmac, randomBytes } from 'node:crypto';

// RFC 4648 base32, the alphabet authenticator apps read secrets in.
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function encodeBase32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function decodeBase32(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=-]/g, '');
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

export type TotpOptions = {
  periodSeconds?: number;
  digits?: number;
  algorithm?: 'sha1' | 'sha256' | 'sha512';
};

/** RFC 4226 HOTP: HMAC of the 8-byte counter, dynamic truncation, the last `digits` digits. */
export function hotp(key: Buffer, counter: number, digits = 6, algorithm = 'sha1'): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return String(binary).padStart(digits, '0');
}

/** The RFC 6238 time step of a moment (30 s by default). */
export const timeStep = (atMs: number, periodSeconds = 30) =>
  Math.floor(atMs / 1000 / periodSeconds);

export function totpAt(key: Buffer, atMs: number, options: TotpOptions = {}): string {
  const { periodSeconds = 30, digits = 6, algorithm = 'sha1' } = options;
  return hotp(key, timeStep(atMs, periodSeconds), digits, algorithm);
}

/** Constant-time comparison of two digit strings of equal length. */
function sameCode(a: string, b: string) {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i += 1) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * The time step a code belongs to, looking one step back and one ahead for clock drift and
 * typing time; null when it matches none.
 */
export function matchTotpStep(
  secretBase32: string,
  code: string,
  atMs: number,
  driftSteps = 1,
): number | null {
  const key = decodeBase32(secretBase32);
  const now = timeStep(atMs);
  for (let step = now - driftSteps; step <= now + driftSteps; step += 1) {
    if (sameCode(hotp(key, step), code)) return step;
  }
  return null;
}

/** A new 160-bit secret (the HMAC-SHA-1 key size RFC 4226 recommends), in base32. */
export const generateTotpSecret = () => encodeBase32(randomBytes(20));

/** The key URI authenticator apps scan (Google Authenticator's otpauth format). */
export function otpauthUrl(secretBase32: string, accountLabel: string, issuer: string) {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(accountLabel)}`;
  const params = new URLSearchParams({
    secret: secretBase32,
    issuer,
    algorithm: 'SHA1',
    digits: '6',
    period: '30',
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}
