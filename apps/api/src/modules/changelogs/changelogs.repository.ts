import type { Db } from '@ats/db/connection';
import { changelogs } from '@ats/db/schema/public-content';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { ChangelogEntry } from './changelog-file.ts';

/** The changelog is the same for every account. */
export async function listPublishedChangelogsAcrossAccounts(db: Db) {
  return db
    .select()
    .from(changelogs)
    .where(eq(changelogs.isPublished, true))
    .orderBy(desc(changelogs.releaseDate), desc(changelogs.id));
}

export async function findPublishedChangelogAcrossAccounts(db: Db, id: number) {
  const [row] = await db
    .select()
    .from(changelogs)
    .where(and(eq(changelogs.id, id), eq(changelogs.isPublished, true)));
  return row ?? null;
}

export async function upsertChangelogsAcrossAccounts(db: Db, entries: ChangelogEntry[]) {
  if (entries.length === 0) return;
  await db
    .insert(changelogs)
    .values(
      entries.map((e) => ({
        slug: e.slug,
        title: e.title,
        summary: e.summary,
        body: e.body,
        releaseDate: e.releaseDate,
        publishedAt: e.releaseDate,
        isPublished: true,
      })),
    )
    .onConflictDoUpdate({
      target: changelogs.slug,
      set: {
        title: sql`excluded.title`,
        summary: sql`excluded.summary`,
        body: sql`excluded.body`,
        releaseDate: sql`excluded.release_date`,
      },
    });
}
