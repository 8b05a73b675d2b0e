-- Issue 17: the list of hiring requests at 10,000 rows within p95 30 ms (decision 0031). Every
-- list is counted and paged on one index each, without reading the table: the index of each
-- filter (none, state, author, division, template) is ordered like the list (newest first, id
-- as the tie-break, so a deep OFFSET walks index entries only) and carries the columns of the
-- other filters and of the visibility rules (state, author, division, template, the users on the
-- route), so any combination is an index-only scan. The state index also carries
-- `current_approver_ids`: «на моём согласовании» scans the account's pending requests there.
-- The division index stays whole (not partial): clearing a removed division reads it for
-- deleted requests too, so it carries `deleted_at`.
DROP INDEX "vacancy_applications_list_idx";--> statement-breakpoint
CREATE INDEX "vacancy_applications_list_idx" ON "vacancy_applications" USING btree ("account_id","created_at" DESC,"id" DESC) INCLUDE ("state","author_id","account_division_id","template_id","route_user_ids") WHERE "deleted_at" IS NULL;--> statement-breakpoint
DROP INDEX "vacancy_applications_author_idx";--> statement-breakpoint
CREATE INDEX "vacancy_applications_author_idx" ON "vacancy_applications" USING btree ("account_id","author_id","created_at" DESC,"id" DESC) INCLUDE ("state","account_division_id","template_id","route_user_ids") WHERE "deleted_at" IS NULL;--> statement-breakpoint
DROP INDEX "vacancy_applications_state_idx";--> statement-breakpoint
CREATE INDEX "vacancy_applications_state_idx" ON "vacancy_applications" USING btree ("account_id","state","created_at" DESC,"id" DESC) INCLUDE ("author_id","account_division_id","template_id","route_user_ids","current_approver_ids") WHERE "deleted_at" IS NULL;--> statement-breakpoint
DROP INDEX "vacancy_applications_division_idx";--> statement-breakpoint
CREATE INDEX "vacancy_applications_division_idx" ON "vacancy_applications" USING btree ("account_id","account_division_id","created_at" DESC,"id" DESC) INCLUDE ("deleted_at","state","author_id","template_id","route_user_ids");--> statement-breakpoint
DROP INDEX "vacancy_applications_template_idx";--> statement-breakpoint
CREATE INDEX "vacancy_applications_template_idx" ON "vacancy_applications" USING btree ("account_id","template_id","created_at" DESC,"id" DESC) INCLUDE ("state","author_id","account_division_id","route_user_ids") WHERE "deleted_at" IS NULL;--> statement-breakpoint
-- The search: the trigram index on the lower-cased position, and the id function matching it with
-- LIKE on lower-cased text (ILIKE lower-cases each candidate on every call, ~3× the cost).
DROP INDEX "vacancy_applications_position_trgm_idx";--> statement-breakpoint
CREATE INDEX "vacancy_applications_position_trgm_idx" ON "vacancy_applications" USING gin (lower("position") gin_trgm_ops);--> statement-breakpoint
CREATE OR REPLACE FUNCTION vacancy_application_position_ids(pattern text)
RETURNS SETOF integer
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT r.id FROM vacancy_applications r
  WHERE r.account_id = nullif(current_setting('app.account_id', true), '')::integer
    AND r.deleted_at IS NULL
    AND lower(r.position) LIKE lower(pattern)
$$;--> statement-breakpoint
-- «На моём согласовании» reads the state index now (above); its id function is no longer called.
DROP FUNCTION vacancy_application_awaiting_ids(integer);
