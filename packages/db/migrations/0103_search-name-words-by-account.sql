-- Issue 19, decision 0094: names in the search box at 1,000,000 applicants.
-- Since 0101 the full-text index of résumés leads with the account (btree_gin), and the planner
-- took that index's account_id = tenant as a second bitmap for the name stage: the name sample
-- (ats_search_name_matches) ANDed the names' bitmap with a bitmap of every applicant of the
-- account (200,000 entries for the big account of the 200k team base, 71 ms before a heap page
-- was read; at 1M five times larger). The names' index now leads with the account too, so one
-- index scan yields the account's matching names alone. The same answers: the stage reads the same
-- rows, only from one index instead of two.
CREATE INDEX IF NOT EXISTS "applicants_account_name_words_idx" ON "applicants" USING gin ("account_id","search_name_words");--> statement-breakpoint
DROP INDEX IF EXISTS "applicants_search_name_words_idx";
