-- Reminders of events are sent (decision 0037): each row remembers the start it was sent for, so a
-- reminder goes once per moment — again after the event moves, never for its old time.
ALTER TABLE "event_reminders" ADD COLUMN "sent_for" timestamp with time zone;--> statement-breakpoint
-- The worker finds the reminders due now over every account by the events' start.
CREATE INDEX "events_starts_idx" ON "events" USING btree ("starts_at");
