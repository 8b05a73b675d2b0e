import { accounts } from '@ats/db/schema/accounts';
import type { Db } from '@ats/db/connection';
import { userInvitations } from '@ats/db/schema/user-invitations';
import { users } from '@ats/db/schema/users';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

export async function insertInvitation(tx: Db, invitation: typeof userInvitations.$inferInsert) {
  const [row] = await tx.insert(userInvitations).values(invitation).returning();
  return row!;
}

/** Ends the user's links that are still open; returns how many there were. */
export async function revokePendingInvitations(tx: Db, accountId: number, userId: number) {
  const rows = await tx
    .update(userInvitations)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(userInvitations.accountId, accountId),
        eq(userInvitations.userId, userId),
        isNull(userInvitations.acceptedAt),
        isNull(userInvitations.revokedAt),
      ),
    )
    .returning({ id: userInvitations.id });
  return rows.length;
}

/** The company's name and the inviting user's name, for the letter. */
export async function findLetterContext(tx: Db, accountId: number, inviterId: number) {
  const [row] = await tx
    .select({
      company: accounts.name,
      inviterName: users.name,
      inviterMiddleName: users.middleName,
      inviterLastName: users.lastName,
      inviterEmail: users.email,
    })
    .from(accounts)
    .leftJoin(users, and(eq(users.accountId, accounts.id), eq(users.id, inviterId)))
    .where(eq(accounts.id, accountId));
  return row ?? null;
}

const inviter = alias(users, 'inviter');

/**
 * An invitation link is opened before any account is known: the one look-up across accounts.
 * Only a link that is still open (not used, revoked or expired) for a live, active user counts.
 */
export async function findOpenInvitationAcrossAccounts(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      id: userInvitations.id,
      accountId: userInvitations.accountId,
      userId: userInvitations.userId,
      expiresAt: userInvitations.expiresAt,
      email: users.email,
      name: users.name,
      company: accounts.name,
      inviterName: inviter.name,
      inviterMiddleName: inviter.middleName,
      inviterLastName: inviter.lastName,
    })
    .from(userInvitations)
    .innerJoin(
      users,
      and(eq(users.accountId, userInvitations.accountId), eq(users.id, userInvitations.userId)),
    )
    .innerJoin(accounts, eq(accounts.id, userInvitations.accountId))
    .leftJoin(
      inviter,
      and(
        eq(inviter.accountId, userInvitations.accountId),
        eq(inviter.id, userInvitations.invitedBy),
      ),
    )
    .where(
      and(
        eq(userInvitations.tokenHash, tokenHash),
        isNull(userInvitations.acceptedAt),
        isNull(userInvitations.revokedAt),
        gt(userInvitations.expiresAt, new Date()),
        eq(users.isActive, true),
        isNull(users.deletedAt),
      ),
    );
  return row ?? null;
}

/**
 * Marks the invitation used and sets the password in one transaction; the conditional update
 * makes a link work exactly once even when opened twice at the same moment.
 */
export async function acceptInvitation(
  tx: Db,
  accountId: number,
  invitationId: number,
  passwordHash: string,
) {
  const [accepted] = await tx
    .update(userInvitations)
    .set({ acceptedAt: new Date() })
    .where(
      and(
        eq(userInvitations.accountId, accountId),
        eq(userInvitations.id, invitationId),
        isNull(userInvitations.acceptedAt),
        isNull(userInvitations.revokedAt),
        gt(userInvitations.expiresAt, new Date()),
      ),
    )
    .returning({ userId: userInvitations.userId });
  if (!accepted) return null;
  const [user] = await tx
    .update(users)
    .set({ passwordHash, updatedAt: new Date() })
    .where(
      and(
        eq(users.accountId, accountId),
        eq(users.id, accepted.userId),
        eq(users.isActive, true),
        isNull(users.deletedAt),
      ),
    )
    .returning({ id: users.id, email: users.email });
  return user ?? null;
}
