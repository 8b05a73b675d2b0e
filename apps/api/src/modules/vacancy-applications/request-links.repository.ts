import type { TPersonNameParts } from '@ats/contracts/person-name';
import type { Db } from '@ats/db/connection';
import { accountDivisions, accounts } from '@ats/db/schema/accounts';
import { users } from '@ats/db/schema/users';
import {
  type RouteStep,
  vacancyApplicationFiles,
  vacancyApplicationLinks,
  vacancyApplicationTemplates,
  vacancyApplications,
} from '@ats/db/schema/vacancy-applications';
import { and, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { userNameParts } from '../../platform/person-name.ts';

// The SQL of outside approvers' links (`vacancy_application_links`) and of what their letters,
// their public page and the reminders read of a request.

export async function insertLink(tx: Db, link: typeof vacancyApplicationLinks.$inferInsert) {
  const [row] = await tx.insert(vacancyApplicationLinks).values(link).returning();
  return row!;
}

/**
 * Ends the approver's open links of this step of the request: a new round of the route (the
 * request submitted again) gets new links, and the old letters stop working.
 */
export async function expireOpenLinks(
  tx: Db,
  key: { accountId: number; applicationId: number; step: number; email: string },
  now: Date,
) {
  await tx
    .update(vacancyApplicationLinks)
    .set({ expiresAt: now })
    .where(
      and(
        eq(vacancyApplicationLinks.accountId, key.accountId),
        eq(vacancyApplicationLinks.applicationId, key.applicationId),
        eq(vacancyApplicationLinks.step, key.step),
        eq(vacancyApplicationLinks.email, key.email),
        isNull(vacancyApplicationLinks.usedAt),
        gt(vacancyApplicationLinks.expiresAt, now),
      ),
    );
}

/** A link is opened before any account is known: the one look-up across accounts. */
export async function findLinkAcrossAccounts(db: Db, tokenHash: string) {
  const [row] = await db
    .select()
    .from(vacancyApplicationLinks)
    .where(eq(vacancyApplicationLinks.tokenHash, tokenHash));
  return row ?? null;
}

/** Takes the link for one decision: false when another request took it first. */
export async function claimLink(tx: Db, accountId: number, id: number, now: Date) {
  const rows = await tx
    .update(vacancyApplicationLinks)
    .set({ usedAt: now })
    .where(
      and(
        eq(vacancyApplicationLinks.accountId, accountId),
        eq(vacancyApplicationLinks.id, id),
        isNull(vacancyApplicationLinks.usedAt),
      ),
    )
    .returning({ id: vacancyApplicationLinks.id });
  return rows.length === 1;
}

/** Gives the link back when the decision it was taken for was refused. */
export async function releaseLink(tx: Db, accountId: number, id: number) {
  await tx
    .update(vacancyApplicationLinks)
    .set({ usedAt: null })
    .where(
      and(eq(vacancyApplicationLinks.accountId, accountId), eq(vacancyApplicationLinks.id, id)),
    );
}

/** The newest link of each outside approver of the step (for the reminders' once a day). */
export async function latestLinks(tx: Db, accountId: number, applicationId: number, step: number) {
  const rows = await tx
    .select({
      email: vacancyApplicationLinks.email,
      createdAt: vacancyApplicationLinks.createdAt,
      remindedAt: vacancyApplicationLinks.remindedAt,
    })
    .from(vacancyApplicationLinks)
    .where(
      and(
        eq(vacancyApplicationLinks.accountId, accountId),
        eq(vacancyApplicationLinks.applicationId, applicationId),
        eq(vacancyApplicationLinks.step, step),
      ),
    );
  const latest = new Map<string, { createdAt: Date; remindedAt: Date | null }>();
  for (const row of rows) {
    const known = latest.get(row.email);
    if (!known || known.createdAt < row.createdAt) latest.set(row.email, row);
  }
  return latest;
}

const author = alias(users, 'author');

/** What a letter and the public page show of a request: its fields, company, author, division. */
export async function findRequestForApprover(tx: Db, accountId: number, applicationId: number) {
  const [row] = await tx
    .select({
      id: vacancyApplications.id,
      accountId: vacancyApplications.accountId,
      templateId: vacancyApplications.templateId,
      state: vacancyApplications.state,
      position: vacancyApplications.position,
      salary: vacancyApplications.salary,
      salaryFrom: vacancyApplications.salaryFrom,
      salaryTo: vacancyApplications.salaryTo,
      currency: vacancyApplications.currency,
      needed: vacancyApplications.needed,
      dateWillClose: vacancyApplications.dateWillClose,
      body: vacancyApplications.body,
      requirements: vacancyApplications.requirements,
      conditions: vacancyApplications.conditions,
      information: vacancyApplications.information,
      templateValues: vacancyApplications.templateValues,
      route: vacancyApplications.route,
      currentStep: vacancyApplications.currentStep,
      stepStartedAt: vacancyApplications.stepStartedAt,
      company: accounts.name,
      division: accountDivisions.name,
      author: sql<TPersonNameParts | null>`${userNameParts('author')}`,
    })
    .from(vacancyApplications)
    .innerJoin(accounts, eq(accounts.id, vacancyApplications.accountId))
    .leftJoin(
      accountDivisions,
      and(
        eq(accountDivisions.accountId, vacancyApplications.accountId),
        eq(accountDivisions.id, vacancyApplications.accountDivisionId),
      ),
    )
    .leftJoin(
      author,
      and(
        eq(author.accountId, vacancyApplications.accountId),
        eq(author.id, vacancyApplications.authorId),
      ),
    )
    .where(
      and(
        eq(vacancyApplications.accountId, accountId),
        eq(vacancyApplications.id, applicationId),
        isNull(vacancyApplications.deletedAt),
      ),
    );
  return row ?? null;
}

/** The names of a template's own fields, by key (the public page shows names, not keys). */
export async function templateFieldNames(tx: Db, accountId: number, templateId: number) {
  const [row] = await tx
    .select({ fields: vacancyApplicationTemplates.fields })
    .from(vacancyApplicationTemplates)
    .where(
      and(
        eq(vacancyApplicationTemplates.accountId, accountId),
        eq(vacancyApplicationTemplates.id, templateId),
      ),
    );
  return row?.fields ?? [];
}

export async function fileNames(tx: Db, accountId: number, applicationId: number, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await tx
    .select({ id: vacancyApplicationFiles.id, fileName: vacancyApplicationFiles.fileName })
    .from(vacancyApplicationFiles)
    .where(
      and(
        eq(vacancyApplicationFiles.accountId, accountId),
        eq(vacancyApplicationFiles.applicationId, applicationId),
        inArray(vacancyApplicationFiles.id, ids),
      ),
    );
  return new Map(rows.map((r) => [r.id, r.fileName]));
}

/**
 * Pending requests of every account whose current step started before `startedBefore` (the
 * reminders' candidates; the job filters by each step's own deadline).
 */
export async function pendingStepsStartedBeforeAcrossAccounts(db: Db, startedBefore: Date) {
  return db
    .select({ accountId: vacancyApplications.accountId, id: vacancyApplications.id })
    .from(vacancyApplications)
    .where(
      and(
        eq(vacancyApplications.state, 'pending'),
        isNull(vacancyApplications.deletedAt),
        lte(vacancyApplications.stepStartedAt, startedBefore),
      ),
    );
}

/** Under the row lock: the route of a pending request, to note who was reminded. */
export async function lockRoute(tx: Db, accountId: number, applicationId: number) {
  const [row] = await tx
    .select({
      state: vacancyApplications.state,
      route: vacancyApplications.route,
      currentStep: vacancyApplications.currentStep,
    })
    .from(vacancyApplications)
    .where(
      and(eq(vacancyApplications.accountId, accountId), eq(vacancyApplications.id, applicationId)),
    )
    .for('update');
  return row ?? null;
}

export async function saveRoute(
  tx: Db,
  accountId: number,
  applicationId: number,
  route: RouteStep[],
) {
  await tx
    .update(vacancyApplications)
    .set({ route })
    .where(
      and(eq(vacancyApplications.accountId, accountId), eq(vacancyApplications.id, applicationId)),
    );
}
