-- Each vacancy's «reached» per calendar month (issue 13, decision 0105). The funnel of
-- company_analytics_by_vacancies (migration 0105, decisions 0088 and 0100) sums the rows of
-- `analytics_vacancy_reach_days` of the period's days whose previous day is before the period: a
-- year at 200,000 applicants is 210,402 rows, nearly one per applicant and vacancy.
-- `analytics_vacancy_reach_months` holds the same rows summed per calendar month of their day:
-- (vacancy, position, first day of the month, previous day) → n, the previous day kept as it is,
-- so the rows of a whole month whose previous day is before a are the month's rows with
-- prev_day < a, and the sum is the same. The funnel reads the whole months of a period from it
-- and the days at its edges from the days. The rows with a previous day are rare (an applicant
-- placed on the vacancy again on a later day); the others fold into one row per vacancy, position
-- and month.
--
-- It is a function of the days alone and is written where they are: the same statement of
-- `analytics_vacancy_reach_change` (the summaries' statement triggers' helper, migration 0105)
-- adds its net change per day to the days and, summed per month, to the months — no trigger of
-- its own on the days (an extra trigger level; the e2e suite's PGlite is short of stack) — and
-- the rollups' rebuild (`analytics_rebuild_vacancy_rollups`) sums the days it rebuilt. Existing
-- data is filled from the days below. Keyed like the days: month first for a period of the
-- whole company, and led by the vacancy for a set of vacancies (one vacancy, a division's
-- subtree, an owner's: migration 0108's way), both covering the read (INCLUDE n).
CREATE TABLE "analytics_vacancy_reach_months" (
	"account_id" integer NOT NULL,
	"month" date NOT NULL,
	"vacancy_id" integer NOT NULL,
	"position" integer NOT NULL,
	"prev_day" date NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "analytics_vacancy_reach_months_pk" PRIMARY KEY("account_id","month","vacancy_id","position","prev_day") INCLUDE ("n")
);--> statement-breakpoint
ALTER TABLE "analytics_vacancy_reach_months" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "analytics_vacancy_reach_months" ADD CONSTRAINT "analytics_vacancy_reach_months_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "analytics_vacancy_reach_months_tenant_isolation" ON "analytics_vacancy_reach_months" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE TRIGGER "analytics_vacancy_reach_months_data_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "analytics_vacancy_reach_months" FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change();--> statement-breakpoint
CREATE INDEX "analytics_vacancy_reach_months_vacancy_idx" ON "analytics_vacancy_reach_months" USING btree ("account_id","vacancy_id","month","prev_day","position") INCLUDE ("n");--> statement-breakpoint
-- The reach rows of the given applicants on the given vacancies (triples of account, applicant and
-- vacancy) as they are now (their summaries), added, and as they were before the statement taken
-- out: now without the applications the statement wrote (`p_changed`), plus the rows it replaced
-- (`p_old_*`). Only the net change is written: to the days, and summed per month to the months
-- (migration 0105's body, the months added).
CREATE OR REPLACE FUNCTION analytics_vacancy_reach_change(p_accounts integer[], p_applicants integer[],
	p_vacancies integer[], p_changed integer[], p_old_accounts integer[], p_old_applicants integer[],
	p_old_vacancies integer[], p_old_days date[], p_old_positions integer[])
RETURNS void LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public SET plan_cache_mode = force_generic_plan AS $$
BEGIN
	WITH keys AS (
		SELECT DISTINCT a AS account_id, p AS applicant_id, v AS vacancy_id
		FROM unnest(p_accounts, p_applicants, p_vacancies) k(a, p, v)
	),
	now_rows AS (
		SELECT s.account_id, s.applicant_id, s.vacancy_id, s.application_id, s.placed_day,
		       s.furthest_position
		FROM keys k
		JOIN analytics_application_summaries s
		  ON s.account_id = k.account_id AND s.applicant_id = k.applicant_id
		 AND s.vacancy_id = k.vacancy_id
		WHERE s.furthest_position IS NOT NULL
	),
	d0 AS (
		SELECT 1 AS side, account_id, applicant_id, vacancy_id, placed_day AS day,
		       furthest_position AS pos
		FROM now_rows
		UNION ALL
		SELECT -1, account_id, applicant_id, vacancy_id, placed_day, furthest_position
		FROM now_rows WHERE NOT (application_id = ANY (p_changed))
		UNION ALL
		SELECT -1, a, p, v, dd, pos
		FROM unnest(p_old_accounts, p_old_applicants, p_old_vacancies, p_old_days, p_old_positions)
		  o(a, p, v, dd, pos)
		WHERE pos IS NOT NULL
	),
	d AS (
		SELECT side, account_id, applicant_id, vacancy_id, day, max(pos) AS pos,
		       max(max(pos)) OVER (PARTITION BY side, account_id, applicant_id, vacancy_id ORDER BY day
		                           ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS before_max
		FROM d0
		GROUP BY 1, 2, 3, 4, 5
	),
	e AS (
		SELECT d.side, d.account_id, d.day, d.vacancy_id, p.day AS prev_day, least(p.pos, d.pos) AS m,
		       CASE WHEN max(q.pos) IS NOT NULL THEN least(max(q.pos), d.pos) END AS c
		FROM d
		JOIN d p ON p.side = d.side AND p.account_id = d.account_id
		  AND p.applicant_id = d.applicant_id AND p.vacancy_id = d.vacancy_id AND p.day < d.day
		LEFT JOIN d q ON q.side = d.side AND q.account_id = d.account_id
		  AND q.applicant_id = d.applicant_id AND q.vacancy_id = d.vacancy_id
		  AND q.day > p.day AND q.day < d.day
		GROUP BY d.side, d.account_id, d.applicant_id, d.vacancy_id, d.day, d.pos, p.day, p.pos
	),
	x AS (
		SELECT account_id, day, vacancy_id, pos AS position, '-infinity'::date AS prev_day, side AS n
		FROM d WHERE before_max IS NULL OR before_max < pos
		UNION ALL
		SELECT account_id, day, vacancy_id, before_max, '-infinity'::date, -side
		FROM d WHERE before_max < pos
		UNION ALL
		SELECT account_id, day, vacancy_id, m, prev_day, side FROM e WHERE c IS NULL OR m > c
		UNION ALL
		SELECT account_id, day, vacancy_id, c, prev_day, -side FROM e WHERE m > c
	),
	-- The net change per day, written to the days and, summed per month, to the months in the
	-- same statement (a data-modifying step runs whether or not it is read).
	net AS (
		SELECT account_id, day, vacancy_id, position, prev_day, sum(n)::int AS n
		FROM x
		GROUP BY 1, 2, 3, 4, 5
		HAVING sum(n) <> 0
	),
	days_written AS (
		INSERT INTO analytics_vacancy_reach_days AS t (account_id, day, vacancy_id, position, prev_day, n)
		SELECT account_id, day, vacancy_id, position, prev_day, n FROM net
		ON CONFLICT (account_id, day, vacancy_id, position, prev_day) DO UPDATE SET n = t.n + excluded.n
	)
	INSERT INTO analytics_vacancy_reach_months AS t (account_id, month, vacancy_id, position, prev_day, n)
	SELECT account_id, date_trunc('month', day::timestamp)::date, vacancy_id, position, prev_day,
	       sum(n)::int
	FROM net
	GROUP BY 1, 2, 3, 4, 5
	HAVING sum(n) <> 0
	ON CONFLICT (account_id, month, vacancy_id, position, prev_day) DO UPDATE SET n = t.n + excluded.n;
END
$$;--> statement-breakpoint
-- One account's per-vacancy rollups from its summaries (a rebuild): migration 0105's body, the
-- months summed from the days it rebuilt at its end.
CREATE OR REPLACE FUNCTION analytics_rebuild_vacancy_rollups(p_account integer) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = public AS $$
	DELETE FROM analytics_vacancy_reach_days WHERE account_id = p_account;
	WITH d0 AS (
		SELECT s.account_id, s.applicant_id, s.vacancy_id, s.placed_day AS day, s.furthest_position AS pos
		FROM analytics_application_summaries s
		WHERE s.account_id = p_account AND s.furthest_position IS NOT NULL
	),
	d AS (
		SELECT account_id, applicant_id, vacancy_id, day, max(pos) AS pos,
		       max(max(pos)) OVER (PARTITION BY account_id, applicant_id, vacancy_id ORDER BY day
		                           ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS before_max
		FROM d0 WHERE pos IS NOT NULL
		GROUP BY 1, 2, 3, 4
	),
	e AS (
		SELECT d.account_id, d.day, d.vacancy_id, p.day AS prev_day, least(p.pos, d.pos) AS m,
		       CASE WHEN max(q.pos) IS NOT NULL THEN least(max(q.pos), d.pos) END AS c
		FROM d
		JOIN d p ON p.account_id = d.account_id AND p.applicant_id = d.applicant_id
		  AND p.vacancy_id = d.vacancy_id AND p.day < d.day
		LEFT JOIN d q ON q.account_id = d.account_id AND q.applicant_id = d.applicant_id
		  AND q.vacancy_id = d.vacancy_id AND q.day > p.day AND q.day < d.day
		GROUP BY d.account_id, d.applicant_id, d.vacancy_id, d.day, d.pos, p.day, p.pos
	),
	x AS (
		SELECT account_id, day, vacancy_id, pos AS position, '-infinity'::date AS prev_day, 1 AS n
		FROM d WHERE before_max IS NULL OR before_max < pos
		UNION ALL
		SELECT account_id, day, vacancy_id, before_max, '-infinity'::date, -1
		FROM d WHERE before_max < pos
		UNION ALL
		SELECT account_id, day, vacancy_id, m, prev_day, 1 FROM e WHERE c IS NULL OR m > c
		UNION ALL
		SELECT account_id, day, vacancy_id, c, prev_day, -1 FROM e WHERE m > c
	)
	INSERT INTO analytics_vacancy_reach_days (account_id, day, vacancy_id, position, prev_day, n)
	SELECT account_id, day, vacancy_id, position, prev_day, sum(n)::int
	FROM x
	GROUP BY 1, 2, 3, 4, 5;
	DELETE FROM analytics_vacancy_stays WHERE account_id = p_account;
	INSERT INTO analytics_vacancy_stays (account_id, placed_day, vacancy_id, stage_id, entered_on, left_on, n)
	SELECT s.account_id, s.placed_day, s.vacancy_id, u.stage_id, u.entered_on, u.left_on, count(*)::int
	FROM analytics_application_summaries s
	CROSS JOIN LATERAL unnest(s.step_stage_ids, s.step_days, s.step_days[2:])
	  AS u(stage_id, entered_on, left_on)
	WHERE s.account_id = p_account
	  AND u.stage_id IS NOT NULL AND u.entered_on IS NOT NULL AND u.left_on IS NOT NULL
	GROUP BY 1, 2, 3, 4, 5, 6;
	DELETE FROM analytics_vacancy_reach_months WHERE account_id = p_account;
	INSERT INTO analytics_vacancy_reach_months (account_id, month, vacancy_id, position, prev_day, n)
	SELECT account_id, date_trunc('month', day::timestamp)::date, vacancy_id, position, prev_day,
	       sum(n)::int
	FROM analytics_vacancy_reach_days
	WHERE account_id = p_account
	GROUP BY 1, 2, 3, 4, 5
	HAVING sum(n) <> 0;
$$;--> statement-breakpoint
-- The months of the existing days, every account.
INSERT INTO analytics_vacancy_reach_months (account_id, month, vacancy_id, position, prev_day, n)
SELECT account_id, date_trunc('month', day::timestamp)::date, vacancy_id, position, prev_day,
       sum(n)::int
FROM analytics_vacancy_reach_days
GROUP BY 1, 2, 3, 4, 5
HAVING sum(n) <> 0;
