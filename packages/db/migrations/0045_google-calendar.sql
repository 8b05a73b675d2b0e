-- Issue 15: Google Calendar per user (decision 0038). `google_connections` is one user's link to
-- their Google account: the tokens encrypted at rest (platform/secrets.ts), the chosen calendar,
-- the incremental sync token and the push channel; `google_event_links` says which Google event
-- stands for which of our events in that user's calendar (both directions of the sync find each
-- other through it). The module `google-calendar` owns both tables.
CREATE TABLE "google_connections" (
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"google_email" text,
	"access_token" text NOT NULL,
	"refresh_token" text,
	"access_expires_at" timestamp with time zone NOT NULL,
	"calendar_id" text,
	"calendar_summary" text,
	"sync_token" text,
	"channel_id" text,
	"channel_resource_id" text,
	"channel_token" text,
	"channel_expires_at" timestamp with time zone,
	"last_synced_at" timestamp with time zone,
	"last_error" text,
	"retry_after" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "google_connections_account_id_user_id_pk" PRIMARY KEY("account_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "google_event_links" (
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"google_event_id" text NOT NULL,
	"etag" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "google_event_links_account_id_user_id_event_id_pk" PRIMARY KEY("account_id","user_id","event_id")
);
--> statement-breakpoint
ALTER TABLE "google_connections" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "google_event_links" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "google_connections" ADD CONSTRAINT "google_connections_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_event_links" ADD CONSTRAINT "google_event_links_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "google_connections_channel_id_key" ON "google_connections" USING btree ("channel_id");--> statement-breakpoint
CREATE UNIQUE INDEX "google_event_links_google_key" ON "google_event_links" USING btree ("account_id","user_id","google_event_id");--> statement-breakpoint
CREATE INDEX "google_event_links_event_idx" ON "google_event_links" USING btree ("account_id","event_id");--> statement-breakpoint
CREATE POLICY "google_connections_tenant_isolation" ON "google_connections" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "google_event_links_tenant_isolation" ON "google_event_links" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE TRIGGER "google_connections_data_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "google_connections" FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change();--> statement-breakpoint
CREATE TRIGGER "google_event_links_data_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "google_event_links" FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change();
