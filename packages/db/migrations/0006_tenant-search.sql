-- Under row-level security PostgreSQL may not use an index for a condition whose operator is not
-- LEAKPROOF (pg_trgm's <% and full-text @@ are not), so a search read the whole table. These
-- functions run the search as the table owner, where the GIN indexes apply, and fence the tenant
-- themselves: they read the transaction's app.account_id, never an argument, so a caller cannot
-- ask for another account's rows. No tenant set → no rows, as with RLS.
CREATE FUNCTION applicant_search_matches(query text)
RETURNS TABLE (applicant_id integer, score real)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT a.id,
         greatest(word_similarity(ats_fold(query), a.search_name),
                  word_similarity(ats_translit(query), a.search_name),
                  ts_rank(a.search_document, websearch_to_tsquery('russian', query)))::real
  FROM applicants a
  WHERE a.account_id = nullif(current_setting('app.account_id', true), '')::integer
    AND (ats_fold(query) <% a.search_name
         OR ats_translit(query) <% a.search_name
         OR a.search_document @@ websearch_to_tsquery('russian', query))
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION applicant_search_matches(text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION applicant_search_matches(text) TO ats_app;
