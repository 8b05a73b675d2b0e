CREATE TABLE "account_sources" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "account_sources_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"abbr" text,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"logo" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_sources_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "account_sources" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "applicant_comments" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "applicant_comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"applicant_id" integer NOT NULL,
	"author_id" integer,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applicant_comments_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "applicant_comments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "applicant_filters" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "applicant_filters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_shared" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applicant_filters_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "applicant_filters" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "applicant_tags" (
	"account_id" integer NOT NULL,
	"applicant_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applicant_tags_account_id_applicant_id_tag_id_pk" PRIMARY KEY("account_id","applicant_id","tag_id")
);
--> statement-breakpoint
ALTER TABLE "applicant_tags" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "applicant_worklog" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "applicant_worklog_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"applicant_id" integer NOT NULL,
	"user_id" integer,
	"action" text NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applicant_worklog_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "applicant_worklog" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "files" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"applicant_id" integer,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "files" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "tags" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "tags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"color" text DEFAULT '#6366F1' NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tags_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "tags" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "ref_companies" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"inn" text
);
--> statement-breakpoint
CREATE TABLE "ref_countries" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text
);
--> statement-breakpoint
CREATE TABLE "ref_driver_licenses" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ref_hard_skills" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ref_jobs" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ref_language_levels" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ref_languages" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_en" text,
	"code" text
);
--> statement-breakpoint
CREATE TABLE "ref_positions" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "photo_file_id" integer;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "lead_type" text;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "birthday" date;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "gender" text;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "tg" text;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "skype" text;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "contacts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "money" text;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "salary_amount" integer;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "about_me" text;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "country_id" integer;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "citizenship" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "total_experience" integer;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "experience" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "employments" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "education" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "skills" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "text_block" text;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "position" text;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "company" text;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "admin_user_id" integer;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "account_source_id" integer;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "unidentified_info" text;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "languages" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "has_vehicle" boolean;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "driver_licenses" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "resume_urls" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "requested_vacancy_id" integer;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "requested_status_id" integer;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "created_via" text DEFAULT 'api' NOT NULL;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "archived_by" integer;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "search_name" text GENERATED ALWAYS AS (ats_name_key(last_name, first_name, middle_name)) STORED;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "search_document" "tsvector" GENERATED ALWAYS AS (to_tsvector('russian'::regconfig, ats_applicant_document(position, company, about_me, text_block, unidentified_info, skills, experience, education))) STORED;--> statement-breakpoint
ALTER TABLE "account_sources" ADD CONSTRAINT "account_sources_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_comments" ADD CONSTRAINT "applicant_comments_account_id_applicant_id_applicants_account_id_id_fk" FOREIGN KEY ("account_id","applicant_id") REFERENCES "public"."applicants"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_tags" ADD CONSTRAINT "applicant_tags_account_id_applicant_id_applicants_account_id_id_fk" FOREIGN KEY ("account_id","applicant_id") REFERENCES "public"."applicants"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_tags" ADD CONSTRAINT "applicant_tags_account_id_tag_id_tags_account_id_id_fk" FOREIGN KEY ("account_id","tag_id") REFERENCES "public"."tags"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_worklog" ADD CONSTRAINT "applicant_worklog_account_id_applicant_id_applicants_account_id_id_fk" FOREIGN KEY ("account_id","applicant_id") REFERENCES "public"."applicants"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applicant_comments_applicant_idx" ON "applicant_comments" USING btree ("account_id","applicant_id","created_at");--> statement-breakpoint
CREATE INDEX "applicant_tags_tag_idx" ON "applicant_tags" USING btree ("account_id","tag_id");--> statement-breakpoint
CREATE INDEX "applicant_worklog_applicant_idx" ON "applicant_worklog" USING btree ("account_id","applicant_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "files_applicant_idx" ON "files" USING btree ("account_id","applicant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_name_key" ON "tags" USING btree ("account_id",lower(name));--> statement-breakpoint
CREATE INDEX "applicants_active_created_idx" ON "applicants" USING btree ("account_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "applicants_admin_user_idx" ON "applicants" USING btree ("account_id","admin_user_id");--> statement-breakpoint
CREATE INDEX "applicants_source_idx" ON "applicants" USING btree ("account_id","account_source_id");--> statement-breakpoint
CREATE INDEX "applicants_email_idx" ON "applicants" USING btree ("account_id",lower(email));--> statement-breakpoint
CREATE INDEX "applicants_phone_idx" ON "applicants" USING btree ("account_id","phone");--> statement-breakpoint
CREATE INDEX "applicants_search_name_idx" ON "applicants" USING gin (search_name gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "applicants_search_document_idx" ON "applicants" USING gin ("search_document");--> statement-breakpoint
CREATE INDEX "applicants_skills_idx" ON "applicants" USING gin ("skills");--> statement-breakpoint
CREATE POLICY "account_sources_tenant_isolation" ON "account_sources" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "applicant_comments_tenant_isolation" ON "applicant_comments" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "applicant_filters_tenant_isolation" ON "applicant_filters" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "applicant_tags_tenant_isolation" ON "applicant_tags" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "applicant_worklog_tenant_isolation" ON "applicant_worklog" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "files_tenant_isolation" ON "files" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "tags_tenant_isolation" ON "tags" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);