CREATE TABLE "applicant_import_failures" (
	"account_id" integer NOT NULL,
	"import_id" integer NOT NULL,
	"line" integer NOT NULL,
	"reason" text NOT NULL,
	"cells" jsonb NOT NULL,
	CONSTRAINT "applicant_import_failures_account_id_import_id_line_pk" PRIMARY KEY("account_id","import_id","line")
);
--> statement-breakpoint
ALTER TABLE "applicant_import_failures" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "applicant_imports" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "applicant_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_by" integer NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"storage_key" text NOT NULL,
	"encoding" text,
	"delimiter" text,
	"columns" jsonb NOT NULL,
	"sample_rows" jsonb NOT NULL,
	"mapping" jsonb,
	"status" text DEFAULT 'pending' NOT NULL,
	"total" integer NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "applicant_imports_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "applicant_imports" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "applicant_import_failures" ADD CONSTRAINT "applicant_import_failures_account_id_import_id_applicant_imports_account_id_id_fk" FOREIGN KEY ("account_id","import_id") REFERENCES "public"."applicant_imports"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_imports" ADD CONSTRAINT "applicant_imports_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "applicant_import_failures_tenant_isolation" ON "applicant_import_failures" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "applicant_imports_tenant_isolation" ON "applicant_imports" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);