-- hh.ru negotiation messages in the applicant's conversation (decision 0062): how many messages
-- the site counted in the negotiation when its messages were last read, so a sync reads a
-- negotiation's messages only when that count has changed (null: never read).
ALTER TABLE "job_site_responses" ADD COLUMN "messages_seen" integer;
