import { accountTariffs, accounts } from '@ats/db/schema/accounts';
import type { Db } from '@ats/db/connection';
import { authThrottle, passwordResetTokens, sessions, users } from '@ats/db/schema/users';
import { twoFactorChallenges } from '@ats/db/schema/two-factor';
import { emailChanges } from '@ats/db/schema/email-changes';
import { userInvitations } from '@ats/db/schema/user-invitations';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';

/** Sign-up creates a tenant, so it cannot run inside one. */
export async function insertAccountWithOwnerAcrossAccounts(
  db: Db,
  input: {
    account: typeof accounts.$inferInsert;
    tariff: Omit<typeof accountTariffs.$inferInsert, 'accountId'>;
    owner: Omit<typeof users.$inferInsert, 'accountId'>;
  },
  /** Data every new account starts with, written in the same transaction. */
  seed?: (tx: Db, accountId: number) => Promise<void>,
) {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .insert(accounts)
      .values(input.account)
      .returning({ id: accounts.id });
    const accountId = account!.id;
    await tx.insert(accountTariffs).values({ ...input.tariff, accountId });
    await seed?.(tx, accountId);
    const [owner] = await tx
      .insert(users)
      .values({ ...input.owner, accountId })
      .returning({
        id: users.id,
        accountId: users.accountId,
        email: users.email,
        name: users.name,
        middleName: users.middleName,
        lastName: users.lastName,
      });
    return owner!;
  });
}

/** Sign-in is by e-mail before any account is known. */
export async function findUserByEmailAcrossAccounts(db: Db, email: string) {
  const [user] = await db
    .select({
      id: users.id,
      accountId: users.accountId,
      passwordHash: users.passwordHash,
      isActive: users.isActive,
      deletedAt: users.deletedAt,
      email: users.email,
    })
    .from(users)
    .where(eq(users.email, email));
  return user ?? null;
}

export async function insertSession(
  tx: Db,
  session: {
    accountId: number;
    userId: number;
    tokenHash: string;
    source: 'web' | 'plugin';
    userAgent: string | null;
    ip: string | null;
    expiresAt: Date;
  },
) {
  await tx.insert(sessions).values(session);
}

export async function revokeSession(tx: Db, accountId: number, sessionId: number) {
  await tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.accountId, accountId), eq(sessions.id, sessionId)));
}

export async function revokeUserSessions(tx: Db, accountId: number, userId: number) {
  await tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.accountId, accountId),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
      ),
    );
}

export async function insertPasswordToken(
  tx: Db,
  token: {
    accountId: number;
    userId: number;
    tokenHash: string;
    purpose: 'reset' | 'invite';
    expiresAt: Date;
  },
) {
  await tx.insert(passwordResetTokens).values(token);
}

/** Marks the token used and returns its user in one statement, so a link works exactly once. */
export async function consumePasswordTokenAcrossAccounts(db: Db, tokenHash: string) {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
      ),
    )
    .returning({ accountId: passwordResetTokens.accountId, userId: passwordResetTokens.userId });
  return row ?? null;
}

/**
 * Ends every link mailed to the user that is still open: reset links, invitations to set a
 * password, and requests to move the account to another address. Called whenever one of them
 * is used and whenever the password or the e-mail changes, in the same transaction.
 */
export async function endOutstandingLinks(tx: Db, accountId: number, userId: number) {
  const now = new Date();
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.accountId, accountId),
        eq(passwordResetTokens.userId, userId),
        isNull(passwordResetTokens.usedAt),
      ),
    );
  await tx
    .update(userInvitations)
    .set({ revokedAt: now })
    .where(
      and(
        eq(userInvitations.accountId, accountId),
        eq(userInvitations.userId, userId),
        isNull(userInvitations.acceptedAt),
        isNull(userInvitations.revokedAt),
      ),
    );
  await tx
    .update(emailChanges)
    .set({ revokedAt: now })
    .where(
      and(
        eq(emailChanges.accountId, accountId),
        eq(emailChanges.userId, userId),
        isNull(emailChanges.confirmedAt),
        isNull(emailChanges.revokedAt),
      ),
    );
}

export async function updatePasswordHash(
  tx: Db,
  accountId: number,
  userId: number,
  passwordHash: string,
) {
  await tx
    .update(users)
    .set({ passwordHash, updatedAt: new Date() })
    .where(and(eq(users.accountId, accountId), eq(users.id, userId)));
  // Whoever holds a link mailed before the change must not undo it.
  await endOutstandingLinks(tx, accountId, userId);
}

/** Sets the hash of the account's outstanding e-mail confirmation link. */
export async function setEmailConfirmationHashAcrossAccounts(
  db: Db,
  accountId: number,
  tokenHash: string,
) {
  await db
    .update(accounts)
    .set({ emailConfirmationHash: tokenHash })
    .where(eq(accounts.id, accountId));
}

