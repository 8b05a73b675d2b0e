-- Issue 19, decision 0090: what a move, a rejection, an edit and a new applicant cost in their
-- triggers. Measured with bench/team-writes-explain.ts on the 200,000-applicant team base: a move
-- spent ~10 ms of PostgreSQL CPU in its triggers, more than half of it parsing and planning the
-- statements of the rollups' SQL functions, which PostgreSQL plans anew on every call.
--
-- 1. The functions the write triggers call (the summaries' refresh, the funnel, reach, activity
--    and applicant-day rollups, the template stages) are PL/pgSQL: their statements are planned
--    once per connection and kept. They are planned without their arguments' values
--    (plan_cache_mode = force_generic_plan), as they are called with one application as with ten
--    thousand: a plan by the keys, the same for all, instead of a new plan each call that costs
--    more than running it. Bodies unchanged, so the rollups' numbers are the same.
-- 2. `analytics_template_steps` (migration 0091) looks each step's stage up by its key. Planned
--    without the arguments, its join took every stage of every vacancy of the template's group
--    (2,400 rows and 8,700 buffers at 200,000 applicants) to keep the few steps asked for.
-- 3. An edit of an applicant that leaves its source, author and creation time as they were no
--    longer adds and subtracts the same applicant day (a net zero that still ran the rollup's
--    upsert and its statement triggers): only the rows that changed are counted.
-- 4. A new applicant has no summaries: setting their source is skipped instead of an UPDATE of
--    none that still ran the summaries' statement triggers.
CREATE OR REPLACE FUNCTION analytics_application_summaries_refresh(p_accounts integer[], p_applications integer[])
RETURNS void LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public SET plan_cache_mode = force_generic_plan AS $$
BEGIN
	DELETE FROM analytics_application_summaries s
	USING (SELECT DISTINCT a, b FROM unnest(p_accounts, p_applications) k(a, b)) k
	WHERE s.account_id = k.a AND s.application_id = k.b;
	INSERT INTO analytics_application_summaries (account_id, application_id, applicant_id,
		vacancy_id, placed_at, placed_transition_id, placed_by, placed_day, furthest_position,
		source_id, offered_at, offered_by, first_hired_at, hired_at, hire_count, accepted_at,
		step_stage_ids, step_days)
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

CREATE OR REPLACE FUNCTION analytics_template_stages_reached(p_account integer, p_vacancy integer, p_furthest integer)
RETURNS integer[] LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = public SET plan_cache_mode = force_generic_plan AS $$
BEGIN
	RETURN (
	SELECT coalesce(array_agg(DISTINCT tpl.id ORDER BY tpl.id), '{}')
	FROM vacancies v
	JOIN statuses vs ON vs.account_id = v.account_id AND vs.vacancy_id = v.id
	JOIN statuses tpl ON tpl.account_id = vs.account_id AND tpl.id = vs.copied_from_id
	WHERE v.account_id = p_account AND v.id = p_vacancy AND vs.position <= p_furthest
	  AND tpl.status_group_id = v.status_group_id AND NOT tpl.is_reject
	);
END
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION analytics_template_steps(p_account integer, p_vacancy integer, p_placed_day date, p_stage_ids integer[], p_days date[])
RETURNS integer[] LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = public SET plan_cache_mode = force_generic_plan AS $$
BEGIN
	RETURN (
	SELECT coalesce(array_agg(
	         CASE WHEN m.id IS NULL OR u.left_on IS NULL THEN 0
	              WHEN u.entered_on >= p_placed_day - 1 AND u.left_on <= t.today + 1 THEN m.id
	              ELSE -m.id END ORDER BY u.i), '{}')
	FROM unnest(p_stage_ids, p_days, p_days[2:]) WITH ORDINALITY AS u(stage_id, entered_on, left_on, i)
	CROSS JOIN (SELECT (now() AT TIME ZONE coalesce(nullif(ac.time_zone, ''), 'Europe/Moscow'))::date AS today,
	                   (SELECT v.status_group_id FROM vacancies v
	                    WHERE v.account_id = p_account AND v.id = p_vacancy) AS group_id
	            FROM accounts ac WHERE ac.id = p_account) t
	CROSS JOIN LATERAL (SELECT (
		SELECT tpl.id FROM statuses vs
		JOIN vacancies v ON v.account_id = vs.account_id AND v.id = vs.vacancy_id
		JOIN statuses tpl ON tpl.account_id = vs.account_id AND tpl.id = vs.copied_from_id
		WHERE vs.account_id = p_account AND vs.id = u.stage_id
		  AND v.status_group_id = t.group_id AND tpl.status_group_id = v.status_group_id
		  AND NOT tpl.is_reject) AS id) m
	);
