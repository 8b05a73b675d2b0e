-- Issue 15: delayed tasks (decision 0040). A task is one action to do later (a letter by
-- template, a message, a move to a stage, a reminder to a user); each applicant it is for is one
-- sub-task with its own state, so a run over a hundred applicants records a hundred outcomes. A
-- worker claims due sub-tasks with FOR UPDATE SKIP LOCKED and writes the outcome (and the outbox
-- letter) in the same transaction: a crash rolls both back, two workers never take the same row.
-- The module `delayed-tasks` owns both tables.
CREATE TABLE "delayed_tasks" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "delayed_tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"schedule" jsonb NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delayed_tasks_account_id_id_pk" PRIMARY KEY("account_id","id"),
	CONSTRAINT "delayed_tasks_kind_check" CHECK ("kind" in ('send_letter', 'send_message', 'move_stage', 'remind_user', 'create_event'))
);
--> statement-breakpoint
CREATE TABLE "delayed_sub_tasks" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "delayed_sub_tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"task_id" integer NOT NULL,
	"applicant_id" integer,
	"state" text DEFAULT 'queued' NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"result" text,
	"reason" text,
	"outbox_id" integer,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "delayed_sub_tasks_account_id_id_pk" PRIMARY KEY("account_id","id"),
	CONSTRAINT "delayed_sub_tasks_state_check" CHECK ("state" in ('queued', 'running', 'done', 'failed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "delayed_tasks" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "delayed_sub_tasks" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "delayed_tasks" ADD CONSTRAINT "delayed_tasks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delayed_sub_tasks" ADD CONSTRAINT "delayed_sub_tasks_task_fk" FOREIGN KEY ("account_id","task_id") REFERENCES "public"."delayed_tasks"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "delayed_sub_tasks_task_applicant_key" ON "delayed_sub_tasks" USING btree ("account_id","task_id","applicant_id");--> statement-breakpoint
CREATE INDEX "delayed_sub_tasks_due_idx" ON "delayed_sub_tasks" USING btree ("run_at") WHERE "state" = 'queued';--> statement-breakpoint
CREATE INDEX "delayed_sub_tasks_task_idx" ON "delayed_sub_tasks" USING btree ("account_id","task_id","state");--> statement-breakpoint
CREATE INDEX "delayed_tasks_account_run_at_idx" ON "delayed_tasks" USING btree ("account_id","run_at" DESC NULLS LAST);--> statement-breakpoint
CREATE POLICY "delayed_tasks_tenant_isolation" ON "delayed_tasks" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "delayed_sub_tasks_tenant_isolation" ON "delayed_sub_tasks" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE TRIGGER "delayed_tasks_data_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "delayed_tasks" FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change();--> statement-breakpoint
CREATE TRIGGER "delayed_sub_tasks_data_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "delayed_sub_tasks" FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change();
--> statement-breakpoint
-- The outbox hand-over claims a letter before SMTP (status 'sending', claimed_at), so the
-- delayed-task worker and the minute's retry never both send it.
ALTER TABLE "mail_outbox" ADD COLUMN "claimed_at" timestamp with time zone;
