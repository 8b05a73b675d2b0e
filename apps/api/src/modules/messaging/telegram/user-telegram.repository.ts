import { type Db, selectRows } from '@ats/db/connection';
import { userTelegramLinks, userTelegramNotifications } from '@ats/db/schema/messaging';
import { and, eq, inArray, sql } from 'drizzle-orm';

// The users' own Telegram chats and the outbox of their notifications (migration 0072).

export async function findUserLink(tx: Db, accountId: number, userId: number) {
  const [row] = await tx
    .select()
    .from(userTelegramLinks)
    .where(and(eq(userTelegramLinks.accountId, accountId), eq(userTelegramLinks.userId, userId)));
  return row ?? null;
}

export async function findUserByChat(
  tx: Db,
  accountId: number,
  channelId: number,
  externalChatId: string,
) {
  const [row] = await tx
    .select({ userId: userTelegramLinks.userId })
    .from(userTelegramLinks)
    .where(
      and(
        eq(userTelegramLinks.accountId, accountId),
        eq(userTelegramLinks.channelId, channelId),
        eq(userTelegramLinks.externalChatId, externalChatId),
      ),
    );
  return row?.userId ?? null;
}

/** The user's chat is this one now; a chat linked to another user before is theirs no more. */
export async function linkUserChat(
  tx: Db,
  link: { accountId: number; userId: number; channelId: number; externalChatId: string },
) {
  await tx
    .delete(userTelegramLinks)
    .where(
      and(
        eq(userTelegramLinks.accountId, link.accountId),
        eq(userTelegramLinks.channelId, link.channelId),
        eq(userTelegramLinks.externalChatId, link.externalChatId),
      ),
    );
  await tx
    .insert(userTelegramLinks)
    .values(link)
    .onConflictDoUpdate({
      target: [userTelegramLinks.accountId, userTelegramLinks.userId],
      set: {
        channelId: link.channelId,
        externalChatId: link.externalChatId,
        createdAt: new Date(),
      },
    });
}

export async function unlinkUser(tx: Db, accountId: number, userId: number) {
  const rows = await tx
    .delete(userTelegramLinks)
    .where(and(eq(userTelegramLinks.accountId, accountId), eq(userTelegramLinks.userId, userId)))
    .returning({ userId: userTelegramLinks.userId });
  return rows.length > 0;
}

export async function findUserLinks(tx: Db, accountId: number, userIds: number[]) {
  if (userIds.length === 0) return [];
  return tx
    .select()
    .from(userTelegramLinks)
    .where(
      and(eq(userTelegramLinks.accountId, accountId), inArray(userTelegramLinks.userId, userIds)),
    );
}

export async function insertNotifications(
  tx: Db,
  rows: {
    accountId: number;
    userId: number;
    channelId: number;
    externalChatId: string;
    event: string;
    text: string;
  }[],
) {
  if (rows.length === 0) return [];
  return tx
    .insert(userTelegramNotifications)
    .values(rows)
    .returning({ id: userTelegramNotifications.id, userId: userTelegramNotifications.userId });
}

export type ClaimedNotification = {
  account_id: number;
  id: number;
  channel_id: number;
  external_chat_id: string;
  text: string;
  attempts: number;
};

/** Claims one due notification of any account (the system connection), or of `only`. */
export async function claimOneDue(db: Db, only?: { accountId: number; ids: number[] }) {
  const filter = only
    ? sql`and account_id = ${only.accountId} and id in (${sql.join(
        only.ids.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  const [row] = await selectRows<ClaimedNotification>(
    db,
    sql`
    update user_telegram_notifications set state = 'sending', claimed_at = now(),
      attempts = attempts + 1
    where (account_id, id) in (
      select account_id, id from user_telegram_notifications
      where state = 'queued' and (next_attempt_at is null or next_attempt_at <= now()) ${filter}
      order by id
      limit 1
      for update skip locked)
    returning account_id, id, channel_id, external_chat_id, text, attempts`,
  );
  return row
    ? {
        ...row,
        account_id: Number(row.account_id),
        id: Number(row.id),
        channel_id: Number(row.channel_id),
        attempts: Number(row.attempts),
      }
    : null;
}

/**
 * Claims of a process that died mid-send go back to the queue: a notification may then reach the
 * user twice, never not at all.
 */
export async function requeueStaleClaims(db: Db, staleSeconds: number) {
  await selectRows(
    db,
    sql`
    update user_telegram_notifications set state = 'queued', claimed_at = null
    where state = 'sending' and claimed_at < now() - make_interval(secs => ${staleSeconds})
    returning id`,
  );
}

export async function finishNotification(
  tx: Db,
  accountId: number,
  id: number,
  patch: {
    state: 'queued' | 'sent' | 'failed';
    reason?: string | null;
    nextAttemptAt?: Date | null;
    sentAt?: Date;
  },
) {
  await tx
    .update(userTelegramNotifications)
    .set({ ...patch, claimedAt: null })
    .where(
      and(eq(userTelegramNotifications.accountId, accountId), eq(userTelegramNotifications.id, id)),
    );
}

/**
 * In the raiser's transaction: queues `text` for those of `userIds` who linked a chat. Answers
 * each queued notification's id and user, to hand over after the commit.
 */
export async function queueUserNotifications(
  tx: Db,
  accountId: number,
  userIds: number[],
  event: string,
  text: string,
) {
  const links = await findUserLinks(tx, accountId, userIds);
  return insertNotifications(
    tx,
    links.map((link) => ({
      accountId,
      userId: link.userId,
      channelId: link.channelId,
      externalChatId: link.externalChatId,
      event,
      text: text.length > 4000 ? `${text.slice(0, 4000)}…` : text,
    })),
  );
}

/** Rewrites notifications queued earlier in the caller's transaction; answers those still there. */
export async function rewriteQueuedNotifications(
  tx: Db,
  accountId: number,
  ids: number[],
  text: string,
) {
  if (ids.length === 0) return [];
  const rows = await tx
    .update(userTelegramNotifications)
    .set({ text: text.length > 4000 ? `${text.slice(0, 4000)}…` : text })
    .where(
      and(
        eq(userTelegramNotifications.accountId, accountId),
        inArray(userTelegramNotifications.id, ids),
        eq(userTelegramNotifications.state, 'queued'),
      ),
    )
    .returning({ id: userTelegramNotifications.id });
  return rows.map((row) => row.id);
}
