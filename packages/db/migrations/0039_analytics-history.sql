-- Analytics (issue 13, decision 0032): deleting an applicant no longer erases the past. The
-- transition log keeps its rows (the applicant id becomes a plain number, like the stage ids), and
-- a tombstone without personal data remembers when the applicant came in, so the counts of past
-- periods stay as they were.
ALTER TABLE "application_transitions" DROP CONSTRAINT "application_transitions_account_id_applicant_id_applicants_account_id_id_fk";--> statement-breakpoint
CREATE TABLE "analytics_deleted_applicants" (
	"account_id" integer NOT NULL,
	"applicant_id" integer NOT NULL,
	"account_source_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analytics_deleted_applicants_account_id_applicant_id_pk" PRIMARY KEY("account_id","applicant_id")
);--> statement-breakpoint
ALTER TABLE "analytics_deleted_applicants" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "analytics_deleted_applicants" ADD CONSTRAINT "analytics_deleted_applicants_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_deleted_applicants_created_idx" ON "analytics_deleted_applicants" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE POLICY "analytics_deleted_applicants_tenant_isolation" ON "analytics_deleted_applicants" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE TRIGGER "analytics_deleted_applicants_data_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "analytics_deleted_applicants" FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change();
