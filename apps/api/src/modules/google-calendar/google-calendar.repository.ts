import type { Db } from '@ats/db/connection';
import { googleConnections, googleEventLinks } from '@ats/db/schema/google-calendar';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';

export type ConnectionRow = typeof googleConnections.$inferSelect;
export type ConnectionPatch = Partial<Omit<ConnectionRow, 'accountId' | 'userId' | 'createdAt'>>;
export type LinkRow = typeof googleEventLinks.$inferSelect;

const byUser = (accountId: number, userId: number) =>
  and(eq(googleConnections.accountId, accountId), eq(googleConnections.userId, userId));

export async function findConnection(tx: Db, accountId: number, userId: number) {
  const [row] = await tx.select().from(googleConnections).where(byUser(accountId, userId));
  return row ?? null;
}

export async function findConnections(tx: Db, accountId: number, userIds: number[]) {
  if (userIds.length === 0) return [];
  return tx
    .select()
    .from(googleConnections)
    .where(
      and(eq(googleConnections.accountId, accountId), inArray(googleConnections.userId, userIds)),
    );
}

/** A new connection replaces the user's earlier one (its sync state and links go with it). */
export async function replaceConnection(
  tx: Db,
  row: Pick<ConnectionRow, 'accountId' | 'userId' | 'accessToken' | 'accessExpiresAt'> &
    ConnectionPatch,
) {
  await deleteConnection(tx, row.accountId, row.userId);
  await tx.insert(googleConnections).values(row);
}

export async function updateConnection(
  tx: Db,
  accountId: number,
  userId: number,
  patch: ConnectionPatch,
) {
  await tx
    .update(googleConnections)
    .set({ ...patch, updatedAt: new Date() })
    .where(byUser(accountId, userId));
}

export async function deleteConnection(tx: Db, accountId: number, userId: number) {
  await tx
    .delete(googleEventLinks)
    .where(and(eq(googleEventLinks.accountId, accountId), eq(googleEventLinks.userId, userId)));
  await tx.delete(googleConnections).where(byUser(accountId, userId));
}

export async function deleteLinksOfUser(tx: Db, accountId: number, userId: number) {
  await tx
    .delete(googleEventLinks)
    .where(and(eq(googleEventLinks.accountId, accountId), eq(googleEventLinks.userId, userId)));
}

/** The push channel's connection, whichever account it is in (the webhook has no session). */
export async function findConnectionByChannelAcrossAccounts(db: Db, channelId: string) {
  const [row] = await db
    .select({
      accountId: googleConnections.accountId,
      userId: googleConnections.userId,
      channelToken: googleConnections.channelToken,
      channelResourceId: googleConnections.channelResourceId,
    })
    .from(googleConnections)
    .where(eq(googleConnections.channelId, channelId));
  return row ?? null;
}

/** Every connection with a chosen calendar: the periodic pull and channel renewal walk them. */
export async function listSyncedConnectionsAcrossAccounts(db: Db) {
  return db
    .select({ accountId: googleConnections.accountId, userId: googleConnections.userId })
    .from(googleConnections)
    .where(isNotNull(googleConnections.calendarId));
}

export async function findLinksOfEvent(tx: Db, accountId: number, eventId: number) {
  return tx
    .select()
    .from(googleEventLinks)
    .where(and(eq(googleEventLinks.accountId, accountId), eq(googleEventLinks.eventId, eventId)));
}

export async function findLinkByGoogleId(
  tx: Db,
  accountId: number,
  userId: number,
  googleEventId: string,
) {
  const [row] = await tx
    .select()
    .from(googleEventLinks)
    .where(
      and(
        eq(googleEventLinks.accountId, accountId),
        eq(googleEventLinks.userId, userId),
        eq(googleEventLinks.googleEventId, googleEventId),
      ),
    );
  return row ?? null;
}

export async function saveLink(
  tx: Db,
  link: Pick<LinkRow, 'accountId' | 'userId' | 'eventId' | 'googleEventId'> & {
    etag?: string | null;
  },
) {
  await tx
    .insert(googleEventLinks)
    .values({ ...link, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: [googleEventLinks.accountId, googleEventLinks.userId, googleEventLinks.eventId],
      set: { googleEventId: link.googleEventId, etag: link.etag ?? null, updatedAt: new Date() },
    });
}

export async function deleteLink(tx: Db, accountId: number, userId: number, eventId: number) {
  await tx
    .delete(googleEventLinks)
    .where(
      and(
        eq(googleEventLinks.accountId, accountId),
        eq(googleEventLinks.userId, userId),
        eq(googleEventLinks.eventId, eventId),
      ),
    );
}
