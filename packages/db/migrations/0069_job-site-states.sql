-- Issue 16, fourth slice (decision 0054): states out and webhooks. `job_site_stage_states` maps a
-- stage (a funnel's, or a vacancy's own) to the site state it means (`invitation`, `discard`, or
-- `none`) with the default message; without a row the default applies (a reject stage means
-- discard, an «Интервью»-type stage invitation). `job_site_state_changes` is the outbox of state
-- changes to send: written in the move's transaction, sent by a job after the commit, retried with
-- back-off, its result shown on the applicant's card. `webhook_token` is the unguessable part of a
-- connection's webhook URL; `job_site_webhook_deliveries` keeps delivery ids seen (409 on a repeat).
CREATE TABLE "job_site_stage_states" (
	"account_id" integer NOT NULL,
	"site" text NOT NULL,
	"status_id" integer NOT NULL,
	"state" text NOT NULL,
	"message" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_site_stage_states_account_id_site_status_id_pk" PRIMARY KEY("account_id","site","status_id"),
	CONSTRAINT "job_site_stage_states_state_check" CHECK ("state" in ('none', 'invitation', 'discard'))
);
--> statement-breakpoint
CREATE TABLE "job_site_state_changes" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "job_site_state_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"response_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"applicant_id" integer NOT NULL,
	"site" text NOT NULL,
	"state" text NOT NULL,
	"message" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_site_state_changes_account_id_id_pk" PRIMARY KEY("account_id","id"),
	CONSTRAINT "job_site_state_changes_status_check" CHECK ("status" in ('queued', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "job_site_webhook_deliveries" (
	"account_id" integer NOT NULL,
	"connection_id" integer NOT NULL,
	"delivery_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_site_webhook_deliveries_account_id_connection_id_delivery_id_pk" PRIMARY KEY("account_id","connection_id","delivery_id")
);
--> statement-breakpoint
ALTER TABLE "job_site_connections" ADD COLUMN "webhook_token" text;--> statement-breakpoint
ALTER TABLE "job_site_stage_states" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "job_site_state_changes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "job_site_webhook_deliveries" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "job_site_stage_states" ADD CONSTRAINT "job_site_stage_states_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_site_state_changes" ADD CONSTRAINT "job_site_state_changes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_site_webhook_deliveries" ADD CONSTRAINT "job_site_webhook_deliveries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_site_webhook_deliveries" ADD CONSTRAINT "job_site_webhook_deliveries_connection_fk" FOREIGN KEY ("account_id","connection_id") REFERENCES "public"."job_site_connections"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_site_state_changes_applicant_idx" ON "job_site_state_changes" USING btree ("account_id","applicant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "job_site_connections_webhook_token_key" ON "job_site_connections" USING btree ("webhook_token");--> statement-breakpoint
CREATE POLICY "job_site_stage_states_tenant_isolation" ON "job_site_stage_states" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "job_site_state_changes_tenant_isolation" ON "job_site_state_changes" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "job_site_webhook_deliveries_tenant_isolation" ON "job_site_webhook_deliveries" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE TRIGGER "job_site_stage_states_data_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "job_site_stage_states" FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change();--> statement-breakpoint
CREATE TRIGGER "job_site_state_changes_data_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "job_site_state_changes" FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change();
--> statement-breakpoint
CREATE TRIGGER "job_site_webhook_deliveries_data_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "job_site_webhook_deliveries" FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change();
