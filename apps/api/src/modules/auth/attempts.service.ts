import type { AppDeps } from '../../platform/deps.ts';
import { tooManyAttempts } from '../../platform/errors.ts';
import * as repo from './auth.repository.ts';

/** How many failures a key may collect in a window before it is locked for a while. */
export type AttemptLimit = {
  perEmail: number;
  perIp: number;
  windowSeconds: number;
  lockSeconds: number;
};

export const LOGIN_LIMIT: AttemptLimit = {
  perEmail: 5,
  perIp: 30,
  windowSeconds: 900,
  lockSeconds: 900,
};
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
