import { type Db, selectRows } from '@ats/db/connection';
import { instructionSections, instructions } from '@ats/db/schema/instructions';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';

// The knowledge base is the same for every account: all of it is read and written through the
// owner connection (`…AcrossAccounts`); only the FAQ editor account reaches the writes.

const itemColumns = {
  id: instructions.id,
  slug: instructions.slug,
  title: instructions.title,
  sectionId: instructions.sectionId,
  position: instructions.position,
  isPublished: instructions.isPublished,
  updatedAt: instructions.updatedAt,
};

export async function listSectionsAcrossAccounts(db: Db) {
  return db
    .select()
    .from(instructionSections)
    .orderBy(asc(instructionSections.position), asc(instructionSections.id));
}

export async function listItemsAcrossAccounts(db: Db, onlyPublished: boolean) {
  return db
    .select(itemColumns)
    .from(instructions)
    .where(onlyPublished ? eq(instructions.isPublished, true) : undefined)
    .orderBy(asc(instructions.position), asc(instructions.id));
}

export type InstructionItemRow = Awaited<ReturnType<typeof listItemsAcrossAccounts>>[number];

export async function findInstructionAcrossAccounts(
  db: Db,
  key: { id: number } | { slug: string },
) {
  const [row] = await db
    .select({
      ...itemColumns,
      body: instructions.body,
      relatedSlugs: instructions.relatedSlugs,
      sectionSlug: instructionSections.slug,
      sectionTitle: instructionSections.title,
    })
    .from(instructions)
    .innerJoin(instructionSections, eq(instructionSections.id, instructions.sectionId))
    .where('id' in key ? eq(instructions.id, key.id) : eq(instructions.slug, key.slug));
  return row ?? null;
}

export async function findItemsBySlugsAcrossAccounts(
  db: Db,
  slugs: string[],
  onlyPublished: boolean,
) {
  if (slugs.length === 0) return [];
  return db
    .select(itemColumns)
    .from(instructions)
    .where(
      and(
        inArray(instructions.slug, slugs),
        onlyPublished ? eq(instructions.isPublished, true) : undefined,
      ),
    );
}

export async function findSectionAcrossAccounts(db: Db, key: { id: number } | { slug: string }) {
  const [row] = await db
    .select()
    .from(instructionSections)
    .where(
      'id' in key ? eq(instructionSections.id, key.id) : eq(instructionSections.slug, key.slug),
    );
  return row ?? null;
}

export type InstructionValues = {
  slug: string;
  sectionId: number;
  title: string;
  body: string;
  bodyText: string;
  isPublished: boolean;
  relatedSlugs: string[];
};

export async function insertInstructionAcrossAccounts(
  db: Db,
  values: InstructionValues & { position?: number; fileHash?: string | null },
) {
  const position =
    values.position ??
    (
      await selectRows<{ next: number }>(
        db,
        sql`select coalesce(max(position), 0) + 1 as next from instructions where section_id = ${values.sectionId}`,
      )
    )[0]!.next;
  const [row] = await db
    .insert(instructions)
    .values({ ...values, position })
    .returning({ id: instructions.id });
  return row!.id;
}

export async function updateInstructionAcrossAccounts(
  db: Db,
  id: number,
  values: Partial<InstructionValues> & { position?: number; fileHash?: string | null },
) {
  const rows = await db
    .update(instructions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(instructions.id, id))
    .returning({ id: instructions.id });
  return rows.length > 0;
}

export async function deleteInstructionAcrossAccounts(db: Db, id: number) {
  const rows = await db
    .delete(instructions)
    .where(eq(instructions.id, id))
    .returning({ id: instructions.id });
  return rows.length > 0;
}

export async function fileHashesAcrossAccounts(db: Db) {
  return db
    .select({ id: instructions.id, slug: instructions.slug, fileHash: instructions.fileHash })
    .from(instructions);
}

export async function insertSectionAcrossAccounts(
  db: Db,
  values: { slug: string; title: string; position?: number },
) {
  const position =
    values.position ??
    (
      await selectRows<{ next: number }>(
        db,
        sql`select coalesce(max(position), 0) + 1 as next from instruction_sections`,
      )
    )[0]!.next;
  const [row] = await db
    .insert(instructionSections)
    .values({ ...values, position })
    .returning({ id: instructionSections.id });
  return row!.id;
}

