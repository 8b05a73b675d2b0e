-- The columns reached refreshed in hash joins (issue 13, decision 0104). The triggers of a
-- default funnel's edits recompute the columns reached of the summaries they change: every
-- summary of the account when the default funnel changes (another funnel made the favourite, a
-- column added, deleted or moved), the summaries of the edited vacancies when a vacancy's stage is
-- renamed or linked to another template stage. Both went through `analytics_source_columns_of`
-- (0092) or the same statement (0099), where the planner put the scan of every stage of the
-- account inside the loop over each summary's steps: about 8 ms per summary, so switching the
-- favourite funnel of an account of 357,910 summaries would take most of an hour in the request.
-- Here, as in the rebuild (0110), each unnest of a summary's steps is its own materialized step,
-- and the summaries, their steps, the stages and the default funnel's columns meet only in hash
-- joins on equal keys, with nested loops off. The summaries that change are then updated by their
-- key with nested loops back on (a few index lookups when a few summaries change). Plans are made
-- for the call's arguments (one vacancy or the whole account). Same rows written as 0092's and
-- 0099's bodies.
CREATE OR REPLACE FUNCTION analytics_source_columns_refresh(p_account integer, p_vacancies integer[])
RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
SET enable_nestloop = off SET plan_cache_mode = force_custom_plan AS $$
DECLARE
	changed jsonb;
BEGIN
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
	sums AS MATERIALIZED (
		SELECT s.application_id, s.step_stage_ids, s.source_column_ids
		FROM analytics_application_summaries s
		WHERE s.account_id = p_account AND (p_vacancies IS NULL OR s.vacancy_id = ANY (p_vacancies))
	),
	steps AS MATERIALIZED (
		SELECT x.application_id, u.stage_id
		FROM sums x CROSS JOIN LATERAL unnest(x.step_stage_ids) AS u(stage_id)
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
	)
	SELECT jsonb_agg(jsonb_build_array(x.application_id, coalesce(u.ids, '{}')))
	INTO changed
	FROM sums x
	LEFT JOIN reach r ON r.application_id = x.application_id
	LEFT JOIN up_to u ON u.pos = r.pos
	WHERE x.source_column_ids IS DISTINCT FROM coalesce(u.ids, '{}');
	IF changed IS NULL THEN RETURN; END IF;
	PERFORM set_config('enable_nestloop', 'on', true);
	UPDATE analytics_application_summaries s
	SET source_column_ids = ARRAY(SELECT jsonb_array_elements_text(e->1)::integer)
	FROM jsonb_array_elements(changed) e
	WHERE s.account_id = p_account AND s.application_id = (e->>0)::integer;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_source_columns_refresh_some(p_account integer,
	p_columns integer[], p_vacancies integer[])
RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
SET enable_nestloop = off SET plan_cache_mode = force_custom_plan AS $$
DECLARE
	changed jsonb;
BEGIN
	WITH cols AS MATERIALIZED (
		SELECT s.id, s.name, s.position FROM statuses s
		WHERE s.account_id = p_account AND NOT s.is_reject
		  AND s.status_group_id = analytics_default_funnel(p_account)
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
	candidates AS MATERIALIZED (
		SELECT s.application_id, s.step_stage_ids, s.source_column_ids
		FROM analytics_application_summaries s
		WHERE cardinality(p_columns) > 0 AND s.account_id = p_account
		  AND s.source_column_ids && p_columns
		UNION
		SELECT s.application_id, s.step_stage_ids, s.source_column_ids
		FROM analytics_application_summaries s
		WHERE s.account_id = p_account AND s.vacancy_id = ANY (p_vacancies)
	),
	steps AS MATERIALIZED (
		SELECT x.application_id, u.stage_id
		FROM candidates x CROSS JOIN LATERAL unnest(x.step_stage_ids) AS u(stage_id)
	),
	reach AS MATERIALIZED (
		SELECT st.application_id, max(k.pos) AS pos
		FROM steps st JOIN stage_keys k ON k.stage_id = st.stage_id
		GROUP BY st.application_id
	),
	up_to AS MATERIALIZED (
		SELECT p.pos, array_agg(c.id ORDER BY c.id) AS ids
		FROM (SELECT DISTINCT c.position AS pos FROM cols c) p
		JOIN cols c ON c.position <= p.pos
		GROUP BY p.pos
	)
	SELECT jsonb_agg(jsonb_build_array(x.application_id, coalesce(u.ids, '{}')))
	INTO changed
	FROM candidates x
	LEFT JOIN reach r ON r.application_id = x.application_id
	LEFT JOIN up_to u ON u.pos = r.pos
	WHERE x.source_column_ids IS DISTINCT FROM coalesce(u.ids, '{}');
	IF changed IS NULL THEN RETURN; END IF;
	PERFORM set_config('enable_nestloop', 'on', true);
	UPDATE analytics_application_summaries s
	SET source_column_ids = ARRAY(SELECT jsonb_array_elements_text(e->1)::integer)
	FROM jsonb_array_elements(changed) e
	WHERE s.account_id = p_account AND s.application_id = (e->>0)::integer;
END
$$;
