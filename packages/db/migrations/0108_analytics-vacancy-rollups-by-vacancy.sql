-- Each vacancy's funnel for some of the vacancies (the report of one vacancy, a division's
-- subtree, an owner's vacancies) read every row of the period of both per-vacancy rollups and
-- kept those of its vacancies: their keys begin with the day (a period is one range for the whole
-- company). These indexes begin with the vacancy, so a set of vacancies reads only its own rows,
-- one range per vacancy; both cover the read (INCLUDE n), so it stays index-only (decision 0100).
CREATE INDEX "analytics_vacancy_reach_days_vacancy_idx" ON "analytics_vacancy_reach_days" USING btree ("account_id","vacancy_id","day","prev_day","position") INCLUDE ("n");--> statement-breakpoint
CREATE INDEX "analytics_vacancy_stays_vacancy_idx" ON "analytics_vacancy_stays" USING btree ("account_id","vacancy_id","placed_day","stage_id","entered_on","left_on") INCLUDE ("n");
