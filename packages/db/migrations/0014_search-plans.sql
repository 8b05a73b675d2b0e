-- The search's plans, chosen by what the data shows rather than by the planner's guess. With 1M
-- applicants a rare surname took 17 s: under ORDER BY … LIMIT the planner walked the created_at
-- index (or the whole table) expecting to meet matches soon, and met almost none; its estimate for
-- a word it has no statistics on is thousands of rows even when there are none. Now each stage
-- first takes at most 5,000 matches from its GIN index as a bitmap (the heap is read only up to the
-- limit). Fewer: that is every match, ordered in memory. More: the word is common (≥ 0.5% of a
-- million), so walking the created_at index meets a page of matches within a few thousand rows.
-- The helpers pin their plan with SET clauses (and enough work_mem for an exact bitmap), which also
-- keeps the planner from inlining them; only the SECURITY DEFINER search functions call them. They
-- plan with the values (EXECUTE … USING): a generic plan cannot tell a big account from a small
-- one and ANDs in a million-entry bitmap of the account index.
CREATE FUNCTION ats_search_name_matches(tenant integer, names tsquery, max_rows integer)
RETURNS TABLE (id integer, search_name text, created_at timestamptz)
LANGUAGE plpgsql STABLE SET enable_seqscan = off SET enable_indexscan = off SET work_mem = '64MB' AS $$
BEGIN
  RETURN QUERY EXECUTE '
    SELECT a.id, a.search_name, a.created_at FROM applicants a
    WHERE a.account_id = $1 AND a.archived_at IS NULL AND a.search_name_words @@ $2
    LIMIT $3'
    USING tenant, names, max_rows;
END $$;--> statement-breakpoint
CREATE FUNCTION ats_search_document_matches(tenant integer, words tsquery, max_rows integer)
RETURNS TABLE (id integer, created_at timestamptz)
LANGUAGE plpgsql STABLE SET enable_seqscan = off SET enable_indexscan = off SET work_mem = '64MB' AS $$
BEGIN
  RETURN QUERY EXECUTE '
    SELECT a.id, a.created_at FROM applicants a
    WHERE a.account_id = $1 AND a.archived_at IS NULL AND a.search_document @@ $2
    LIMIT $3'
    USING tenant, words, max_rows;
END $$;--> statement-breakpoint
CREATE FUNCTION ats_search_newest_name_matches(tenant integer, names tsquery, max_rows integer)
RETURNS TABLE (id integer, search_name text, created_at timestamptz)
LANGUAGE plpgsql STABLE SET enable_bitmapscan = off SET enable_seqscan = off AS $$
BEGIN
  RETURN QUERY EXECUTE '
    SELECT a.id, a.search_name, a.created_at FROM applicants a
    WHERE a.account_id = $1 AND a.archived_at IS NULL AND a.search_name_words @@ $2
    ORDER BY a.created_at DESC NULLS LAST, a.id DESC NULLS LAST
    LIMIT $3'
    USING tenant, names, max_rows;
END $$;--> statement-breakpoint
CREATE FUNCTION ats_search_newest_document_matches(tenant integer, words tsquery, max_rows integer)
RETURNS TABLE (id integer, created_at timestamptz)
LANGUAGE plpgsql STABLE SET enable_bitmapscan = off SET enable_seqscan = off AS $$
BEGIN
  RETURN QUERY EXECUTE '
    SELECT a.id, a.created_at FROM applicants a
    WHERE a.account_id = $1 AND a.archived_at IS NULL AND a.search_document @@ $2
    ORDER BY a.created_at DESC NULLS LAST, a.id DESC NULLS LAST
    LIMIT $3'
    USING tenant, words, max_rows;
