import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** An opaque 256-bit token for the client; only its hash is stored. */
export const generateToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

// argon2id with OWASP's second recommended profile (19 MiB, 2 iterations); algorithm 2 = argon2id.
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);
export const verifyPassword = async (passwordHash: string, password: string) => {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
};
// Verifying against a real hash when the e-mail is unknown keeps response times alike.
let decoyHash: Promise<string> | undefined;
export const verifyDecoyPassword = async (password: string) => {
  decoyHash ??= hashPassword('decoy-password-for-timing');
  await verifyPassword(await decoyHash, password);
  return false;
};

// Secrets kept at rest (e.g. a user's Google tokens): AES-256-GCM under a key derived from the
// install's key material, stored as `v1.<iv>.<tag>.<ciphertext>` (base64url). A value sealed under
// another key, or altered, does not open (null), so the caller treats it as lost.
const boxKey = (material: string, purpose: string) =>
  Buffer.from(hkdfSync('sha256', material, 'ats-secrets', purpose, 32));

export function secretBox(material: string, purpose = 'secret-box') {
  const key = boxKey(material, purpose);
  const signingKey = boxKey(material, `${purpose}:sign`);
  return {
    seal(plain: string) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed: string): string | null {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([
          decipher.update(Buffer.from(body, 'base64url')),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        return null;
      }
    },
    /** A value the client carries and gives back unchanged (an OAuth state): JSON + HMAC. */
    sign(payload: unknown) {
      const data = Buffer.from(JSON.stringify(payload)).toString('base64url');
      const mac = createHmac('sha256', signingKey).update(data).digest('base64url');
      return `${data}.${mac}`;
    },
    verify<T>(signed: string): T | null {
      const [data, mac] = signed.split('.');
      if (!data || !mac) return null;
      const expected = createHmac('sha256', signingKey).update(data).digest();
      const given = Buffer.from(mac, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        return JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) as T;
      } catch {
        return null;
      }
    },
  };
}
export type SecretBox = ReturnType<typeof secretBox>;
