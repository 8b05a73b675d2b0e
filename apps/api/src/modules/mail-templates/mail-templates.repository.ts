import type { Db } from '@ats/db/connection';
import { mailTemplates } from '@ats/db/schema/mail-templates';
import { users } from '@ats/db/schema/users';
import type { TPersonNameParts } from '@ats/contracts/person-name';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import { userNameParts } from '../../platform/person-name.ts';

export type MailTemplateInsert = typeof mailTemplates.$inferInsert;
export type MailTemplateRow = typeof mailTemplates.$inferSelect & {
  /** For the display name; see `userNameParts`. */
  authorPerson: TPersonNameParts;
};

const authorPerson = sql<TPersonNameParts>`${userNameParts('users')}`;

/** Shared templates and the reader's own personal ones; another user's personal ones never. */
const visibleTo = (accountId: number, userId: number) =>
  and(
    eq(mailTemplates.accountId, accountId),
    or(eq(mailTemplates.isShared, true), eq(mailTemplates.authorId, userId)),
  );

const selectWithAuthor = (tx: Db) =>
  tx
    .select({
      accountId: mailTemplates.accountId,
      id: mailTemplates.id,
      name: mailTemplates.name,
      title: mailTemplates.title,
      actionType: mailTemplates.actionType,
      description: mailTemplates.description,
      isShared: mailTemplates.isShared,
      authorId: mailTemplates.authorId,
      createdAt: mailTemplates.createdAt,
      updatedAt: mailTemplates.updatedAt,
      authorPerson,
    })
    .from(mailTemplates)
    .leftJoin(
      users,
      and(eq(users.accountId, mailTemplates.accountId), eq(users.id, mailTemplates.authorId)),
    );

const byName = [asc(sql`lower(${mailTemplates.name})`), asc(mailTemplates.id)];

export async function listVisibleTemplates(
  tx: Db,
  accountId: number,
  userId: number,
): Promise<MailTemplateRow[]> {
  return selectWithAuthor(tx)
    .where(visibleTo(accountId, userId))
    .orderBy(...byName);
}

export async function listPersonalTemplates(
  tx: Db,
  accountId: number,
  userId: number,
): Promise<MailTemplateRow[]> {
  return selectWithAuthor(tx)
    .where(
      and(
        eq(mailTemplates.accountId, accountId),
        eq(mailTemplates.authorId, userId),
        eq(mailTemplates.isShared, false),
      ),
    )
    .orderBy(...byName);
}

export async function findVisibleTemplate(
  tx: Db,
  accountId: number,
  userId: number,
  id: number,
): Promise<MailTemplateRow | null> {
  const [row] = await selectWithAuthor(tx).where(
    and(visibleTo(accountId, userId), eq(mailTemplates.id, id)),
  );
  return row ?? null;
}

export async function findTemplate(
  tx: Db,
  accountId: number,
  id: number,
): Promise<MailTemplateRow | null> {
  const [row] = await selectWithAuthor(tx).where(
    and(eq(mailTemplates.accountId, accountId), eq(mailTemplates.id, id)),
  );
  return row ?? null;
}

export async function insertTemplate(tx: Db, template: MailTemplateInsert) {
  const [row] = await tx.insert(mailTemplates).values(template).returning({ id: mailTemplates.id });
  return row!.id;
}

export async function updateTemplate(
  tx: Db,
  accountId: number,
  id: number,
  changes: Partial<MailTemplateInsert>,
) {
  await tx
    .update(mailTemplates)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(mailTemplates.accountId, accountId), eq(mailTemplates.id, id)));
}

export async function deleteTemplate(tx: Db, accountId: number, id: number) {
  await tx
    .delete(mailTemplates)
    .where(and(eq(mailTemplates.accountId, accountId), eq(mailTemplates.id, id)));
}
