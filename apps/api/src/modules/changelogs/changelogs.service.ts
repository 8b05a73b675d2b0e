import { readFile } from 'node:fs/promises';
import type { TChangelog } from '@ats/contracts/changelogs';
import type { Db } from '@ats/db/connection';
import { notFound } from '../../platform/errors.ts';
import { parseChangelog } from './changelog-file.ts';
import * as repo from './changelogs.repository.ts';

const toChangelog = (
  row: Awaited<ReturnType<typeof repo.listPublishedChangelogsAcrossAccounts>>[number],
): TChangelog => ({
  id: row.id,
  title: row.title,
  summary: row.summary,
  published_at: row.publishedAt,
  release_date: row.releaseDate,
  is_published: row.isPublished,
});

export async function listChangelogs(db: Db) {
  return (await repo.listPublishedChangelogsAcrossAccounts(db)).map(toChangelog);
}

export async function getChangelog(db: Db, id: number) {
  const row = await repo.findPublishedChangelogAcrossAccounts(db, id);
  if (!row) throw notFound('Запись не найдена');
  return { ...toChangelog(row), body: row.body };
}

/** Loads the changelog kept in the repository into the database, at start. */
export async function loadChangelogFile(db: Db, filePath: string) {
  const markdown = await readFile(filePath, 'utf8').catch(() => '');
  const entries = parseChangelog(markdown);
  await repo.upsertChangelogsAcrossAccounts(db, entries);
  return entries.length;
}
