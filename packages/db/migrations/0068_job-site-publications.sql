-- Issue 16, third slice (decision 0053): our vacancies published on job sites. The module
-- `job-sites` owns both tables. `job_site_publications` is one vacancy of ours on one site through
-- one connection: `site` plain text as in 0062 (hh first; Avito and Habr plug in as values), the
-- site's id once it accepted it, our state (draft, moderation, published, archived, refused with
-- the reason), the fields sent as the publication form holds them (jsonb) and the site's dates.
-- `job_site_publication_samples` keeps a publication form per site to start the next one from.
CREATE TABLE "job_site_publications" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "job_site_publications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site" text NOT NULL,
	"connection_id" integer NOT NULL,
	"vacancy_id" integer NOT NULL,
	"external_id" text,
	"state" text DEFAULT 'draft' NOT NULL,
	"refusal_reason" text,
	"fields" jsonb NOT NULL,
	"published_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_site_publications_account_id_id_pk" PRIMARY KEY("account_id","id"),
	CONSTRAINT "job_site_publications_state_check" CHECK ("state" in ('draft', 'moderation', 'published', 'archived', 'refused'))
);
--> statement-breakpoint
CREATE TABLE "job_site_publication_samples" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "job_site_publication_samples_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site" text NOT NULL,
	"name" text NOT NULL,
	"fields" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_site_publication_samples_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "job_site_publications" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "job_site_publication_samples" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "job_site_publications" ADD CONSTRAINT "job_site_publications_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_site_publication_samples" ADD CONSTRAINT "job_site_publication_samples_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_site_publications" ADD CONSTRAINT "job_site_publications_connection_fk" FOREIGN KEY ("account_id","connection_id") REFERENCES "public"."job_site_connections"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_site_publications_external_key" ON "job_site_publications" USING btree ("account_id","site","external_id");--> statement-breakpoint
CREATE INDEX "job_site_publications_vacancy_idx" ON "job_site_publications" USING btree ("account_id","vacancy_id");--> statement-breakpoint
CREATE INDEX "job_site_publications_live_idx" ON "job_site_publications" USING btree ("state") WHERE "state" in ('moderation', 'published');--> statement-breakpoint
CREATE POLICY "job_site_publications_tenant_isolation" ON "job_site_publications" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "job_site_publication_samples_tenant_isolation" ON "job_site_publication_samples" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE TRIGGER "job_site_publications_data_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "job_site_publications" FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change();--> statement-breakpoint
CREATE TRIGGER "job_site_publication_samples_data_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "job_site_publication_samples" FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change();