END
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION analytics_source_columns_reached(p_account integer, p_stage_ids integer[])
RETURNS integer[] LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = public SET plan_cache_mode = force_generic_plan AS $$
BEGIN
	RETURN (
	WITH cols AS (
		SELECT s.id, s.name, s.position FROM statuses s
		WHERE s.account_id = p_account AND NOT s.is_reject
		  AND s.status_group_id = (SELECT g.id FROM status_groups g WHERE g.account_id = p_account
		                           ORDER BY g.is_favorite DESC, g.position, g.id LIMIT 1)
	),
	reach AS (
		SELECT max(coalesce((SELECT c.position FROM cols c WHERE c.id = vs.copied_from_id),
		                    (SELECT min(c.position) FROM cols c WHERE lower(c.name) = lower(vs.name))))
		         AS pos
		FROM statuses vs
		WHERE vs.account_id = p_account AND vs.id = ANY (p_stage_ids)
		  AND vs.vacancy_id IS NOT NULL AND NOT vs.is_reject
	)
	SELECT coalesce(array_agg(c.id ORDER BY c.id), '{}') FROM cols c, reach r WHERE c.position <= r.pos
	);
END
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION analytics_funnel_days_add(p_rows jsonb, p_sign integer)
RETURNS void LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public SET plan_cache_mode = force_generic_plan AS $$
BEGIN
	INSERT INTO analytics_funnel_days AS d (account_id, stage_id, day, prev_day, n)
	SELECT account_id, stage_id, day, prev_day, p_sign * count(*)::int
	FROM (
		SELECT e.account_id, e.stage_id, e.day,
		       coalesce(lag(e.day) OVER (PARTITION BY e.account_id, e.applicant_id, e.stage_id
		                                 ORDER BY e.day), '-infinity'::date) AS prev_day
		FROM (SELECT DISTINCT r.account_id, r.applicant_id, c.stage_id, r.placed_day AS day
		      FROM jsonb_to_recordset(p_rows) AS r(account_id integer, applicant_id integer,
		           placed_day date, template_stage_ids integer[])
		      CROSS JOIN LATERAL unnest(r.template_stage_ids) AS c(stage_id)) e
	) x
	GROUP BY account_id, stage_id, day, prev_day
	ON CONFLICT (account_id, stage_id, day, prev_day) DO UPDATE SET n = d.n + excluded.n;
END
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION analytics_funnel_stays_add(p_rows jsonb, p_sign integer)
RETURNS void LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public SET plan_cache_mode = force_generic_plan AS $$
BEGIN
	INSERT INTO analytics_funnel_stays AS d (account_id, stage_id, placed_day, entered_on, left_on, n)
	SELECT r.account_id, abs(u.tpl), r.placed_day, k.entered_on, k.left_on, p_sign * count(*)::int
	FROM jsonb_to_recordset(p_rows) AS r(account_id integer, placed_day date, step_days date[],
	     template_step_ids integer[])
	CROSS JOIN LATERAL unnest(r.template_step_ids, r.step_days, r.step_days[2:])
	  AS u(tpl, entered_on, left_on)
	CROSS JOIN LATERAL (
		SELECT u.entered_on, '-infinity'::date WHERE u.tpl > 0
		UNION ALL SELECT '-infinity'::date, u.left_on WHERE u.tpl > 0
		UNION ALL SELECT u.entered_on, u.left_on WHERE u.tpl < 0) AS k(entered_on, left_on)
	WHERE u.tpl <> 0 AND u.left_on IS NOT NULL
	GROUP BY 1, 2, 3, 4, 5
	ON CONFLICT (account_id, stage_id, placed_day, entered_on, left_on) DO UPDATE SET n = d.n + excluded.n;
END
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION analytics_source_reach_add(p_rows jsonb, p_sign integer)
RETURNS void LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public SET plan_cache_mode = force_generic_plan AS $$
BEGIN
	INSERT INTO analytics_source_reach_days AS d (account_id, source_id, stage_id, day, prev_day, n)
	SELECT account_id, source_id, stage_id, day, prev_day, p_sign * count(*)::int
	FROM (
		SELECT e.account_id, e.source_id, e.stage_id, e.day,
		       coalesce(lag(e.day) OVER (PARTITION BY e.account_id, e.applicant_id, e.stage_id
		                                 ORDER BY e.day, e.source_id), '-infinity'::date) AS prev_day
		FROM (SELECT DISTINCT r.account_id, r.applicant_id, r.source_id, c.stage_id,
		             r.placed_day AS day
		      FROM jsonb_to_recordset(p_rows) AS r(account_id integer, applicant_id integer,
		           source_id integer, placed_day date, source_column_ids integer[])
		      CROSS JOIN LATERAL unnest(r.source_column_ids) AS c(stage_id)) e
	) x
	GROUP BY account_id, source_id, stage_id, day, prev_day
	ON CONFLICT (account_id, source_id, stage_id, day, prev_day) DO UPDATE SET n = d.n + excluded.n;
