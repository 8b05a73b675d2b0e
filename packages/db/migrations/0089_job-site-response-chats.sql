-- Avito's messenger in the applicant's conversation (decision 0071): the chat an Avito
-- application names, so a sync finds the applications of the chats Avito lists as changed
-- (Avito's application list shows no messages), and reads only those.
ALTER TABLE "job_site_responses" ADD COLUMN "chat_id" text;
--> statement-breakpoint
CREATE INDEX "job_site_responses_chat_idx" ON "job_site_responses" USING btree ("account_id","site","chat_id") WHERE "chat_id" IS NOT NULL;
