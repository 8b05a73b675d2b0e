import type { TPersonNameParts } from '@ats/contracts/person-name';
import { type Db, selectRows } from '@ats/db/connection';
import { supportMessages } from '@ats/db/schema/support-chat';
import { and, eq, sql } from 'drizzle-orm';
import { userNameParts } from '../../platform/person-name.ts';

// The SQL of the support chat (`support_messages`).

export type SupportRow = {
  id: number;
  author: 'user' | 'support';
  text: string;
  state: 'queued' | 'sent' | 'failed';
  created_at: Date | string;
  author_person: TPersonNameParts | null;
};

/** The newest `limit` messages after `afterId`, oldest first, with their users' names. */
export async function listMessages(tx: Db, accountId: number, afterId: number, limit: number) {
  return selectRows<SupportRow>(
    tx,
    sql`select * from (
          select m.id, m.author, m.text, m.state, m.created_at,
                 case when u.id is null then null else ${userNameParts('u')} end as author_person
          from support_messages m
          left join users u on u.account_id = m.account_id and u.id = m.user_id
          where m.account_id = ${accountId} and m.id > ${afterId}
          order by m.id desc
          limit ${limit}) newest
        order by id`,
  );
}

export async function insertMessage(tx: Db, row: typeof supportMessages.$inferInsert) {
  const [inserted] = await tx.insert(supportMessages).values(row).returning();
  return inserted!;
}

export async function markMessage(
  tx: Db,
  accountId: number,
  id: number,
  values: { state: 'sent' | 'failed'; telegramMessageId?: number | null; error?: string | null },
) {
  await tx
    .update(supportMessages)
    .set(values)
    .where(and(eq(supportMessages.accountId, accountId), eq(supportMessages.id, id)));
}

/** A reply in the support's chat names the message it answers: its account, across accounts. */
export async function findByTelegramIdAcrossAccounts(db: Db, telegramMessageId: number) {
  const [row] = await db
    .select({ accountId: supportMessages.accountId, id: supportMessages.id })
    .from(supportMessages)
    .where(eq(supportMessages.telegramMessageId, telegramMessageId));
  return row ?? null;
}

/** The support's answer; the same Telegram message twice (a poll repeated) is kept once. */
export async function insertReplyOnce(
  tx: Db,
  row: { accountId: number; text: string; telegramMessageId: number; createdAt: Date },
) {
  const rows = await tx
    .insert(supportMessages)
    .values({ ...row, author: 'support', state: 'sent' })
    .onConflictDoNothing({
      target: supportMessages.telegramMessageId,
      where: sql`${supportMessages.telegramMessageId} is not null`,
    })
    .returning({ id: supportMessages.id });
  return rows.length === 1;
}

/** What the forwarded message says of its sender: the company and the user's address. */
export async function senderOf(tx: Db, accountId: number, userId: number) {
  const [row] = await selectRows<{ company: string; email: string }>(
    tx,
    sql`select a.name as company, u.email from users u join accounts a on a.id = u.account_id
        where u.account_id = ${accountId} and u.id = ${userId}`,
  );
  return row ?? null;
}