END
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION analytics_activity_facts(p_rows jsonb)
RETURNS TABLE(account_id integer, applicant_id integer, kind text, actor_id integer, moved_at timestamp with time zone, id integer, day date) LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = public SET plan_cache_mode = force_generic_plan AS $$
#variable_conflict use_column
BEGIN
	RETURN QUERY
	SELECT r.account_id, r.applicant_id, ka.kind, ka.actor_id, r.moved_at, r.id,
	       (r.moved_at AT TIME ZONE coalesce(nullif(ac.time_zone, ''), 'Europe/Moscow'))::date
	FROM jsonb_to_recordset(p_rows) AS r(account_id integer, applicant_id integer, id integer,
	     moved_at timestamptz, kind text, to_status_id integer, moved_by integer, reason_id integer,
	     source_id integer, vacancy_id integer)
	JOIN accounts ac ON ac.id = r.account_id
	CROSS JOIN LATERAL (
		SELECT r.kind IN ('place', 'move') AND EXISTS (
		         SELECT 1 FROM statuses s WHERE s.account_id = r.account_id AND s.id = r.to_status_id
		           AND s.status_type = 'hired') AS hired
	) h
	CROSS JOIN LATERAL (
		SELECT k.kind, a.actor_id
		FROM (SELECT CASE r.kind WHEN 'place' THEN 'placed' WHEN 'move' THEN 'moved'
		                         WHEN 'reject' THEN 'rejected' WHEN 'refuse' THEN 'refused' END
		      UNION ALL
		      SELECT 'hired' WHERE h.hired) k(kind)
		CROSS JOIN (SELECT 0 UNION ALL SELECT r.moved_by WHERE r.moved_by IS NOT NULL) a(actor_id)
		WHERE k.kind IS NOT NULL
		UNION ALL
		SELECT r.kind || '_reason', coalesce(r.reason_id, 0) WHERE r.kind IN ('reject', 'refuse')
		UNION ALL
		-- The applicant's source: given (a source change moves the rows), else as it is now.
		SELECT k.kind, coalesce(r.source_id,
		         (SELECT p.account_source_id FROM applicants p
		          WHERE p.account_id = r.account_id AND p.id = r.applicant_id),
		         (SELECT d.account_source_id FROM analytics_deleted_applicants d
		          WHERE d.account_id = r.account_id AND d.applicant_id = r.applicant_id), 0)
		FROM (SELECT 'placed_source' WHERE r.kind = 'place'
		      UNION ALL SELECT 'hired_source' WHERE h.hired) k(kind)
		UNION ALL
		-- The log row's vacancy (0097; absent from the rows the source triggers hand over: they
		-- count only the source kinds).
		SELECT k.kind, r.vacancy_id
		FROM (SELECT 'placed_vacancy' WHERE r.kind = 'place'
		      UNION ALL SELECT 'hired_vacancy' WHERE h.hired) k(kind)
		WHERE r.vacancy_id IS NOT NULL
	) ka;
END
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION analytics_activity_add(p_rows jsonb, p_sign integer)
RETURNS void LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public SET plan_cache_mode = force_generic_plan AS $$
BEGIN
	INSERT INTO analytics_activity_days AS d (account_id, kind, actor_id, day, prev_day, n)
	SELECT account_id, kind, actor_id, day, prev_day, p_sign * count(*)::int
	FROM (
		SELECT f.account_id, f.kind, f.actor_id, f.day,
		       coalesce(lag(f.day) OVER (PARTITION BY f.account_id, f.applicant_id, f.kind, f.actor_id
		                                 ORDER BY f.moved_at, f.id), '-infinity'::date) AS prev_day
		FROM analytics_activity_facts(p_rows) f
	) e
	GROUP BY account_id, kind, actor_id, day, prev_day
	ON CONFLICT (account_id, kind, actor_id, day, prev_day) DO UPDATE SET n = d.n + excluded.n;
