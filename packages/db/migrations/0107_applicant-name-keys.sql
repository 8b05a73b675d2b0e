-- Issue 19, decision 0097: names in the search box at 1,000,000 applicants, the heap they read.
-- The name sample (ats_search_name_matches, up to 5,001 matches of a surname) found its matches
-- on the account-led names index (0103), then read each on a heap page of a wide `applicants` row
-- (~1.9 kB, about four to a page): for a common surname 5,000 pages, most of them outside shared
-- buffers, 50–120 ms at 1M. `applicant_name_keys` holds the names' words alone, one narrow row
-- per active applicant who has a name (about 50 to a page), with its own account-led index: the
-- sample reads and rechecks these instead. The estimate that chooses between the sample and the
-- newest walk, and the walk itself, still read `applicants`, so every choice and answer is the same.
--
-- The words are kept without their positions (strip): the name queries (ats_name_tsquery,
-- ats_name_exact_tsquery) are words and prefixes joined by & and |, never phrases, so they match a
-- stripped vector as they match the whole one, and a row is 20 bytes narrower.
--
-- The e-mail fragments' candidates (ats_search_contact_hits) come from a trigram index of every
-- account's keys: the bitmap held the other accounts' matches too, and the heap scan, in block
-- order, read them first and dropped them (for 'yuliya.' 5,474 pages read to keep 1,001 rows, 6,882
-- of other accounts). Its index now leads with the account (btree_gin, as 0101 and 0103 did for
-- résumés and names): the same rows of the account, so the same sample (all of them, or more than
-- the list counts, then the newest walk), only without the others' pages.
--
-- Kept, as the contact keys are (0090), by statement triggers on `applicants` in the writer's own
-- statement: a row for every applicant that is not archived and has a name word, with its
-- created_at. The fill goes in the order of the account and the name key, so that the people of
-- one surname share pages; rows written later go where there is room.
CREATE TABLE "applicant_name_keys" (
	"account_id" integer NOT NULL,
	"applicant_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"name_words" tsvector NOT NULL
);--> statement-breakpoint
ALTER TABLE "applicant_name_keys" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "applicant_name_keys_tenant_isolation" ON "applicant_name_keys" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
-- One statement per writer's statement (not per row): the rows it inserted, the rows whose name,
-- creation time or archive state it changed, the rows it deleted.
CREATE FUNCTION ats_applicant_name_keys_write() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO applicant_name_keys (account_id, applicant_id, created_at, name_words)
    SELECT n.account_id, n.id, n.created_at, strip(n.search_name_words)
    FROM new_rows n
    WHERE n.archived_at IS NULL AND coalesce(length(n.search_name_words), 0) > 0;
  ELSIF TG_OP = 'UPDATE' THEN
    -- Most edits leave the name alone (a contact, a salary, a recruiter): then nothing is
    -- written, and no change of this table is announced.
    IF EXISTS (
      SELECT 1 FROM new_rows n JOIN old_rows o ON o.account_id = n.account_id AND o.id = n.id
      WHERE (o.archived_at IS NULL) <> (n.archived_at IS NULL)
         OR o.created_at IS DISTINCT FROM n.created_at
         OR o.search_name_words IS DISTINCT FROM n.search_name_words
    ) THEN
      WITH changed AS (
        SELECT n.account_id, n.id, n.created_at, n.search_name_words,
               n.archived_at IS NULL AND coalesce(length(n.search_name_words), 0) > 0 AS kept
        FROM new_rows n JOIN old_rows o ON o.account_id = n.account_id AND o.id = n.id
        WHERE (o.archived_at IS NULL) <> (n.archived_at IS NULL)
           OR o.created_at IS DISTINCT FROM n.created_at
           OR o.search_name_words IS DISTINCT FROM n.search_name_words
      ), gone AS (
        DELETE FROM applicant_name_keys k USING changed c
        WHERE NOT c.kept AND k.account_id = c.account_id AND k.applicant_id = c.id
      )
      INSERT INTO applicant_name_keys AS k (account_id, applicant_id, created_at, name_words)
      SELECT c.account_id, c.id, c.created_at, strip(c.search_name_words)
      FROM changed c WHERE c.kept
      ON CONFLICT (account_id, applicant_id) DO UPDATE SET
        created_at = excluded.created_at,
        name_words = excluded.name_words;
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM applicant_name_keys k USING old_rows o
    WHERE k.account_id = o.account_id AND k.applicant_id = o.id;
  ELSE
    TRUNCATE applicant_name_keys;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- The key before the fill: the triggers' ON CONFLICT needs it. Created before the fill, the
