-- Issue 13: analytics reads the transition log by period for the whole company (or a division's
-- vacancies), not by vacancy or application as the board does. Measured with `npm run bench --
-- analytics` (1M applicants, 5M transitions; decision 0034). The columns the reports read are key
-- columns of the indexes, so a period is answered by an index-only scan (the log is append-only:
-- the visibility map stays set), and every comparison is LEAKPROOF, so row-level security keeps
-- the indexes usable.
-- The period of everything: counts, by period, per vacancy, per recruiter, hires by stage.
CREATE INDEX "application_transitions_period_idx" ON "application_transitions" USING btree ("account_id","moved_at","kind","to_status_id","vacancy_id","applicant_id","moved_by");--> statement-breakpoint
-- The cohort: applications placed on their first stage in the period (with what the
-- «first placement» test and the per-vacancy and per-recruiter reports read of them).
CREATE INDEX "application_transitions_placed_idx" ON "application_transitions" USING btree ("account_id","moved_at","vacancy_id","application_id","applicant_id","moved_by","id") WHERE "kind" = 'place';--> statement-breakpoint
-- Rejections and refusals by reason.
CREATE INDEX "application_transitions_rejections_idx" ON "application_transitions" USING btree ("account_id","moved_at","kind","reason_id","vacancy_id","applicant_id") WHERE "kind" IN ('reject', 'refuse');--> statement-breakpoint
-- How far each application of a cohort got and how long it stayed: its transitions in order with
-- their stage and kind, without the heap. Same leading columns as before, so the board and the
-- history read it as they read the old one.
DROP INDEX "application_transitions_application_idx";--> statement-breakpoint
CREATE INDEX "application_transitions_application_idx" ON "application_transitions" USING btree ("account_id","application_id","moved_at","id","kind","to_status_id");
