import type { TPersonNameParts } from '@ats/contracts/person-name';
import { type Db, selectRows, statementName } from '@ats/db/connection';
import { msgChannels, msgChatLinks, msgMessages, msgUnread } from '@ats/db/schema/messaging';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { applicantNameParts, userNameParts } from '../../platform/person-name.ts';

export type ChannelRow = typeof msgChannels.$inferSelect;
export type ChatLinkRow = typeof msgChatLinks.$inferSelect;
export type MessageRow = typeof msgMessages.$inferSelect;

// ---- channels ----

export async function insertChannel(tx: Db, values: typeof msgChannels.$inferInsert) {
  const [row] = await tx.insert(msgChannels).values(values).returning();
  return row!;
}

/** Live channels of the account, or of one scope: the company's (`userId` null) or a user's. */
export function listChannels(
  tx: Db,
  accountId: number,
  filter: { scope: 'account' } | { scope: 'user'; userId: number } | { scope: 'all' },
) {
  const scope =
    filter.scope === 'account'
      ? isNull(msgChannels.userId)
      : filter.scope === 'user'
        ? eq(msgChannels.userId, filter.userId)
        : undefined;
  return tx
    .select()
    .from(msgChannels)
    .where(and(eq(msgChannels.accountId, accountId), isNull(msgChannels.deletedAt), scope))
    .orderBy(asc(msgChannels.id));
}

export async function findChannel(tx: Db, accountId: number, id: number) {
  const [row] = await tx
    .select()
    .from(msgChannels)
    .where(
      and(
        eq(msgChannels.accountId, accountId),
        eq(msgChannels.id, id),
        isNull(msgChannels.deletedAt),
      ),
    );
  return row ?? null;
}

/** Any channel, removed ones too (a message names its channel for good). */
export function findChannelsByIds(tx: Db, accountId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([] as ChannelRow[]);
  return tx
    .select()
    .from(msgChannels)
    .where(and(eq(msgChannels.accountId, accountId), inArray(msgChannels.id, ids)));
}

export async function updateChannel(
  tx: Db,
  accountId: number,
  id: number,
  patch: Partial<typeof msgChannels.$inferInsert>,
) {
  const [row] = await tx
    .update(msgChannels)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(msgChannels.accountId, accountId), eq(msgChannels.id, id)))
    .returning();
  return row ?? null;
}

/**
 * The account's channel of a kind for one external thing (a job site's connection), removed ones
 * too, the live one first: a channel a user removed is not made again behind their back.
 */
export async function findChannelByExternal(
  tx: Db,
  accountId: number,
  kind: ChannelRow['kind'],
  externalId: string,
) {
  const [row] = await tx
    .select()
    .from(msgChannels)
    .where(
      and(
        eq(msgChannels.accountId, accountId),
        eq(msgChannels.kind, kind),
        eq(msgChannels.externalId, externalId),
      ),
    )
    .orderBy(sql`${msgChannels.deletedAt} is not null`, desc(msgChannels.id))
    .limit(1);
  return row ?? null;
}

/** A webhook names its channel by key alone: found before any account is known. */
export async function findChannelByWebhookKeyAcrossAccounts(db: Db, webhookKey: string) {
  const [row] = await db
    .select()
    .from(msgChannels)
    .where(and(eq(msgChannels.webhookKey, webhookKey), isNull(msgChannels.deletedAt)));
  return row ?? null;
}

/** Live, enabled channels of a kind in every account: the pollers' work list. */
export function listActiveChannelsAcrossAccounts(db: Db, kind: string) {
  return db
    .select()
    .from(msgChannels)
    .where(
      and(
        eq(msgChannels.kind, kind as ChannelRow['kind']),
        isNull(msgChannels.deletedAt),
        sql`${msgChannels.state} <> 'disabled'`,
      ),
    )
    .orderBy(asc(msgChannels.accountId), asc(msgChannels.id));
}

// ---- chat links ----

