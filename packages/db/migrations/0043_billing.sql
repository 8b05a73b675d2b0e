-- Issue 18: tariff payments through YooKassa (decision 0036). A payment is created here before it
-- is sent, so its Idempotence-Key survives a retry; the provider's id is unique across accounts,
-- so a notification delivered twice finds one row, and `processed_at` says it was acted upon once.
-- `tariff_letters` remembers the reminders (7 and 1 days before the end) and the deactivation
-- letter sent for each tariff period, so a job run twice sends nothing twice. The module
-- `billing` owns both tables.
CREATE TABLE "payments" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"tariff_name" text NOT NULL,
	"period" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text DEFAULT 'RUB' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"idempotence_key" text NOT NULL,
	"provider_payment_id" text,
	"confirmation_url" text,
	"payer_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"processed_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	CONSTRAINT "payments_account_id_id_pk" PRIMARY KEY("account_id","id"),
	CONSTRAINT "payments_period_check" CHECK ("period" in ('month', 'year')),
	CONSTRAINT "payments_status_check" CHECK ("status" in ('pending', 'waiting_for_capture', 'succeeded', 'canceled'))
);
--> statement-breakpoint
CREATE TABLE "tariff_letters" (
	"account_id" integer NOT NULL,
	"tariff_id" integer NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tariff_letters_account_id_tariff_id_kind_pk" PRIMARY KEY("account_id","tariff_id","kind")
);
--> statement-breakpoint
ALTER TABLE "payments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "tariff_letters" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_letters" ADD CONSTRAINT "tariff_letters_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_payment_id_key" ON "payments" USING btree ("provider_payment_id");--> statement-breakpoint
CREATE INDEX "payments_pending_idx" ON "payments" USING btree ("created_at") WHERE "status" in ('pending', 'waiting_for_capture');--> statement-breakpoint
CREATE INDEX "payments_account_created_idx" ON "payments" USING btree ("account_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE POLICY "payments_tenant_isolation" ON "payments" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "tariff_letters_tenant_isolation" ON "tariff_letters" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE TRIGGER "payments_data_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "payments" FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change();--> statement-breakpoint
CREATE TRIGGER "tariff_letters_data_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tariff_letters" FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change();
--> statement-breakpoint
-- The affiliate program: each account's referral code (its link is /auth/signup?ref=<code>) and the
-- account whose link a company signed up through.
ALTER TABLE "accounts" ADD COLUMN "referral_code" text DEFAULT substr(md5(random()::text || clock_timestamp()::text), 1, 12) NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "referred_by_account_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_referral_code_key" ON "accounts" USING btree ("referral_code");--> statement-breakpoint
CREATE INDEX "accounts_referred_by_idx" ON "accounts" USING btree ("referred_by_account_id") WHERE "referred_by_account_id" is not null;
