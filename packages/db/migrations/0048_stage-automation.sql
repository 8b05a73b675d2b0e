-- Issue 15: stage automation (module `stage-automation`, decision 0041). A rule hangs on a stage
-- of a funnel (the template: it acts on every vacancy stage copied from it) or of one vacancy:
-- when an applicant enters the stage, or stays there longer than `stay_days`, do one action.
-- `stage_automation_runs` is the outbox of those actions: a run is written in the move's own
-- transaction (or by the periodic check of the stays), then taken by a job exactly once — the
-- unique key (application, entry into the stage, source) makes a second write of the same run a
-- no-op, and a run leaves `pending` by one conditional update. Its result (done, or failed with
-- the reason) is also written in the applicant's history.
CREATE TABLE "stage_automation_rules" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "stage_automation_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status_id" integer NOT NULL,
	"trigger" text NOT NULL,
	"stay_days" integer,
	"action" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stage_automation_rules_account_id_id_pk" PRIMARY KEY("account_id","id"),
	CONSTRAINT "stage_automation_rules_trigger_check" CHECK ("trigger" in ('enter', 'stay')),
	CONSTRAINT "stage_automation_rules_stay_days_check" CHECK (("trigger" = 'stay') = ("stay_days" is not null) and coalesce("stay_days", 1) between 1 and 3650)
);
--> statement-breakpoint
CREATE TABLE "stage_automation_runs" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "stage_automation_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"application_id" integer NOT NULL,
	"applicant_id" integer NOT NULL,
	"vacancy_id" integer NOT NULL,
	"status_id" integer NOT NULL,
	"entered_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"rule_id" integer,
	"trigger" text NOT NULL,
	"action" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"depth" integer DEFAULT 0 NOT NULL,
	"acting_user_id" integer,
	"state" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "stage_automation_runs_account_id_id_pk" PRIMARY KEY("account_id","id"),
	CONSTRAINT "stage_automation_runs_state_check" CHECK ("state" in ('pending', 'running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "stage_automation_rules" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "stage_automation_runs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "stage_automation_rules" ADD CONSTRAINT "stage_automation_rules_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_automation_rules" ADD CONSTRAINT "stage_automation_rules_status_fk" FOREIGN KEY ("account_id","status_id") REFERENCES "public"."statuses"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_automation_runs" ADD CONSTRAINT "stage_automation_runs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stage_automation_rules_status_idx" ON "stage_automation_rules" USING btree ("account_id","status_id");--> statement-breakpoint
CREATE INDEX "stage_automation_rules_stay_idx" ON "stage_automation_rules" USING btree ("account_id") WHERE "trigger" = 'stay' and "is_active";--> statement-breakpoint
CREATE UNIQUE INDEX "stage_automation_runs_once_key" ON "stage_automation_runs" USING btree ("account_id","application_id","entered_at","source");--> statement-breakpoint
CREATE INDEX "stage_automation_runs_open_idx" ON "stage_automation_runs" USING btree ("created_at") WHERE "state" in ('pending', 'running');--> statement-breakpoint
CREATE POLICY "stage_automation_rules_tenant_isolation" ON "stage_automation_rules" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "stage_automation_runs_tenant_isolation" ON "stage_automation_runs" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE TRIGGER "stage_automation_rules_data_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "stage_automation_rules" FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change();--> statement-breakpoint
CREATE TRIGGER "stage_automation_runs_data_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "stage_automation_runs" FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change();
