import type { Db } from '@ats/db/connection';
import { accounts } from '@ats/db/schema/accounts';
import { applicants } from '@ats/db/schema/applicants';
import {
  type ConsentEventState,
  applicantConsentEvents,
  consentLinks,
  privacyLetterSettings,
  privacyTexts,
} from '@ats/db/schema/consent';
import { and, desc, eq } from 'drizzle-orm';

// The SQL of consent to personal data: the company's settings and text versions, the applicants'
// consent events (the newest is the state) and the request letters' links.

export type SettingsRow = typeof privacyLetterSettings.$inferSelect;

export async function findSettings(tx: Db, accountId: number) {
  const [row] = await tx
    .select()
    .from(privacyLetterSettings)
    .where(eq(privacyLetterSettings.accountId, accountId));
  return row ?? null;
}

/** The settings row, created with its defaults when missing, locked for a change. */
export async function lockSettings(tx: Db, accountId: number) {
  await tx.insert(privacyLetterSettings).values({ accountId }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(privacyLetterSettings)
    .where(eq(privacyLetterSettings.accountId, accountId))
    .for('update');
  return row!;
}

export async function saveSettings(
  tx: Db,
  accountId: number,
  values: Partial<Pick<SettingsRow, 'autoSend' | 'channel' | 'version'>> & {
    updatedBy: number;
  },
) {
  await tx
    .update(privacyLetterSettings)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(privacyLetterSettings.accountId, accountId));
}

export async function findText(tx: Db, accountId: number, version: number) {
  if (version < 1) return null;
  const [row] = await tx
    .select()
    .from(privacyTexts)
    .where(and(eq(privacyTexts.accountId, accountId), eq(privacyTexts.version, version)));
  return row ?? null;
}

export async function insertText(
  tx: Db,
  row: { accountId: number; version: number; text: string; createdBy: number },
) {
  await tx.insert(privacyTexts).values(row);
}

/** The applicant's newest consent event: its state (none: not asked). */
export async function latestEvent(tx: Db, accountId: number, applicantId: number) {
  const [row] = await tx
    .select()
    .from(applicantConsentEvents)
    .where(
      and(
        eq(applicantConsentEvents.accountId, accountId),
        eq(applicantConsentEvents.applicantId, applicantId),
      ),
    )
    .orderBy(desc(applicantConsentEvents.id))
    .limit(1);
  return row ?? null;
}

export async function insertEvent(
  tx: Db,
  row: {
    accountId: number;
    applicantId: number;
    state: ConsentEventState;
    version: number | null;
    channel?: string | null;
    userId: number | null;
    createdAt?: Date;
  },
) {
  const [inserted] = await tx.insert(applicantConsentEvents).values(row).returning();
  return inserted!;
}

export async function insertLink(
  tx: Db,
  row: {
    accountId: number;
    applicantId: number;
    tokenHash: string;
    version: number;
    expiresAt: Date;
  },
) {
  const [inserted] = await tx.insert(consentLinks).values(row).returning();
  return inserted!;
}

/** A link is opened before any account is known: the one look-up across accounts. */
export async function findLinkAcrossAccounts(db: Db, tokenHash: string) {
  const [row] = await db.select().from(consentLinks).where(eq(consentLinks.tokenHash, tokenHash));
  return row ?? null;
}

/** What the letter and the public page say: the company and the applicant's name and address. */
export async function findAddressee(tx: Db, accountId: number, applicantId: number) {
  const [row] = await tx
    .select({
      firstName: applicants.firstName,
      middleName: applicants.middleName,
      email: applicants.email,
      company: accounts.name,
    })
    .from(applicants)
    .innerJoin(accounts, eq(accounts.id, applicants.accountId))
    .where(and(eq(applicants.accountId, accountId), eq(applicants.id, applicantId)));
  return row ?? null;
}

/** The applicant's row locked, so two answers at the same moment are taken one after another. */
export async function lockApplicant(tx: Db, accountId: number, applicantId: number) {
  const [row] = await tx
    .select({ id: applicants.id })
    .from(applicants)
    .where(and(eq(applicants.accountId, accountId), eq(applicants.id, applicantId)))
    .for('update');
  return row ?? null;
}
