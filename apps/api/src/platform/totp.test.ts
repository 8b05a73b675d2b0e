import { describe, expect, it } from 'vitest';
import {
  decodeBase32,
  encodeBase32,
  generateTotpSecret,
  matchTotpStep,
  otpauthUrl,
  totpAt,
} from './totp.ts';

// RFC 6238 appendix B: the seeds are ASCII "1234567890" repeated to the hash's key length.
const SEED_SHA1 = Buffer.from('12345678901234567890', 'ascii');
const SEED_SHA256 = Buffer.from('12345678901234567890123456789012', 'ascii');
const SEED_SHA512 = Buffer.from(
  '1234567890123456789012345678901234567890123456789012345678901234',
  'ascii',
);

const VECTORS: [seconds: number, sha1: string, sha256: string, sha512: string][] = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(VECTORS)('matches the RFC test vectors at T = %i s', (seconds, sha1, sha256, sha512) => {
    const at = seconds * 1000;
    expect(totpAt(SEED_SHA1, at, { digits: 8 })).toBe(sha1);
    expect(totpAt(SEED_SHA256, at, { digits: 8, algorithm: 'sha256' })).toBe(sha256);
    expect(totpAt(SEED_SHA512, at, { digits: 8, algorithm: 'sha512' })).toBe(sha512);
    // The six-digit codes apps show are the last six digits of the same number.
    expect(totpAt(SEED_SHA1, at)).toBe(sha1.slice(2));
  });

  it('round-trips base32 and decodes the RFC 4648 examples', () => {
    expect(encodeBase32(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(decodeBase32('MZXW6YTBOI======').toString()).toBe('foobar');
    expect(decodeBase32('mzxw 6ytb oi').toString()).toBe('foobar');
    const secret = generateTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(encodeBase32(decodeBase32(secret))).toBe(secret);
  });

  it('accepts a code one step early or late and names its step, and nothing further away', () => {
    const secret = encodeBase32(SEED_SHA1);
    const at = 1111111111 * 1000;
    const step = Math.floor(1111111111 / 30);
    expect(matchTotpStep(secret, '050471', at)).toBe(step);
    expect(matchTotpStep(secret, '050471', at + 30_000)).toBe(step);
    expect(matchTotpStep(secret, '050471', at - 30_000)).toBe(step);
    expect(matchTotpStep(secret, '050471', at + 61_000)).toBeNull();
    expect(matchTotpStep(secret, '000000', at)).toBeNull();
  });

  it('builds the otpauth URL that authenticator apps scan', () => {
    const text = otpauthUrl('JBSWY3DPEHPK3PXP', 'anna@example.ru', 'ATS');
    expect(decodeURIComponent(text.split('?')[0]!)).toBe('otpauth://totp/ATS:anna@example.ru');
    const url = new URL(text);
    expect(url.searchParams.get('secret')).toBe('JBSWY3DPEHPK3PXP');
    expect(url.searchParams.get('issuer')).toBe('ATS');
    expect(url.searchParams.get('digits')).toBe('6');
    expect(url.searchParams.get('period')).toBe('30');
  });
});
