CREATE TABLE "applicant_evaluations" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "applicant_evaluations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"evaluation_id" integer NOT NULL,
	"applicant_id" integer NOT NULL,
	"vacancy_id" integer,
	"author_id" integer,
	"recommendation" text,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applicant_evaluations_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "applicant_evaluations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "evaluation_criteria" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "evaluation_criteria_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"evaluation_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"criterion_type" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"scale_min" integer,
	"scale_max" integer,
	"min_label" text,
	"max_label" text,
	"is_required" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "evaluation_criteria_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "evaluation_criteria" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "evaluations" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "evaluations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "evaluations_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "evaluations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "applicant_evaluations" ADD CONSTRAINT "applicant_evaluations_account_id_evaluation_id_evaluations_account_id_id_fk" FOREIGN KEY ("account_id","evaluation_id") REFERENCES "public"."evaluations"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_evaluations" ADD CONSTRAINT "applicant_evaluations_account_id_applicant_id_applicants_account_id_id_fk" FOREIGN KEY ("account_id","applicant_id") REFERENCES "public"."applicants"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_criteria" ADD CONSTRAINT "evaluation_criteria_account_id_evaluation_id_evaluations_account_id_id_fk" FOREIGN KEY ("account_id","evaluation_id") REFERENCES "public"."evaluations"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applicant_evaluations_applicant_idx" ON "applicant_evaluations" USING btree ("account_id","applicant_id","created_at");--> statement-breakpoint
CREATE INDEX "applicant_evaluations_form_idx" ON "applicant_evaluations" USING btree ("account_id","evaluation_id");--> statement-breakpoint
CREATE INDEX "evaluation_criteria_form_idx" ON "evaluation_criteria" USING btree ("account_id","evaluation_id","position");--> statement-breakpoint
CREATE INDEX "evaluations_active_idx" ON "evaluations" USING btree ("account_id","archived_at");--> statement-breakpoint
CREATE POLICY "applicant_evaluations_tenant_isolation" ON "applicant_evaluations" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "evaluation_criteria_tenant_isolation" ON "evaluation_criteria" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "evaluations_tenant_isolation" ON "evaluations" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);