END
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION analytics_source_days_add(p_rows jsonb, p_sign integer)
RETURNS void LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public SET plan_cache_mode = force_generic_plan AS $$
BEGIN
	INSERT INTO analytics_activity_days AS d (account_id, kind, actor_id, day, prev_day, n)
	SELECT account_id, kind, actor_id, day, prev_day, p_sign * count(*)::int
	FROM (
		SELECT f.account_id, f.kind, f.actor_id, f.day,
		       coalesce(lag(f.day) OVER (PARTITION BY f.account_id, f.applicant_id, f.kind, f.actor_id
		                                 ORDER BY f.moved_at, f.id), '-infinity'::date) AS prev_day
		FROM analytics_activity_facts(p_rows) f
		WHERE f.kind IN ('placed_source', 'hired_source')
	) e
	GROUP BY account_id, kind, actor_id, day, prev_day
	ON CONFLICT (account_id, kind, actor_id, day, prev_day) DO UPDATE SET n = d.n + excluded.n;
END
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION analytics_applicant_days_add(p_rows jsonb)
RETURNS void LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public SET plan_cache_mode = force_generic_plan AS $$
BEGIN
	INSERT INTO analytics_applicant_days AS d (account_id, day, source_id, actor_id, n)
	SELECT r.account_id,
	       (r.created_at AT TIME ZONE coalesce(nullif(ac.time_zone, ''), 'Europe/Moscow'))::date,
	       coalesce(r.account_source_id, 0), coalesce(r.created_by, 0), sum(r.sign)::int
	FROM jsonb_to_recordset(p_rows) AS r(account_id integer, account_source_id integer,
	     created_by integer, created_at timestamptz, sign integer)
	JOIN accounts ac ON ac.id = r.account_id
	GROUP BY 1, 2, 3, 4
	HAVING sum(r.sign) <> 0
	ON CONFLICT (account_id, day, source_id, actor_id) DO UPDATE SET n = d.n + excluded.n;
END
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION analytics_application_summaries_set_sources(p_accounts integer[], p_applicants integer[])
RETURNS void LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public SET plan_cache_mode = force_generic_plan AS $$
BEGIN
	-- A new applicant has no summaries yet: no UPDATE, whose statement triggers would run for none.
	IF NOT EXISTS (SELECT 1 FROM analytics_application_summaries s
	               JOIN unnest(p_accounts, p_applicants) k(a, b)
	                 ON s.account_id = k.a AND s.applicant_id = k.b) THEN
		RETURN;
	END IF;
	UPDATE analytics_application_summaries s SET source_id = x.source_id
	FROM (SELECT k.a, k.b,
	             coalesce((SELECT ap.account_source_id FROM applicants ap
	                       WHERE ap.account_id = k.a AND ap.id = k.b),
	                      (SELECT d.account_source_id FROM analytics_deleted_applicants d
	                       WHERE d.account_id = k.a AND d.applicant_id = k.b), 0) AS source_id
	      FROM (SELECT DISTINCT a, b FROM unnest(p_accounts, p_applicants) k(a, b)) k) x
	WHERE s.account_id = x.a AND s.applicant_id = x.b AND s.source_id <> x.source_id;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_applicant_days_sync() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
	changed jsonb;
BEGIN
	IF TG_OP = 'INSERT' THEN
		SELECT jsonb_agg(jsonb_build_object('account_id', account_id,
		         'account_source_id', account_source_id, 'created_by', created_by,
		         'created_at', created_at, 'sign', 1)) INTO changed FROM new_rows;
	ELSIF TG_OP = 'DELETE' THEN
		SELECT jsonb_agg(jsonb_build_object('account_id', account_id,
		         'account_source_id', account_source_id, 'created_by', created_by,
		         'created_at', created_at, 'sign', -1)) INTO changed FROM old_rows;
	ELSE
		-- A row as it was and as it is count -1 and +1 on the same day: only the differences.
		SELECT jsonb_agg(x) INTO changed FROM (
			SELECT jsonb_build_object('account_id', account_id,
			         'account_source_id', account_source_id, 'created_by', created_by,
			         'created_at', created_at, 'sign', 1) AS x
			FROM (SELECT account_id, account_source_id, created_by, created_at FROM new_rows
			      EXCEPT ALL
			      SELECT account_id, account_source_id, created_by, created_at FROM old_rows) n
			UNION ALL
			SELECT jsonb_build_object('account_id', account_id,
			         'account_source_id', account_source_id, 'created_by', created_by,
			         'created_at', created_at, 'sign', -1)
			FROM (SELECT account_id, account_source_id, created_by, created_at FROM old_rows
			      EXCEPT ALL
			      SELECT account_id, account_source_id, created_by, created_at FROM new_rows) o) y;
	END IF;
	IF changed IS NOT NULL THEN PERFORM analytics_applicant_days_add(changed); END IF;
	RETURN NULL;
END
$$;
