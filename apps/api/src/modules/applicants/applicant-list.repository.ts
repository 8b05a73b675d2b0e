import { shapedQuery, type StatementShapes, statementName } from '@ats/db/connection';
import type { TApplicantListFilters, TApplicantListSort } from '@ats/contracts/applicant-list';
import { type SQL, sql } from 'drizzle-orm';
import { intArray } from '@ats/db/sql-arrays';

/** Dates of the filters are days in Moscow, the product's time zone. */
export const TIME_ZONE = 'Europe/Moscow';

/** A LIKE pattern that finds `text` anywhere, its own % and _ taken literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The digits to look for in a phone number, the Russian trunk prefix dropped (+7… or 8…), so
 * '8 916 123', '+7 916 123' and '916-123' find the same numbers, stored in any format.
 */
export const phoneDigits = (phone: string) => {
  const digits = phone.replace(/\D/g, '');
  if (/^\s*\+7/.test(phone)) return digits.slice(1);
  if (/^8\d{3}/.test(digits) || /^7\d{10}$/.test(digits)) return digits.slice(1);
  return digits;
};

/** Placement on a vacancy and stage: an application of the applicant there (one condition). */
function placementConditions(filters: TApplicantListFilters): SQL[] {
  if (filters.vacancy_id === undefined && filters.status_id === undefined) return [];
  return [
    sql`exists (
      select 1 from applications ap
      where ap.account_id = a.account_id and ap.applicant_id = a.id
        ${filters.vacancy_id === undefined ? sql`` : sql`and ap.vacancy_id = ${filters.vacancy_id}::int`}
        ${filters.status_id === undefined ? sql`` : sql`and ap.status_id = ${filters.status_id}::int`})`,
  ];
}

const searchQuery = (search: string) => ({
  folded: sql`ats_fold(${search}::text)`,
  latin: sql`ats_translit(${search}::text)`,
  document: sql`websearch_to_tsquery('russian', ${search}::text)`,
});

