import type { AppDeps } from '../../platform/deps.ts';
import { tooManyAttempts } from '../../platform/errors.ts';
import { verifyPassword } from '../../platform/secrets.ts';
import { scaled } from '../../platform/throttle.ts';
import * as repo from './auth.repository.ts';

/** How many failures a key may collect in a window before it is locked for a while. */
export type AttemptLimit = {
  perEmail: number;
  perIp: number;
  windowSeconds: number;
  lockSeconds: number;
};

/**
 * Sign-in failures: `perEmail` counts one e-mail from one address (the pair), `perIp` one address
 * for any e-mail. A lock of the pair never stops the owner at another address.
 */
export const LOGIN_LIMIT: AttemptLimit = {
  perEmail: 5,
  perIp: 30,
  windowSeconds: 900,
  lockSeconds: 900,
};
/**
 * Failures of one e-mail from every address together (decision 0026): twenty times what a lockout
 * attempt from one address may try. Once reached, the e-mail signs in for the rest of the hour only
 * from an address it has signed in from before, or by its second factor; guessing from many
 * addresses gets no answer. Multiplied by THROTTLE_SCALE.
 */
export const LOGIN_EMAIL_CEILING = { failures: 100, windowSeconds: 3600 };

/** The throttle keys of a sign-in: the address, the (e-mail, address) pair, the e-mail. */
export const loginKeys = (email: string, ip: string | null) => ({
  address: ip ? `login:ip:${ip}` : null,
  pair: `login:pair:${ip ?? '-'}:${email}`,
  email: `login:email:${email}`,
});

/** When the e-mail's ceiling holds, the seconds it has left; null while it does not. */
export async function emailCeilingLeft(deps: AppDeps, emailKey: string) {
  const row = await repo.findThrottle(deps.database.system, emailKey);
  return row?.lockedUntil && row.lockedUntil > new Date()
    ? (row.lockedUntil.getTime() - Date.now()) / 1000
    : null;
}

/** Counts a failed sign-in against its pair, its address and its e-mail's ceiling. */
export async function recordFailedLogin(deps: AppDeps, keys: ReturnType<typeof loginKeys>) {
  await recordFailedAttempt(
    deps,
    [keys.pair, ...(keys.address ? [keys.address] : [])],
    LOGIN_LIMIT,
  );
  const ceiling = scaled(deps.config, LOGIN_EMAIL_CEILING.failures);
  await repo.recordThrottledAttempt(
    deps.database.system,
    keys.email,
    ceiling,
    LOGIN_EMAIL_CEILING.windowSeconds,
    LOGIN_EMAIL_CEILING.windowSeconds,
  );
}
export const RESET_LIMIT: AttemptLimit = {
  perEmail: 5,
  perIp: 30,
  windowSeconds: 3600,
  lockSeconds: 3600,
};
/** Codes and passwords typed by a known user (second step, password change, 2FA off). */
export const USER_SECRET_LIMIT: AttemptLimit = {
  perEmail: 5,
  perIp: 30,
  windowSeconds: 900,
  lockSeconds: 900,
};

/** The throttle keys of a user's own secrets: one per user, whichever session types them. */
export const userSecretKeys = (accountId: number, userId: number) => [
  `secret:user:${accountId}:${userId}`,
];

/**
 * Whether a signed-in user typed their own password right (to change it, or their e-mail): 429
 * while five wrong ones lock the user's secrets, and a wrong one counts towards that lock.
 */
export async function isOwnPasswordRight(
  deps: AppDeps,
  user: { accountId: number; userId: number; passwordHash: string | null | undefined },
  password: string,
) {
  const keys = userSecretKeys(user.accountId, user.userId);
  await assertNotThrottled(deps, keys);
  const right = user.passwordHash ? await verifyPassword(user.passwordHash, password) : false;
  if (right) await clearAttempts(deps, keys[0]!);
  else await recordFailedAttempt(deps, keys, USER_SECRET_LIMIT);
  return right;
}

/** 429 while any of the keys is locked. */
export async function assertNotThrottled(deps: AppDeps, keys: string[]) {
  for (const key of keys) {
    const row = await repo.findThrottle(deps.database.system, key);
    if (row?.lockedUntil && row.lockedUntil > new Date()) {
      throw tooManyAttempts((row.lockedUntil.getTime() - Date.now()) / 1000);
    }
  }
}

/** Counts a failure against the first key (the person) and the second (the address). */
export async function recordFailedAttempt(deps: AppDeps, keys: string[], limit: AttemptLimit) {
  const [personKey, ipKey] = keys;
  const db = deps.database.system;
  await repo.recordThrottledAttempt(
    db,
    personKey!,
    limit.perEmail,
    limit.windowSeconds,
    limit.lockSeconds,
  );
  if (ipKey) {
    await repo.recordThrottledAttempt(
      db,
      ipKey,
      limit.perIp,
      limit.windowSeconds,
      limit.lockSeconds,
    );
  }
}

export async function clearAttempts(deps: AppDeps, key: string) {
  await repo.clearThrottle(deps.database.system, key);
}
