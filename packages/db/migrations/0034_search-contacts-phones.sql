-- The one search box finds by phone, e-mail, Telegram and résumé link, and forgives one typo in a
-- name (issue 20, items 2 and 13). New keys derived by the database (decision 0007):
--   search_phones:   every phone of the applicant as digits, a Russian one with 7 and with 8 in
--                    front (' 79161234567 89161234567 '), with a trigram index: any fragment of
--                    4+ digits is a LIKE '%…%' answered from the index;
--   search_contacts: e-mails, Telegram handles, Skype, profile and résumé links, lower case,
--                    one token each (' ivan.petrov@mail.ru ivan_petrov hh.ru/resume/1a2b '), with
--                    a trigram index;
--   ats_name_typo_keys(…): an expression index of every name word (4+ letters) and each of its
--                    one-letter deletions, in Cyrillic and in Latin. Two words one typo apart
--                    (a letter changed, added, dropped or two swapped) share one of these keys, so
--                    'Петрво' meets 'Петров' through the index; trigrams do not (0.57 < 0.6).
-- And phones are stored in E.164 (+79161234567) where the stored text is surely a phone number.

-- Digits of one phone, the Russian trunk prefix made 7 (89161234567 and 9161234567 → 79161234567).
CREATE FUNCTION ats_phone_digits(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN d ~ '^8[0-9]{10}$' THEN '7' || substr(d, 2)
              WHEN d ~ '^9[0-9]{9}$' THEN '7' || d
              ELSE d END
  FROM (SELECT regexp_replace(coalesce(value, ''), '[^0-9]', '', 'g') AS d) x
$$;--> statement-breakpoint
-- A Russian number is kept with 7 and with 8 in front (' 79161234567 89161234567 '), so '8916…'
-- and '+7 916…' are both plain LIKE '%…%' fragments: a pattern anchored at a number's start would
-- need the trigram of that start, which every phone shares.
CREATE FUNCTION ats_applicant_phones(phone text, contacts jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(' ' || string_agg(f, ' ') || ' ', '') FROM (
    SELECT ats_phone_digits(phone) AS p
    UNION ALL
    SELECT ats_phone_digits(c->>'value')
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(contacts) = 'array' THEN contacts ELSE '[]' END) c
    WHERE c->>'contact_type' IN ('phone', 'whatsapp', 'viber')
  ) x
  CROSS JOIN LATERAL unnest(CASE WHEN p ~ '^7[0-9]{10}$' THEN ARRAY[p, '8' || substr(p, 2)] ELSE ARRAY[p] END) f
  WHERE length(p) >= 4
$$;--> statement-breakpoint
-- A contact as it is searched: lower case, no scheme, no www., a Telegram handle without @ or t.me/.
CREATE FUNCTION ats_contact_token(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(regexp_replace(regexp_replace(lower(btrim(coalesce(value, ''))),
    '^(https?://|mailto:|tg://resolve\?domain=)', ''), '^(www\.)', ''), '^(@|(t|telegram)\.me/)', '')
$$;--> statement-breakpoint
CREATE FUNCTION ats_applicant_contacts(email text, tg text, skype text, contacts jsonb, resume_urls text[])
RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(' ' || string_agg(t, ' ') || ' ', '') FROM (
    SELECT regexp_replace(ats_contact_token(v), '\s+', '', 'g') AS t FROM (
      SELECT email AS v UNION ALL SELECT tg UNION ALL SELECT skype
      UNION ALL SELECT unnest(resume_urls)
      UNION ALL SELECT c->>'value'
      FROM jsonb_array_elements(CASE WHEN jsonb_typeof(contacts) = 'array' THEN contacts ELSE '[]' END) c
      WHERE c->>'contact_type' NOT IN ('phone', 'whatsapp', 'viber')
    ) s
  ) x WHERE t <> ''
$$;--> statement-breakpoint
-- A word and its one-letter deletions ('петров' → петров, етров, птров, перов, петов, петрв, петро).
CREATE FUNCTION ats_word_deletions(word text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_prepend(word, coalesce(array_agg(DISTINCT overlay(word PLACING '' FROM i FOR 1)), '{}'))
  FROM generate_series(1, CASE WHEN length(word) >= 4 THEN length(word) ELSE 0 END) i
$$;--> statement-breakpoint
-- Its own search_path: an index expression is computed by CREATE INDEX and ANALYZE under a
-- restricted one, where the helpers it calls would not be found.
CREATE FUNCTION ats_name_typo_keys(last_name text, first_name text, middle_name text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path = public AS $$
  SELECT coalesce(array_to_tsvector(array_agg(DISTINCT k)), ''::tsvector)
  FROM regexp_split_to_table(ats_name_key(last_name, first_name, middle_name), '[^a-zа-я0-9]+') AS w(word)
  CROSS JOIN LATERAL unnest(ats_word_deletions(w.word)) AS k
  WHERE w.word <> ''
$$;--> statement-breakpoint
-- The query's words, each as itself or one of its deletions (in Cyrillic and in Latin), all words
-- required: matched against ats_name_typo_keys, one typo per word is forgiven. A word shorter than
-- four letters is a prefix, as in the exact stage.
CREATE FUNCTION ats_name_typo_tsquery(query text) RETURNS tsquery
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT nullif(string_agg('(' || (
      SELECT string_agg(DISTINCT CASE WHEN length(v) < 4 THEN quote_literal(k) || ':*' ELSE quote_literal(k) END, ' | ')
      FROM unnest(ARRAY[w.word, t.latin]) v CROSS JOIN LATERAL unnest(ats_word_deletions(v)) k
      WHERE k <> ''
    ) || ')', ' & '), '')::tsquery
  FROM regexp_split_to_table(ats_fold(query), '[^a-zа-я0-9]+') AS w(word)
  CROSS JOIN LATERAL (SELECT regexp_replace(ats_translit(w.word), '[^a-z0-9]+', '', 'g') AS latin) t
  WHERE w.word <> ''
$$;--> statement-breakpoint
-- LIKE patterns for a query that is a phone number or a fragment of one (4+ digits, nothing but
-- digits, spaces, brackets, dashes, dots and +), else none: its digits anywhere in a number
-- ('+7 916…' is 7916…, kept as such; '8 916…' and '916…' likewise), a ten-digit national number
-- with 7 in front.
CREATE FUNCTION ats_phone_query_patterns(query text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN btrim(query) !~ '^\+?[0-9 ().-]+$' OR length(d) < 4 THEN NULL
    WHEN d ~ '^9[0-9]{9}$' THEN ARRAY['%7' || d || '%']
    ELSE ARRAY['%' || d || '%']
  END
  FROM (SELECT regexp_replace(query, '[^0-9]', '', 'g') AS d) x
$$;--> statement-breakpoint
-- The LIKE pattern for a query that is a contact: one word with @, a dot, a slash, _ or a digit is
-- looked for inside every contact ('mail.ru', 'ivan.petrov', '@ivan_petrov', a résumé link); a plain
-- Latin word of 4+ letters only as a whole contact (a handle typed without @), since inside
-- e-mails it would meet every namesake's address.
CREATE FUNCTION ats_contact_query_pattern(query text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN q ~ '\s' OR length(q) < 3 THEN NULL
    WHEN btrim(query) ~ '^@' OR q ~ '[@./_:0-9-]' THEN '%' || e || '%'
    WHEN q ~ '^[a-z]{4,}$' THEN '% ' || e || ' %'
    ELSE NULL
  END
  FROM (SELECT ats_contact_token(query) AS q) x
  CROSS JOIN LATERAL (SELECT regexp_replace(q, '([\\%_])', '\\\1', 'g') AS e) y
$$;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "search_phones" text GENERATED ALWAYS AS (ats_applicant_phones(phone, contacts)) STORED;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "search_contacts" text GENERATED ALWAYS AS (ats_applicant_contacts(email, tg, skype, contacts, resume_urls)) STORED;--> statement-breakpoint
CREATE INDEX "applicants_search_phones_idx" ON "applicants" USING gin ("search_phones" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "applicants_search_contacts_idx" ON "applicants" USING gin ("search_contacts" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "applicants_name_typo_keys_idx" ON "applicants" USING gin (ats_name_typo_keys(last_name, first_name, middle_name));--> statement-breakpoint
-- Matches of a LIKE pattern on a contact column, read from its trigram index as a bitmap (at most
-- max_rows), or walking the newest applicants when newest is true (a common fragment).
CREATE FUNCTION ats_search_contact_matches(tenant integer, search_column text, p1 text, p2 text, max_rows integer)
RETURNS TABLE (id integer, created_at timestamptz)
LANGUAGE plpgsql STABLE SET enable_seqscan = off SET enable_indexscan = off SET work_mem = '64MB' AS $$
BEGIN
  IF search_column NOT IN ('search_phones', 'search_contacts') THEN
    RAISE EXCEPTION 'unknown search column %', search_column;
  END IF;
  RETURN QUERY EXECUTE format('
    SELECT a.id, a.created_at FROM applicants a
    WHERE a.account_id = $1 AND a.archived_at IS NULL AND (a.%1$I LIKE $2 OR a.%1$I LIKE $3)
    LIMIT $4', search_column)
    USING tenant, p1, p2, max_rows;
END $$;--> statement-breakpoint
CREATE FUNCTION ats_search_newest_contact_matches(tenant integer, search_column text, p1 text, p2 text, max_rows integer)
RETURNS TABLE (id integer, created_at timestamptz)
LANGUAGE plpgsql STABLE SET enable_bitmapscan = off SET enable_seqscan = off AS $$
BEGIN
  IF search_column NOT IN ('search_phones', 'search_contacts') THEN
    RAISE EXCEPTION 'unknown search column %', search_column;
  END IF;
  RETURN QUERY EXECUTE format('
    SELECT a.id, a.created_at FROM applicants a
    WHERE a.account_id = $1 AND a.archived_at IS NULL AND (a.%1$I LIKE $2 OR a.%1$I LIKE $3)
    ORDER BY a.created_at DESC NULLS LAST, a.id DESC NULLS LAST
    LIMIT $4', search_column)
    USING tenant, p1, p2, max_rows;
END $$;--> statement-breakpoint
-- Names one typo away, read from the typo-key index (at most max_rows, then ranked by the caller).
CREATE FUNCTION ats_search_typo_matches(tenant integer, typos tsquery, max_rows integer)
RETURNS TABLE (id integer, search_name text, created_at timestamptz)
LANGUAGE plpgsql STABLE SET enable_seqscan = off SET enable_indexscan = off SET work_mem = '64MB' AS $$
BEGIN
  RETURN QUERY EXECUTE '
    SELECT a.id, a.search_name, a.created_at FROM applicants a
    WHERE a.account_id = $1 AND a.archived_at IS NULL
      AND ats_name_typo_keys(a.last_name, a.first_name, a.middle_name) @@ $2
    LIMIT $3'
    USING tenant, typos, max_rows;
END $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION ats_search_contact_matches(integer, text, text, text, integer) FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION ats_search_newest_contact_matches(integer, text, text, text, integer) FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION ats_search_typo_matches(integer, tsquery, integer) FROM PUBLIC;--> statement-breakpoint
-- Contacts as a stage before the name: a phone or an e-mail names one person, so its hits rank
-- first. Otherwise as 0015; the fuzzy stage now adds the typo keys' hits to the trigrams'.
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
  p1 text; p2 text;
  ids integer[];
  n integer;
BEGIN
  IF phone_patterns IS NOT NULL THEN
    contact_column := 'search_phones';
    p1 := phone_patterns[1];
    p2 := coalesce(phone_patterns[2], p1);
  ELSIF contact_pattern IS NOT NULL THEN
    contact_column := 'search_contacts';
    p1 := contact_pattern;
    p2 := contact_pattern;
  END IF;
  IF contact_column IS NOT NULL THEN
    SELECT array_agg(m.id), array_agg(m.created_at) INTO contact_ids, contact_times
      FROM ats_search_contact_matches(tenant, contact_column, p1, p2, sample + 1) m;
    contact_common := coalesce(cardinality(contact_ids), 0) > sample;
    IF contact_common THEN
      SELECT array_agg(m.id), array_agg(m.created_at) INTO contact_ids, contact_times
        FROM ats_search_newest_contact_matches(tenant, contact_column, p1, p2, max_hits) m;
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
  IF n = 0 THEN
    -- Nothing exact: names one typo away (the typo keys) and names alike by trigrams (a name in
    -- the other alphabet, or two letters off), ranked by trigram similarity.
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
-- stages as the page.
CREATE OR REPLACE FUNCTION applicant_search_ids(query text)
RETURNS TABLE (applicant_id integer)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public AS $$
DECLARE
  tenant integer := nullif(current_setting('app.account_id', true), '')::integer;
  names tsquery := ats_name_tsquery(query);
  words tsquery := websearch_to_tsquery('russian', query);
  phone_patterns text[] := ats_phone_query_patterns(query);
  contact_pattern text := ats_contact_query_pattern(query);
  typos tsquery;
  found integer;
BEGIN
  RETURN QUERY
  SELECT a.id FROM applicants a WHERE a.account_id = tenant AND a.search_name_words @@ names
  UNION
  SELECT a.id FROM applicants a WHERE a.account_id = tenant AND a.search_document @@ words
  UNION
  SELECT a.id FROM applicants a WHERE phone_patterns IS NOT NULL AND a.account_id = tenant
    AND (a.search_phones LIKE phone_patterns[1] OR a.search_phones LIKE coalesce(phone_patterns[2], phone_patterns[1]))
  UNION
  SELECT a.id FROM applicants a WHERE contact_pattern IS NOT NULL AND a.account_id = tenant
    AND a.search_contacts LIKE contact_pattern;
  GET DIAGNOSTICS found = ROW_COUNT;
  IF found = 0 THEN
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
-- Phones stored as typed become E.164 where the text is surely one phone number (the rules of
-- phoneToE164 in packages/contracts/src/phone.ts); anything else stays as it was typed.
CREATE FUNCTION pg_temp.ats_phone_e164(raw text) RETURNS text
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  t text := btrim(raw);
  d text;
  international boolean;
  e text;
BEGIN
  IF t IS NULL OR t !~* '^(tel:)?\s*\+?[0-9\s().-]+$' THEN RETURN NULL; END IF;
  d := regexp_replace(t, '[^0-9]', '', 'g');
  international := regexp_replace(t, '^tel:\s*', '', 'i') LIKE '+%';
  IF NOT international AND d LIKE '00%' THEN
    international := true;
    d := substr(d, 3);
  END IF;
  IF length(d) < 10 OR length(d) > 15 THEN RETURN NULL; END IF;
  IF length(d) = 11 AND left(d, 1) IN ('7', '8') THEN
    IF international AND left(d, 1) = '8' AND substr(d, 2, 1) <> '9' THEN RETURN NULL; END IF;
    e := '7' || substr(d, 2);
  ELSIF length(d) = 10 AND NOT international THEN
    e := '7' || d;
  ELSIF international AND length(d) >= 11 THEN
    e := d;
  ELSE
    RETURN NULL;
  END IF;
  IF left(e, 1) = '7' AND (length(e) <> 11 OR substr(e, 2, 1) !~ '[34789]') THEN RETURN NULL; END IF;
  IF substr(e, 2) ~ '^([0-9])\1+$' THEN RETURN NULL; END IF;
  RETURN '+' || e;
END $$;--> statement-breakpoint
UPDATE applicants SET phone = pg_temp.ats_phone_e164(phone)
WHERE pg_temp.ats_phone_e164(phone) IS DISTINCT FROM phone AND pg_temp.ats_phone_e164(phone) IS NOT NULL;--> statement-breakpoint
UPDATE applicants SET contacts = (
  SELECT jsonb_agg(CASE
    WHEN c->>'contact_type' IN ('phone', 'whatsapp', 'viber') AND pg_temp.ats_phone_e164(c->>'value') IS NOT NULL
      THEN jsonb_set(c, '{value}', to_jsonb(pg_temp.ats_phone_e164(c->>'value')))
    ELSE c END ORDER BY o)
  FROM jsonb_array_elements(contacts) WITH ORDINALITY AS x(c, o))
WHERE jsonb_typeof(contacts) = 'array' AND EXISTS (
  SELECT 1 FROM jsonb_array_elements(contacts) c
  WHERE c->>'contact_type' IN ('phone', 'whatsapp', 'viber')
    AND pg_temp.ats_phone_e164(c->>'value') IS DISTINCT FROM c->>'value'
    AND pg_temp.ats_phone_e164(c->>'value') IS NOT NULL);--> statement-breakpoint
ANALYZE applicants;