function filterConditions(
  accountId: number,
  userId: number,
  filters: TApplicantListFilters,
): SQL[] {
  const f = filters;
  // account_id leads so the planner stays inside the tenant's index range; RLS is the second fence.
  const where: SQL[] = [sql`a.account_id = ${accountId}::int`, sql`a.archived_at is null`];
  where.push(...placementConditions(f));
  if (f.search !== undefined) {
    // Through the tenant-fenced search function: under RLS the trigram and full-text indexes
    // would not be used for these operators (migrations 0006, 0009).
    where.push(sql`a.id in (select m.applicant_id from applicant_search_ids(${f.search}::text) m)`);
  }
  if (f.status_from !== undefined) {
    where.push(
      sql`a.updated_at >= (${f.status_from}::date)::timestamp at time zone ${TIME_ZONE}::text`,
    );
  }
  if (f.status_to !== undefined) {
    where.push(
      sql`a.updated_at < (${f.status_to}::date + 1)::timestamp at time zone ${TIME_ZONE}::text`,
    );
  }
  // The bounds of the partial index applicants_active_created_idx: a range read, not a scan.
  if (f.created_from !== undefined) {
    where.push(
      sql`a.created_at >= (${f.created_from}::date)::timestamp at time zone ${TIME_ZONE}::text`,
    );
  }
  if (f.created_to !== undefined) {
    where.push(
      sql`a.created_at < (${f.created_to}::date + 1)::timestamp at time zone ${TIME_ZONE}::text`,
    );
  }
  if (f.account_source_id !== undefined) {
    where.push(sql`a.account_source_id = ${f.account_source_id}::int`);
  }
  if (f.tags?.length) {
    where.push(sql`exists (
      select 1 from applicant_tags at
      where at.account_id = a.account_id and at.applicant_id = a.id and at.tag_id = any(${intArray(f.tags)}))`);
  }
  // Every chosen dictionary skill, compared without letter case against the applicant's skills.
  for (const skillId of f.skill_ids ?? []) {
    where.push(sql`exists (
      select 1 from ref_hard_skills r, unnest(a.skills) s(name)
      where r.id = ${skillId}::int and lower(s.name) = lower(r.name))`);
  }
  if (f.country_id !== undefined) where.push(sql`a.country_id = ${f.country_id}::int`);
  if (f.position !== undefined) {
    where.push(sql`a.position ilike ${containsPattern(f.position)}::text`);
  }
  if (f.company !== undefined) {
    const pattern = containsPattern(f.company);
    where.push(sql`(a.company ilike ${pattern}::text or exists (
      select 1 from jsonb_array_elements(case when jsonb_typeof(a.experience) = 'array' then a.experience else '[]'::jsonb end) e
      where e->>'company' ilike ${pattern}::text))`);
  }
  if (f.total_experience !== undefined) {
    // Stored in months; the filter is in years.
    where.push(sql`a.total_experience >= ${f.total_experience * 12}::int`);
  }
  const today = sql`(now() at time zone ${TIME_ZONE}::text)::date`;
  if (f.age_from !== undefined) {
    where.push(sql`a.birthday <= (${today} - make_interval(years => ${f.age_from}::int))::date`);
  }
  if (f.age_to !== undefined) {
    where.push(sql`a.birthday > (${today} - make_interval(years => ${f.age_to + 1}::int))::date`);
  }
  if (f.salary_from !== undefined) where.push(sql`a.salary_amount >= ${f.salary_from}::int`);
  if (f.salary_to !== undefined) where.push(sql`a.salary_amount <= ${f.salary_to}::int`);
  if (f.currency !== undefined) where.push(sql`a.currency = ${f.currency}::text`);
  if (f.employments?.length) {
    where.push(sql`a.employments && ${intArray(f.employments)}`);
  }
  if (f.admin_user_id !== undefined) {
    where.push(sql`a.admin_user_id = ${f.admin_user_id}::int`);
  }
  if (f.only_mine) where.push(sql`a.admin_user_id = ${userId}::int`);
  if (f.email !== undefined) {
    const pattern = containsPattern(f.email.toLowerCase());
    where.push(sql`(lower(a.email) like ${pattern}::text or exists (
      select 1 from jsonb_array_elements(case when jsonb_typeof(a.contacts) = 'array' then a.contacts else '[]'::jsonb end) c
      where c->>'contact_type' = 'email' and lower(c->>'value') like ${pattern}::text))`);
  }
  if (f.phone !== undefined) {
    const pattern = containsPattern(phoneDigits(f.phone));
    where.push(sql`(regexp_replace(coalesce(a.phone, ''), '\\D', '', 'g') like ${pattern}::text or exists (
      select 1 from jsonb_array_elements(case when jsonb_typeof(a.contacts) = 'array' then a.contacts else '[]'::jsonb end) c
      where c->>'contact_type' in ('phone', 'whatsapp', 'viber')
        and regexp_replace(c->>'value', '\\D', '', 'g') like ${pattern}::text))`);
  }
  if (f.tg !== undefined) {
    const handle = f.tg.replace(/^(https?:\/\/)?(t\.me\/|telegram\.me\/)?@?/i, '').toLowerCase();
    where.push(sql`lower(a.tg) like ${containsPattern(handle)}::text`);
  }
  return where;
}

function orderBy(sort: TApplicantListSort, search: string | undefined): SQL {
  switch (sort) {
    case 'created_asc':
      // The index read backwards (its DESC NULLS LAST reversed is ASC NULLS FIRST).
      return sql`a.created_at asc nulls first, a.id asc nulls first`;
    case 'name_asc':
      // The folded name leads the search key: ё as е, letter case ignored.
      return sql`a.search_name asc nulls last, a.id asc`;
    case 'salary_desc':
      return sql`a.salary_amount desc nulls last, a.created_at desc, a.id desc`;
    case 'relevance': {
      if (search === undefined) return orderBy('created_desc', undefined);
      const q = searchQuery(search);
      return sql`greatest(
          word_similarity(${q.folded}, a.search_name),
          word_similarity(${q.latin}, a.search_name),
          ts_rank(a.search_document, ${q.document})
        ) desc, a.created_at desc, a.id desc`;
    }
    case 'created_desc':
      // Exactly the order of the partial index applicants_active_created_idx (DESC NULLS LAST;
      // plain DESC means NULLS FIRST and would sort the whole base instead of reading 30 entries).
      return sql`a.created_at desc nulls last, a.id desc nulls last`;
  }
}

/**
 * The list's WHERE over `applicants a` (the tenant, the active base, every filter and the search):
 * the page and the export select the same applicants.
 */
export const applicantListWhere = (
  accountId: number,
  userId: number,
  filters: TApplicantListFilters,
): SQL => sql.join(filterConditions(accountId, userId, filters), sql` and `);

/** The list's ORDER BY over `applicants a`: the chosen sort, by relevance when searching. */
export const applicantListOrder = (filters: TApplicantListFilters): SQL =>
  orderBy(
    filters.sort ?? (filters.search !== undefined ? 'relevance' : 'created_desc'),
    filters.search,
  );

