-- SPEC.md §3 «Icon choice»: tags, stages, résumé sources and divisions may each carry one of the
-- 98 named icons (the list is packages/contracts/src/icons.ts; the API refuses any other name).
-- Null is no icon, as every existing row starts. The length check only keeps out what no name of
-- the list could be.
ALTER TABLE "tags" ADD COLUMN "icon" text;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_icon_length_check" CHECK (char_length(icon) <= 40);--> statement-breakpoint
ALTER TABLE "statuses" ADD COLUMN "icon" text;--> statement-breakpoint
ALTER TABLE "statuses" ADD CONSTRAINT "statuses_icon_length_check" CHECK (char_length(icon) <= 40);--> statement-breakpoint
ALTER TABLE "account_sources" ADD COLUMN "icon" text;--> statement-breakpoint
ALTER TABLE "account_sources" ADD CONSTRAINT "account_sources_icon_length_check" CHECK (char_length(icon) <= 40);--> statement-breakpoint
ALTER TABLE "account_divisions" ADD COLUMN "icon" text;--> statement-breakpoint
ALTER TABLE "account_divisions" ADD CONSTRAINT "account_divisions_icon_length_check" CHECK (char_length(icon) <= 40);
