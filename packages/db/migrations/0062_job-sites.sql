-- Issue 16: job sites (decision 0047), one model for every site: `site` is plain text ('hh' first;
-- 'avito' and 'habr' plug in as more values, no migration). The module `job-sites` owns the three
-- tables. `job_site_connections` is a company's link to its account on a site: the site's
-- employer id and name, the tokens sealed (platform/secrets.ts), the state (active, paused until
-- a moment after 429/5xx, reconnect after a refused token) and the last sync's progress and result.
-- `job_site_vacancies` ties a vacancy on the site to ours; `job_site_responses` is every response
-- brought in, unique per (account, site, external id), so a second sync imports nothing.
CREATE TABLE "job_site_connections" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "job_site_connections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site" text NOT NULL,
	"external_account_id" text NOT NULL,
	"external_account_name" text,
	"external_user_id" text,
	"access_token" text NOT NULL,
	"refresh_token" text,
	"access_expires_at" timestamp with time zone,
	"state" text DEFAULT 'active' NOT NULL,
	"paused_until" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"last_sync_at" timestamp with time zone,
	"last_sync_result" jsonb,
	"sync_progress" jsonb,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_site_connections_account_id_id_pk" PRIMARY KEY("account_id","id"),
	CONSTRAINT "job_site_connections_state_check" CHECK ("state" in ('active', 'paused', 'reconnect'))
);
--> statement-breakpoint
CREATE TABLE "job_site_vacancies" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "job_site_vacancies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"connection_id" integer NOT NULL,
	"site" text NOT NULL,
	"external_id" text NOT NULL,
	"name" text NOT NULL,
	"vacancy_id" integer NOT NULL,
	"state" text DEFAULT 'linked' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_site_vacancies_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
CREATE TABLE "job_site_responses" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "job_site_responses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"connection_id" integer NOT NULL,
	"site" text NOT NULL,
	"external_id" text NOT NULL,
	"external_vacancy_id" text NOT NULL,
	"resume_id" text,
	"resume_url" text,
	"photo_url" text,
	"applicant_id" integer,
	"vacancy_id" integer,
	"matched" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_site_responses_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "job_site_connections" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "job_site_vacancies" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "job_site_responses" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "job_site_connections" ADD CONSTRAINT "job_site_connections_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_site_vacancies" ADD CONSTRAINT "job_site_vacancies_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_site_responses" ADD CONSTRAINT "job_site_responses_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_site_vacancies" ADD CONSTRAINT "job_site_vacancies_connection_fk" FOREIGN KEY ("account_id","connection_id") REFERENCES "public"."job_site_connections"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_site_connections_external_key" ON "job_site_connections" USING btree ("account_id","site","external_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "job_site_vacancies_external_key" ON "job_site_vacancies" USING btree ("account_id","site","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "job_site_responses_external_key" ON "job_site_responses" USING btree ("account_id","site","external_id");--> statement-breakpoint
CREATE INDEX "job_site_responses_applicant_idx" ON "job_site_responses" USING btree ("account_id","applicant_id");--> statement-breakpoint
CREATE POLICY "job_site_connections_tenant_isolation" ON "job_site_connections" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "job_site_vacancies_tenant_isolation" ON "job_site_vacancies" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "job_site_responses_tenant_isolation" ON "job_site_responses" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE TRIGGER "job_site_connections_data_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "job_site_connections" FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change();--> statement-breakpoint
CREATE TRIGGER "job_site_vacancies_data_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "job_site_vacancies" FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change();--> statement-breakpoint
CREATE TRIGGER "job_site_responses_data_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "job_site_responses" FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change();