/**
 * A search lists its best 1,000 matches: more is not a result a recruiter reads, and counting or
 * ranking every applicant who mentions 'бухгалтер' in a million would cost seconds. The answer says
 * when there are more (`applicant_count_capped`).
 */
export const SEARCH_RESULT_LIMIT = 1000;

/** The page as read: the count, and the rows as the answer's JSON text (`listRowJson`). */
export type ApplicantListPage = { total: number; rows: string };

/**
 * The page's rows over an ordered page `a` of applicants, as the answer's JSON text (decision
 * 0110): each row the contract's item (`ZApplicantListItem`: its keys in order, the photo's
 * address, the time of creation as `Date.toISOString` writes it), compact — `row_to_json` and
 * `array_to_json` write no spaces, unlike `json_build_object` and `json_agg` — so the text is
 * byte for byte what `JSON.stringify` of the checked answer gives (checked outside production).
 */
const listRowJson = (page: SQL) => sql`
  (select coalesce(array_to_json(array_agg(item_row)), '[]'::json)::text from (
    select a.id, a.first_name, a.last_name, a.middle_name,
      case when a.photo_file_id is null then null else '/api/files/' || a.photo_file_id end as photo,
      a.position, a.company, a.email, a.phone, a.tg, a.money, a.currency,
      date_part('year', age((now() at time zone ${TIME_ZONE}::text)::date, a.birthday))::int as age,
      (select coalesce(array_to_json(array_agg(row_to_json(tag_row) order by tag_row.name, tag_row.id)), '[]'::json)
         from (select t.id, t.name, t.color, t.icon
               from applicant_tags at join tags t on t.account_id = at.account_id and t.id = at.tag_id
               where at.account_id = a.account_id and at.applicant_id = a.id) tag_row) as tags,
      a.account_source_id,
      (select s.name from account_sources s
         where s.account_id = a.account_id and s.id = a.account_source_id) as source_name,
      (select s.icon from account_sources s
         where s.account_id = a.account_id and s.id = a.account_source_id) as source_icon,
      a.admin_user_id,
      to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
      (select coalesce(array_to_json(array_agg(places.item order by places.updated_at desc, places.id desc)), '[]'::json)
         from (select ap.updated_at, ap.id,
                      (select row_to_json(place_row) from (select v.id as vacancy_id, v.position as vacancy_name,
                         st.id as status_id, st.name as status_name, st.color as status_color) place_row) as item
               from applications ap
               join vacancies v on v.account_id = ap.account_id and v.id = ap.vacancy_id
               join statuses st on st.account_id = ap.account_id and st.id = ap.status_id
               where ap.account_id = a.account_id and ap.applicant_id = a.id) places) as applications
    from (${page}) a
  ) item_row)`;

/**
 * A search alone, by relevance (the usual case): the ranked ids of the page and the count (at most
 * SEARCH_RESULT_LIMIT + 1) come from one call of the index-backed search function (0015).
 */
function searchPageQuery(
  accountId: number,
  search: string,
  page: { page: number; perPage: number },
): SQL {
  const offset = (page.page - 1) * page.perPage;
  const beyond = offset >= SEARCH_RESULT_LIMIT;
  const hits = beyond ? 1 : Math.min(offset + page.perPage, SEARCH_RESULT_LIMIT);
  const rows = beyond
    ? sql`'[]'::text`
    : listRowJson(sql`
        select a.* from unnest(s.applicant_ids) with ordinality as h(id, n)
        join applicants a on a.account_id = ${accountId}::int and a.id = h.id
        order by h.n
        limit ${page.perPage}::int offset ${offset}::int`);
  return sql`
    select s.total, ${rows} as rows
    from applicant_search_page(${search}::text, ${hits}::int, ${SEARCH_RESULT_LIMIT}::int) s`;
}

/**
 * One statement answers the page: the count (at most `countLimit` + 1 when it says one), the page of applicants, and their tags and source
 * (scalar subqueries per row of the page only). The single-trip tenant read prepares it once per
 * connection under a name derived from its text, so every filter combination has its own plan.
 */
