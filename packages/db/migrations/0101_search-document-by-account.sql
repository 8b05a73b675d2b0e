-- Issue 19, decision 0091: words from résumés in the search box at 1,000,000 applicants.
-- The résumé stage read up to 5,001 of a word's matches as a bitmap of the full-text index ANDed
-- with a bitmap of every applicant of the account (200,000 entries for the big account of the
-- 200k team base, 40-60 ms of the stage before a heap page was read), and a word with more than
-- 5,000 matches then walked its newest anyway. The full-text index now leads with the account
-- (btree_gin), so the index scan yields the account's matches alone; and the stage reads at most
-- max_count + 1 matches: its hits all rank alike (newest first), so beyond max_count they change
-- neither the count (more than max_count) nor the page (the newest walk) - the same answers.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE INDEX "applicants_account_document_idx" ON "applicants" USING gin ("account_id","search_document");--> statement-breakpoint
DROP INDEX "applicants_search_document_idx";--> statement-breakpoint
-- As 0085, but the résumé stage samples max_count + 1 matches (above).
CREATE OR REPLACE FUNCTION applicant_search_page(query text, max_hits integer, max_count integer)
RETURNS TABLE (applicant_ids integer[], total integer)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public AS $$
DECLARE
  tenant integer := nullif(current_setting('app.account_id', true), '')::integer;
  names tsquery := ats_name_tsquery(query);
  exact tsquery := ats_name_exact_tsquery(query);
  words tsquery := websearch_to_tsquery('russian', query);
  phone_patterns text[] := ats_phone_query_patterns(query);
  contact_pattern text := ats_contact_query_pattern(query);
  folded text := ats_fold(query);
  latin text := ats_translit(query);
  sample integer := 5000;
  -- Decision 0068: an e-mail fragment reads at most what the list counts (max_count + 1), then
  -- walks its newest hits on the covering index; a phone fragment keeps the larger sample (its
  -- 1,000–5,000 matches at once were cheaper than the walk, measured side by side).
  contact_estimate bigint;
  contact_sample integer := sample;
  -- Above this estimate a word is surely common: skip the bitmap, walk the newest applicants.
  surely_common bigint := 20000;
  name_ids integer[]; name_exact boolean[]; name_times timestamptz[];
  doc_ids integer[]; doc_times timestamptz[];
  contact_ids integer[]; contact_times timestamptz[];
  name_common boolean;
  doc_common boolean;
  contact_common boolean := false;
  contact_column text;
  pattern text;
  ids integer[];
  n integer;