-- triggers lock `applicants` against writes until this migration commits, so no write falls
-- between the fill's snapshot and them.
ALTER TABLE "applicant_name_keys" ADD CONSTRAINT "applicant_name_keys_pk" PRIMARY KEY ("account_id", "applicant_id");--> statement-breakpoint
CREATE TRIGGER "applicants_name_keys_i" AFTER INSERT ON "applicants" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ats_applicant_name_keys_write();--> statement-breakpoint
CREATE TRIGGER "applicants_name_keys_u" AFTER UPDATE ON "applicants" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ats_applicant_name_keys_write();--> statement-breakpoint
CREATE TRIGGER "applicants_name_keys_d" AFTER DELETE ON "applicants" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ats_applicant_name_keys_write();--> statement-breakpoint
CREATE TRIGGER "applicants_name_keys_t" AFTER TRUNCATE ON "applicants" FOR EACH STATEMENT EXECUTE FUNCTION ats_applicant_name_keys_write();--> statement-breakpoint
INSERT INTO applicant_name_keys (account_id, applicant_id, created_at, name_words)
SELECT a.account_id, a.id, a.created_at, strip(a.search_name_words)
FROM applicants a
WHERE a.archived_at IS NULL AND coalesce(length(a.search_name_words), 0) > 0
ORDER BY a.account_id, a.search_name;--> statement-breakpoint
-- Its rows belong to applicants: the changes name them, as 0061 does for such tables (made after
-- the fill, which no answer has seen yet).
CREATE TRIGGER "applicant_name_keys_data_notify_i" AFTER INSERT ON "applicant_name_keys" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change('applicant_id');--> statement-breakpoint
CREATE TRIGGER "applicant_name_keys_data_notify_u" AFTER UPDATE ON "applicant_name_keys" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change('applicant_id');--> statement-breakpoint
CREATE TRIGGER "applicant_name_keys_data_notify_d" AFTER DELETE ON "applicant_name_keys" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change('applicant_id');--> statement-breakpoint
CREATE TRIGGER "applicant_name_keys_data_notify_t" AFTER TRUNCATE ON "applicant_name_keys" FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change();--> statement-breakpoint
ALTER TABLE "applicant_name_keys" ADD CONSTRAINT "applicant_name_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applicant_name_keys_words_idx" ON "applicant_name_keys" USING gin ("account_id","name_words");--> statement-breakpoint
ANALYZE applicant_name_keys;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "applicant_contact_keys_account_contacts_idx" ON "applicant_contact_keys" USING gin ("account_id","contacts_key" gin_trgm_ops);--> statement-breakpoint
DROP INDEX IF EXISTS "applicant_contact_keys_contacts_idx";--> statement-breakpoint
-- The sample of an account's name matches (0015) on the narrow rows: the same active applicants,
-- the same words, so the same matches (in another order, which the page does not depend on: up to
-- 5,000 are all ranked, above that the newest walk decides).
CREATE OR REPLACE FUNCTION ats_search_name_matches(tenant integer, names tsquery, exact tsquery, max_rows integer)
RETURNS TABLE (id integer, is_exact boolean, created_at timestamptz)
LANGUAGE plpgsql STABLE SET enable_seqscan = off SET enable_indexscan = off SET work_mem = '64MB' AS $$
BEGIN
  RETURN QUERY EXECUTE '
    SELECT k.applicant_id, coalesce(k.name_words @@ $3, false), k.created_at FROM applicant_name_keys k
    WHERE k.account_id = $1 AND k.name_words @@ $2
    LIMIT $4'
    USING tenant, names, exact, max_rows;
END $$;