export function applicantListPageQuery(
  accountId: number,
  userId: number,
  filters: TApplicantListFilters,
  page: { page: number; perPage: number },
  scope: SQL | null = null,
): { query: SQL; name: string; countLimit: number | null } {
  // A scope (a watcher's part of the base) is one more condition: neither the account's counters
  // nor the search-alone path apply then.
  const conditions = [...filterConditions(accountId, userId, filters), ...(scope ? [scope] : [])];
  const offset = (page.page - 1) * page.perPage;
  const search = filters.search;
  const searchAlone =
    search !== undefined &&
    conditions.length === 3 &&
    (filters.sort ?? 'relevance') === 'relevance';
  if (searchAlone) {
    const query = searchPageQuery(accountId, search, page);
    return { query, name: statementName('applicant_list', query), countLimit: SEARCH_RESULT_LIMIT };
  }
  if (conditions.length === 2) return wholeBasePageQuery(accountId, filters, page.perPage, offset);
  const query = listPageStatement(accountId, conditions, filters, page.perPage, offset);
  return { query, name: statementName('applicant_list', query), countLimit: null };
}

/**
 * The sort the partial index applicants_active_created_idx gives in order (a walk of it), or null
 * when the list sorts by something it does not hold.
 */
function walkedSort(filters: TApplicantListFilters): 'created_desc' | 'created_asc' | null {
  const sort = filters.sort ?? (filters.search !== undefined ? 'relevance' : 'created_desc');
  if (sort === 'created_desc' || sort === 'created_asc') return sort;
  return sort === 'relevance' && filters.search === undefined ? 'created_desc' : null;
}

/**
 * A list filtered by tags alone (decision 0085): the applicants its tag links name (archived ones
 * too, each once), read on the tags' own index, and the condition on one walked applicant, kept a
 * per-row probe (`offset 0`: not made a join) so that a walk stays in the creation index's order.
 * One tag is compared as one value, not as an array (decision 0093): the plan kept for the
 * statement then reads that tag's range of applicant_tags_tag_idx, in applicant order, with no
 * duplicates to drop (the key holds a link once), instead of every link of the account.
 * Null for any other filter.
 */
function taggedOnly(
  accountId: number,
  conditions: SQL[],
  filters: TApplicantListFilters,
): { applicants: SQL; each: SQL } | null {
  if (conditions.length !== 3 || !filters.tags?.length) return null;
  const ids = [...new Set(filters.tags)];
  const one = ids.length === 1;
  const tags = () =>
    one ? sql`at.tag_id = ${ids[0]}::int` : sql`at.tag_id = any(${intArray(ids)})`;
  return {
    applicants: sql`select ${one ? sql`` : sql`distinct`} at.applicant_id from applicant_tags at
      where at.account_id = ${accountId}::int and ${tags()}`,
    each: sql`exists (select 1 from applicant_tags at
      where at.account_id = a.account_id and at.applicant_id = a.id and ${tags()} offset 0)`,
  };
}

/** The page read by its conditions, in the filters' order (not the search-alone path). */
function listPageStatement(
  accountId: number,
  conditions: SQL[],
  filters: TApplicantListFilters,
  limit: number,
  offset: number,
): SQL {
  const where = sql.join(conditions, sql` and `);
  const order = applicantListOrder(filters);
  const page = (condition: SQL) => sql`
    select a.* from applicants a where ${condition}
    order by ${order}
    limit ${limit}::int offset ${offset}::int`;
  // The whole active base (only the tenant and "not archived"): the account's two counters kept by
  // triggers (migrations 0002, 0013), instead of counting a million rows on every page.
  if (conditions.length === 2) {
    return sql`
      select
        (select a.applicants_count - a.archived_applicants_count from accounts a where a.id = ${accountId}::int) as total,
        ${listRowJson(page(where))} as rows`;
  }
  const tagged = taggedOnly(accountId, conditions, filters);
  if (!tagged) {
    return sql`
      select
        (select count(*)::int from applicants a where ${where}) as total,
        ${listRowJson(page(where))} as rows`;
  }
  // Decision 0085: the tagged applicants less the archived ones among them, both on small indexes,
  // instead of joining every tag link to the account's active applicants (which the planner did
  // by scanning all of them: 139,000 buffers for a tag on 5% of 200,000).
  // Decision 0093: one pass over the tagged, each not among the archived (an anti join with the
  // archive's index, both in id order), instead of reading the tag's links twice.
  const total = sql`(select count(*)::int from (${tagged.applicants}) l
      where not exists (select 1 from applicants a
        where a.account_id = ${accountId}::int and a.id = l.applicant_id and a.archived_at is not null))`;
  const each = sql.join([conditions[0]!, conditions[1]!, tagged.each], sql` and `);
  const sort = walkedSort(filters);
  if (sort === null) return sql`select ${total} as total, ${listRowJson(page(each))} as rows`;
  // The walk reads only the creation index (its key holds the id the probe needs: index-only)
  // and then the page's own rows, instead of every walked applicant's wide row (decision 0093).
  const walked = sql`
    select a.* from (
      select a.id from applicants a where ${each}
      order by ${order}
      limit ${limit}::int offset ${offset}::int
    ) p
    join applicants a on a.account_id = ${accountId}::int and a.id = p.id
    order by ${order}`;
  // In the order of the creation index a page is found either by walking the index until enough
  // applicants carry the tag (about (offset + limit) × base / total entries: cheap when many do,
  // the whole base when few do) or from the tagged applicants themselves (about `total` probes,
  // sorted). The count says which is cheaper before either runs: the page starts from the tagged
  // when total² ≤ (offset + limit) × the active base. Each is probed on applicants_active_id_idx
  // (index-only) for its date; a materialized set has no index order for the planner to walk.
  const direction = sort === 'created_desc' ? sql`desc nulls last` : sql`asc nulls first`;
  const fromTagged = sql`
    with matched as materialized (
      select l.applicant_id as id, (
          select a.created_at from applicants a
          where a.account_id = ${accountId}::int and a.id = l.applicant_id and a.archived_at is null
        ) as created_at
      from (${tagged.applicants}) l)
    select a.* from (
      select m.id, m.created_at from matched m where m.created_at is not null
      order by m.created_at ${direction}, m.id ${direction}
      limit ${limit}::int offset ${offset}::int
    ) p
    join applicants a on a.account_id = ${accountId}::int and a.id = p.id
    order by ${order}`;
  // `offset 0` keeps the count one subquery, run once, however often the statement reads it.
  return sql`
    select c.total,
      case when c.total::float8 * c.total <= (${offset}::float8 + ${limit}::float8) * (
          select greatest(a.applicants_count - a.archived_applicants_count, 0)
          from accounts a where a.id = ${accountId}::int)
        then ${listRowJson(fromTagged)}
        else ${listRowJson(walked)}
      end as rows
    from (select ${total} offset 0) c(total)`;
}

