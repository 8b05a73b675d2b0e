CREATE TABLE "account_calendar_days" (
	"account_id" integer NOT NULL,
	"day" date NOT NULL,
	"is_working" boolean NOT NULL,
	"name" text,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_calendar_days_account_id_day_pk" PRIMARY KEY("account_id","day")
);
--> statement-breakpoint
ALTER TABLE "account_calendar_days" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "work_days" smallint[] DEFAULT '{1,2,3,4,5}'::smallint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "work_hours_from" time DEFAULT '09:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "work_hours_to" time DEFAULT '18:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "account_calendar_days" ADD CONSTRAINT "account_calendar_days_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "account_calendar_days_tenant_isolation" ON "account_calendar_days" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);