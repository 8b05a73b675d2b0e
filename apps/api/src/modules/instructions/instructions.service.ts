import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  RESERVED_INSTRUCTION_SLUGS,
  type TInstruction,
  type TInstructionItem,
  type TInstructionSearchAnswer,
  type TInstructionSection,
  type TInstructionSuggestion,
} from '@ats/contracts/instructions';
import type { Db } from '@ats/db/connection';
import { badRequest, isUniqueViolation, notFound } from '../../platform/errors.ts';
import {
  type SectionFile,
  markdownToText,
  parseInstructionFile,
  stripMarkers,
  toHighlight,
} from './instruction-file.ts';
import * as repo from './instructions.repository.ts';

const NOT_FOUND = 'Статья не найдена';
const SECTION_NOT_FOUND = 'Раздел не найден';
const SLUG_TAKEN = 'Статья с таким адресом уже есть';
const SEARCH_LIMIT = 20;
const SUGGESTIONS = 10;

const toItem = (row: repo.InstructionItemRow): TInstructionItem => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  section_id: row.sectionId,
  order: row.position,
  is_published: row.isPublished,
  updated_at: row.updatedAt.toISOString(),
});

/** Sections in order with their articles; the public sees published articles of non-empty sections. */
export async function listSections(
  db: Db,
  options: { drafts: boolean },
): Promise<TInstructionSection[]> {
  const [sections, items] = await Promise.all([
    repo.listSectionsAcrossAccounts(db),
    repo.listItemsAcrossAccounts(db, !options.drafts),
  ]);
  return sections
    .map((s) => ({
      id: s.id,
      slug: s.slug,
      title: s.title,
      order: s.position,
      instructions: items.filter((i) => i.sectionId === s.id).map(toItem),
    }))
    .filter((s) => options.drafts || s.instructions.length > 0);
}

/** One article by id or slug; a draft is found only by the editor. */
export async function getInstruction(
  db: Db,
  key: string,
  options: { drafts: boolean },
): Promise<TInstruction> {
  const row = await repo.findInstructionAcrossAccounts(
    db,
    /^\d{1,9}$/.test(key) ? { id: Number(key) } : { slug: key.toLowerCase() },
  );
  if (!row || (!row.isPublished && !options.drafts)) throw notFound(NOT_FOUND);
  const related = await repo.findItemsBySlugsAcrossAccounts(db, row.relatedSlugs, !options.drafts);
  const bySlug = new Map(related.map((r) => [r.slug, r]));
  return {
    ...toItem(row),
    body: row.body,
    section: { id: row.sectionId, slug: row.sectionSlug, title: row.sectionTitle },
    related: row.relatedSlugs
      .map((slug) => bySlug.get(slug))
      .filter((r) => r !== undefined && r.id !== row.id)
      .map((r) => ({ id: r!.id, slug: r!.slug, title: r!.title })),
    related_slugs: row.relatedSlugs,
  };
}

export async function searchInstructions(
  db: Db,
  search: string,
): Promise<TInstructionSearchAnswer> {
  const rows = await repo.searchAcrossAccounts(db, stripMarkers(search), SEARCH_LIMIT);
  return {
    search,
    count: rows[0]?.total ?? 0,
    results: rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      title: r.title,
      section: { id: r.section_id, slug: r.section_slug, title: r.section_title },
      rank: Number(r.rank),
      title_highlight: toHighlight(r.title_marked),
      snippet: toHighlight(r.snippet_marked),
    })),
  };
}

export async function suggestInstructions(
  db: Db,
  search: string,
): Promise<TInstructionSuggestion[]> {
  const rows = await repo.suggestAcrossAccounts(db, stripMarkers(search), SUGGESTIONS);
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    title: r.title,
    title_highlight: toHighlight(r.title_marked),
  }));
}

// ---- the editor (the route has asked assertFaqEditor) ----

type ArticleInput = {
  title: string;
  slug: string;
  section_id: number;
  body: string;
  is_published: boolean;
  related_slugs: string[];
};

function assertFreeSlug(slug: string) {
  if ((RESERVED_INSTRUCTION_SLUGS as readonly string[]).includes(slug)) {
    throw badRequest(SLUG_TAKEN, { slug: 'Этот адрес занят разделом справки' });
  }
}

async function assertSection(db: Db, id: number) {
  if (!(await repo.findSectionAcrossAccounts(db, { id }))) {
    throw badRequest(SECTION_NOT_FOUND, { section_id: SECTION_NOT_FOUND });
  }
}

const values = (input: ArticleInput): repo.InstructionValues => ({
  slug: input.slug,
  sectionId: input.section_id,
  title: stripMarkers(input.title),
  body: stripMarkers(input.body),
  bodyText: markdownToText(input.body),
  isPublished: input.is_published,
  relatedSlugs: [...new Set(input.related_slugs)].filter((s) => s !== input.slug),
});

async function slugUnique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest(SLUG_TAKEN, { slug: SLUG_TAKEN });
    throw error;
  }
}

export async function createInstruction(db: Db, input: ArticleInput) {
  assertFreeSlug(input.slug);
  await assertSection(db, input.section_id);
  if (await repo.findInstructionAcrossAccounts(db, { slug: input.slug })) {
    throw badRequest(SLUG_TAKEN, { slug: SLUG_TAKEN });
  }
  const id = await slugUnique(() => repo.insertInstructionAcrossAccounts(db, values(input)));
  await repo.refreshLexemesAcrossAccounts(db);
  return getInstruction(db, String(id), { drafts: true });
}

