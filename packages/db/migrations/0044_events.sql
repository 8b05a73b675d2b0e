-- Issue 15: calendar events — interviews and meetings (decision 0037). The module `events` owns
-- these four tables. An event is two instants; `time_zone` is the account's zone it is shown in.
-- `uid`/`sequence` are its iCalendar UID and SEQUENCE (invitations, RFC 5545/5546). Participants
-- carry a copy of the event's instants so one user's calendar and busy time are an index range.
CREATE TABLE "events" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"author_id" integer,
	"title" text NOT NULL,
	"description" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"time_zone" text DEFAULT 'Europe/Moscow' NOT NULL,
	"service" text,
	"link" text,
	"place" text,
	"applicant_id" integer,
	"vacancy_id" integer,
	"source" text DEFAULT 'ats' NOT NULL,
	"uid" text NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_account_id_id_pk" PRIMARY KEY("account_id","id"),
	CONSTRAINT "events_period_check" CHECK ("ends_at" > "starts_at"),
	CONSTRAINT "events_source_check" CHECK ("source" in ('ats', 'google', 'booking'))
);
--> statement-breakpoint
CREATE TABLE "event_participants" (
	"account_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "event_participants_account_id_event_id_user_id_pk" PRIMARY KEY("account_id","event_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "event_guests" (
	"account_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"email" text NOT NULL,
	"name" text,
	CONSTRAINT "event_guests_account_id_event_id_email_pk" PRIMARY KEY("account_id","event_id","email")
);
--> statement-breakpoint
CREATE TABLE "event_reminders" (
	"account_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"minutes_before" integer NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "event_reminders_account_id_event_id_minutes_before_pk" PRIMARY KEY("account_id","event_id","minutes_before"),
	CONSTRAINT "event_reminders_minutes_check" CHECK ("minutes_before" between 0 and 40320)
);
--> statement-breakpoint
ALTER TABLE "events" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "event_participants" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "event_guests" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "event_reminders" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_account_id_author_id_users_account_id_id_fk" FOREIGN KEY ("account_id","author_id") REFERENCES "public"."users"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Written by hand (drizzle cannot name the column to clear): a deleted applicant or vacancy
-- leaves the event in place without its link.
ALTER TABLE "events" ADD CONSTRAINT "events_account_id_applicant_id_applicants_fk" FOREIGN KEY ("account_id","applicant_id") REFERENCES "public"."applicants"("account_id","id") ON DELETE SET NULL ("applicant_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_account_id_vacancy_id_vacancies_fk" FOREIGN KEY ("account_id","vacancy_id") REFERENCES "public"."vacancies"("account_id","id") ON DELETE SET NULL ("vacancy_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_participants" ADD CONSTRAINT "event_participants_account_id_event_id_events_account_id_id_fk" FOREIGN KEY ("account_id","event_id") REFERENCES "public"."events"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_participants" ADD CONSTRAINT "event_participants_account_id_user_id_users_account_id_id_fk" FOREIGN KEY ("account_id","user_id") REFERENCES "public"."users"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_guests" ADD CONSTRAINT "event_guests_account_id_event_id_events_account_id_id_fk" FOREIGN KEY ("account_id","event_id") REFERENCES "public"."events"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_reminders" ADD CONSTRAINT "event_reminders_account_id_event_id_events_account_id_id_fk" FOREIGN KEY ("account_id","event_id") REFERENCES "public"."events"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "events_uid_key" ON "events" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "events_account_starts_idx" ON "events" USING btree ("account_id","starts_at");--> statement-breakpoint
CREATE INDEX "events_applicant_idx" ON "events" USING btree ("account_id","applicant_id") WHERE "applicant_id" is not null;--> statement-breakpoint
CREATE INDEX "events_vacancy_idx" ON "events" USING btree ("account_id","vacancy_id") WHERE "vacancy_id" is not null;--> statement-breakpoint
CREATE INDEX "event_participants_user_starts_idx" ON "event_participants" USING btree ("account_id","user_id","starts_at");--> statement-breakpoint
CREATE POLICY "events_tenant_isolation" ON "events" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "event_participants_tenant_isolation" ON "event_participants" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "event_guests_tenant_isolation" ON "event_guests" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "event_reminders_tenant_isolation" ON "event_reminders" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE TRIGGER "events_data_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "events" FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change();--> statement-breakpoint
CREATE TRIGGER "event_participants_data_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "event_participants" FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change();--> statement-breakpoint
CREATE TRIGGER "event_guests_data_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "event_guests" FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change();--> statement-breakpoint
CREATE TRIGGER "event_reminders_data_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "event_reminders" FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change();
--> statement-breakpoint
-- An invitation's iCalendar part travels with its letter through the outbox (and its retries).
ALTER TABLE "mail_outbox" ADD COLUMN "ical_body" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "ical_method" text;
