CREATE TABLE "applicant_double_dismissals" (
	"account_id" integer NOT NULL,
	"applicant_id" integer NOT NULL,
	"double_id" integer NOT NULL,
	"dismissed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applicant_double_dismissals_account_id_applicant_id_double_id_pk" PRIMARY KEY("account_id","applicant_id","double_id"),
	CONSTRAINT "applicant_double_dismissals_order_check" CHECK (applicant_id < double_id)
);
--> statement-breakpoint
ALTER TABLE "applicant_double_dismissals" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "applicant_double_scans" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "applicant_double_scans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"state" text DEFAULT 'queued' NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"pairs_found" integer DEFAULT 0 NOT NULL,
	"error" text,
	"started_by" integer,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applicant_double_scans_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "applicant_double_scans" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "applicant_doubles" (
	"account_id" integer NOT NULL,
	"applicant_id" integer NOT NULL,
	"double_id" integer NOT NULL,
	"level" text NOT NULL,
	"score" double precision NOT NULL,
	"reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"group_id" integer NOT NULL,
	"detected_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applicant_doubles_account_id_applicant_id_double_id_pk" PRIMARY KEY("account_id","applicant_id","double_id"),
	CONSTRAINT "applicant_doubles_order_check" CHECK (applicant_id < double_id)
);
--> statement-breakpoint
ALTER TABLE "applicant_doubles" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "applicant_match_keys" (
	"account_id" integer NOT NULL,
	"applicant_id" integer NOT NULL,
	"key" text NOT NULL,
	CONSTRAINT "applicant_match_keys_account_id_key_applicant_id_pk" PRIMARY KEY("account_id","key","applicant_id")
);
--> statement-breakpoint
ALTER TABLE "applicant_match_keys" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "applicant_merges" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "applicant_merges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"primary_id" integer NOT NULL,
	"secondary_id" integer NOT NULL,
	"secondary_name" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"moved" jsonb NOT NULL,
	"merged_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" integer,
	CONSTRAINT "applicant_merges_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "applicant_merges" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "applicant_double_dismissals" ADD CONSTRAINT "applicant_double_dismissals_applicant_fk" FOREIGN KEY ("account_id","applicant_id") REFERENCES "public"."applicants"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_double_dismissals" ADD CONSTRAINT "applicant_double_dismissals_double_fk" FOREIGN KEY ("account_id","double_id") REFERENCES "public"."applicants"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_double_scans" ADD CONSTRAINT "applicant_double_scans_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_doubles" ADD CONSTRAINT "applicant_doubles_applicant_fk" FOREIGN KEY ("account_id","applicant_id") REFERENCES "public"."applicants"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_doubles" ADD CONSTRAINT "applicant_doubles_double_fk" FOREIGN KEY ("account_id","double_id") REFERENCES "public"."applicants"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_match_keys" ADD CONSTRAINT "applicant_match_keys_applicant_fk" FOREIGN KEY ("account_id","applicant_id") REFERENCES "public"."applicants"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_merges" ADD CONSTRAINT "applicant_merges_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applicant_double_dismissals_double_idx" ON "applicant_double_dismissals" USING btree ("account_id","double_id");--> statement-breakpoint
CREATE INDEX "applicant_double_scans_created_idx" ON "applicant_double_scans" USING btree ("account_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "applicant_double_scans_active_key" ON "applicant_double_scans" USING btree ("account_id") WHERE state in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "applicant_doubles_double_idx" ON "applicant_doubles" USING btree ("account_id","double_id");--> statement-breakpoint
CREATE INDEX "applicant_doubles_group_idx" ON "applicant_doubles" USING btree ("account_id","group_id");--> statement-breakpoint
CREATE INDEX "applicant_match_keys_applicant_idx" ON "applicant_match_keys" USING btree ("account_id","applicant_id");--> statement-breakpoint
CREATE INDEX "applicant_merges_primary_idx" ON "applicant_merges" USING btree ("account_id","primary_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE POLICY "applicant_double_dismissals_tenant_isolation" ON "applicant_double_dismissals" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "applicant_double_scans_tenant_isolation" ON "applicant_double_scans" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "applicant_doubles_tenant_isolation" ON "applicant_doubles" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "applicant_match_keys_tenant_isolation" ON "applicant_match_keys" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "applicant_merges_tenant_isolation" ON "applicant_merges" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);