END $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION ats_search_name_matches(integer, tsquery, integer) FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION ats_search_document_matches(integer, tsquery, integer) FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION ats_search_newest_name_matches(integer, tsquery, integer) FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION ats_search_newest_document_matches(integer, tsquery, integer) FROM PUBLIC;--> statement-breakpoint
CREATE OR REPLACE FUNCTION applicant_search_hits(query text, max_hits integer)
RETURNS TABLE (applicant_id integer, score real, created_at timestamptz)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public AS $$
DECLARE
  tenant integer := nullif(current_setting('app.account_id', true), '')::integer;
  names tsquery := ats_name_tsquery(query);
  words tsquery := websearch_to_tsquery('russian', query);
  folded text := ats_fold(query);
  latin text := ats_translit(query);
  -- At most this many matches are read through an index bitmap; more make the word common.
  sample integer := 5000;
  name_ids integer[]; name_keys text[]; name_times timestamptz[];
  doc_ids integer[]; doc_times timestamptz[];
  found integer;
BEGIN
  SELECT array_agg(m.id), array_agg(m.search_name), array_agg(m.created_at)
    INTO name_ids, name_keys, name_times
    FROM ats_search_name_matches(tenant, names, sample + 1) m;
  IF coalesce(cardinality(name_ids), 0) > sample THEN
    SELECT array_agg(m.id), array_agg(m.search_name), array_agg(m.created_at)
      INTO name_ids, name_keys, name_times
      FROM ats_search_newest_name_matches(tenant, names, max_hits) m;
  END IF;
  SELECT array_agg(m.id), array_agg(m.created_at) INTO doc_ids, doc_times
    FROM ats_search_document_matches(tenant, words, sample + 1) m;
  IF coalesce(cardinality(doc_ids), 0) > sample THEN
    SELECT array_agg(m.id), array_agg(m.created_at) INTO doc_ids, doc_times
      FROM ats_search_newest_document_matches(tenant, words, max_hits) m;
  END IF;
  RETURN QUERY
  SELECT h.id, max(h.s)::real, h.c FROM (
    (SELECT n.id, (2 + greatest(word_similarity(folded, n.k), word_similarity(latin, n.k)))::real AS s, n.c
     FROM unnest(name_ids, name_keys, name_times) AS n(id, k, c)
     ORDER BY s DESC, n.c DESC NULLS LAST, n.id DESC
     LIMIT max_hits)
    UNION ALL
    (SELECT d.id, 0::real, d.c FROM unnest(doc_ids, doc_times) AS d(id, c)
     ORDER BY d.c DESC NULLS LAST, d.id DESC
     LIMIT max_hits)
  ) h
  GROUP BY h.id, h.c
  ORDER BY 2 DESC, h.c DESC NULLS LAST, h.id DESC
  LIMIT max_hits;
  GET DIAGNOSTICS found = ROW_COUNT;
  IF found = 0 THEN
    RETURN QUERY
    SELECT a.id, (1 + greatest(word_similarity(folded, a.search_name), word_similarity(latin, a.search_name)))::real AS s, a.created_at
    FROM applicants a
    WHERE a.account_id = tenant AND a.archived_at IS NULL
      AND (folded <% a.search_name OR latin <% a.search_name)
    ORDER BY s DESC, a.created_at DESC NULLS LAST, a.id DESC
    LIMIT max_hits;
  END IF;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION applicant_search_count(query text, max_count integer)
RETURNS integer
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public AS $$
DECLARE
  tenant integer := nullif(current_setting('app.account_id', true), '')::integer;
  folded text := ats_fold(query);
  latin text := ats_translit(query);
  n integer;
BEGIN
  SELECT count(*) INTO n FROM (
    SELECT m.id FROM ats_search_name_matches(tenant, ats_name_tsquery(query), max_count + 1) m
    UNION
    SELECT m.id FROM ats_search_document_matches(tenant, websearch_to_tsquery('russian', query), max_count + 1) m
  ) u;
  IF n = 0 THEN
    SELECT count(*) INTO n FROM (
      SELECT 1 FROM applicants a
      WHERE a.account_id = tenant AND a.archived_at IS NULL
        AND (folded <% a.search_name OR latin <% a.search_name)
      LIMIT max_count + 1) f;
  END IF;
  RETURN least(n, max_count + 1);
END $$;
