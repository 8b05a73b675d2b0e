-- Telegram notifications to users (issue 14): a user links their own Telegram chat to one of the
-- company's bots by a signed deep link (`user_telegram_links`, one chat per user), and the events
-- their notification settings send by Telegram are queued in `user_telegram_notifications` in the
-- transaction that raised them: `queued`, claimed (`sending`, `claimed_at`) by one sender, then
-- `sent` or `failed` with the reason; `next_attempt_at` holds a retry back (Telegram's
-- retry_after, a backoff). The messaging module owns both.
CREATE TABLE "user_telegram_links" (
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"external_chat_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_telegram_links_account_id_user_id_pk" PRIMARY KEY("account_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "user_telegram_links" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "user_telegram_notifications" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "user_telegram_notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"external_chat_id" text NOT NULL,
	"event" text NOT NULL,
	"text" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_telegram_notifications_account_id_id_pk" PRIMARY KEY("account_id","id"),
	CONSTRAINT "user_telegram_notifications_state_check" CHECK ("state" in ('queued', 'sending', 'sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "user_telegram_notifications" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "user_telegram_links" ADD CONSTRAINT "user_telegram_links_user_fk" FOREIGN KEY ("account_id","user_id") REFERENCES "public"."users"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_telegram_links" ADD CONSTRAINT "user_telegram_links_channel_fk" FOREIGN KEY ("account_id","channel_id") REFERENCES "public"."msg_channels"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_telegram_notifications" ADD CONSTRAINT "user_telegram_notifications_user_fk" FOREIGN KEY ("account_id","user_id") REFERENCES "public"."users"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_telegram_notifications" ADD CONSTRAINT "user_telegram_notifications_channel_fk" FOREIGN KEY ("account_id","channel_id") REFERENCES "public"."msg_channels"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_telegram_links_chat_key" ON "user_telegram_links" USING btree ("account_id","channel_id","external_chat_id");--> statement-breakpoint
CREATE INDEX "user_telegram_notifications_due_idx" ON "user_telegram_notifications" USING btree ("next_attempt_at") WHERE "state" = 'queued';--> statement-breakpoint
CREATE POLICY "user_telegram_links_tenant_isolation" ON "user_telegram_links" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "user_telegram_notifications_tenant_isolation" ON "user_telegram_notifications" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE TRIGGER "user_telegram_links_data_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_telegram_links" FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change();--> statement-breakpoint
CREATE TRIGGER "user_telegram_notifications_data_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_telegram_notifications" FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change();
