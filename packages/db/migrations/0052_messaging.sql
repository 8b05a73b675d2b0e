-- Issue 14: talking to applicants (module `messaging`, decision 0043). `msg_channels` are the
-- ways to talk (a Telegram bot, a mailbox; hh.ru and Avito later: `kind` is plain text, so they
-- need no migration), of the company (`user_id` null) or of one user; secrets (bot token,
-- passwords) are sealed with platform/secrets.ts and never leave the server. `msg_chat_links` says
-- which chat of a channel is which applicant. `msg_messages` is the one conversation per
-- applicant across channels and, for outgoing messages, the outbox: a message is written
-- `queued`, claimed (`sending`, `claimed_at`) by one sender at a time, then `sent`/`delivered`/
-- `read` or `failed` with the reason; `next_attempt_at` holds a retry back (Telegram's
-- retry_after, an SMTP 4xx). An incoming message is stored once per (channel, chat, external id).
-- `msg_unread` holds one row per incoming message per user who has not read it yet. A deleted
-- applicant takes their conversation and chat links along (personal data).
CREATE TABLE "msg_channels" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "msg_channels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"user_id" integer,
	"state" text DEFAULT 'active' NOT NULL,
	"last_error" text,
	"external_id" text,
	"address" text,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secrets" text,
	"webhook_key" text NOT NULL,
	"sync_state" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "msg_channels_account_id_id_pk" PRIMARY KEY("account_id","id"),
	CONSTRAINT "msg_channels_state_check" CHECK ("state" in ('active', 'error', 'disabled'))
);
--> statement-breakpoint
CREATE TABLE "msg_chat_links" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "msg_chat_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"channel_id" integer NOT NULL,
	"applicant_id" integer NOT NULL,
	"external_chat_id" text NOT NULL,
	"external_user_id" text,
	"handle" text,
	"linked_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "msg_chat_links_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
CREATE TABLE "msg_messages" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "msg_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"applicant_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"channel_kind" text NOT NULL,
	"chat_link_id" integer,
	"direction" text NOT NULL,
	"author_type" text NOT NULL,
	"author_user_id" integer,
	"subject" text,
	"text" text DEFAULT '' NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"template_id" integer,
	"state" text NOT NULL,
	"reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"external_chat_id" text DEFAULT '' NOT NULL,
	"external_message_id" text,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "msg_messages_account_id_id_pk" PRIMARY KEY("account_id","id"),
	CONSTRAINT "msg_messages_direction_check" CHECK ("direction" in ('in', 'out')),
	CONSTRAINT "msg_messages_author_check" CHECK ("author_type" in ('user', 'applicant', 'system')),
	CONSTRAINT "msg_messages_state_check" CHECK ("state" in ('received', 'queued', 'sending', 'sent', 'delivered', 'read', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "msg_unread" (
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"message_id" integer NOT NULL,
	CONSTRAINT "msg_unread_account_id_user_id_message_id_pk" PRIMARY KEY("account_id","user_id","message_id")
);
--> statement-breakpoint
ALTER TABLE "msg_channels" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "msg_chat_links" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "msg_messages" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "msg_unread" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "msg_channels" ADD CONSTRAINT "msg_channels_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "msg_chat_links" ADD CONSTRAINT "msg_chat_links_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "msg_chat_links" ADD CONSTRAINT "msg_chat_links_channel_fk" FOREIGN KEY ("account_id","channel_id") REFERENCES "public"."msg_channels"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "msg_chat_links" ADD CONSTRAINT "msg_chat_links_applicant_fk" FOREIGN KEY ("account_id","applicant_id") REFERENCES "public"."applicants"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "msg_messages" ADD CONSTRAINT "msg_messages_applicant_fk" FOREIGN KEY ("account_id","applicant_id") REFERENCES "public"."applicants"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "msg_messages" ADD CONSTRAINT "msg_messages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "msg_messages" ADD CONSTRAINT "msg_messages_channel_fk" FOREIGN KEY ("account_id","channel_id") REFERENCES "public"."msg_channels"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "msg_unread" ADD CONSTRAINT "msg_unread_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "msg_unread" ADD CONSTRAINT "msg_unread_message_fk" FOREIGN KEY ("account_id","message_id") REFERENCES "public"."msg_messages"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "msg_channels_webhook_key" ON "msg_channels" USING btree ("webhook_key");--> statement-breakpoint
CREATE UNIQUE INDEX "msg_channels_external_key" ON "msg_channels" USING btree ("kind","external_id") WHERE "deleted_at" is null and "external_id" is not null;--> statement-breakpoint
CREATE INDEX "msg_channels_account_idx" ON "msg_channels" USING btree ("account_id","kind") WHERE "deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "msg_chat_links_chat_key" ON "msg_chat_links" USING btree ("account_id","channel_id","external_chat_id");--> statement-breakpoint
CREATE INDEX "msg_chat_links_applicant_idx" ON "msg_chat_links" USING btree ("account_id","applicant_id");--> statement-breakpoint
CREATE INDEX "msg_messages_history_idx" ON "msg_messages" USING btree ("account_id","applicant_id","id" DESC);--> statement-breakpoint
CREATE UNIQUE INDEX "msg_messages_external_key" ON "msg_messages" USING btree ("account_id","channel_id","external_chat_id","external_message_id") WHERE "external_message_id" is not null;--> statement-breakpoint
CREATE INDEX "msg_messages_outbox_idx" ON "msg_messages" USING btree ("id") WHERE "state" in ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "msg_messages_external_id_idx" ON "msg_messages" USING btree ("account_id","external_message_id") WHERE "external_message_id" is not null;--> statement-breakpoint
CREATE INDEX "msg_unread_message_idx" ON "msg_unread" USING btree ("account_id","message_id");--> statement-breakpoint
CREATE POLICY "msg_channels_tenant_isolation" ON "msg_channels" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "msg_chat_links_tenant_isolation" ON "msg_chat_links" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "msg_messages_tenant_isolation" ON "msg_messages" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "msg_unread_tenant_isolation" ON "msg_unread" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE TRIGGER "msg_channels_data_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "msg_channels" FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change();--> statement-breakpoint
CREATE TRIGGER "msg_chat_links_data_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "msg_chat_links" FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change();--> statement-breakpoint
CREATE TRIGGER "msg_messages_data_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "msg_messages" FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change();--> statement-breakpoint
CREATE TRIGGER "msg_unread_data_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "msg_unread" FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change();
