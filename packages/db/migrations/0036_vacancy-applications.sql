-- Issue 17: hiring requests («заявки на подбор»), the templates they are filled from, their files,
-- their history and the signed links of outside approvers; the head of a division approves as
-- `division_head`. The module `vacancy-applications` owns these tables.
ALTER TABLE "account_divisions" ADD COLUMN "head_id" integer;--> statement-breakpoint
CREATE TABLE "vacancy_application_templates" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "vacancy_application_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vacancy_application_templates_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
CREATE TABLE "vacancy_applications" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "vacancy_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"template_id" integer,
	"author_id" integer NOT NULL,
	"account_division_id" integer,
	"state" text DEFAULT 'draft' NOT NULL,
	"position" text NOT NULL,
	"salary" text,
	"salary_from" integer,
	"salary_to" integer,
	"currency" text DEFAULT 'RUB' NOT NULL,
	"description" text,
	"comment" text,
	"needed" integer DEFAULT 1 NOT NULL,
	"date_will_close" date,
	"body" text,
	"requirements" text,
	"conditions" text,
	"information" text,
	"priority" integer DEFAULT 0 NOT NULL,
	"days_until_deadline" integer,
	"additional_fields_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"template_values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"route" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"current_step" integer,
	"current_approver_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"step_started_at" timestamp with time zone,
	"vacancy_id" integer,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "vacancy_applications_account_id_id_pk" PRIMARY KEY("account_id","id"),
	CONSTRAINT "vacancy_applications_state_check" CHECK ("state" IN ('draft', 'pending', 'approved', 'rejected', 'returned', 'in_work', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "vacancy_application_files" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "vacancy_application_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"application_id" integer NOT NULL,
	"field_key" text,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vacancy_application_files_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
CREATE TABLE "vacancy_application_events" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "vacancy_application_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"application_id" integer NOT NULL,
	"action" text NOT NULL,
	"actor_user_id" integer,
	"actor_name" text NOT NULL,
	"actor_email" text,
	"step" integer,
	"comment" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vacancy_application_events_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
CREATE TABLE "vacancy_application_links" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "vacancy_application_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"application_id" integer NOT NULL,
	"step" integer NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vacancy_application_links_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "vacancy_application_templates" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "vacancy_applications" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "vacancy_application_files" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "vacancy_application_events" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "vacancy_application_links" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "vacancy_application_templates" ADD CONSTRAINT "vacancy_application_templates_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacancy_applications" ADD CONSTRAINT "vacancy_applications_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacancy_applications" ADD CONSTRAINT "vacancy_applications_account_id_author_id_users_account_id_id_fk" FOREIGN KEY ("account_id","author_id") REFERENCES "public"."users"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacancy_applications" ADD CONSTRAINT "vacancy_applications_account_id_account_division_id_account_divisions_account_id_id_fk" FOREIGN KEY ("account_id","account_division_id") REFERENCES "public"."account_divisions"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacancy_application_files" ADD CONSTRAINT "vacancy_application_files_account_id_application_id_vacancy_applications_account_id_id_fk" FOREIGN KEY ("account_id","application_id") REFERENCES "public"."vacancy_applications"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacancy_application_events" ADD CONSTRAINT "vacancy_application_events_account_id_application_id_vacancy_applications_account_id_id_fk" FOREIGN KEY ("account_id","application_id") REFERENCES "public"."vacancy_applications"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacancy_application_links" ADD CONSTRAINT "vacancy_application_links_account_id_application_id_vacancy_applications_account_id_id_fk" FOREIGN KEY ("account_id","application_id") REFERENCES "public"."vacancy_applications"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vacancy_application_templates_name_idx" ON "vacancy_application_templates" USING btree ("account_id",lower("name"));--> statement-breakpoint
CREATE INDEX "vacancy_applications_list_idx" ON "vacancy_applications" USING btree ("account_id","created_at" DESC,"id" DESC) WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "vacancy_applications_author_idx" ON "vacancy_applications" USING btree ("account_id","author_id","created_at" DESC) WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "vacancy_applications_state_idx" ON "vacancy_applications" USING btree ("account_id","state","created_at" DESC) WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "vacancy_applications_division_idx" ON "vacancy_applications" USING btree ("account_id","account_division_id");--> statement-breakpoint
CREATE INDEX "vacancy_applications_approvers_idx" ON "vacancy_applications" USING gin ("current_approver_ids");--> statement-breakpoint
CREATE INDEX "vacancy_application_files_application_idx" ON "vacancy_application_files" USING btree ("account_id","application_id");--> statement-breakpoint
CREATE INDEX "vacancy_application_events_application_idx" ON "vacancy_application_events" USING btree ("account_id","application_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "vacancy_application_links_token_hash_key" ON "vacancy_application_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "vacancy_application_links_application_idx" ON "vacancy_application_links" USING btree ("account_id","application_id","step");--> statement-breakpoint
CREATE POLICY "vacancy_application_templates_tenant_isolation" ON "vacancy_application_templates" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "vacancy_applications_tenant_isolation" ON "vacancy_applications" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "vacancy_application_files_tenant_isolation" ON "vacancy_application_files" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "vacancy_application_events_tenant_isolation" ON "vacancy_application_events" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "vacancy_application_links_tenant_isolation" ON "vacancy_application_links" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
-- Announced like every other table (0027_data-change-notify), so answers kept in memory are dropped.
CREATE TRIGGER "vacancy_application_templates_data_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "vacancy_application_templates" FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change();--> statement-breakpoint
CREATE TRIGGER "vacancy_applications_data_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "vacancy_applications" FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change();--> statement-breakpoint
CREATE TRIGGER "vacancy_application_files_data_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "vacancy_application_files" FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change();--> statement-breakpoint
CREATE TRIGGER "vacancy_application_events_data_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "vacancy_application_events" FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change();--> statement-breakpoint
CREATE TRIGGER "vacancy_application_links_data_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "vacancy_application_links" FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change();