BEGIN
  IF phone_patterns IS NOT NULL THEN
    contact_column := 'search_phones';
    pattern := phone_patterns[1];
  ELSIF contact_pattern IS NOT NULL THEN
    contact_column := 'search_contacts';
    pattern := contact_pattern;
  END IF;
  IF contact_column IS NOT NULL THEN
    contact_estimate := ats_search_contact_estimate(tenant, contact_column, pattern);
    contact_common := contact_estimate > surely_common;
    IF NOT contact_common THEN
      IF contact_column = 'search_contacts' THEN
        contact_sample := max_count;
      END IF;
      SELECT array_agg(m.id), array_agg(m.created_at) INTO contact_ids, contact_times
        FROM ats_search_contact_hits(tenant, contact_column, pattern, contact_sample + 1) m;
      contact_common := coalesce(cardinality(contact_ids), 0) > contact_sample;
    END IF;
    IF contact_common THEN
      SELECT array_agg(m.id), array_agg(m.created_at) INTO contact_ids, contact_times
        FROM ats_search_newest_contact_hits(tenant, contact_column, pattern, max_hits) m;
    END IF;
  END IF;
  -- Decisions 0057, 0068: a common contact fragment whose newest hits fill the page decides the page
  -- (contact hits rank above names and words) and the count (more than max_count): the name and
  -- résumé stages could change neither, so they are not asked.
  IF NOT (contact_common AND coalesce(cardinality(contact_ids), 0) >= max_hits) THEN
    name_common := ats_search_estimate(tenant, 'search_name_words', names) > surely_common;
    IF NOT name_common THEN
      SELECT array_agg(m.id), array_agg(m.is_exact), array_agg(m.created_at)
        INTO name_ids, name_exact, name_times
        FROM ats_search_name_matches(tenant, names, exact, sample + 1) m;
      name_common := coalesce(cardinality(name_ids), 0) > sample;
    END IF;
    IF name_common THEN
      SELECT array_agg(m.id), array_agg(m.is_exact), array_agg(m.created_at)
        INTO name_ids, name_exact, name_times
        FROM ats_search_newest_name_matches(tenant, names, exact, max_hits) m;
    END IF;
    doc_common := ats_search_estimate(tenant, 'search_document', words) > surely_common;
    IF NOT doc_common THEN
      -- Decision 0091: résumé hits all rank alike, newest first, so more than max_count of them
      -- decide both the count (more than max_count) and their part of the page (the newest walk).
      SELECT array_agg(m.id), array_agg(m.created_at) INTO doc_ids, doc_times
        FROM ats_search_document_matches(tenant, words, max_count + 1) m;
      doc_common := coalesce(cardinality(doc_ids), 0) > max_count;
    END IF;
    IF doc_common THEN
      SELECT array_agg(m.id), array_agg(m.created_at) INTO doc_ids, doc_times
        FROM ats_search_newest_document_matches(tenant, words, max_hits) m;
    END IF;
  END IF;
  IF name_common OR doc_common OR contact_common THEN
    n := max_count + 1;
  ELSE
    SELECT count(DISTINCT u.id) INTO n
      FROM unnest(coalesce(name_ids, '{}') || coalesce(doc_ids, '{}') || coalesce(contact_ids, '{}')) AS u(id);
  END IF;
  SELECT array_agg(h.id ORDER BY h.s DESC, h.c DESC NULLS LAST, h.id DESC) INTO ids FROM (
    SELECT g.id, max(g.s) AS s, g.c FROM (
      (SELECT k.id, 4::real AS s, k.c FROM unnest(contact_ids, contact_times) AS k(id, c)
       ORDER BY k.c DESC NULLS LAST, k.id DESC
       LIMIT max_hits)
      UNION ALL
      (SELECT x.id, (CASE WHEN x.e THEN 3 ELSE 2 END)::real AS s, x.c
       FROM unnest(name_ids, name_exact, name_times) AS x(id, e, c)
       ORDER BY s DESC, x.c DESC NULLS LAST, x.id DESC
       LIMIT max_hits)
      UNION ALL
      (SELECT d.id, 0::real, d.c FROM unnest(doc_ids, doc_times) AS d(id, c)
       ORDER BY d.c DESC NULLS LAST, d.id DESC
       LIMIT max_hits)
    ) g
    GROUP BY g.id, g.c
    ORDER BY 2 DESC, g.c DESC NULLS LAST, g.id DESC
    LIMIT max_hits
  ) h;
  IF n = 0 AND phone_patterns IS NULL THEN
    -- Nothing exact: names one typo away (the typo keys) and names alike by trigrams (a name in
    -- the other alphabet, or two letters off), ranked by trigram similarity. Not for digits.
    SELECT array_agg(f.id ORDER BY f.s DESC, f.c DESC NULLS LAST, f.id DESC), count(*) INTO ids, n FROM (
      SELECT u.id, max(u.s) AS s, u.c FROM (
        SELECT m.id, greatest(word_similarity(folded, m.search_name), word_similarity(latin, m.search_name)) AS s, m.created_at AS c
        FROM ats_search_typo_matches(tenant, ats_name_typo_tsquery(query), max_count + 1) m
        UNION ALL
        (SELECT a.id, greatest(word_similarity(folded, a.search_name), word_similarity(latin, a.search_name)) AS s, a.created_at AS c
         FROM applicants a
         WHERE a.account_id = tenant AND a.archived_at IS NULL
           AND (folded <% a.search_name OR latin <% a.search_name)
         ORDER BY s DESC, a.created_at DESC NULLS LAST, a.id DESC
         LIMIT max_count + 1)
      ) u GROUP BY u.id, u.c) f;
    n := coalesce(n, 0);
    ids := ids[1:max_hits];
  END IF;
  RETURN QUERY SELECT coalesce(ids, '{}'), least(n, max_count + 1);
END $$;
