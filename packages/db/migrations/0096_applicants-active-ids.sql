-- Issue 19, decision 0085: the list filtered by a tag at 1,000,000 applicants.
-- Its count joined every tag link to the account's active applicants, which the planner did by
-- scanning all of them; it is now the tag's applicants less the archived ones among them, and the
-- archive's partial index carries the ids for that join. A page read from a tag's few applicants
-- probes each for its creation time: the active applicants' ids with created_at, index-only once
-- the table is vacuumed, answer it without the wide heap rows.
CREATE INDEX "applicants_active_id_idx" ON "applicants" USING btree ("account_id","id") INCLUDE ("created_at") WHERE archived_at IS NULL;--> statement-breakpoint
DROP INDEX "applicants_archived_idx";--> statement-breakpoint
CREATE INDEX "applicants_archived_idx" ON "applicants" USING btree ("account_id","id") WHERE archived_at is not null;
