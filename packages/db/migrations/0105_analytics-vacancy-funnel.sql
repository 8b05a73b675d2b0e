-- Each vacancy's funnel (company_analytics_by_vacancies, and the report of one vacancy) from rollups
-- of the per-application summaries (issue 13, decisions 0069, 0075, 0088). Its «reached» counts,
-- per stage of a vacancy that is not a rejection stage, the distinct applicants of the cohort
-- (applications first placed on the vacancy in the period) whose furthest position there is at
-- or after the stage's (a skip counts; an applicant placed on the vacancy twice counts once).
--
-- `analytics_vacancy_reach_days`: per applicant, vacancy and placement day, the levels reached
-- that day are the positions up to the furthest of its applications placed that day; each level
-- is counted on that day beside the previous day of the same applicant and vacancy that reached
-- it (-infinity: none), so that the applicants of [a, b] at a stage are the rows of days in [a, b]
-- whose previous day is before a (decision 0042). The levels of one day fall into a few runs of the
-- same previous day (the later a previous day, the lower the levels it covers), and each run
-- (c, m] is kept as two rows over «every level up to a position»: +1 at m and -1 at c. The
-- stage at position P reached over [a, b] is `sum(n) where day between a and b and prev_day < a
-- and position >= P`. An applicant placed once on a vacancy is one row (its furthest position,
-- -infinity).
--
-- `analytics_vacancy_stays`: the cohort's stays (a step's stage, the day entered and the day of
-- the next step) per placement day, vacancy of the application and stage, counted: the average
-- time in stage in calendar and working days is read from them exactly as from the summaries'
-- steps.
--
-- Both are functions of the summaries alone (a stage's position, rejection flag, vacancy or
-- deletion recompute its vacancy's summaries), kept by statement triggers on the summaries in the
-- writer's transaction. The writer's price (decision 0088) is kept low: the trigger function is
-- PL/pgSQL whose statements read the transition tables directly (planned once per connection, as
-- migration 0100's), each statement's change is summed before it is written (rows whose net is 0
-- are not written), and the reach recomputes only the touched applicants' rows on the touched
-- vacancies (not all their vacancies); and the summaries' refresh writes a moved application's
-- row in place (below), so that a move is one UPDATE the triggers of every rollup of the
-- summaries net, not a DELETE and an INSERT of the whole row. The rebuild
-- (`analytics_rebuild_rollups`: time zone, the bench's bulk load, the e2e harness) recomputes
-- both after the summaries (`analytics_rebuild_vacancy_rollups`).
CREATE TABLE "analytics_vacancy_reach_days" (
	"account_id" integer NOT NULL,
	"day" date NOT NULL,
	"vacancy_id" integer NOT NULL,
	"position" integer NOT NULL,
	"prev_day" date NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "analytics_vacancy_reach_days_pk" PRIMARY KEY("account_id","day","vacancy_id","position","prev_day") INCLUDE ("n")
);--> statement-breakpoint
ALTER TABLE "analytics_vacancy_reach_days" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "analytics_vacancy_reach_days" ADD CONSTRAINT "analytics_vacancy_reach_days_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "analytics_vacancy_reach_days_tenant_isolation" ON "analytics_vacancy_reach_days" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE TRIGGER "analytics_vacancy_reach_days_data_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "analytics_vacancy_reach_days" FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change();--> statement-breakpoint
CREATE TABLE "analytics_vacancy_stays" (
	"account_id" integer NOT NULL,
	"placed_day" date NOT NULL,
	"vacancy_id" integer NOT NULL,
	"stage_id" integer NOT NULL,
	"entered_on" date NOT NULL,
	"left_on" date NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "analytics_vacancy_stays_pk" PRIMARY KEY("account_id","placed_day","vacancy_id","stage_id","entered_on","left_on") INCLUDE ("n")
);--> statement-breakpoint
ALTER TABLE "analytics_vacancy_stays" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "analytics_vacancy_stays" ADD CONSTRAINT "analytics_vacancy_stays_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "analytics_vacancy_stays_tenant_isolation" ON "analytics_vacancy_stays" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE TRIGGER "analytics_vacancy_stays_data_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "analytics_vacancy_stays" FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change();--> statement-breakpoint
-- The reach rows of the given applicants on the given vacancies (triples of account, applicant and
-- vacancy) as they are now (their summaries), added, and as they were before the statement taken
-- out: now without the applications the statement wrote (`p_changed`), plus the rows it replaced
-- (`p_old_*`). Only the net change is written.
CREATE FUNCTION analytics_vacancy_reach_change(p_accounts integer[], p_applicants integer[],
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
	)
	INSERT INTO analytics_vacancy_reach_days AS t (account_id, day, vacancy_id, position, prev_day, n)
	SELECT account_id, day, vacancy_id, position, prev_day, sum(n)::int
	FROM x
	GROUP BY 1, 2, 3, 4, 5
	HAVING sum(n) <> 0
	ON CONFLICT (account_id, day, vacancy_id, position, prev_day) DO UPDATE SET n = t.n + excluded.n;
END
$$;--> statement-breakpoint
-- Stays: the statement's old rows taken out, its new ones added, summed per row first. Reached:
-- `analytics_vacancy_reach_change` for the applicants and vacancies of the rows whose applicant,
-- vacancy, day or furthest position the statement changed.
CREATE FUNCTION analytics_vacancy_rollups_sync() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
	accounts_ integer[];
	applicants_ integer[];
	vacancies_ integer[];
	changed_ integer[];
	old_accounts integer[];
	old_applicants integer[];
	old_vacancies integer[];
	old_days date[];
	old_positions integer[];
BEGIN
	IF current_setting('ats.analytics_rebuilding', true) = 'on' THEN RETURN NULL; END IF;
	IF TG_OP = 'INSERT' THEN
		INSERT INTO analytics_vacancy_stays AS t (account_id, placed_day, vacancy_id, stage_id,
			entered_on, left_on, n)
		SELECT r.account_id, r.placed_day, r.vacancy_id, u.stage_id, u.entered_on, u.left_on,
		       count(*)::int
		FROM new_rows r
		CROSS JOIN LATERAL unnest(r.step_stage_ids, r.step_days, r.step_days[2:])
		  AS u(stage_id, entered_on, left_on)
		WHERE cardinality(r.step_days) > 1
		  AND u.stage_id IS NOT NULL AND u.entered_on IS NOT NULL AND u.left_on IS NOT NULL
		GROUP BY 1, 2, 3, 4, 5, 6
		ON CONFLICT (account_id, placed_day, vacancy_id, stage_id, entered_on, left_on)
		DO UPDATE SET n = t.n + excluded.n;
		SELECT array_agg(account_id), array_agg(applicant_id), array_agg(vacancy_id),
		       array_agg(application_id)
		INTO accounts_, applicants_, vacancies_, changed_
		FROM new_rows WHERE furthest_position IS NOT NULL;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO analytics_vacancy_stays AS t (account_id, placed_day, vacancy_id, stage_id,
			entered_on, left_on, n)
		SELECT r.account_id, r.placed_day, r.vacancy_id, u.stage_id, u.entered_on, u.left_on,
		       -count(*)::int
		FROM old_rows r
		CROSS JOIN LATERAL unnest(r.step_stage_ids, r.step_days, r.step_days[2:])
		  AS u(stage_id, entered_on, left_on)
		WHERE cardinality(r.step_days) > 1
		  AND u.stage_id IS NOT NULL AND u.entered_on IS NOT NULL AND u.left_on IS NOT NULL
		GROUP BY 1, 2, 3, 4, 5, 6
		ON CONFLICT (account_id, placed_day, vacancy_id, stage_id, entered_on, left_on)
		DO UPDATE SET n = t.n + excluded.n;
		SELECT array_agg(account_id), array_agg(applicant_id), array_agg(vacancy_id), '{}'::integer[],
		       array_agg(account_id), array_agg(applicant_id), array_agg(vacancy_id),
		       array_agg(placed_day), array_agg(furthest_position)
		INTO accounts_, applicants_, vacancies_, changed_, old_accounts, old_applicants,
		     old_vacancies, old_days, old_positions
		FROM old_rows WHERE furthest_position IS NOT NULL;
	ELSE
		WITH pairs AS (
			SELECT o.account_id, o.vacancy_id AS old_vacancy, n.vacancy_id AS new_vacancy,
			       o.placed_day AS old_day, n.placed_day AS new_day,
			       o.step_stage_ids AS old_stages, n.step_stage_ids AS new_stages,
			       o.step_days AS old_steps, n.step_days AS new_steps
			FROM old_rows o JOIN new_rows n
			  ON n.account_id = o.account_id AND n.application_id = o.application_id
			WHERE (n.vacancy_id, n.placed_day, n.step_stage_ids, n.step_days)
			      IS DISTINCT FROM (o.vacancy_id, o.placed_day, o.step_stage_ids, o.step_days)
		),
		stays AS (
			SELECT r.account_id, r.placed_day, r.vacancy_id, u.stage_id, u.entered_on, u.left_on,
			       r.side
			FROM (SELECT account_id, old_day AS placed_day, old_vacancy AS vacancy_id,
			             old_stages AS stage_ids, old_steps AS days, -1 AS side FROM pairs
			      UNION ALL
			      SELECT account_id, new_day, new_vacancy, new_stages, new_steps, 1 FROM pairs) r
			CROSS JOIN LATERAL unnest(r.stage_ids, r.days, r.days[2:]) AS u(stage_id, entered_on, left_on)
			WHERE cardinality(r.days) > 1
			  AND u.stage_id IS NOT NULL AND u.entered_on IS NOT NULL AND u.left_on IS NOT NULL
		)
		INSERT INTO analytics_vacancy_stays AS t (account_id, placed_day, vacancy_id, stage_id,
			entered_on, left_on, n)
		SELECT account_id, placed_day, vacancy_id, stage_id, entered_on, left_on, sum(side)::int
		FROM stays
		GROUP BY 1, 2, 3, 4, 5, 6
		HAVING sum(side) <> 0
		ON CONFLICT (account_id, placed_day, vacancy_id, stage_id, entered_on, left_on)
		DO UPDATE SET n = t.n + excluded.n;
		-- Only the rows whose applicant, vacancy, day or furthest position changed (a source set,
		-- an offer or a hire alone writes none): both the old and the new applicant and vacancy.
		WITH changed AS (
			SELECT o.account_id, o.application_id, o.applicant_id, o.vacancy_id, o.placed_day,
			       o.furthest_position, n.applicant_id AS new_applicant, n.vacancy_id AS new_vacancy
			FROM old_rows o JOIN new_rows n
			  ON n.account_id = o.account_id AND n.application_id = o.application_id
			WHERE (n.applicant_id, n.vacancy_id, n.placed_day, n.furthest_position)
			      IS DISTINCT FROM (o.applicant_id, o.vacancy_id, o.placed_day, o.furthest_position)
		)
		SELECT k.accounts, k.applicants, k.vacancies, o.ids, o.accounts, o.applicants, o.vacancies,
		       o.days, o.positions
		INTO accounts_, applicants_, vacancies_, changed_, old_accounts, old_applicants,
		     old_vacancies, old_days, old_positions
		FROM (SELECT array_agg(c.account_id) AS accounts,
		             array_agg(CASE x.i WHEN 1 THEN c.applicant_id ELSE c.new_applicant END) AS applicants,
		             array_agg(CASE x.i WHEN 1 THEN c.vacancy_id ELSE c.new_vacancy END) AS vacancies
		      FROM changed c CROSS JOIN (VALUES (1), (2)) x(i)) k
		CROSS JOIN (SELECT array_agg(application_id) AS ids, array_agg(account_id) AS accounts,
		                   array_agg(applicant_id) AS applicants, array_agg(vacancy_id) AS vacancies,
		                   array_agg(placed_day) AS days, array_agg(furthest_position) AS positions
		            FROM changed) o;
	END IF;
	IF accounts_ IS NULL THEN RETURN NULL; END IF;
	PERFORM analytics_vacancy_reach_change(accounts_, applicants_, vacancies_, changed_,
		coalesce(old_accounts, '{}'), coalesce(old_applicants, '{}'), coalesce(old_vacancies, '{}'),
		coalesce(old_days, '{}'), coalesce(old_positions, '{}'));
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "analytics_application_summaries_vacancy_rollups_insert" AFTER INSERT ON "analytics_application_summaries"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_vacancy_rollups_sync();--> statement-breakpoint
CREATE TRIGGER "analytics_application_summaries_vacancy_rollups_update" AFTER UPDATE ON "analytics_application_summaries"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_vacancy_rollups_sync();--> statement-breakpoint
CREATE TRIGGER "analytics_application_summaries_vacancy_rollups_delete" AFTER DELETE ON "analytics_application_summaries"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_vacancy_rollups_sync();--> statement-breakpoint
-- The summaries' refresh writes each application's row in place (migration 0100's body, its
-- rows computed by `analytics_application_summaries_fresh`): an UPDATE of the rows that exist,
-- an INSERT of the new ones, a DELETE of those no longer placed, each statement only when it has
-- rows. A move was a DELETE and an INSERT of its application's row, so every rollup kept by the
-- summaries' statement triggers took the row out whole and put it back whole (the stays, the
-- reach of every summary of the applicant); as an UPDATE, their triggers see the row as it was
-- and as it is, in one call, and write what changed.
CREATE FUNCTION analytics_application_summaries_fresh(p_accounts integer[], p_applications integer[])
RETURNS TABLE (account_id integer, application_id integer, applicant_id integer, vacancy_id integer,
	placed_at timestamptz, placed_transition_id integer, placed_by integer, placed_day date,
	furthest_position integer, source_id integer, offered_at timestamptz, offered_by integer,
	first_hired_at timestamptz, hired_at timestamptz[], hire_count integer,
	accepted_at timestamptz[], step_stage_ids integer[], step_days date[])
LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = public SET plan_cache_mode = force_generic_plan AS $$
#variable_conflict use_column
BEGIN
	RETURN QUERY
	SELECT p.account_id, p.application_id, p.applicant_id, p.vacancy_id, p.moved_at, p.id,
	       p.moved_by,
	       (p.moved_at AT TIME ZONE coalesce(nullif(ac.time_zone, ''), 'Europe/Moscow'))::date,
	       (SELECT max(s.position) FROM application_transitions x
	        JOIN statuses s ON s.account_id = x.account_id AND s.id = x.to_status_id
	        WHERE x.account_id = p.account_id AND x.application_id = p.application_id
	          AND s.vacancy_id = p.vacancy_id AND NOT s.is_reject),
	       coalesce((SELECT a.account_source_id FROM applicants a
	                 WHERE a.account_id = p.account_id AND a.id = p.applicant_id),
	                (SELECT d.account_source_id FROM analytics_deleted_applicants d
	                 WHERE d.account_id = p.account_id AND d.applicant_id = p.applicant_id), 0),
	       CASE WHEN o.kind IN ('place', 'move') THEN o.moved_at END,
	       CASE WHEN o.kind IN ('place', 'move') THEN o.moved_by END,
	       h.hired_at[1], coalesce(h.hired_at, '{}'), coalesce(cardinality(h.hired_at), 0),
	       coalesce(h.accepted_at, '{}'), st.stage_ids, st.days
	FROM (SELECT DISTINCT ON (t.account_id, t.application_id) t.*
	      FROM application_transitions t
	      JOIN (SELECT DISTINCT a, b FROM unnest(p_accounts, p_applications) k(a, b)) k
	        ON t.account_id = k.a AND t.application_id = k.b
	      WHERE t.kind = 'place'
	      ORDER BY t.account_id, t.application_id, t.moved_at, t.id) p
	JOIN accounts ac ON ac.id = p.account_id
	LEFT JOIN LATERAL (
		SELECT x.kind, x.moved_at, x.moved_by FROM application_transitions x
		JOIN statuses s ON s.account_id = x.account_id AND s.id = x.to_status_id
		WHERE x.account_id = p.account_id AND x.application_id = p.application_id AND s.is_offer
		ORDER BY x.moved_at, x.id LIMIT 1) o ON true
	CROSS JOIN LATERAL (
		SELECT array_agg(x.moved_at ORDER BY x.moved_at, x.id) AS hired_at,
		       array_agg(x.moved_at ORDER BY x.moved_at, x.id) FILTER (WHERE EXISTS (
		         SELECT 1 FROM application_transitions y
		         JOIN statuses so ON so.account_id = y.account_id AND so.id = y.to_status_id
		         WHERE y.account_id = x.account_id AND y.application_id = x.application_id
		           AND y.moved_at <= x.moved_at AND y.id <> x.id AND so.is_offer)) AS accepted_at
		FROM application_transitions x
		JOIN statuses s ON s.account_id = x.account_id AND s.id = x.to_status_id
		WHERE x.account_id = p.account_id AND x.application_id = p.application_id
		  AND x.kind IN ('place', 'move') AND s.status_type = 'hired') h
	CROSS JOIN LATERAL (
		SELECT array_agg(x.to_status_id ORDER BY x.moved_at, x.id) AS stage_ids,
		       array_agg((x.moved_at AT TIME ZONE coalesce(nullif(ac.time_zone, ''), 'Europe/Moscow'))::date
		                 ORDER BY x.moved_at, x.id) AS days
		FROM application_transitions x
		WHERE x.account_id = p.account_id AND x.application_id = p.application_id) st;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_application_summaries_refresh(p_accounts integer[], p_applications integer[])
RETURNS void LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public SET plan_cache_mode = force_generic_plan AS $$
DECLARE
	kept_accounts integer[];
	kept_applications integer[];
	new_accounts integer[];
	new_applications integer[];
	gone boolean;
BEGIN
	-- Each application: its row kept (recomputed in place), new (inserted) or gone (deleted: the
	-- application deleted, its placement taken back).
	SELECT array_agg(k.a) FILTER (WHERE e.has_row AND e.placed),
	       array_agg(k.b) FILTER (WHERE e.has_row AND e.placed),
	       array_agg(k.a) FILTER (WHERE NOT e.has_row AND e.placed),
	       array_agg(k.b) FILTER (WHERE NOT e.has_row AND e.placed),
	       coalesce(bool_or(e.has_row AND NOT e.placed), false)
	INTO kept_accounts, kept_applications, new_accounts, new_applications, gone
	FROM (SELECT DISTINCT a, b FROM unnest(p_accounts, p_applications) k(a, b)) k
	CROSS JOIN LATERAL (
		SELECT EXISTS (SELECT 1 FROM analytics_application_summaries s
		               WHERE s.account_id = k.a AND s.application_id = k.b) AS has_row,
		       EXISTS (SELECT 1 FROM application_transitions t
		               WHERE t.account_id = k.a AND t.application_id = k.b AND t.kind = 'place')
		         AS placed) e;
	IF gone THEN
		DELETE FROM analytics_application_summaries s
		USING (SELECT DISTINCT a, b FROM unnest(p_accounts, p_applications) k(a, b)) k
		WHERE s.account_id = k.a AND s.application_id = k.b
		  AND NOT EXISTS (SELECT 1 FROM application_transitions t
		                  WHERE t.account_id = k.a AND t.application_id = k.b AND t.kind = 'place');
	END IF;
	-- Every column set, so the BEFORE triggers recompute what they derive, as on an insert.
	IF kept_accounts IS NOT NULL THEN
		UPDATE analytics_application_summaries s
		SET applicant_id = f.applicant_id, vacancy_id = f.vacancy_id, placed_at = f.placed_at,
		    placed_transition_id = f.placed_transition_id, placed_by = f.placed_by,
		    placed_day = f.placed_day, furthest_position = f.furthest_position,
		    source_id = f.source_id, offered_at = f.offered_at, offered_by = f.offered_by,
		    first_hired_at = f.first_hired_at, hired_at = f.hired_at, hire_count = f.hire_count,
		    accepted_at = f.accepted_at, step_stage_ids = f.step_stage_ids, step_days = f.step_days
		FROM analytics_application_summaries_fresh(kept_accounts, kept_applications) f
		WHERE s.account_id = f.account_id AND s.application_id = f.application_id;
	END IF;
	IF new_accounts IS NOT NULL THEN
		INSERT INTO analytics_application_summaries (account_id, application_id, applicant_id,
			vacancy_id, placed_at, placed_transition_id, placed_by, placed_day, furthest_position,
			source_id, offered_at, offered_by, first_hired_at, hired_at, hire_count, accepted_at,
			step_stage_ids, step_days)
		SELECT f.account_id, f.application_id, f.applicant_id, f.vacancy_id, f.placed_at,
		       f.placed_transition_id, f.placed_by, f.placed_day, f.furthest_position, f.source_id,
		       f.offered_at, f.offered_by, f.first_hired_at, f.hired_at, f.hire_count, f.accepted_at,
		       f.step_stage_ids, f.step_days
		FROM analytics_application_summaries_fresh(new_accounts, new_applications) f;
	END IF;
END
$$;--> statement-breakpoint
-- One account's per-vacancy rollups from its summaries (a rebuild, the backfill).
CREATE FUNCTION analytics_rebuild_vacancy_rollups(p_account integer) RETURNS void
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
$$;--> statement-breakpoint
-- Every rollup's rebuild (time zone, the bench's bulk load, the e2e harness) now also rebuilds the
-- per-vacancy rollups, after the summaries (migration 0097's definition, the call added at its end).
CREATE OR REPLACE FUNCTION analytics_rebuild_rollups(p_account integer) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = public AS $$
	DELETE FROM analytics_activity_days WHERE account_id = p_account;
	INSERT INTO analytics_activity_days (account_id, kind, actor_id, day, prev_day, n)
	SELECT account_id, kind, actor_id, day, prev_day, count(*)::int
	FROM (
		SELECT r.account_id, ka.kind, ka.actor_id, r.day,
		       coalesce(lag(r.day) OVER (PARTITION BY r.applicant_id, ka.kind, ka.actor_id
		                                 ORDER BY r.moved_at, r.id), '-infinity'::date) AS prev_day
		FROM (SELECT t.account_id, t.applicant_id, t.id, t.moved_at, t.kind, t.moved_by,
		             t.reason_id,
		             (t.moved_at AT TIME ZONE coalesce(nullif(ac.time_zone, ''), 'Europe/Moscow'))::date AS day,
		             t.kind IN ('place', 'move') AND s.status_type IS NOT DISTINCT FROM 'hired' AS hired,
		             t.vacancy_id,
		             coalesce(p.account_source_id, d.account_source_id, 0) AS source_id
		      FROM application_transitions t
		      JOIN accounts ac ON ac.id = t.account_id
		      LEFT JOIN statuses s ON s.account_id = t.account_id AND s.id = t.to_status_id
		      LEFT JOIN applicants p ON p.account_id = t.account_id AND p.id = t.applicant_id
		      LEFT JOIN analytics_deleted_applicants d
		        ON d.account_id = t.account_id AND d.applicant_id = t.applicant_id
		      WHERE t.account_id = p_account) r
		CROSS JOIN LATERAL (
			SELECT k.kind, a.actor_id
			FROM (SELECT CASE r.kind WHEN 'place' THEN 'placed' WHEN 'move' THEN 'moved'
			                         WHEN 'reject' THEN 'rejected' WHEN 'refuse' THEN 'refused' END
			      UNION ALL SELECT 'hired' WHERE r.hired) k(kind)
			CROSS JOIN (SELECT 0 UNION ALL SELECT r.moved_by WHERE r.moved_by IS NOT NULL) a(actor_id)
			WHERE k.kind IS NOT NULL
			UNION ALL
			SELECT r.kind || '_reason', coalesce(r.reason_id, 0) WHERE r.kind IN ('reject', 'refuse')
			UNION ALL
			SELECT k.kind, r.source_id
			FROM (SELECT 'placed_source' WHERE r.kind = 'place'
			      UNION ALL SELECT 'hired_source' WHERE r.hired) k(kind)
			UNION ALL
			SELECT k.kind, r.vacancy_id
			FROM (SELECT 'placed_vacancy' WHERE r.kind = 'place'
			      UNION ALL SELECT 'hired_vacancy' WHERE r.hired) k(kind)
		) ka
	) e
	GROUP BY account_id, kind, actor_id, day, prev_day;
	DELETE FROM analytics_applicant_days WHERE account_id = p_account;
	INSERT INTO analytics_applicant_days (account_id, day, source_id, actor_id, n)
	SELECT x.account_id,
	       (x.created_at AT TIME ZONE coalesce(nullif(ac.time_zone, ''), 'Europe/Moscow'))::date,
	       coalesce(x.account_source_id, 0), coalesce(x.created_by, 0), count(*)::int
	FROM (SELECT account_id, account_source_id, created_by, created_at FROM applicants
	      WHERE account_id = p_account
	      UNION ALL
	      SELECT account_id, account_source_id, created_by, created_at FROM analytics_deleted_applicants
	      WHERE account_id = p_account) x
	JOIN accounts ac ON ac.id = x.account_id
	GROUP BY 1, 2, 3, 4;
	SELECT analytics_rebuild_application_summaries(p_account);
	SELECT analytics_rebuild_vacancy_rollups(p_account);
$$;--> statement-breakpoint
SELECT analytics_rebuild_vacancy_rollups(id) FROM accounts;
