-- Issue 14 (decision 0046): consent to personal data (152-FZ) and the support chat.
-- `privacy_letter_settings`: the company's request settings; `privacy_texts`: every version of
-- the consent text (a change of the text is a new version, the old ones stay for the consents
-- given to them). `applicant_consent_events`: what happened to an applicant's consent, appended
-- only; the newest row is the state shown on the card (no row: not asked). `consent_links`: the
-- links of the request letters, only the sha256 of the token. The module `consent` owns them.
-- `support_messages`: an account's conversation with the service's support, mirrored to a
-- Telegram chat; the module `support-chat` owns it.
CREATE TABLE "privacy_letter_settings" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"auto_send" boolean DEFAULT false NOT NULL,
	"channel" text DEFAULT 'email' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "privacy_letter_settings_channel_check" CHECK ("channel" in ('email', 'telegram'))
);
--> statement-breakpoint
CREATE TABLE "privacy_texts" (
	"account_id" integer NOT NULL,
	"version" integer NOT NULL,
	"text" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "privacy_texts_account_id_version_pk" PRIMARY KEY("account_id","version")
);
--> statement-breakpoint
CREATE TABLE "applicant_consent_events" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "applicant_consent_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"applicant_id" integer NOT NULL,
	"state" text NOT NULL,
	"version" integer,
	"channel" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applicant_consent_events_account_id_id_pk" PRIMARY KEY("account_id","id"),
	CONSTRAINT "applicant_consent_events_state_check" CHECK ("state" in ('asked', 'given', 'refused', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "consent_links" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "consent_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"applicant_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "consent_links_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
CREATE TABLE "support_messages" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "support_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"author" text NOT NULL,
	"text" text NOT NULL,
	"state" text DEFAULT 'sent' NOT NULL,
	"error" text,
	"telegram_message_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_messages_account_id_id_pk" PRIMARY KEY("account_id","id"),
	CONSTRAINT "support_messages_author_check" CHECK ("author" in ('user', 'support')),
	CONSTRAINT "support_messages_state_check" CHECK ("state" in ('queued', 'sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "privacy_letter_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "privacy_texts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "applicant_consent_events" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "consent_links" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "support_messages" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "privacy_letter_settings" ADD CONSTRAINT "privacy_letter_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_texts" ADD CONSTRAINT "privacy_texts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_consent_events" ADD CONSTRAINT "applicant_consent_events_account_id_applicant_id_applicants_account_id_id_fk" FOREIGN KEY ("account_id","applicant_id") REFERENCES "public"."applicants"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_links" ADD CONSTRAINT "consent_links_account_id_applicant_id_applicants_account_id_id_fk" FOREIGN KEY ("account_id","applicant_id") REFERENCES "public"."applicants"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applicant_consent_events_applicant_idx" ON "applicant_consent_events" USING btree ("account_id","applicant_id","id" DESC);--> statement-breakpoint
CREATE UNIQUE INDEX "consent_links_token_hash_key" ON "consent_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "consent_links_applicant_idx" ON "consent_links" USING btree ("account_id","applicant_id");--> statement-breakpoint
CREATE INDEX "support_messages_account_idx" ON "support_messages" USING btree ("account_id","id" DESC);--> statement-breakpoint
CREATE UNIQUE INDEX "support_messages_telegram_key" ON "support_messages" USING btree ("telegram_message_id") WHERE "telegram_message_id" is not null;--> statement-breakpoint
CREATE POLICY "privacy_letter_settings_tenant_isolation" ON "privacy_letter_settings" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "privacy_texts_tenant_isolation" ON "privacy_texts" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "applicant_consent_events_tenant_isolation" ON "applicant_consent_events" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "consent_links_tenant_isolation" ON "consent_links" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "support_messages_tenant_isolation" ON "support_messages" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE TRIGGER "privacy_letter_settings_data_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "privacy_letter_settings" FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change();--> statement-breakpoint
CREATE TRIGGER "privacy_texts_data_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "privacy_texts" FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change();--> statement-breakpoint
CREATE TRIGGER "applicant_consent_events_data_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "applicant_consent_events" FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change();--> statement-breakpoint
CREATE TRIGGER "consent_links_data_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "consent_links" FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change();--> statement-breakpoint
CREATE TRIGGER "support_messages_data_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "support_messages" FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change();
