-- The rebuild of the summaries' template stages and columns reached, set-based in hash joins
-- (issues 13 and 19, decision 0103). Both steps joined each summary's steps (an unnest of its
-- arrays, a lateral join) with the account's stages in one statement; the planner was free to put
-- the stages' join inside the lateral loop, and did: a hash join of one summary's steps with a
-- scan of every stage of the account, once per summary (the columns reached ran inside the SQL
-- function `analytics_source_columns_of`, planned for any arguments). Both grow with summaries ×
-- stages: at 200,000 applicants the bench's rebuild ran for more than 15 minutes. Here each
-- unnest is its own materialized step, so the steps, the stages and the summaries meet only in
-- hash joins on equal keys, and the few columns of the default funnel are turned into their
-- arrays once per position; nested loops are off for the rebuild whatever its caller set (the
-- lateral unnest still runs as one, row by row). Same rows written as 0091's and 0092's bodies.
CREATE OR REPLACE FUNCTION analytics_rebuild_funnel_days(p_account integer) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = public SET enable_nestloop = off AS $$
	SELECT set_config('ats.analytics_rebuilding', 'on', true);
	WITH sums AS MATERIALIZED (
		SELECT x.application_id, x.vacancy_id, x.furthest_position, x.placed_day, x.step_stage_ids,
		       x.step_days, xv.status_group_id AS group_id
		FROM analytics_application_summaries x
		JOIN vacancies xv ON xv.account_id = x.account_id AND xv.id = x.vacancy_id
		WHERE x.account_id = p_account
	),
	-- Each stage of a vacancy, its funnel and its template stage (not a rejection) in that funnel.
	stage_tpl AS MATERIALIZED (
		SELECT vs.id AS stage_id, vs.vacancy_id, vs.position, v.status_group_id AS group_id,
		       tpl.id AS tpl_id
		FROM statuses vs
		JOIN vacancies v ON v.account_id = vs.account_id AND v.id = vs.vacancy_id
		LEFT JOIN statuses tpl ON tpl.account_id = vs.account_id AND tpl.id = vs.copied_from_id
		  AND tpl.status_group_id = v.status_group_id AND NOT tpl.is_reject
		WHERE vs.account_id = p_account
	),
	r AS MATERIALIZED (
		SELECT x.application_id, array_agg(DISTINCT k.tpl_id ORDER BY k.tpl_id) AS ids
		FROM sums x
		JOIN stage_tpl k ON k.vacancy_id = x.vacancy_id AND k.position <= x.furthest_position
		WHERE k.tpl_id IS NOT NULL
		GROUP BY x.application_id
	),
	steps AS MATERIALIZED (
		SELECT x.application_id, x.group_id, x.placed_day, u.stage_id, u.entered_on, u.left_on, u.i
		FROM sums x
		CROSS JOIN LATERAL unnest(x.step_stage_ids, x.step_days, x.step_days[2:])
		  WITH ORDINALITY AS u(stage_id, entered_on, left_on, i)
	),
	today AS MATERIALIZED (
		SELECT (now() AT TIME ZONE coalesce(nullif(ac.time_zone, ''), 'Europe/Moscow'))::date AS day
		FROM accounts ac WHERE ac.id = p_account
	),
	st AS MATERIALIZED (
		SELECT u.application_id,
		       array_agg(CASE WHEN k.tpl_id IS NULL OR u.left_on IS NULL THEN 0
		                      WHEN u.entered_on >= u.placed_day - 1 AND u.left_on <= t.day + 1
		                      THEN k.tpl_id
		                      ELSE -k.tpl_id END ORDER BY u.i) AS ids
		FROM steps u
		CROSS JOIN today t
		LEFT JOIN stage_tpl k ON k.stage_id = u.stage_id AND k.group_id = u.group_id
		GROUP BY u.application_id
	),
	next AS MATERIALIZED (
		SELECT s0.application_id, coalesce(r.ids, '{}') AS stage_ids, coalesce(st.ids, '{}') AS step_ids
		FROM analytics_application_summaries s0
		LEFT JOIN r ON r.application_id = s0.application_id
		LEFT JOIN st ON st.application_id = s0.application_id
		WHERE s0.account_id = p_account
		  AND (s0.template_stage_ids, s0.template_step_ids)
		      IS DISTINCT FROM (coalesce(r.ids, '{}'), coalesce(st.ids, '{}'))
	)
	UPDATE analytics_application_summaries s
	SET template_stage_ids = n.stage_ids, template_step_ids = n.step_ids
	FROM next n
	WHERE s.account_id = p_account AND s.application_id = n.application_id;
	DELETE FROM analytics_funnel_days WHERE account_id = p_account;
	INSERT INTO analytics_funnel_days (account_id, stage_id, day, prev_day, n)
	SELECT p_account, stage_id, day, prev_day, count(*)::int
	FROM (
		SELECT e.stage_id, e.day,
		       coalesce(lag(e.day) OVER (PARTITION BY e.applicant_id, e.stage_id ORDER BY e.day),
		                '-infinity'::date) AS prev_day
		FROM (SELECT DISTINCT s.applicant_id, c.stage_id, s.placed_day AS day
		      FROM analytics_application_summaries s
		      CROSS JOIN LATERAL unnest(s.template_stage_ids) AS c(stage_id)
		      WHERE s.account_id = p_account) e
	) x
	GROUP BY stage_id, day, prev_day;
	DELETE FROM analytics_funnel_stays WHERE account_id = p_account;
	INSERT INTO analytics_funnel_stays (account_id, stage_id, placed_day, entered_on, left_on, n)
	SELECT p_account, abs(u.tpl), s.placed_day, k.entered_on, k.left_on, count(*)::int
	FROM analytics_application_summaries s
	CROSS JOIN LATERAL unnest(s.template_step_ids, s.step_days, s.step_days[2:])
	  AS u(tpl, entered_on, left_on)
	CROSS JOIN LATERAL (
		SELECT u.entered_on, '-infinity'::date WHERE u.tpl > 0
		UNION ALL SELECT '-infinity'::date, u.left_on WHERE u.tpl > 0
		UNION ALL SELECT u.entered_on, u.left_on WHERE u.tpl < 0) AS k(entered_on, left_on)
	WHERE s.account_id = p_account AND u.tpl <> 0 AND u.left_on IS NOT NULL
	GROUP BY 2, 3, 4, 5;
	SELECT set_config('ats.analytics_rebuilding', '', true);