export async function updateInstruction(db: Db, id: number, input: ArticleInput) {
  assertFreeSlug(input.slug);
  const current = await repo.findInstructionAcrossAccounts(db, { id });
  if (!current) throw notFound(NOT_FOUND);
  await assertSection(db, input.section_id);
  const other = await repo.findInstructionAcrossAccounts(db, { slug: input.slug });
  if (other && other.id !== id) throw badRequest(SLUG_TAKEN, { slug: SLUG_TAKEN });
  await slugUnique(() => repo.updateInstructionAcrossAccounts(db, id, values(input)));
  await repo.refreshLexemesAcrossAccounts(db);
  return getInstruction(db, String(id), { drafts: true });
}

export async function deleteInstruction(db: Db, id: number) {
  if (!(await repo.deleteInstructionAcrossAccounts(db, id))) throw notFound(NOT_FOUND);
  await repo.refreshLexemesAcrossAccounts(db);
}

export async function createSection(db: Db, input: { title: string; slug: string }) {
  if (await repo.findSectionAcrossAccounts(db, { slug: input.slug })) {
    throw badRequest('Раздел с таким адресом уже есть', {
      slug: 'Раздел с таким адресом уже есть',
    });
  }
  await repo.insertSectionAcrossAccounts(db, input);
  return listSections(db, { drafts: true });
}

export async function updateSection(db: Db, id: number, input: { title: string; slug: string }) {
  const other = await repo.findSectionAcrossAccounts(db, { slug: input.slug });
  if (other && other.id !== id) {
    throw badRequest('Раздел с таким адресом уже есть', {
      slug: 'Раздел с таким адресом уже есть',
    });
  }
  if (!(await repo.updateSectionAcrossAccounts(db, id, input))) throw notFound(SECTION_NOT_FOUND);
  return listSections(db, { drafts: true });
}

export async function deleteSection(db: Db, id: number) {
  if (!(await repo.findSectionAcrossAccounts(db, { id }))) throw notFound(SECTION_NOT_FOUND);
  if ((await repo.countSectionArticlesAcrossAccounts(db, id)) > 0) {
    throw badRequest('В разделе есть статьи: перенесите или удалите их');
  }
  await repo.deleteSectionAcrossAccounts(db, id);
  return listSections(db, { drafts: true });
}

/** The whole order from the editor: every section and article named once, nothing else. */
export async function reorder(
  db: Db,
  order: { sections: { id: number; instruction_ids: number[] }[] },
) {
  const current = await listSections(db, { drafts: true });
  const sectionIds = current.map((s) => s.id).sort((a, b) => a - b);
  const articleIds = current.flatMap((s) => s.instructions.map((i) => i.id)).sort((a, b) => a - b);
  const sentSections = order.sections.map((s) => s.id).sort((a, b) => a - b);
  const sentArticles = order.sections.flatMap((s) => s.instruction_ids).sort((a, b) => a - b);
  if (
    JSON.stringify(sectionIds) !== JSON.stringify(sentSections) ||
    JSON.stringify(articleIds) !== JSON.stringify(sentArticles)
  ) {
    throw badRequest('Порядок устарел: обновите страницу');
  }
  await db.transaction(async (tx) =>
    repo.setPositionsAcrossAccounts(
      tx as unknown as Db,
      order.sections.map((s) => ({ id: s.id, instructionIds: s.instruction_ids })),
    ),
  );
  return listSections(db, { drafts: true });
}

// ---- the shipped articles ----

async function markdownFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(
    entries.map((e) => {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) return markdownFiles(full);
      return Promise.resolve(e.name.endsWith('.md') ? [full] : []);
    }),
  );
  return nested.flat().sort();
}

/**
 * Loads apps/api/content/faq at start: sections.json (slugs and titles, in order) and one
 * Markdown file per article. A new file adds its article; a changed file (another hash than the
 * one last loaded) replaces the article; an unchanged file leaves the editor's changes alone.
 */
export async function loadInstructionFiles(db: Db, dir: string) {
  const sectionsText = await readFile(path.join(dir, 'sections.json'), 'utf8').catch(() => '[]');
  const sections = JSON.parse(sectionsText) as SectionFile[];
  const sectionIds = new Map<string, number>();
  for (const [i, s] of sections.entries()) {
    const found = await repo.findSectionAcrossAccounts(db, { slug: s.slug });
    sectionIds.set(
      s.slug,
      found?.id ??
        (await repo.insertSectionAcrossAccounts(db, {
          slug: s.slug,
          title: s.title,
          position: i + 1,
        })),
    );
  }
  const known = new Map((await repo.fileHashesAcrossAccounts(db)).map((r) => [r.slug, r]));
  let loaded = 0;
  const problems: string[] = [];
  for (const file of await markdownFiles(dir)) {
    const parsed = parseInstructionFile(await readFile(file, 'utf8'));
    if ('error' in parsed) {
      problems.push(`${path.basename(file)}: ${parsed.error}`);
      continue;
    }
    const sectionId = sectionIds.get(parsed.section);
    if (!sectionId) {
      problems.push(`${path.basename(file)}: нет раздела ${parsed.section}`);
      continue;
    }
    const row = {
      slug: parsed.slug,
      sectionId,
      title: parsed.title,
      body: parsed.body,
      bodyText: markdownToText(parsed.body),
      isPublished: parsed.published,
      relatedSlugs: parsed.related,
      position: parsed.order,
      fileHash: parsed.hash,
    };
    const existing = known.get(parsed.slug);
    if (!existing) {
      await repo.insertInstructionAcrossAccounts(db, row);
    } else if (existing.fileHash !== null && existing.fileHash !== parsed.hash) {
      await repo.updateInstructionAcrossAccounts(db, existing.id, row);
    }
    loaded += 1;
  }
  await repo.refreshLexemesAcrossAccounts(db);
  return { loaded, problems };
}