/** The page's statement built afresh from the filters (not the search-alone path): for tests. */
export const applicantListPageStatement = (
  accountId: number,
  userId: number,
  filters: TApplicantListFilters,
  page: { page: number; perPage: number },
  scope: SQL | null = null,
) =>
  listPageStatement(
    accountId,
    [...filterConditions(accountId, userId, filters), ...(scope ? [scope] : [])],
    filters,
    page.perPage,
    (page.page - 1) * page.perPage,
  );

const wholeBaseShapes: StatementShapes = new Map();

/**
 * A page of the whole active base (no filter, no scope: the list as it opens). Its text depends
 * only on the sort: drizzle builds it once per sort, and each request fills in its account and
 * page (decision 0079). `userId` reaches no condition of the whole base (only `only_mine`).
 */
function wholeBasePageQuery(
  accountId: number,
  filters: TApplicantListFilters,
  limit: number,
  offset: number,
): { query: SQL; name: string; countLimit: null } {
  const sort = filters.sort ?? 'created_desc';
  const query = shapedQuery(wholeBaseShapes, sort, { account: accountId, limit, offset }, (bind) =>
    listPageStatement(
      bind('account'),
      filterConditions(bind('account'), 0, {}),
      { sort },
      bind('limit'),
      bind('offset'),
    ),
  );
  return { query, name: statementName('applicant_list', query), countLimit: null };
}

/**
 * SQL over `applicants a` for the board's filters, or null when none is set: the search box finds
 * by the list's search (names and résumé words), a fragment of the e-mail, or of the phone (4 or
 * more digits); tags and source as the list filters them.
 */
export function applicantBoardWhere(
  accountId: number,
  userId: number,
  filters: Pick<TApplicantListFilters, 'search' | 'tags' | 'account_source_id'>,
): SQL | null {
  const where = (one: TApplicantListFilters) =>
    sql`(${applicantListWhere(accountId, userId, one)})`;
  const parts: SQL[] = [];
  const { search, tags, account_source_id: source } = filters;
  if (search !== undefined) {
    const ways: TApplicantListFilters[] = [{ search }, { email: search }];
    if (phoneDigits(search).length >= 4 && /^[\d\s()+.-]+$/.test(search)) {
      ways.push({ phone: search });
    }
    parts.push(sql`(${sql.join(ways.map(where), sql` or `)})`);
  }
  if (tags !== undefined || source !== undefined) {
    parts.push(
      where({ ...(tags && { tags }), ...(source !== undefined && { account_source_id: source }) }),
    );
  }
  return parts.length ? sql.join(parts, sql` and `) : null;
}