export async function findChatLink(
  tx: Db,
  accountId: number,
  channelId: number,
  externalChatId: string,
) {
  const [row] = await tx
    .select()
    .from(msgChatLinks)
    .where(
      and(
        eq(msgChatLinks.accountId, accountId),
        eq(msgChatLinks.channelId, channelId),
        eq(msgChatLinks.externalChatId, externalChatId),
      ),
    );
  return row ?? null;
}

/** The applicant's newest chat on a channel (where a reply goes). */
export async function findApplicantChatLink(
  tx: Db,
  accountId: number,
  channelId: number,
  applicantId: number,
) {
  const [row] = await tx
    .select()
    .from(msgChatLinks)
    .where(
      and(
        eq(msgChatLinks.accountId, accountId),
        eq(msgChatLinks.channelId, channelId),
        eq(msgChatLinks.applicantId, applicantId),
      ),
    )
    .orderBy(desc(msgChatLinks.id))
    .limit(1);
  return row ?? null;
}

export function listApplicantChatLinks(tx: Db, accountId: number, applicantId: number) {
  return tx
    .select()
    .from(msgChatLinks)
    .where(and(eq(msgChatLinks.accountId, accountId), eq(msgChatLinks.applicantId, applicantId)))
    .orderBy(asc(msgChatLinks.id));
}

/** Links a chat to an applicant; a chat already linked is re-pointed (the newest word wins). */
export async function upsertChatLink(tx: Db, values: typeof msgChatLinks.$inferInsert) {
  const [row] = await tx
    .insert(msgChatLinks)
    .values(values)
    .onConflictDoUpdate({
      target: [msgChatLinks.accountId, msgChatLinks.channelId, msgChatLinks.externalChatId],
      set: {
        applicantId: values.applicantId,
        externalUserId: values.externalUserId ?? null,
        handle: values.handle ?? null,
        linkedBy: values.linkedBy,
      },
    })
    .returning();
  return row!;
}

/**
 * Links many chats in one statement (a job site's negotiations, a page at a time); a chat already
 * linked is re-pointed only when it names another applicant.
 */
export async function upsertChatLinks(tx: Db, values: (typeof msgChatLinks.$inferInsert)[]) {
  if (values.length === 0) return;
  await tx
    .insert(msgChatLinks)
    .values(values)
    .onConflictDoUpdate({
      target: [msgChatLinks.accountId, msgChatLinks.channelId, msgChatLinks.externalChatId],
      set: { applicantId: sql`excluded.applicant_id`, linkedBy: sql`excluded.linked_by` },
      setWhere: sql`${msgChatLinks.applicantId} <> excluded.applicant_id`,
    });
}

// ---- messages ----

export async function insertMessage(tx: Db, values: typeof msgMessages.$inferInsert) {
  const [row] = await tx.insert(msgMessages).values(values).returning();
  return row!;
}

/** An incoming message, once: null when (channel, chat, external id) is already stored. */
export async function insertIncomingOnce(tx: Db, values: typeof msgMessages.$inferInsert) {
  const [row] = await tx
    .insert(msgMessages)
    .values(values)
    .onConflictDoNothing({
      target: [
        msgMessages.accountId,
        msgMessages.channelId,
        msgMessages.externalChatId,
        msgMessages.externalMessageId,
      ],
      where: isNotNull(msgMessages.externalMessageId),
    })
    .returning();
  return row ?? null;
}

export async function findMessageByExternal(
  tx: Db,
  accountId: number,
  channelId: number,
  externalChatId: string,
  externalMessageId: string,
) {
  const [row] = await tx
    .select()
    .from(msgMessages)
    .where(
      and(
        eq(msgMessages.accountId, accountId),
        eq(msgMessages.channelId, channelId),
        eq(msgMessages.externalChatId, externalChatId),
        eq(msgMessages.externalMessageId, externalMessageId),
      ),
    );
  return row ?? null;
}

export async function findMessage(tx: Db, accountId: number, id: number) {
  const [row] = await tx
    .select()
    .from(msgMessages)
    .where(and(eq(msgMessages.accountId, accountId), eq(msgMessages.id, id)));
  return row ?? null;
}

/**
 * One page of an applicant's conversation, newest first, by keyset (`beforeId`) or offset: an
 * index range of msg_messages_history_idx either way.
 */
