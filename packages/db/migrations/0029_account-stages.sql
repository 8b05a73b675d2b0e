-- A stage may belong to neither a funnel nor a vacancy: a stage of the account, as API clients
-- create it before the funnel it goes into (huntlee-api.md §6.5; decision 0018). Still never to
-- both. Applications cannot point at such a stage: their foreign key names the vacancy's stage.
ALTER TABLE "statuses" DROP CONSTRAINT "statuses_one_owner_check";--> statement-breakpoint
ALTER TABLE "statuses" ADD CONSTRAINT "statuses_at_most_one_owner_check" CHECK (num_nonnulls(status_group_id, vacancy_id) <= 1);
