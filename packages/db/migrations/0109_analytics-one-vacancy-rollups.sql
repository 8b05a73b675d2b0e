-- One vacancy's report (issue 13, decision 0101) reads that vacancy's rows of the per-vacancy
-- rollups (migration 0105), not the whole company's: both tables are keyed by day first (a period
-- of every vacancy is one range), so a vacancy's period walked every vacancy's rows of its days
-- and kept its own. These indexes lead with the vacancy (with `n` included: index-only).
CREATE INDEX "analytics_vacancy_reach_days_vacancy_idx" ON "analytics_vacancy_reach_days" USING btree ("account_id","vacancy_id","day","position","prev_day") INCLUDE ("n");--> statement-breakpoint
CREATE INDEX "analytics_vacancy_stays_vacancy_idx" ON "analytics_vacancy_stays" USING btree ("account_id","vacancy_id","placed_day","stage_id","entered_on","left_on") INCLUDE ("n");
