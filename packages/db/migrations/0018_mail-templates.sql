CREATE TABLE "mail_templates" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "mail_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"action_type" text DEFAULT 'mail' NOT NULL,
	"description" text,
	"is_shared" boolean DEFAULT false NOT NULL,
	"author_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_templates_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "mail_templates" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "mail_templates" ADD CONSTRAINT "mail_templates_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_templates" ADD CONSTRAINT "mail_templates_account_id_author_id_users_account_id_id_fk" FOREIGN KEY ("account_id","author_id") REFERENCES "public"."users"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_templates_shared_idx" ON "mail_templates" USING btree ("account_id","is_shared");--> statement-breakpoint
CREATE INDEX "mail_templates_author_idx" ON "mail_templates" USING btree ("account_id","author_id");--> statement-breakpoint
CREATE POLICY "mail_templates_tenant_isolation" ON "mail_templates" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);