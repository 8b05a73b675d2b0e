-- Issue 22, decision 0074: e-mail and phone fragments at 1,000,000 applicants.
-- The contact stage of the search box read its bitmap of trigram candidates from `applicants`:
-- every candidate the trigrams could not rule out ('m.pok': 4,297 candidates for 133 matches) was
-- rechecked on a heap page of a wide row (~1.8 kB). `applicant_contact_keys` holds the contact
-- keys alone, one narrow row per active applicant (about 60 to a page), with their own trigram
-- indexes: the stage reads and rechecks these instead. The newest walk of a common fragment stays
-- on the covering btree of 0085 (index-only).
--
-- The e-mail key is kept with its punctuation turned into letters (ats_contact_trigram_key):
-- pg_trgm splits words at every character that is not a letter or a digit, so '%m.pok%' was
-- asked as the words 'm' and 'pok' (any e-mail with a word starting with 'pok' and an 'm' was a
-- candidate); on 'mQpok' its trigrams span the dot and name almost only the real matches.
--
-- Kept by statement triggers on `applicants` in the writer's own statement (every writer: the
-- API, imports, merges, job-site responses, restores, SQL), so the two can never disagree: a row
-- for every applicant that is not archived and has a contact key, with its created_at and both
-- keys (an applicant without any matches no fragment: a pattern has at least three characters).
CREATE TABLE "applicant_contact_keys" (
	"account_id" integer NOT NULL,
	"applicant_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"contacts_key" text,
	"phones_key" text
);--> statement-breakpoint
-- search_contacts is lower case (ats_contact_token), so no upper-case letter is in it: turning
-- each of these marks into its own upper-case letter, in the key and in the literal characters of
-- a pattern alike, changes no answer of LIKE (a '\_' of an escaped pattern stays a literal 'X'; '%'
-- and '\' are left alone), while pg_trgm, which folds case, reads them as parts of the word.
CREATE FUNCTION ats_contact_trigram_key(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate(value, '.@-_:/+', 'QWYXZVP')
$$;--> statement-breakpoint
ALTER TABLE "applicant_contact_keys" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "applicant_contact_keys_tenant_isolation" ON "applicant_contact_keys" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
-- One statement per writer's statement (not per row): the rows it inserted, the rows whose keys,
-- creation time or archive state it changed, the rows it deleted.
CREATE FUNCTION ats_applicant_contact_keys_write() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO applicant_contact_keys (account_id, applicant_id, created_at, contacts_key, phones_key)
    SELECT n.account_id, n.id, n.created_at, ats_contact_trigram_key(n.search_contacts), n.search_phones
    FROM new_rows n
    WHERE n.archived_at IS NULL AND (coalesce(n.search_contacts, '') <> '' OR coalesce(n.search_phones, '') <> '');
  ELSIF TG_OP = 'UPDATE' THEN
    -- Most edits leave the keys alone (a name, a salary, a recruiter): then nothing
    -- is written, and no change of this table is announced.
    IF EXISTS (
      SELECT 1 FROM new_rows n JOIN old_rows o ON o.account_id = n.account_id AND o.id = n.id
      WHERE (o.archived_at IS NULL) <> (n.archived_at IS NULL)
         OR o.created_at IS DISTINCT FROM n.created_at
         OR o.search_contacts IS DISTINCT FROM n.search_contacts
         OR o.search_phones IS DISTINCT FROM n.search_phones
    ) THEN
      WITH changed AS (
        SELECT n.account_id, n.id, n.created_at, n.search_contacts, n.search_phones,
               n.archived_at IS NULL
                 AND (coalesce(n.search_contacts, '') <> '' OR coalesce(n.search_phones, '') <> '') AS kept
        FROM new_rows n JOIN old_rows o ON o.account_id = n.account_id AND o.id = n.id
        WHERE (o.archived_at IS NULL) <> (n.archived_at IS NULL)
           OR o.created_at IS DISTINCT FROM n.created_at
           OR o.search_contacts IS DISTINCT FROM n.search_contacts
           OR o.search_phones IS DISTINCT FROM n.search_phones
      ), gone AS (
        DELETE FROM applicant_contact_keys k USING changed c
        WHERE NOT c.kept AND k.account_id = c.account_id AND k.applicant_id = c.id
      )
      INSERT INTO applicant_contact_keys AS k (account_id, applicant_id, created_at, contacts_key, phones_key)
      SELECT c.account_id, c.id, c.created_at, ats_contact_trigram_key(c.search_contacts), c.search_phones
      FROM changed c WHERE c.kept
      ON CONFLICT (account_id, applicant_id) DO UPDATE SET
        created_at = excluded.created_at,
        contacts_key = excluded.contacts_key,
        phones_key = excluded.phones_key;
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM applicant_contact_keys k USING old_rows o
    WHERE k.account_id = o.account_id AND k.applicant_id = o.id;
  ELSE
    TRUNCATE applicant_contact_keys;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Created before the fill: CREATE TRIGGER locks `applicants` against writes until this migration
-- commits, so no write falls between the fill's snapshot and the triggers.
CREATE TRIGGER "applicants_contact_keys_i" AFTER INSERT ON "applicants" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ats_applicant_contact_keys_write();--> statement-breakpoint
CREATE TRIGGER "applicants_contact_keys_u" AFTER UPDATE ON "applicants" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ats_applicant_contact_keys_write();--> statement-breakpoint
CREATE TRIGGER "applicants_contact_keys_d" AFTER DELETE ON "applicants" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ats_applicant_contact_keys_write();--> statement-breakpoint
CREATE TRIGGER "applicants_contact_keys_t" AFTER TRUNCATE ON "applicants" FOR EACH STATEMENT EXECUTE FUNCTION ats_applicant_contact_keys_write();--> statement-breakpoint
INSERT INTO applicant_contact_keys (account_id, applicant_id, created_at, contacts_key, phones_key)
SELECT a.account_id, a.id, a.created_at, ats_contact_trigram_key(a.search_contacts), a.search_phones
FROM applicants a
WHERE a.archived_at IS NULL AND (coalesce(a.search_contacts, '') <> '' OR coalesce(a.search_phones, '') <> '');--> statement-breakpoint
-- Its rows belong to applicants: the changes name them, as 0061 does for such tables (made after
-- the fill, which no answer has seen yet).
CREATE TRIGGER "applicant_contact_keys_data_notify_i" AFTER INSERT ON "applicant_contact_keys" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change('applicant_id');--> statement-breakpoint
CREATE TRIGGER "applicant_contact_keys_data_notify_u" AFTER UPDATE ON "applicant_contact_keys" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change('applicant_id');--> statement-breakpoint
CREATE TRIGGER "applicant_contact_keys_data_notify_d" AFTER DELETE ON "applicant_contact_keys" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change('applicant_id');--> statement-breakpoint
CREATE TRIGGER "applicant_contact_keys_data_notify_t" AFTER TRUNCATE ON "applicant_contact_keys" FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change();--> statement-breakpoint
ALTER TABLE "applicant_contact_keys" ADD CONSTRAINT "applicant_contact_keys_pk" PRIMARY KEY ("account_id", "applicant_id");--> statement-breakpoint
ALTER TABLE "applicant_contact_keys" ADD CONSTRAINT "applicant_contact_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applicant_contact_keys_contacts_idx" ON "applicant_contact_keys" USING gin ("contacts_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "applicant_contact_keys_phones_idx" ON "applicant_contact_keys" USING gin ("phones_key" gin_trgm_ops);--> statement-breakpoint
-- The planner's estimate of a fragment (ats_search_contact_estimate) reads these, as 0071 set on
-- the applicants' keys.
ALTER TABLE applicant_contact_keys ALTER COLUMN phones_key SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE applicant_contact_keys ALTER COLUMN contacts_key SET STATISTICS 1000;--> statement-breakpoint
ANALYZE applicant_contact_keys;--> statement-breakpoint
-- As 0071, on the narrow rows (the same active applicants, the same keys; the e-mail pattern
-- turned as its key is).
CREATE OR REPLACE FUNCTION ats_search_contact_estimate(tenant integer, search_column text, pattern text)
RETURNS bigint
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  plan json;
BEGIN
  IF search_column NOT IN ('search_phones', 'search_contacts') THEN
    RAISE EXCEPTION 'unknown search column %', search_column;
  END IF;
  EXECUTE format('EXPLAIN (FORMAT JSON) SELECT 1 FROM applicant_contact_keys k '
    'WHERE k.account_id = $1 AND k.%I LIKE $2',
    CASE search_column WHEN 'search_contacts' THEN 'contacts_key' ELSE 'phones_key' END)
    INTO plan USING tenant,
      CASE search_column WHEN 'search_contacts' THEN ats_contact_trigram_key(pattern) ELSE pattern END;
  RETURN (plan->0->'Plan'->>'Plan Rows')::bigint;
END $$;--> statement-breakpoint
-- As 0071, the bitmap of trigram candidates read and rechecked on the narrow rows. `pattern` is
-- a LIKE pattern whose literal '%', '_' and '\' are escaped (ats_contact_query_pattern,
-- ats_phone_query_patterns).
CREATE OR REPLACE FUNCTION ats_search_contact_hits(tenant integer, search_column text, pattern text, max_rows integer)
RETURNS TABLE (id integer, created_at timestamptz)
LANGUAGE plpgsql STABLE SET enable_seqscan = off SET enable_indexscan = off SET work_mem = '64MB' AS $$
BEGIN
  IF search_column NOT IN ('search_phones', 'search_contacts') THEN
    RAISE EXCEPTION 'unknown search column %', search_column;
  END IF;
  RETURN QUERY EXECUTE format('
    SELECT k.applicant_id, k.created_at FROM applicant_contact_keys k
    WHERE k.account_id = $1 AND k.%1$I LIKE $2
    LIMIT $3', CASE search_column WHEN 'search_contacts' THEN 'contacts_key' ELSE 'phones_key' END)
    USING tenant,
      CASE search_column WHEN 'search_contacts' THEN ats_contact_trigram_key(pattern) ELSE pattern END,
      max_rows;
END $$;
