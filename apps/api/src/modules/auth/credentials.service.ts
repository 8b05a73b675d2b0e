import type { Db } from '@ats/db/connection';
import * as repo from './auth.repository.ts';

/**
 * Stores a user's new password hash. The auth module owns the credentials of `users` (sign-in,
 * the reset link); other modules (the safety page's change of password) write them through here.
 */
export const setPasswordHash = (tx: Db, accountId: number, userId: number, passwordHash: string) =>
  repo.updatePasswordHash(tx, accountId, userId, passwordHash);
