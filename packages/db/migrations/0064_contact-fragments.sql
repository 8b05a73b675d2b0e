-- Phone and e-mail fragments found fast over a million applicants (issue 22, decision 0051).
-- The keys and their trigram indexes of 0034 stay (search_phones, search_contacts); what changes
-- is how the search box asks them:
--   * one LIKE per column instead of the same pattern twice (`LIKE p1 OR LIKE p2` with p1 = p2
--     read the trigram index twice and ORed the bitmaps);
--   * the planner's estimate first, as the name and résumé stages of 0015 do: a fragment the
--     statistics call surely common walks the newest applicants at once instead of rechecking
--     thousands of wide rows for a sample of 5,000 first;
--   * the sample of the bitmap is what the answer can use: the list counts to 1,000, so 1,001
--     matches say "more than 1,000" and the page walks the newest;
--   * a phone fragment has no typo stage (digits are no name), so a fragment nobody has answers
--     at once instead of running the trigram similarity over the names;
--   * a plain Latin word of 4+ letters is looked for inside every contact ('ivanov' in
--     'petr.ivanov@mail.ru'), no longer only as a whole one: any part of an e-mail finds it.
CREATE OR REPLACE FUNCTION ats_contact_query_pattern(query text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN q ~ '\s' OR length(q) < 3 THEN NULL
    WHEN btrim(query) ~ '^@' OR q ~ '[@./_:0-9-]' OR q ~ '^[a-z]{4,}$' THEN '%' || e || '%'
    ELSE NULL
  END
  FROM (SELECT ats_contact_token(query) AS q) x
  CROSS JOIN LATERAL (SELECT regexp_replace(q, '([\\%_])', '\\\1', 'g') AS e) y
$$;--> statement-breakpoint
-- The planner's estimate of the tenant's active applicants whose contact column is LIKE pattern
-- (from the column's statistics: the share of its histogram the pattern matches).
CREATE FUNCTION ats_search_contact_estimate(tenant integer, search_column text, pattern text)
RETURNS bigint
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  plan json;
BEGIN
  IF search_column NOT IN ('search_phones', 'search_contacts') THEN
    RAISE EXCEPTION 'unknown search column %', search_column;
  END IF;
  EXECUTE format('EXPLAIN (FORMAT JSON) SELECT 1 FROM applicants a '
    'WHERE a.account_id = $1 AND a.archived_at IS NULL AND a.%I LIKE $2', search_column)
    INTO plan USING tenant, pattern;
  RETURN (plan->0->'Plan'->>'Plan Rows')::bigint;
END $$;--> statement-breakpoint
-- Matches of one LIKE pattern on a contact column, read from its trigram index as a bitmap (at
-- most max_rows), or walking the newest applicants when newest is true (a common fragment).
CREATE FUNCTION ats_search_contact_hits(tenant integer, search_column text, pattern text, max_rows integer)
RETURNS TABLE (id integer, created_at timestamptz)
LANGUAGE plpgsql STABLE SET enable_seqscan = off SET enable_indexscan = off SET work_mem = '64MB' AS $$
BEGIN
  IF search_column NOT IN ('search_phones', 'search_contacts') THEN
    RAISE EXCEPTION 'unknown search column %', search_column;
  END IF;
  RETURN QUERY EXECUTE format('
    SELECT a.id, a.created_at FROM applicants a
    WHERE a.account_id = $1 AND a.archived_at IS NULL AND a.%1$I LIKE $2
    LIMIT $3', search_column)
    USING tenant, pattern, max_rows;
END $$;--> statement-breakpoint
CREATE FUNCTION ats_search_newest_contact_hits(tenant integer, search_column text, pattern text, max_rows integer)
RETURNS TABLE (id integer, created_at timestamptz)
LANGUAGE plpgsql STABLE SET enable_bitmapscan = off SET enable_seqscan = off AS $$
BEGIN
  IF search_column NOT IN ('search_phones', 'search_contacts') THEN
    RAISE EXCEPTION 'unknown search column %', search_column;
  END IF;
  RETURN QUERY EXECUTE format('
    SELECT a.id, a.created_at FROM applicants a
    WHERE a.account_id = $1 AND a.archived_at IS NULL AND a.%1$I LIKE $2
    ORDER BY a.created_at DESC NULLS LAST, a.id DESC NULLS LAST
    LIMIT $3', search_column)
    USING tenant, pattern, max_rows;
END $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION ats_search_contact_estimate(integer, text, text) FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION ats_search_contact_hits(integer, text, text, integer) FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION ats_search_newest_contact_hits(integer, text, text, integer) FROM PUBLIC;--> statement-breakpoint
-- As 0034, the contact stage asked as above.
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
    contact_common := ats_search_contact_estimate(tenant, contact_column, pattern) > surely_common;
    IF NOT contact_common THEN
      SELECT array_agg(m.id), array_agg(m.created_at) INTO contact_ids, contact_times
        FROM ats_search_contact_hits(tenant, contact_column, pattern, sample + 1) m;
      contact_common := coalesce(cardinality(contact_ids), 0) > sample;
    END IF;
    IF contact_common THEN
      SELECT array_agg(m.id), array_agg(m.created_at) INTO contact_ids, contact_times
        FROM ats_search_newest_contact_hits(tenant, contact_column, pattern, max_hits) m;
    END IF;
  END IF;
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
END $$;--> statement-breakpoint
-- Every match for a search combined with other filters or sorts and for the export: the same
-- stages as the page, one LIKE per contact column, no typo stage for digits.
CREATE OR REPLACE FUNCTION applicant_search_ids(query text)
RETURNS TABLE (applicant_id integer)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public AS $$
DECLARE
  tenant integer := nullif(current_setting('app.account_id', true), '')::integer;
  names tsquery := ats_name_tsquery(query);
  words tsquery := websearch_to_tsquery('russian', query);
  phone_pattern text := (ats_phone_query_patterns(query))[1];
  contact_pattern text := ats_contact_query_pattern(query);
  typos tsquery;
  found integer;
BEGIN
  RETURN QUERY
  SELECT a.id FROM applicants a WHERE a.account_id = tenant AND a.search_name_words @@ names
  UNION
  SELECT a.id FROM applicants a WHERE a.account_id = tenant AND a.search_document @@ words
  UNION
  SELECT a.id FROM applicants a WHERE phone_pattern IS NOT NULL AND a.account_id = tenant
    AND a.search_phones LIKE phone_pattern
  UNION
  SELECT a.id FROM applicants a WHERE contact_pattern IS NOT NULL AND a.account_id = tenant
    AND a.search_contacts LIKE contact_pattern;
  GET DIAGNOSTICS found = ROW_COUNT;
  IF found = 0 AND phone_pattern IS NULL THEN
    typos := ats_name_typo_tsquery(query);
    RETURN QUERY
    SELECT a.id FROM applicants a
    WHERE a.account_id = tenant AND ats_name_typo_keys(a.last_name, a.first_name, a.middle_name) @@ typos
    UNION
    SELECT a.id FROM applicants a
    WHERE a.account_id = tenant
      AND (ats_fold(query) <% a.search_name OR ats_translit(query) <% a.search_name);
  END IF;
END $$;--> statement-breakpoint
DROP FUNCTION ats_search_contact_matches(integer, text, text, text, integer);--> statement-breakpoint
DROP FUNCTION ats_search_newest_contact_matches(integer, text, text, text, integer);
