-- Issue 22, decision 0057.
-- 1. A version of each of an account's reference lists (the sources, the users, the tags, the
--    reasons), reported by GET /api/me (`list_versions`): the web app keeps a list across visits
--    and asks for it again only when its version moved. A statement that touched rows of a list's
--    table moves that list's version in every account it touched, in the writer's transaction
--    (so the version and the list are committed together). Reading the list never writes.
CREATE TABLE "list_versions" (
	"account_id" integer NOT NULL,
	"list" text NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "list_versions_pk" PRIMARY KEY("account_id","list")
);--> statement-breakpoint
ALTER TABLE "list_versions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "list_versions" ADD CONSTRAINT "list_versions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "list_versions_tenant_isolation" ON "list_versions" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE TRIGGER "list_versions_data_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "list_versions" FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change();--> statement-breakpoint
-- TG_ARGV[0]: the list; the rows are the statement's transition table (new rows, or old ones for
-- a DELETE). SECURITY DEFINER: a sign-up or a job outside a tenant transaction moves it too.
CREATE FUNCTION ats_bump_list_version() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  EXECUTE format(
    'INSERT INTO list_versions AS v (account_id, list, version) '
    'SELECT DISTINCT r.account_id, %L, 2 FROM %I r JOIN accounts a ON a.id = r.account_id '
    'ON CONFLICT (account_id, list) DO UPDATE SET version = v.version + 1',
    TG_ARGV[0], CASE TG_OP WHEN 'DELETE' THEN 'old_rows' ELSE 'new_rows' END);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
  list text;
  ops text[];
  op text;
BEGIN
  FOR t, list, ops IN VALUES
    ('account_sources', 'sources', ARRAY['INSERT', 'UPDATE', 'DELETE']),
    ('users', 'users', ARRAY['INSERT', 'UPDATE', 'DELETE']),
    -- The team list shows the last sign-in and the pending invitation.
    ('sessions', 'users', ARRAY['INSERT']),
    ('user_invitations', 'users', ARRAY['INSERT', 'UPDATE', 'DELETE']),
    ('tags', 'tags', ARRAY['INSERT', 'UPDATE', 'DELETE']),
    ('reasons', 'reasons', ARRAY['INSERT', 'UPDATE', 'DELETE'])
  LOOP
    FOREACH op IN ARRAY ops LOOP
      EXECUTE format(
        'CREATE TRIGGER %I AFTER %s ON %I REFERENCING %s FOR EACH STATEMENT '
        'EXECUTE FUNCTION ats_bump_list_version(%L)',
        t || '_list_version_' || lower(left(op, 1)), op, t,
        CASE op
          WHEN 'INSERT' THEN 'NEW TABLE AS new_rows'
          WHEN 'DELETE' THEN 'OLD TABLE AS old_rows'
          ELSE 'NEW TABLE AS new_rows'
        END,
        list);
    END LOOP;
  END LOOP;
END;
$$;
--> statement-breakpoint
-- 2. Phone and e-mail fragments at 1,000,000 applicants (decision 0057, after 0051).
-- Finer statistics on the contact keys, so the planner's estimate (ats_search_contact_estimate)
-- sees fragments shared by 0.1 % of the base rather than guessing from 100 buckets.
ALTER TABLE applicants ALTER COLUMN search_phones SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE applicants ALTER COLUMN search_contacts SET STATISTICS 1000;--> statement-breakpoint
-- As 0064, but a common fragment that fills the page skips the name and résumé stages.
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
  -- Decision 0057: a common contact fragment whose newest hits fill the page decides the page
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
      SELECT array_agg(m.id), array_agg(m.created_at) INTO doc_ids, doc_times
        FROM ats_search_document_matches(tenant, words, sample + 1) m;
      doc_common := coalesce(cardinality(doc_ids), 0) > sample;
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