export function historyPage(
  tx: Db,
  accountId: number,
  applicantId: number,
  page: { beforeId?: number | undefined; offset: number; limit: number },
) {
  return tx
    .select()
    .from(msgMessages)
    .where(
      and(
        eq(msgMessages.accountId, accountId),
        eq(msgMessages.applicantId, applicantId),
        page.beforeId === undefined ? undefined : lt(msgMessages.id, page.beforeId),
      ),
    )
    .orderBy(desc(msgMessages.id))
    .limit(page.limit)
    .offset(page.beforeId === undefined ? page.offset : 0);
}

export async function countHistory(tx: Db, accountId: number, applicantId: number) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(msgMessages)
    .where(and(eq(msgMessages.accountId, accountId), eq(msgMessages.applicantId, applicantId)));
  return Number(row?.n ?? 0);
}

/** The external ids of the applicant's messages on a channel, oldest first (a letter's thread). */
export async function threadIds(tx: Db, accountId: number, applicantId: number, channelId: number) {
  const rows = await tx
    .select({ id: msgMessages.externalMessageId })
    .from(msgMessages)
    .where(
      and(
        eq(msgMessages.accountId, accountId),
        eq(msgMessages.applicantId, applicantId),
        eq(msgMessages.channelId, channelId),
        isNotNull(msgMessages.externalMessageId),
      ),
    )
    .orderBy(asc(msgMessages.id));
  return rows.map((r) => r.id!);
}

/** The newest message among these external ids (Message-ID, In-Reply-To, References). */
export async function findByExternalIds(tx: Db, accountId: number, externalIds: string[]) {
  if (externalIds.length === 0) return null;
  const [row] = await tx
    .select()
    .from(msgMessages)
    .where(
      and(
        eq(msgMessages.accountId, accountId),
        inArray(msgMessages.externalMessageId, externalIds),
      ),
    )
    .orderBy(desc(msgMessages.id))
    .limit(1);
  return row ?? null;
}

export async function updateMessage(
  tx: Db,
  accountId: number,
  id: number,
  patch: Partial<typeof msgMessages.$inferInsert>,
) {
  const [row] = await tx
    .update(msgMessages)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(msgMessages.accountId, accountId), eq(msgMessages.id, id)))
    .returning();
  return row ?? null;
}

/** «Повторить»: a failed outgoing message back in the queue, now; null if it is not failed. */
export async function requeueFailed(tx: Db, accountId: number, id: number) {
  const [row] = await tx
    .update(msgMessages)
    .set({ state: 'queued', nextAttemptAt: null, claimedAt: null, updatedAt: new Date() })
    .where(
      and(
        eq(msgMessages.accountId, accountId),
        eq(msgMessages.id, id),
        eq(msgMessages.direction, 'out'),
        eq(msgMessages.state, 'failed'),
      ),
    )
    .returning();
  return row ?? null;
}

/** Users who wrote to the applicant: they hear of the applicant's answers. */
export async function correspondents(tx: Db, accountId: number, applicantId: number) {
  const rows = await tx
    .selectDistinct({ userId: msgMessages.authorUserId })
    .from(msgMessages)
    .where(
      and(
        eq(msgMessages.accountId, accountId),
        eq(msgMessages.applicantId, applicantId),
        eq(msgMessages.direction, 'out'),
        isNotNull(msgMessages.authorUserId),
      ),
    );
  return rows.map((r) => r.userId!);
}

// ---- the outbox, across accounts (its worker serves every account) ----

type ClaimedRow = { account_id: number; id: number };

/**
 * Takes one due outgoing message in one statement (state 'sending', `claimed_at`, one more
 * attempt), so two senders never take the same one; one at a time, so a crash strands at most
 * the message in flight.
 */
