-- Issue 15: self-booking (decision 0039). A recruiter's link lets an applicant pick a free slot of
-- the chosen interviewers; the module `event-booking` owns the table. Only the sha256 of the
-- link's token is stored. `booked_start`/`booked_end` are the slot taken by the link's one use;
-- for the minutes its event is being made the booking itself holds that slot, so a second
-- applicant picking it at the same moment is refused.
CREATE TABLE "event_bookings" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "event_bookings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"applicant_id" integer NOT NULL,
	"vacancy_id" integer,
	"created_by" integer NOT NULL,
	"admin_user_ids" integer[] NOT NULL,
	"title" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"date_from" date NOT NULL,
	"date_to" date NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"booked_start" timestamp with time zone,
	"booked_end" timestamp with time zone,
	"event_id" integer,
	CONSTRAINT "event_bookings_account_id_id_pk" PRIMARY KEY("account_id","id"),
	CONSTRAINT "event_bookings_duration_check" CHECK ("duration_minutes" between 5 and 480),
	CONSTRAINT "event_bookings_dates_check" CHECK ("date_from" <= "date_to"),
	CONSTRAINT "event_bookings_booked_check" CHECK (("booked_start" is null) = ("booked_end" is null) and ("booked_start" is null or "booked_start" < "booked_end"))
);
--> statement-breakpoint
ALTER TABLE "event_bookings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "event_bookings" ADD CONSTRAINT "event_bookings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_bookings" ADD CONSTRAINT "event_bookings_account_id_applicant_id_applicants_account_id_id_fk" FOREIGN KEY ("account_id","applicant_id") REFERENCES "public"."applicants"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_bookings" ADD CONSTRAINT "event_bookings_account_id_vacancy_id_vacancies_account_id_id_fk" FOREIGN KEY ("account_id","vacancy_id") REFERENCES "public"."vacancies"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_bookings" ADD CONSTRAINT "event_bookings_account_id_created_by_users_account_id_id_fk" FOREIGN KEY ("account_id","created_by") REFERENCES "public"."users"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_bookings_token_hash_key" ON "event_bookings" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "event_bookings_applicant_idx" ON "event_bookings" USING btree ("account_id","applicant_id","created_at" DESC);--> statement-breakpoint
CREATE INDEX "event_bookings_holds_idx" ON "event_bookings" USING btree ("account_id","used_at") WHERE "booked_start" is not null;--> statement-breakpoint
CREATE POLICY "event_bookings_tenant_isolation" ON "event_bookings" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE TRIGGER "event_bookings_data_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "event_bookings" FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change();
