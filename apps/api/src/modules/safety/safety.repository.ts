import type { Db } from '@ats/db/connection';
import { twoFactorRecoveryCodes, userTwoFactor } from '@ats/db/schema/two-factor';
import { sessions, users } from '@ats/db/schema/users';
import { and, desc, eq, gt, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';

export async function findUserCredentials(tx: Db, accountId: number, userId: number) {
  const [row] = await tx
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(users.id, userId)));
  return row ?? null;
}

/** The user's sessions that still work: not ended, not expired; the latest used first. */
export async function listLiveSessions(tx: Db, accountId: number, userId: number) {
  return tx
    .select({
      id: sessions.id,
      source: sessions.source,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.accountId, accountId),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
}

/** Ends one live session of the user; null when the user has no such live session. */
export async function revokeUserSession(
  tx: Db,
  accountId: number,
  userId: number,
  sessionId: number,
) {
  const [row] = await tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.accountId, accountId),
        eq(sessions.userId, userId),
        eq(sessions.id, sessionId),
        isNull(sessions.revokedAt),
      ),
    )
    .returning({ id: sessions.id });
  return row ?? null;
}

/** Ends every live session of the user but one; the number ended. */
export async function revokeOtherSessions(
  tx: Db,
  accountId: number,
  userId: number,
  keepSessionId: number,
) {
  const rows = await tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.accountId, accountId),
        eq(sessions.userId, userId),
        ne(sessions.id, keepSessionId),
        isNull(sessions.revokedAt),
      ),
    )
    .returning({ id: sessions.id });
  return rows.length;
}

export async function findTwoFactor(tx: Db, accountId: number, userId: number) {
  const [row] = await tx
    .select()
    .from(userTwoFactor)
    .where(and(eq(userTwoFactor.accountId, accountId), eq(userTwoFactor.userId, userId)));
  return row ?? null;
}

/** Starts (or restarts) an enrolment with a new secret; a confirmed factor is never replaced. */
export async function upsertPendingTwoFactor(
  tx: Db,
  accountId: number,
  userId: number,
  secret: string,
) {
  const [row] = await tx
    .insert(userTwoFactor)
    .values({ accountId, userId, secret })
    .onConflictDoUpdate({
      target: [userTwoFactor.accountId, userTwoFactor.userId],
      set: { secret, lastUsedStep: null, createdAt: new Date() },
      setWhere: isNull(userTwoFactor.confirmedAt),
    })
    .returning({ userId: userTwoFactor.userId });
  return row ?? null;
}

export async function confirmTwoFactor(tx: Db, accountId: number, userId: number, step: number) {
  await tx
    .update(userTwoFactor)
    .set({ confirmedAt: new Date(), lastUsedStep: step })
    .where(and(eq(userTwoFactor.accountId, accountId), eq(userTwoFactor.userId, userId)));
}

/**
 * Records `step` as the last accepted one if it is later than the last; false when a code of
 * this step (or a later one) was already accepted. One statement, so two requests with the same
 * code cannot both pass.
 */
export async function advanceTwoFactorStep(
  tx: Db,
  accountId: number,
  userId: number,
  step: number,
) {
  const rows = await tx
    .update(userTwoFactor)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(userTwoFactor.accountId, accountId),
        eq(userTwoFactor.userId, userId),
        or(isNull(userTwoFactor.lastUsedStep), lt(userTwoFactor.lastUsedStep, step)),
      ),
    )
    .returning({ userId: userTwoFactor.userId });
  return rows.length > 0;
}

export async function deleteTwoFactor(tx: Db, accountId: number, userId: number) {
  await tx
    .delete(twoFactorRecoveryCodes)
    .where(
      and(
        eq(twoFactorRecoveryCodes.accountId, accountId),
        eq(twoFactorRecoveryCodes.userId, userId),
      ),
    );
  await tx
    .delete(userTwoFactor)
    .where(and(eq(userTwoFactor.accountId, accountId), eq(userTwoFactor.userId, userId)));
}

export async function replaceRecoveryCodes(
  tx: Db,
  accountId: number,
  userId: number,
  codeHashes: string[],
) {
  await tx
    .delete(twoFactorRecoveryCodes)
    .where(
      and(
        eq(twoFactorRecoveryCodes.accountId, accountId),
        eq(twoFactorRecoveryCodes.userId, userId),
      ),
    );
  await tx
    .insert(twoFactorRecoveryCodes)
    .values(codeHashes.map((codeHash) => ({ accountId, userId, codeHash })));
}

export async function countUnusedRecoveryCodes(tx: Db, accountId: number, userId: number) {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(twoFactorRecoveryCodes)
    .where(
      and(
        eq(twoFactorRecoveryCodes.accountId, accountId),
        eq(twoFactorRecoveryCodes.userId, userId),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    );
  return row?.count ?? 0;
}

/** Marks an unused recovery code used: 'used' now, 'spent' if it was used before, else null. */
export async function useRecoveryCode(
  tx: Db,
  accountId: number,
  userId: number,
  codeHash: string,
): Promise<'used' | 'spent' | null> {
  const mine = and(
    eq(twoFactorRecoveryCodes.accountId, accountId),
    eq(twoFactorRecoveryCodes.userId, userId),
    eq(twoFactorRecoveryCodes.codeHash, codeHash),
  );
  const [used] = await tx
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(mine, isNull(twoFactorRecoveryCodes.usedAt)))
    .returning({ id: twoFactorRecoveryCodes.id });
  if (used) return 'used';
  const [spent] = await tx
    .select({ id: twoFactorRecoveryCodes.id })
    .from(twoFactorRecoveryCodes)
    .where(and(mine, isNotNull(twoFactorRecoveryCodes.usedAt)));
  return spent ? 'spent' : null;
}
