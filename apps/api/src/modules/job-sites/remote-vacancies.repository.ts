import type { Db } from '@ats/db/connection';
import { jobSitePublications } from '@ats/db/schema/job-site-publications';
import { jobSiteVacancies } from '@ats/db/schema/job-sites';
import { and, eq, inArray } from 'drizzle-orm';

// The site's vacancies already tied to ours (decision 0060): by a link (its responses come in)
// or by a publication (we published it, or it was linked or imported here).

/** Which of these site ids are linked or published in the account already. */
export async function tiedExternalIds(
  tx: Db,
  accountId: number,
  site: string,
  externalIds: string[],
): Promise<Set<string>> {
  if (externalIds.length === 0) return new Set();
  const links = await tx
    .select({ externalId: jobSiteVacancies.externalId })
    .from(jobSiteVacancies)
    .where(
      and(
        eq(jobSiteVacancies.accountId, accountId),
        eq(jobSiteVacancies.site, site),
        inArray(jobSiteVacancies.externalId, externalIds),
      ),
    );
  const publications = await tx
    .select({ externalId: jobSitePublications.externalId })
    .from(jobSitePublications)
    .where(
      and(
        eq(jobSitePublications.accountId, accountId),
        eq(jobSitePublications.site, site),
        inArray(jobSitePublications.externalId, externalIds),
      ),
    );
  return new Set([...links, ...publications].map((r) => r.externalId ?? ''));
}

export async function findPublicationByExternal(
  tx: Db,
  accountId: number,
  site: string,
  externalId: string,
) {
  const [row] = await tx
    .select()
    .from(jobSitePublications)
    .where(
      and(
        eq(jobSitePublications.accountId, accountId),
        eq(jobSitePublications.site, site),
        eq(jobSitePublications.externalId, externalId),
      ),
    );
  return row ?? null;
}

/** Null when another transaction stored the same site vacancy first. */
export async function insertPublicationOnce(tx: Db, row: typeof jobSitePublications.$inferInsert) {
  const [saved] = await tx
    .insert(jobSitePublications)
    .values(row)
    .onConflictDoNothing()
    .returning();
  return saved ?? null;
}