/** Confirms the account whose link this is and spends the link; false for an unknown link. */
export async function confirmEmailAcrossAccounts(db: Db, tokenHash: string) {
  const rows = await db
    .update(accounts)
    .set({
      emailConfirmedAt: sql`coalesce(${accounts.emailConfirmedAt}, now())`,
      emailConfirmationHash: null,
    })
    .where(eq(accounts.emailConfirmationHash, tokenHash))
    .returning({ id: accounts.id });
  return rows.length > 0;
}

/** When the account's e-mail was confirmed (null: not yet) and the e-mail of its first owner. */
export async function findEmailConfirmationAcrossAccounts(db: Db, accountId: number) {
  const [row] = await db
    .select({ confirmedAt: accounts.emailConfirmedAt, email: users.email })
    .from(accounts)
    .innerJoin(users, eq(users.accountId, accounts.id))
    .where(eq(accounts.id, accountId))
    .orderBy(users.id)
    .limit(1);
  return row ?? null;
}

/** Whether a session of the user was opened from `ip` within the last `days`. */
export async function hasSignedInFrom(
  tx: Db,
  accountId: number,
  userId: number,
  ip: string,
  days: number,
) {
  const [row] = await tx
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.accountId, accountId),
        eq(sessions.userId, userId),
        eq(sessions.ip, ip),
        gt(sessions.createdAt, new Date(Date.now() - days * 86_400_000)),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function findThrottle(db: Db, key: string) {
  const [row] = await db.select().from(authThrottle).where(eq(authThrottle.key, key));
  return row ?? null;
}

/** Counts one attempt in the key's window; locks the key once `limit` attempts fall in one window. */
export async function recordThrottledAttempt(
  db: Db,
  key: string,
  limit: number,
  windowSeconds: number,
  lockSeconds: number,
) {
  await db.execute(sql`
    insert into auth_throttle as t (key, failures, window_started_at)
    values (${key}, 1, now())
    on conflict (key) do update set
      failures = case when t.window_started_at < now() - make_interval(secs => ${windowSeconds})
                      then 1 else t.failures + 1 end,
      window_started_at = case when t.window_started_at < now() - make_interval(secs => ${windowSeconds})
                               then now() else t.window_started_at end,
      locked_until = case when (case when t.window_started_at < now() - make_interval(secs => ${windowSeconds})
                                     then 1 else t.failures + 1 end) >= ${limit}
                          then now() + make_interval(secs => ${lockSeconds}) else t.locked_until end`);
}

export async function clearThrottle(db: Db, key: string) {
  await db.delete(authThrottle).where(eq(authThrottle.key, key));
}

export async function insertChallenge(
  tx: Db,
  challenge: {
    accountId: number;
    userId: number;
    tokenHash: string;
    source: 'web' | 'plugin';
    userAgent: string | null;
    ip: string | null;
    expiresAt: Date;
  },
) {
  await tx.insert(twoFactorChallenges).values(challenge);
}

/** The challenge is presented before its account is known: found by its hash across accounts. */
export async function findChallengeAcrossAccounts(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      accountId: twoFactorChallenges.accountId,
      id: twoFactorChallenges.id,
      userId: twoFactorChallenges.userId,
    })
    .from(twoFactorChallenges)
    .where(eq(twoFactorChallenges.tokenHash, tokenHash));
  return row ?? null;
}

/** The open challenge, locked for this transaction so two answers to it are taken one by one. */
export async function lockOpenChallenge(tx: Db, accountId: number, id: number) {
  const [row] = await tx
    .select()
    .from(twoFactorChallenges)
    .where(
      and(
        eq(twoFactorChallenges.accountId, accountId),
        eq(twoFactorChallenges.id, id),
        isNull(twoFactorChallenges.usedAt),
        gt(twoFactorChallenges.expiresAt, new Date()),
      ),
    )
    .for('update');
  return row ?? null;
}

export async function closeChallenge(tx: Db, accountId: number, id: number) {
  await tx
    .update(twoFactorChallenges)
    .set({ usedAt: new Date() })
    .where(and(eq(twoFactorChallenges.accountId, accountId), eq(twoFactorChallenges.id, id)));
}

export async function countChallengeFailure(tx: Db, accountId: number, id: number) {
  const [row] = await tx
    .update(twoFactorChallenges)
    .set({ failedAttempts: sql`${twoFactorChallenges.failedAttempts} + 1` })
    .where(and(eq(twoFactorChallenges.accountId, accountId), eq(twoFactorChallenges.id, id)))
    .returning({ failedAttempts: twoFactorChallenges.failedAttempts });
  return row?.failedAttempts ?? 0;
}
