import { accountTariffs } from '@ats/db/schema/accounts';
import type { Db } from '@ats/db/connection';
import { emailChanges } from '@ats/db/schema/email-changes';
import { userInvitations } from '@ats/db/schema/user-invitations';
import { sessions, users } from '@ats/db/schema/users';
import type { TPersonNameParts } from '@ats/contracts/person-name';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  max,
  ne,
  or,
  sql,
} from 'drizzle-orm';
import { userNameParts } from '../../platform/person-name.ts';

export type UserRow = typeof users.$inferSelect;

const liveUser = (accountId: number) =>
  and(eq(users.accountId, accountId), isNull(users.deletedAt));

export async function listUsers(tx: Db, accountId: number) {
  return tx.select().from(users).where(liveUser(accountId)).orderBy(asc(users.id));
}

export type TeamDetails = {
  userId: number;
  lastSignInAt: Date | null;
  invitationSentAt: Date | null;
  invitationExpiresAt: Date | null;
};

/**
 * For each user of the account: when they last signed in (their newest session) and their
 * pending invitation, if any. Two grouped reads instead of one per user.
 */
export async function listTeamDetails(tx: Db, accountId: number): Promise<TeamDetails[]> {
  const signIns = await tx
    .select({ userId: sessions.userId, at: max(sessions.createdAt) })
    .from(sessions)
    .where(eq(sessions.accountId, accountId))
    .groupBy(sessions.userId);
  const invitations = await tx
    .select({
      userId: userInvitations.userId,
      sentAt: max(userInvitations.createdAt),
      expiresAt: max(userInvitations.expiresAt),
    })
    .from(userInvitations)
    .where(
      and(
        eq(userInvitations.accountId, accountId),
        isNull(userInvitations.acceptedAt),
        isNull(userInvitations.revokedAt),
      ),
    )
    .groupBy(userInvitations.userId);
  const byUser = new Map<number, TeamDetails>();
  const entry = (userId: number) => {
    let found = byUser.get(userId);
    if (!found) {
      found = { userId, lastSignInAt: null, invitationSentAt: null, invitationExpiresAt: null };
      byUser.set(userId, found);
    }
    return found;
  };
  for (const row of signIns) entry(row.userId).lastSignInAt = row.at;
  for (const row of invitations) {
    const item = entry(row.userId);
    item.invitationSentAt = row.sentAt;
    item.invitationExpiresAt = row.expiresAt;
  }
  return [...byUser.values()];
}

export async function findUserById(tx: Db, accountId: number, id: number) {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(liveUser(accountId), eq(users.id, id)));
  return row ?? null;
}

/** Users among `ids` with their address and name parts; `active` keeps those who can act. */
export async function findUserContacts(
  tx: Db,
  accountId: number,
  ids: number[],
  options: { active: boolean },
) {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: users.id,
      email: users.email,
      person: sql<TPersonNameParts>`${userNameParts('users')}`,
    })
    .from(users)
    .where(
      and(
        eq(users.accountId, accountId),
        inArray(users.id, ids),
        options.active ? and(eq(users.isActive, true), isNull(users.deletedAt)) : undefined,
      ),
    );
}

/**
 * Active users of the account named by `handles` (lower case: a nick or an e-mail address, as
 * written after `@` in a comment), with their role for the reach of what they are told.
 */
export async function findActiveUsersByHandles(tx: Db, accountId: number, handles: string[]) {
  if (handles.length === 0) return [];
  return tx
    .select({
      id: users.id,
      nick: users.nick,
      email: users.email,
      memberType: users.memberType,
      isAdmin: users.isAdmin,
    })
    .from(users)
    .where(
      and(
        eq(users.accountId, accountId),
        eq(users.isActive, true),
        isNull(users.deletedAt),
        or(
          inArray(sql`lower(${users.nick})`, handles),
          inArray(sql`lower(${users.email})`, handles),
        ),
      ),
    );
}

/** The addresses of the account's active admins, oldest first (billing's letters). */
export async function findActiveAdminEmails(tx: Db, accountId: number) {
  const rows = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(liveUser(accountId), eq(users.isAdmin, true), eq(users.isActive, true)))
    .orderBy(asc(users.id));
  return rows.map((r) => r.email);
}

