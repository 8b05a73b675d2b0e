import type { Db } from '@ats/db/connection';
import {
  jobSitePublicationSamples,
  jobSitePublications,
} from '@ats/db/schema/job-site-publications';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';

export type PublicationRow = typeof jobSitePublications.$inferSelect;
export type PublicationPatch = Partial<
  Omit<typeof jobSitePublications.$inferInsert, 'accountId' | 'id' | 'site'>
>;

export async function insertPublication(tx: Db, row: typeof jobSitePublications.$inferInsert) {
  const [saved] = await tx.insert(jobSitePublications).values(row).returning();
  return saved!;
}

export async function findPublication(tx: Db, accountId: number, id: number) {
  const [row] = await tx
    .select()
    .from(jobSitePublications)
    .where(and(eq(jobSitePublications.accountId, accountId), eq(jobSitePublications.id, id)));
  return row ?? null;
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

export async function updatePublication(
  tx: Db,
  accountId: number,
  id: number,
  patch: PublicationPatch,
) {
  const [row] = await tx
    .update(jobSitePublications)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(jobSitePublications.accountId, accountId), eq(jobSitePublications.id, id)))
    .returning();
  return row!;
}

export const listVacancyPublications = (tx: Db, accountId: number, vacancyId: number) =>
  tx
    .select()
    .from(jobSitePublications)
    .where(
      and(
        eq(jobSitePublications.accountId, accountId),
        eq(jobSitePublications.vacancyId, vacancyId),
      ),
    )
    .orderBy(asc(jobSitePublications.id));

export const listPublications = (
  tx: Db,
  accountId: number,
  filter: { site?: string | undefined; state?: string | undefined },
) =>
  tx
    .select()
    .from(jobSitePublications)
    .where(
      and(
        eq(jobSitePublications.accountId, accountId),
        filter.site ? eq(jobSitePublications.site, filter.site) : undefined,
        filter.state
          ? eq(jobSitePublications.state, filter.state as PublicationRow['state'])
          : undefined,
      ),
    )
    .orderBy(desc(jobSitePublications.id));

/**
 * Publications the site may still change, every account, the sweep's due ones: on moderation or
 * to be archived always, published when last read before `publishedReadBefore`.
 */
export const listLivePublicationsAcrossAccounts = (db: Db, publishedReadBefore: Date) =>
  db
    .select({
      accountId: jobSitePublications.accountId,
      id: jobSitePublications.id,
      createdBy: jobSitePublications.createdBy,
    })
    .from(jobSitePublications)
    .where(
      and(
        inArray(jobSitePublications.state, ['moderation', 'published']),
        or(
          eq(jobSitePublications.state, 'moderation'),
          isNotNull(jobSitePublications.archiveRequestedAt),
          isNull(jobSitePublications.checkedAt),
          lt(jobSitePublications.checkedAt, publishedReadBefore),
        ),
      ),
    );

export const listSamples = (tx: Db, accountId: number, site: string | undefined) =>
  tx
    .select()
    .from(jobSitePublicationSamples)
    .where(
      and(
        eq(jobSitePublicationSamples.accountId, accountId),
        site ? eq(jobSitePublicationSamples.site, site) : undefined,
      ),
    )
    .orderBy(asc(jobSitePublicationSamples.name));

export async function insertSample(tx: Db, row: typeof jobSitePublicationSamples.$inferInsert) {
  const [saved] = await tx.insert(jobSitePublicationSamples).values(row).returning();
  return saved!;
}

export async function deleteSample(tx: Db, accountId: number, id: number) {
  const gone = await tx
    .delete(jobSitePublicationSamples)
    .where(
      and(eq(jobSitePublicationSamples.accountId, accountId), eq(jobSitePublicationSamples.id, id)),
    )
    .returning({ id: jobSitePublicationSamples.id });
  return gone.length > 0;
}
