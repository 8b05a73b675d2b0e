import type { Db } from '@ats/db/connection';
import * as repo from './auth.repository.ts';

/**
 * Stores a user's new password hash. The auth module owns the credentials of `users` (sign-in,
 * the reset link); other modules (the safety page's change of password) write them through here.
 * Every link still open for the user (reset, invitation, change of e-mail) ends with it.
 */
export const setPasswordHash = (tx: Db, accountId: number, userId: number, passwordHash: string) =>
  repo.updatePasswordHash(tx, accountId, userId, passwordHash);

/**
 * Ends the user's open links: reset links, invitations and e-mail changes. For the writers of a
 * password or an address that do not go through setPasswordHash (an accepted invitation, a
 * changed e-mail).
 */
export const endOutstandingLinks = (tx: Db, accountId: number, userId: number) =>
  repo.endOutstandingLinks(tx, accountId, userId);