export async function countActiveUsers(tx: Db, accountId: number) {
  const [row] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(liveUser(accountId), eq(users.isActive, true)));
  return row?.n ?? 0;
}

export async function findCurrentTariffUsersLimit(tx: Db, accountId: number) {
  const [row] = await tx
    .select({ usersLimit: accountTariffs.usersLimit })
    .from(accountTariffs)
    .where(eq(accountTariffs.accountId, accountId))
    .orderBy(desc(accountTariffs.endAt))
    .limit(1);
  return row?.usersLimit ?? 0;
}

/**
 * Serialises the account's changes of seats and admins until the transaction ends, so two
 * concurrent invitations cannot both take the last seat, nor two admins demote each other.
 */
export async function lockTeam(tx: Db, accountId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${TEAM_LOCK}, ${accountId})`);
}
// An arbitrary constant naming this lock among the application's advisory locks.
const TEAM_LOCK = 40_617;

/** Active recruiter-admins who have set a password, other than `exceptUserId`. */
export async function countOtherActiveAdmins(tx: Db, accountId: number, exceptUserId: number) {
  const [row] = await tx
    .select({ n: count() })
    .from(users)
    .where(
      and(
        liveUser(accountId),
        ne(users.id, exceptUserId),
        eq(users.isActive, true),
        eq(users.isAdmin, true),
        eq(users.memberType, 'owner'),
        isNotNull(users.passwordHash),
      ),
    );
  return row?.n ?? 0;
}

export async function insertUser(tx: Db, user: typeof users.$inferInsert) {
  const [row] = await tx.insert(users).values(user).returning();
  return row!;
}

export async function updateUser(
  tx: Db,
  accountId: number,
  id: number,
  changes: Partial<typeof users.$inferInsert>,
) {
  const [row] = await tx
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(liveUser(accountId), eq(users.id, id)))
    .returning();
  return row ?? null;
}

/** An address belongs to one user in the whole installation (sign-in is by e-mail alone). */
export async function isEmailTakenAcrossAccounts(db: Db, email: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row !== undefined;
}

/** A new request to change the address replaces the user's earlier ones. */
export async function revokePendingEmailChanges(tx: Db, accountId: number, userId: number) {
  await tx
    .update(emailChanges)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(emailChanges.accountId, accountId),
        eq(emailChanges.userId, userId),
        isNull(emailChanges.confirmedAt),
        isNull(emailChanges.revokedAt),
      ),
    );
}

export async function insertEmailChange(tx: Db, change: typeof emailChanges.$inferInsert) {
  await tx.insert(emailChanges).values(change);
}

const openEmailChange = () =>
  and(
    isNull(emailChanges.confirmedAt),
    isNull(emailChanges.revokedAt),
    gt(emailChanges.expiresAt, new Date()),
  );

/** The link is opened before any account is known: found by its hash across accounts. */
export async function findOpenEmailChangeAcrossAccounts(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ accountId: emailChanges.accountId, id: emailChanges.id })
    .from(emailChanges)
    .where(and(eq(emailChanges.tokenHash, tokenHash), openEmailChange()));
  return row ?? null;
}

/** Marks the request confirmed and returns it in one statement, so a link works exactly once. */
export async function confirmEmailChange(tx: Db, accountId: number, id: number) {
  const [row] = await tx
    .update(emailChanges)
    .set({ confirmedAt: new Date() })
    .where(and(eq(emailChanges.accountId, accountId), eq(emailChanges.id, id), openEmailChange()))
    .returning();
  return row ?? null;
}

/** Moves the user to the new address only while they still have the one the request was made from. */
export async function replaceEmail(
  tx: Db,
  accountId: number,
  userId: number,
  from: string,
  to: string,
) {
  const [row] = await tx
    .update(users)
    .set({ email: to, updatedAt: new Date() })
    .where(and(liveUser(accountId), eq(users.id, userId), eq(users.email, from)))
    .returning();
  return row ?? null;
}