$$;--> statement-breakpoint
-- The columns reached as `analytics_source_columns_of` finds them (the default funnel's stages up
-- to the furthest one a summary's steps reached, by the template stage copied or else by name),
-- written here in one statement instead of through `analytics_source_columns_refresh`, which the
-- triggers of a funnel's edits keep calling for their vacancies.
CREATE OR REPLACE FUNCTION analytics_rebuild_source_reach(p_account integer) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = public SET enable_nestloop = off AS $$
	SELECT set_config('ats.analytics_rebuilding', 'on', true);
	WITH cols AS MATERIALIZED (
		SELECT s.id, s.name, s.position FROM statuses s
		WHERE s.account_id = p_account AND NOT s.is_reject
		  AND s.status_group_id = (SELECT g.id FROM status_groups g WHERE g.account_id = p_account
		                           ORDER BY g.is_favorite DESC, g.position, g.id LIMIT 1)
	),
	by_name AS MATERIALIZED (
		SELECT lower(c.name) AS name, min(c.position) AS pos FROM cols c GROUP BY 1
	),
	stage_keys AS MATERIALIZED (
		SELECT vs.id AS stage_id, coalesce(c.position, b.pos) AS pos
		FROM statuses vs
		LEFT JOIN cols c ON c.id = vs.copied_from_id
		LEFT JOIN by_name b ON b.name = lower(vs.name)
		WHERE vs.account_id = p_account AND vs.vacancy_id IS NOT NULL AND NOT vs.is_reject
	),
	steps AS MATERIALIZED (
		SELECT s.application_id, u.stage_id
		FROM analytics_application_summaries s
		CROSS JOIN LATERAL unnest(s.step_stage_ids) AS u(stage_id)
		WHERE s.account_id = p_account
	),
	reach AS MATERIALIZED (
		SELECT st.application_id, max(k.pos) AS pos
		FROM steps st JOIN stage_keys k ON k.stage_id = st.stage_id
		GROUP BY st.application_id
	),
	-- The columns up to each position of the funnel, once per position.
	up_to AS MATERIALIZED (
		SELECT p.pos, array_agg(c.id ORDER BY c.id) AS ids
		FROM (SELECT DISTINCT c.position AS pos FROM cols c) p
		JOIN cols c ON c.position <= p.pos
		GROUP BY p.pos
	),
	next AS MATERIALIZED (
		SELECT s0.application_id, coalesce(u.ids, '{}') AS ids
		FROM analytics_application_summaries s0
		LEFT JOIN reach r ON r.application_id = s0.application_id
		LEFT JOIN up_to u ON u.pos = r.pos
		WHERE s0.account_id = p_account
		  AND s0.source_column_ids IS DISTINCT FROM coalesce(u.ids, '{}')
	)
	UPDATE analytics_application_summaries s SET source_column_ids = n.ids
	FROM next n
	WHERE s.account_id = p_account AND s.application_id = n.application_id;
	DELETE FROM analytics_source_reach_days WHERE account_id = p_account;
	INSERT INTO analytics_source_reach_days (account_id, source_id, stage_id, day, prev_day, n)
	SELECT p_account, source_id, stage_id, day, prev_day, count(*)::int
	FROM (
		SELECT e.source_id, e.stage_id, e.day,
		       coalesce(lag(e.day) OVER (PARTITION BY e.applicant_id, e.stage_id
		                                 ORDER BY e.day, e.source_id), '-infinity'::date) AS prev_day
		FROM (SELECT DISTINCT s.applicant_id, s.source_id, c.stage_id, s.placed_day AS day
		      FROM analytics_application_summaries s
		      CROSS JOIN LATERAL unnest(s.source_column_ids) AS c(stage_id)
		      WHERE s.account_id = p_account) e
	) x
	GROUP BY source_id, stage_id, day, prev_day;
	SELECT set_config('ats.analytics_rebuilding', '', true);
$$;
