import { accountTariffs } from '@ats/db/schema/accounts';
import type { Db } from '@ats/db/connection';
import { users } from '@ats/db/schema/users';
import { and, asc, count, desc, eq, isNull } from 'drizzle-orm';

export type UserRow = typeof users.$inferSelect;

const liveUser = (accountId: number) =>
  and(eq(users.accountId, accountId), isNull(users.deletedAt));

export async function listUsers(tx: Db, accountId: number) {
  return tx.select().from(users).where(liveUser(accountId)).orderBy(asc(users.id));
}

export async function findUserById(tx: Db, accountId: number, id: number) {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(liveUser(accountId), eq(users.id, id)));
  return row ?? null;
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