export async function claimOneDueAcrossAccounts(
  db: Db,
  only?: { accountId: number; ids: number[] },
): Promise<ClaimedRow | null> {
  const filter = only
    ? sql`and account_id = ${only.accountId} and id in (${sql.join(
        only.ids.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  const [row] = await selectRows<ClaimedRow>(
    db,
    sql`
    update msg_messages set state = 'sending', claimed_at = now(), attempts = attempts + 1,
      updated_at = now()
    where (account_id, id) in (
      select account_id, id from msg_messages
      where state = 'queued' and (next_attempt_at is null or next_attempt_at <= now()) ${filter}
      order by id
      limit 1
      for update skip locked)
    returning account_id, id`,
  );
  return row ? { account_id: Number(row.account_id), id: Number(row.id) } : null;
}

/**
 * Messages whose sender died mid-hand-over: whether the channel took them is unknown, so they
 * are failed with the reason rather than sent twice; «Повторить» sends them again.
 */
export async function failStaleClaimsAcrossAccounts(db: Db, staleSeconds: number, reason: string) {
  return selectRows<{ account_id: number; id: number; applicant_id: number }>(
    db,
    sql`
    update msg_messages set state = 'failed', reason = ${reason}, claimed_at = null,
      updated_at = now()
    where state = 'sending' and claimed_at < now() - make_interval(secs => ${staleSeconds})
    returning account_id, id, applicant_id`,
  );
}

/** The earliest moment a queued message is due (for the in-process timer after retry_after). */
export async function nextDueAcrossAccounts(db: Db) {
  const [row] = await selectRows<{ at: Date | string | null }>(
    db,
    sql`select min(coalesce(next_attempt_at, now())) as at from msg_messages where state = 'queued'`,
  );
  return row?.at ? new Date(row.at) : null;
}

// ---- unread ----

export async function insertUnread(
  tx: Db,
  accountId: number,
  userIds: number[],
  messageId: number,
) {
  if (userIds.length === 0) return;
  await tx
    .insert(msgUnread)
    .values(userIds.map((userId) => ({ accountId, userId, messageId })))
    .onConflictDoNothing();
}

/** The user has read the applicant's conversation: how many were unread. */
export async function clearUnread(tx: Db, accountId: number, userId: number, applicantId: number) {
  const rows = await selectRows<{ n: number }>(
    tx,
    sql`
    with gone as (
      delete from msg_unread u using msg_messages m
      where u.account_id = ${accountId} and u.user_id = ${userId}
        and m.account_id = u.account_id and m.id = u.message_id and m.applicant_id = ${applicantId}
      returning 1)
    select count(*)::int as n from gone`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** The user's unread: in total, conversations, and per applicant among `applicantIds`. */
export async function unreadCounters(
  tx: Db,
  accountId: number,
  userId: number,
  applicantIds: number[],
) {
  const rows = await selectRows<{ applicant_id: number; n: number }>(
    tx,
    sql`
    select m.applicant_id, count(*)::int as n
    from msg_unread u join msg_messages m on m.account_id = u.account_id and m.id = u.message_id
    where u.account_id = ${accountId} and u.user_id = ${userId}
    group by m.applicant_id`,
  );
  const wanted = new Set(applicantIds);
  const applicants: Record<string, number> = {};
  let total = 0;
  for (const row of rows) {
    total += Number(row.n);
    if (wanted.has(Number(row.applicant_id))) applicants[String(row.applicant_id)] = Number(row.n);
  }
  return { total, conversations: rows.length, applicants };
}

/** Conversations of the account: the caller's unread first, then the newest. */
export function listConversations(
  tx: Db,
  accountId: number,
  userId: number,
  page: { limit: number; offset: number },
) {
  return selectRows<{ applicant_id: number; last_id: number; unread: number; total: number }>(
    tx,
    sql`
    with last as (
      select applicant_id, max(id) as last_id from msg_messages
      where account_id = ${accountId} group by applicant_id),
    unread as (
      select m.applicant_id, count(*)::int as n
      from msg_unread u join msg_messages m on m.account_id = u.account_id and m.id = u.message_id
      where u.account_id = ${accountId} and u.user_id = ${userId} group by m.applicant_id)
    select l.applicant_id, l.last_id, coalesce(u.n, 0)::int as unread,
      count(*) over ()::int as total
    from last l left join unread u on u.applicant_id = l.applicant_id
    order by (coalesce(u.n, 0) > 0) desc, l.last_id desc
    limit ${page.limit} offset ${page.offset}`,
  );
}

export function findMessagesByIds(tx: Db, accountId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([] as MessageRow[]);
  return tx
    .select()
    .from(msgMessages)
    .where(and(eq(msgMessages.accountId, accountId), inArray(msgMessages.id, ids)));
}

/** A message of `historyQuery`: the row's shown columns with its channel's and author's names. */
export type HistoryRow = {
  id: number;
  applicant_id: number;
  channel_id: number;
  channel_kind: MessageRow['channelKind'];
  channel_name: string | null;
  direction: MessageRow['direction'];
  author_type: MessageRow['authorType'];
  author_user_id: number | null;
  author_person: TPersonNameParts | null;
  subject: string | null;
  text: string;
  attachments: MessageRow['attachments'];
  state: MessageRow['state'];
  reason: string | null;
  attempts: number;
  created_at: string;
  sent_at: string | null;
};

export type HistoryAnswer = {
  /** The applicant's name parts; null when the account has no such applicant. */
  applicant: TPersonNameParts | null;
  total: number;
  /** The reader's unread incoming messages of the applicant (0 on pages after the first). */
  unread: number;
  /** Up to `limit` messages, newest first. */
  rows: HistoryRow[];
};

/**
 * One page of an applicant's conversation as a single statement for the one-trip tenant read
 * (decision 0049): the applicant (its absence is the 404), the page by keyset (`beforeId`) or
 * offset with each message's channel and author names, the conversation's size and — on the
 * first page — the reader's unread. Each part is an index range: msg_messages_history_idx
 * (the count an index-only scan of it), msg_unread's primary key.
 */
export function historyQuery(
  accountId: number,
  applicantId: number,
  userId: number,
  page: { beforeId?: number | undefined; offset: number; limit: number },
) {
  const first = page.beforeId === undefined && page.offset === 0;
  const range =
    page.beforeId === undefined
      ? sql`order by m.id desc limit ${page.limit} offset ${page.offset}`
      : sql`and m.id < ${page.beforeId} order by m.id desc limit ${page.limit}`;
  const query = sql`
    select
      (select ${applicantNameParts('a')} from applicants a
        where a.account_id = ${accountId} and a.id = ${applicantId}) as applicant,
      (select count(*)::int from msg_messages c
        where c.account_id = ${accountId} and c.applicant_id = ${applicantId}) as total,
      ${
        first
          ? sql`(select count(*)::int from msg_unread u
                  join msg_messages um on um.account_id = u.account_id and um.id = u.message_id
                  where u.account_id = ${accountId} and u.user_id = ${userId}
                    and um.applicant_id = ${applicantId})`
          : sql`0`
      } as unread,
      coalesce((select json_agg(p) from (
        select m.id, m.applicant_id, m.channel_id, m.channel_kind, ch.name as channel_name,
          m.direction, m.author_type, m.author_user_id,
          case when au.id is null then null else ${userNameParts('au')} end as author_person,
          m.subject, m.text, m.attachments, m.state, m.reason, m.attempts, m.created_at, m.sent_at
        from msg_messages m
        left join msg_channels ch on ch.account_id = m.account_id and ch.id = m.channel_id
        left join users au on au.account_id = m.account_id and au.id = m.author_user_id
        where m.account_id = ${accountId} and m.applicant_id = ${applicantId}
        ${range}) p), '[]'::json) as rows`;
  return { query, name: statementName('msg_history', query) };
}

/** Clears the reader's unread of the applicant up to `upToId` (what the reader was shown). */
export async function clearUnreadUpTo(
  tx: Db,
  accountId: number,
  userId: number,
  applicantId: number,
  upToId: number,
) {
  await tx.execute(sql`
    delete from msg_unread u using msg_messages m
    where u.account_id = ${accountId} and u.user_id = ${userId}
      and m.account_id = u.account_id and m.id = u.message_id
      and m.applicant_id = ${applicantId} and m.id <= ${upToId}`);
}
