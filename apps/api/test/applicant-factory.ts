import type { Database } from '@ats/db/connection';
import { accountSources, applicantTags, applicants, tags } from '@ats/db/schema/applicants';
import { refHardSkills } from '@ats/db/schema/references';

export type ApplicantSeed = Partial<Omit<typeof applicants.$inferInsert, 'accountId' | 'id'>>;

let clock = Date.UTC(2024, 0, 1, 9, 0, 0);

/**
 * Applicants written straight into an account (row-level security applies), each created a
 * minute after the one before, so the list's order is known. Answers their ids in order.
 */
export async function insertApplicants(
  database: Database,
  accountId: number,
  seeds: ApplicantSeed[],
): Promise<number[]> {
  if (!seeds.length) return [];
  const rows = seeds.map((seed) => {
    clock += 60_000;
    return { createdAt: new Date(clock), updatedAt: new Date(clock), ...seed, accountId };
  });
  const inserted = await database.withTenant(accountId, (tx) =>
    tx.insert(applicants).values(rows).returning({ id: applicants.id }),
  );
  return inserted.map((row) => row.id);
}

export async function insertTag(
  database: Database,
  accountId: number,
  name: string,
  color = '#FF0000',
) {
  const [row] = await database.withTenant(accountId, (tx) =>
    tx.insert(tags).values({ accountId, name, color }).returning({ id: tags.id }),
  );
  return row!.id;
}

export async function tagApplicants(
  database: Database,
  accountId: number,
  tagId: number,
  applicantIds: number[],
) {
  await database.withTenant(accountId, (tx) =>
    tx
      .insert(applicantTags)
      .values(applicantIds.map((applicantId) => ({ accountId, applicantId, tagId }))),
  );
}

export async function insertSource(database: Database, accountId: number, name: string) {
  const [row] = await database.withTenant(accountId, (tx) =>
    tx.insert(accountSources).values({ accountId, name }).returning({ id: accountSources.id }),
  );
  return row!.id;
}

/** Dictionary skills with ids far above the seeded ones, so tests never collide with real data. */
export async function insertHardSkills(database: Database, skills: { id: number; name: string }[]) {
  await database.system.insert(refHardSkills).values(skills).onConflictDoNothing();
}
