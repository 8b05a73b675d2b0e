-- Issue 20, item 12: an import asks what to do with rows matching applicants already in the base.
-- match_actions: {"on_match": "merge"|"skip"|"create", "rows": {"<line>": {"action", "applicant_id"}}};
-- null for imports started without it (every row created, as before).
ALTER TABLE "applicant_imports" ADD COLUMN "match_actions" jsonb;--> statement-breakpoint
ALTER TABLE "applicant_imports" ADD COLUMN "merged" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "applicant_imports" ADD COLUMN "skipped" integer DEFAULT 0 NOT NULL;
