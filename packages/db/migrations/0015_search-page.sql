-- A search's page and its count in one call, from the same samples: the count used to read the
-- GIN bitmaps a second time. The count is exact while both samples hold every match (≤ 5,000
-- each); a larger sample means more than the list shows, answered as max_count + 1. Name hits are
-- ranked by whether every query word is a whole word of the name (Иванова before Иванов for
-- 'Иванова'), then newest first: word_similarity on thousands of names of a surname cost 45 ms at
-- 1M applicants, more than finding them. Trigram similarity stays for the typo stage.
CREATE FUNCTION ats_name_exact_tsquery(query text) RETURNS tsquery
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT nullif(string_agg('(' || (
      SELECT string_agg(DISTINCT f, ' | ') FROM unnest(ARRAY[w.word, t.latin]) f WHERE f <> ''
    ) || ')', ' & '), '')::tsquery
  FROM regexp_split_to_table(ats_fold(query), '[^a-zа-я0-9]+') AS w(word)
  CROSS JOIN LATERAL (SELECT regexp_replace(ats_translit(w.word), '[^a-z0-9]+', '', 'g') AS latin) t
  WHERE w.word <> ''
$$;--> statement-breakpoint
DROP FUNCTION ats_search_name_matches(integer, tsquery, integer);--> statement-breakpoint
DROP FUNCTION ats_search_newest_name_matches(integer, tsquery, integer);--> statement-breakpoint
CREATE FUNCTION ats_search_name_matches(tenant integer, names tsquery, exact tsquery, max_rows integer)
RETURNS TABLE (id integer, is_exact boolean, created_at timestamptz)
LANGUAGE plpgsql STABLE SET enable_seqscan = off SET enable_indexscan = off SET work_mem = '64MB' AS $$
BEGIN
  RETURN QUERY EXECUTE '
    SELECT a.id, coalesce(a.search_name_words @@ $3, false), a.created_at FROM applicants a
    WHERE a.account_id = $1 AND a.archived_at IS NULL AND a.search_name_words @@ $2
    LIMIT $4'
    USING tenant, names, exact, max_rows;
END $$;--> statement-breakpoint
CREATE FUNCTION ats_search_newest_name_matches(tenant integer, names tsquery, exact tsquery, max_rows integer)
RETURNS TABLE (id integer, is_exact boolean, created_at timestamptz)
LANGUAGE plpgsql STABLE SET enable_bitmapscan = off SET enable_seqscan = off AS $$
BEGIN
  RETURN QUERY EXECUTE '
    SELECT a.id, coalesce(a.search_name_words @@ $3, false), a.created_at FROM applicants a
    WHERE a.account_id = $1 AND a.archived_at IS NULL AND a.search_name_words @@ $2
    ORDER BY a.created_at DESC NULLS LAST, a.id DESC NULLS LAST
    LIMIT $4'
    USING tenant, names, exact, max_rows;
END $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION ats_search_name_matches(integer, tsquery, tsquery, integer) FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION ats_search_newest_name_matches(integer, tsquery, tsquery, integer) FROM PUBLIC;--> statement-breakpoint
-- The planner's estimate of an account's matches for one search column. Trusted only one way:
-- for a common word it is close (the word is among the column's most common elements), while for
-- a word it knows nothing about it says thousands even when there are none. VOLATILE because
-- PostgreSQL runs EXPLAIN only there; it reads nothing but statistics.
CREATE FUNCTION ats_search_estimate(tenant integer, search_column text, q tsquery) RETURNS bigint
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  plan json;
BEGIN
  IF search_column NOT IN ('search_name_words', 'search_document') THEN
    RAISE EXCEPTION 'unknown search column %', search_column;
  END IF;
  EXECUTE format('EXPLAIN (FORMAT JSON) SELECT 1 FROM applicants a '
    'WHERE a.account_id = $1 AND a.archived_at IS NULL AND a.%I @@ $2', search_column)
    INTO plan USING tenant, q;
  RETURN (plan->0->'Plan'->>'Plan Rows')::bigint;
END $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION ats_search_estimate(integer, text, tsquery) FROM PUBLIC;--> statement-breakpoint
CREATE FUNCTION applicant_search_page(query text, max_hits integer, max_count integer)
RETURNS TABLE (applicant_ids integer[], total integer)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public AS $$
DECLARE
  tenant integer := nullif(current_setting('app.account_id', true), '')::integer;
  names tsquery := ats_name_tsquery(query);
  exact tsquery := ats_name_exact_tsquery(query);
  words tsquery := websearch_to_tsquery('russian', query);
  folded text := ats_fold(query);
  latin text := ats_translit(query);
  sample integer := 5000;
  -- Above this estimate a word is surely common: skip the bitmap, walk the newest applicants.
  surely_common bigint := 20000;
  name_ids integer[]; name_exact boolean[]; name_times timestamptz[];
  doc_ids integer[]; doc_times timestamptz[];
  name_common boolean;
  doc_common boolean;
  ids integer[];
  n integer;
BEGIN
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
    SELECT array_agg(m.id), array_agg(m.created_at) INTO doc_ids, doc_times
      FROM ats_search_document_matches(tenant, words, sample + 1) m;
    doc_common := coalesce(cardinality(doc_ids), 0) > sample;
  END IF;
  IF doc_common THEN
    SELECT array_agg(m.id), array_agg(m.created_at) INTO doc_ids, doc_times
      FROM ats_search_newest_document_matches(tenant, words, max_hits) m;
  END IF;
  IF name_common OR doc_common THEN
    n := max_count + 1;
  ELSE
    SELECT count(DISTINCT u.id) INTO n
      FROM unnest(coalesce(name_ids, '{}') || coalesce(doc_ids, '{}')) AS u(id);
  END IF;
  SELECT array_agg(h.id ORDER BY h.s DESC, h.c DESC NULLS LAST, h.id DESC) INTO ids FROM (
    SELECT g.id, max(g.s) AS s, g.c FROM (
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
  IF n = 0 THEN
    -- Nothing exact: trigram similarity on the name key, for typos.
    SELECT array_agg(f.id ORDER BY f.s DESC, f.c DESC NULLS LAST, f.id DESC) INTO ids FROM (
      SELECT a.id, greatest(word_similarity(folded, a.search_name), word_similarity(latin, a.search_name)) AS s, a.created_at AS c
      FROM applicants a
      WHERE a.account_id = tenant AND a.archived_at IS NULL
        AND (folded <% a.search_name OR latin <% a.search_name)
      ORDER BY s DESC, a.created_at DESC NULLS LAST, a.id DESC
      LIMIT max_count + 1) f;
    n := coalesce(cardinality(ids), 0);
    ids := ids[1:max_hits];
  END IF;
  RETURN QUERY SELECT coalesce(ids, '{}'), least(n, max_count + 1);
END $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION applicant_search_page(text, integer, integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION applicant_search_page(text, integer, integer) TO ats_app;--> statement-breakpoint
DROP FUNCTION applicant_search_hits(text, integer);--> statement-breakpoint
DROP FUNCTION applicant_search_count(text, integer);