export async function updateSectionAcrossAccounts(
  db: Db,
  id: number,
  values: { slug?: string; title?: string; position?: number },
) {
  const rows = await db
    .update(instructionSections)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(instructionSections.id, id))
    .returning({ id: instructionSections.id });
  return rows.length > 0;
}

export async function countSectionArticlesAcrossAccounts(db: Db, id: number) {
  const [row] = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from instructions where section_id = ${id}`,
  );
  return row?.n ?? 0;
}

export async function deleteSectionAcrossAccounts(db: Db, id: number) {
  const rows = await db
    .delete(instructionSections)
    .where(eq(instructionSections.id, id))
    .returning({ id: instructionSections.id });
  return rows.length > 0;
}

export async function setPositionsAcrossAccounts(
  db: Db,
  order: { id: number; instructionIds: number[] }[],
) {
  for (const [i, section] of order.entries()) {
    await db
      .update(instructionSections)
      .set({ position: i + 1 })
      .where(eq(instructionSections.id, section.id));
    for (const [j, id] of section.instructionIds.entries()) {
      await db
        .update(instructions)
        .set({ position: j + 1, sectionId: section.id })
        .where(eq(instructions.id, id));
    }
  }
}

/** The stems of the published articles, read by ats_instruction_query for typo tolerance. */
export async function refreshLexemesAcrossAccounts(db: Db) {
  await db.execute(sql`delete from instruction_lexemes`);
  await db.execute(
    sql`insert into instruction_lexemes (word, documents)
        select word, ndoc from ts_stat('select search_document from instructions where is_published')`,
  );
}

export type SearchRow = {
  id: number;
  slug: string;
  title: string;
  section_id: number;
  section_slug: string;
  section_title: string;
  rank: number;
  title_marked: string;
  snippet_marked: string;
  total: number;
};

const MARKS = `StartSel=${String.fromCharCode(1)}, StopSel=${String.fromCharCode(2)}`;

/**
 * Published articles matching the search, best first: title matches weigh more (A over B),
 * with their title and a fragment of the body marked (\u0001…\u0002) by ts_headline, only for
 * the page returned.
 */
export async function searchAcrossAccounts(db: Db, search: string, limit: number) {
  return selectRows<SearchRow>(
    db,
    sql`with q as (select ats_instruction_query(${search}) as query),
         found as (
           select i.id, ts_rank_cd('{0.1, 0.2, 0.4, 1.0}', i.search_document, q.query) as rank,
                  count(*) over () as total
           from instructions i, q
           where i.is_published and i.search_document @@ q.query
           order by rank desc, i.position, i.id
           limit ${limit}
         )
        select i.id, i.slug, i.title, s.id as section_id, s.slug as section_slug,
               s.title as section_title, f.rank::float8 as rank, f.total::int as total,
               ts_headline('russian', i.title, q.query, ${`${MARKS}, HighlightAll=true`}) as title_marked,
               ts_headline('russian', i.body_text, q.query,
                           ${`${MARKS}, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`}) as snippet_marked
        from found f
        join instructions i on i.id = f.id
        join instruction_sections s on s.id = i.section_id
        cross join q
        order by f.rank desc, i.position, i.id`,
    { name: 'instructions_search' },
  );
}

export type SuggestionRow = { id: number; slug: string; title: string; title_marked: string };

/** As-you-type: the last word is a prefix; titles first, then bodies. */
export async function suggestAcrossAccounts(db: Db, search: string, limit: number) {
  return selectRows<SuggestionRow>(
    db,
    sql`with q as (select ats_instruction_query(${search}, true) as query),
         found as (
           select i.id, ts_rank('{0.1, 0.2, 0.4, 1.0}', i.search_document, q.query) as rank
           from instructions i, q
           where i.is_published and i.search_document @@ q.query
           order by rank desc, i.position, i.id
           limit ${limit}
         )
        select i.id, i.slug, i.title,
               ts_headline('russian', i.title, q.query, ${`${MARKS}, HighlightAll=true`}) as title_marked
        from found f join instructions i on i.id = f.id cross join q
        order by f.rank desc, i.position, i.id`,
    { name: 'instructions_suggest' },
  );
}
