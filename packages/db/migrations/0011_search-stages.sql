ALTER TABLE "applicants" ADD COLUMN "search_name_words" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, ats_name_key(last_name, first_name, middle_name))) STORED;--> statement-breakpoint
CREATE INDEX "applicants_search_name_words_idx" ON "applicants" USING gin ("search_name_words");--> statement-breakpoint
-- The search in two stages, so that a common word or name answers from an index in milliseconds
-- and the costly trigram comparison runs only for typos:
--   1. exact: the name's words by prefix (each word also in its masculine form and in Latin, so
--      'Иванова' finds 'Иванов' and 'Ivanov') and the résumé text with the russian configuration;
--   2. fuzzy: trigram word similarity on the name key, only when stage 1 finds nothing.
-- Name hits rank first (by similarity, among the 300 newest candidates), then résumé hits, newest
-- first. All functions fence on the transaction's app.account_id, never on an argument.
CREATE FUNCTION ats_name_tsquery(query text) RETURNS tsquery
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT nullif(string_agg('(' || (
      SELECT string_agg(DISTINCT f || ':*', ' | ')
      FROM unnest(ARRAY[
        w.word,
        regexp_replace(regexp_replace(w.word, '(ов|ев|ин|ын)а$', '\1'), '(ск|цк)ая$', '\1'),
        t.latin,
        regexp_replace(regexp_replace(t.latin, '(ov|ev|in|yn)a$', '\1'), '(sk|tsk)aya$', '\1')
      ]) f WHERE f <> ''
    ) || ')', ' & '), '')::tsquery
  FROM regexp_split_to_table(ats_fold(query), '[^a-zа-я0-9]+') AS w(word)
  CROSS JOIN LATERAL (SELECT regexp_replace(ats_translit(w.word), '[^a-z0-9]+', '', 'g') AS latin) t
  WHERE w.word <> ''
$$;--> statement-breakpoint
CREATE FUNCTION applicant_search_hits(query text, max_hits integer)
RETURNS TABLE (applicant_id integer, score real, created_at timestamptz)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public AS $$
DECLARE
  tenant integer := nullif(current_setting('app.account_id', true), '')::integer;
  names tsquery := ats_name_tsquery(query);
  words tsquery := websearch_to_tsquery('russian', query);
  folded text := ats_fold(query);
  latin text := ats_translit(query);
  found integer;
BEGIN
  RETURN QUERY
  SELECT h.id, max(h.s)::real, h.c FROM (
    (SELECT r.id, (2 + greatest(word_similarity(folded, r.search_name), word_similarity(latin, r.search_name)))::real AS s, r.created_at AS c
     FROM (SELECT a.id, a.search_name, a.created_at FROM applicants a
       WHERE a.account_id = tenant AND a.archived_at IS NULL AND a.search_name_words @@ names
       ORDER BY a.created_at DESC NULLS LAST, a.id DESC NULLS LAST
       LIMIT greatest(max_hits, 300)) r
     ORDER BY s DESC, r.created_at DESC NULLS LAST, r.id DESC
     LIMIT max_hits)
    UNION ALL
    (SELECT a.id, 0::real, a.created_at
     FROM applicants a
     WHERE a.account_id = tenant AND a.archived_at IS NULL AND a.search_document @@ words
     ORDER BY a.created_at DESC NULLS LAST, a.id DESC NULLS LAST
     LIMIT max_hits)
  ) h GROUP BY h.id, h.c ORDER BY 2 DESC, h.c DESC NULLS LAST, h.id DESC LIMIT max_hits;
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
CREATE FUNCTION applicant_search_count(query text, max_count integer)
RETURNS integer
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public AS $$
DECLARE
  tenant integer := nullif(current_setting('app.account_id', true), '')::integer;
  names tsquery := ats_name_tsquery(query);
  words tsquery := websearch_to_tsquery('russian', query);
  folded text := ats_fold(query);
  latin text := ats_translit(query);
  n integer;
BEGIN
  SELECT count(*) INTO n FROM (
    (SELECT a.id FROM applicants a
     WHERE a.account_id = tenant AND a.archived_at IS NULL AND a.search_name_words @@ names
     LIMIT max_count + 1)
    UNION
    (SELECT a.id FROM applicants a
     WHERE a.account_id = tenant AND a.archived_at IS NULL AND a.search_document @@ words
     LIMIT max_count + 1)
  ) u;
  IF n = 0 THEN
    SELECT count(*) INTO n FROM (
      SELECT 1 FROM applicants a
      WHERE a.account_id = tenant AND a.archived_at IS NULL
        AND (folded <% a.search_name OR latin <% a.search_name)
      LIMIT max_count + 1) f;
  END IF;
  RETURN least(n, max_count + 1);
END $$;--> statement-breakpoint
-- Every match, uncounted and unranked, for a search combined with other filters or sorts and for
-- the export: the same two stages as above.
DROP FUNCTION applicant_search_ids(text);--> statement-breakpoint
CREATE FUNCTION applicant_search_ids(query text)
RETURNS TABLE (applicant_id integer)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public AS $$
DECLARE
  tenant integer := nullif(current_setting('app.account_id', true), '')::integer;
  names tsquery := ats_name_tsquery(query);
  words tsquery := websearch_to_tsquery('russian', query);
  found integer;
BEGIN
  RETURN QUERY
  SELECT a.id FROM applicants a WHERE a.account_id = tenant AND a.search_name_words @@ names
  UNION
  SELECT a.id FROM applicants a WHERE a.account_id = tenant AND a.search_document @@ words;
  GET DIAGNOSTICS found = ROW_COUNT;
  IF found = 0 THEN
    RETURN QUERY
    SELECT a.id FROM applicants a
    WHERE a.account_id = tenant
      AND (ats_fold(query) <% a.search_name OR ats_translit(query) <% a.search_name);
  END IF;
END $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION applicant_search_hits(text, integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION applicant_search_hits(text, integer) TO ats_app;--> statement-breakpoint
REVOKE ALL ON FUNCTION applicant_search_count(text, integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION applicant_search_count(text, integer) TO ats_app;--> statement-breakpoint
REVOKE ALL ON FUNCTION applicant_search_ids(text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION applicant_search_ids(text) TO ats_app;--> statement-breakpoint
ANALYZE applicants;
