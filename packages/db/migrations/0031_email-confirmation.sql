-- A company signed up through the public form confirms its e-mail by a mailed link; until then its
-- heavy work (résumé parsing, imports) stays within a trial quota (decision 0026). Companies that
-- exist already count as confirmed: the default fills them.
ALTER TABLE "accounts" ADD COLUMN "email_confirmed_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "email_confirmation_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_email_confirmation_hash_key" ON "accounts" USING btree ("email_confirmation_hash");
