-- A stage edited recomputes only what the edit changes (issue 13, decision 0089). Before this, a
-- stage of the default funnel renamed recomputed the columns reached of every summary of the
-- account (0092: the name stands for a column when a vacancy's stage is no copy of one), and a
-- stage's type changed rebuilt every rollup of the account (0049), in the editor's request.
--
-- The columns reached. A summary's columns are the default funnel's columns (its stages that are
-- not rejection stages) at or before the furthest one its steps reach, each step's stage standing
-- for the column it is a copy of, else (no copy of a column) for the first column of its name. Say
-- the statement changes the columns' positions or which stages are columns (a stage moved, made a
-- rejection stage or no longer one, added, deleted, moved to or from the funnel), and `lo` is the
-- least position, before or after, of a column it changed so. A summary whose columns are all
-- before `lo` (as they were) keeps them: the columns its steps stand for are unchanged ones before
-- `lo`, and every changed column is at `lo` or after, before and after. So only the summaries that
-- hold a column at or after `lo` are recomputed, and those of the vacancies with a stage that may
-- stand for another column now: a copy of a column added, or a stage standing for a column by
-- name (no copy of a column before or after) whose name is one of a changed or renamed column.
-- A rename changes no position: only those vacancies (none, when every stage is a copy).
--
-- The hires. A stage's type only decides whether a placement or move into it is a hire: the
-- activity rollup's kinds `hired` and `hired_source`. Only a vacancy's stages hold transitions
-- (an application sits on a stage of its vacancy), so a template stage's type changes nothing
-- there; for a vacancy's stage, the applicants with a transition into it have their hires taken
-- out as they were (the stage's type before) and put back as they are. The summaries' hires
-- already follow the stage (0082: its vacancy's summaries).

-- The columns reached of an account's summaries that hold one of `p_columns` (a scan of the
-- account's summaries, skipped when there is none) or are of one of `p_vacancies` (by the vacancy
-- index), where they changed (an update of the column: the rollup's update trigger follows).
CREATE FUNCTION analytics_source_columns_refresh_some(p_account integer, p_columns integer[],
	p_vacancies integer[])
RETURNS void LANGUAGE sql SECURITY DEFINER SET search_path = public AS $$
	WITH cols AS (
		SELECT s.id, s.name, s.position FROM statuses s
		WHERE s.account_id = p_account AND NOT s.is_reject
		  AND s.status_group_id = analytics_default_funnel(p_account)
	),
	stage_keys AS (
		SELECT vs.id AS stage_id,
		       coalesce((SELECT c.position FROM cols c WHERE c.id = vs.copied_from_id),
		                (SELECT min(c.position) FROM cols c WHERE lower(c.name) = lower(vs.name))) AS pos
		FROM statuses vs
		WHERE vs.account_id = p_account AND vs.vacancy_id IS NOT NULL AND NOT vs.is_reject
	),
	candidates AS (
		SELECT s.application_id, s.step_stage_ids, s.source_column_ids
		FROM analytics_application_summaries s
		WHERE cardinality(p_columns) > 0 AND s.account_id = p_account
		  AND s.source_column_ids && p_columns
		UNION
		SELECT s.application_id, s.step_stage_ids, s.source_column_ids
		FROM analytics_application_summaries s
		WHERE s.account_id = p_account AND s.vacancy_id = ANY (p_vacancies)
	),
	reach AS (
		SELECT c.application_id, max(k.pos) AS pos
		FROM candidates c
		CROSS JOIN LATERAL unnest(c.step_stage_ids) AS u(stage_id)
		JOIN stage_keys k ON k.stage_id = u.stage_id
		GROUP BY c.application_id
	),
	next AS (
		SELECT c.application_id, c.source_column_ids AS was,
		       coalesce((SELECT array_agg(cl.id ORDER BY cl.id) FROM cols cl WHERE cl.position <= r.pos),
		                '{}') AS ids
		FROM candidates c LEFT JOIN reach r ON r.application_id = c.application_id
	)
	UPDATE analytics_application_summaries s SET source_column_ids = n.ids
	FROM next n
	WHERE s.account_id = p_account AND s.application_id = n.application_id
	  AND n.was IS DISTINCT FROM n.ids
$$;--> statement-breakpoint
-- What the columns reached depend on among the stages (above), per account of the statement.
CREATE FUNCTION analytics_source_columns_of_stages() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
	olds jsonb := '[]';
	news jsonb := '[]';
	account_ integer;
	funnel_ integer;
	lo integer;
	diff jsonb;
	columns_ integer[];
	vacancies_ integer[];
BEGIN
	IF TG_OP <> 'INSERT' THEN
		SELECT coalesce(jsonb_agg(to_jsonb(o)), '[]') INTO olds FROM old_rows o;
	END IF;
	IF TG_OP <> 'DELETE' THEN
		SELECT coalesce(jsonb_agg(to_jsonb(n)), '[]') INTO news FROM new_rows n;
	END IF;
	FOR account_ IN
		SELECT DISTINCT (e->>'account_id')::int FROM jsonb_array_elements(olds || news) e
	LOOP
		funnel_ := analytics_default_funnel(account_);
		-- The columns before the statement (the stages now, less its new rows, plus its old
		-- ones) beside the columns now.
		WITH o AS (
			SELECT x.* FROM jsonb_to_recordset(olds) AS x(account_id integer, id integer, name text,
			  position integer, is_reject boolean, status_group_id integer)
			WHERE x.account_id = account_
		), n AS (
			SELECT x.* FROM jsonb_to_recordset(news) AS x(account_id integer, id integer)
			WHERE x.account_id = account_
		), after_cols AS (
			SELECT s.id, s.name, s.position FROM statuses s
			WHERE s.account_id = account_ AND s.status_group_id = funnel_ AND NOT s.is_reject
		), before_cols AS (
			SELECT s.id, s.name, s.position FROM statuses s
			WHERE s.account_id = account_ AND s.status_group_id = funnel_ AND NOT s.is_reject
			  AND NOT EXISTS (SELECT 1 FROM n WHERE n.id = s.id)
			UNION ALL
			SELECT o.id, o.name, o.position FROM o WHERE o.status_group_id = funnel_ AND NOT o.is_reject
		)
		SELECT coalesce(jsonb_agg(jsonb_build_object('id', coalesce(b.id, a.id), 'old_name', b.name,
		         'new_name', a.name, 'old_pos', b.position, 'new_pos', a.position)), '[]')
		INTO diff
		FROM before_cols b FULL JOIN after_cols a ON a.id = b.id;
		WITH c AS (
			SELECT * FROM jsonb_to_recordset(diff) AS x(id integer, old_name text, new_name text,
			  old_pos integer, new_pos integer)
		)
		SELECT (SELECT min(least(c.old_pos, c.new_pos)) FROM c
		        WHERE c.old_pos IS DISTINCT FROM c.new_pos)
		INTO lo;
		WITH c AS (
			SELECT * FROM jsonb_to_recordset(diff) AS x(id integer, old_name text, new_name text,
			  old_pos integer, new_pos integer)
		)
		SELECT (SELECT array_agg(c.id) FROM c WHERE c.old_pos >= lo),
		       (SELECT array_agg(DISTINCT vs.vacancy_id)
		        FROM statuses vs
		        WHERE vs.account_id = account_ AND vs.vacancy_id IS NOT NULL AND NOT vs.is_reject
		          AND (vs.copied_from_id IN (SELECT c.id FROM c WHERE c.old_pos IS NULL)
		               OR ((vs.copied_from_id IS NULL
		                    OR NOT EXISTS (SELECT 1 FROM c WHERE c.id = vs.copied_from_id
		                                     AND c.old_pos IS NOT NULL AND c.new_pos IS NOT NULL))
		                   AND lower(vs.name) IN (
		                     SELECT lower(x.name) FROM c
		                     CROSS JOIN LATERAL (VALUES (c.old_name), (c.new_name)) x(name)
		                     WHERE x.name IS NOT NULL
		                       AND (c.old_pos IS DISTINCT FROM c.new_pos
		                            OR lower(c.old_name) <> lower(c.new_name))))))
		INTO columns_, vacancies_;
		-- A vacancy's stage renamed or linked to another template stage: its vacancy.
		IF TG_OP = 'UPDATE' THEN
			SELECT vacancies_ || array_agg(DISTINCT n.vacancy_id) INTO vacancies_
			FROM jsonb_to_recordset(news) AS n(account_id integer, id integer, name text,
			       vacancy_id integer, copied_from_id integer)
			JOIN jsonb_to_recordset(olds) AS o(account_id integer, id integer, name text,
			       vacancy_id integer, copied_from_id integer)
			  ON o.account_id = n.account_id AND o.id = n.id
			WHERE n.account_id = account_ AND n.vacancy_id IS NOT NULL
			  AND (n.name, n.copied_from_id) IS DISTINCT FROM (o.name, o.copied_from_id);
		END IF;
		IF columns_ IS NOT NULL OR vacancies_ IS NOT NULL THEN
			PERFORM analytics_source_columns_refresh_some(account_, coalesce(columns_, '{}'),
				coalesce(vacancies_, '{}'));
		END IF;
	END LOOP;
	RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER "statuses_source_columns_insert" ON "statuses";--> statement-breakpoint
DROP TRIGGER "statuses_source_columns_update" ON "statuses";--> statement-breakpoint
DROP TRIGGER "statuses_source_columns_delete" ON "statuses";--> statement-breakpoint
CREATE TRIGGER "statuses_source_columns_insert" AFTER INSERT ON "statuses"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_source_columns_of_stages();--> statement-breakpoint
CREATE TRIGGER "statuses_source_columns_update" AFTER UPDATE ON "statuses"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_source_columns_of_stages();--> statement-breakpoint
CREATE TRIGGER "statuses_source_columns_delete" AFTER DELETE ON "statuses"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_source_columns_of_stages();--> statement-breakpoint
-- Adds `sign` × the hires of the given place and move transitions (`hired`: whether their stage
-- is of type hired) to the activity rollup, as analytics_activity_add counts them (the company,
-- the mover, the source and, since 0097, the vacancy).
CREATE FUNCTION analytics_hires_add(p_rows jsonb, p_sign integer) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = public AS $$
	INSERT INTO analytics_activity_days AS d (account_id, kind, actor_id, day, prev_day, n)
	SELECT account_id, kind, actor_id, day, prev_day, p_sign * count(*)::int
	FROM (
		SELECT f.account_id, f.kind, f.actor_id, f.day,
		       coalesce(lag(f.day) OVER (PARTITION BY f.account_id, f.applicant_id, f.kind, f.actor_id
		                                 ORDER BY f.moved_at, f.id), '-infinity'::date) AS prev_day
		FROM (SELECT r.account_id, r.applicant_id, r.id, r.moved_at, k.kind, k.actor_id,
		             (r.moved_at AT TIME ZONE coalesce(nullif(ac.time_zone, ''), 'Europe/Moscow'))::date AS day
		      FROM jsonb_to_recordset(p_rows) AS r(account_id integer, applicant_id integer,
		           id integer, moved_at timestamptz, moved_by integer, source_id integer,
		           vacancy_id integer, hired boolean)
		      JOIN accounts ac ON ac.id = r.account_id
		      CROSS JOIN LATERAL (
		        SELECT 'hired', 0
		        UNION ALL SELECT 'hired', r.moved_by WHERE r.moved_by IS NOT NULL
		        UNION ALL SELECT 'hired_source', r.source_id
		        UNION ALL SELECT 'hired_vacancy', r.vacancy_id WHERE r.vacancy_id IS NOT NULL
		      ) k(kind, actor_id)
		      WHERE r.hired) f
	) e
	GROUP BY account_id, kind, actor_id, day, prev_day
	ON CONFLICT (account_id, kind, actor_id, day, prev_day) DO UPDATE SET n = d.n + excluded.n
$$;--> statement-breakpoint
-- A vacancy's stage made a hired stage or no longer one: the hires of the applicants with a
-- transition into it, out as they were and back as they are.
CREATE FUNCTION analytics_hires_of_stages() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
	changed jsonb;
	before_rows jsonb;
	after_rows jsonb;
BEGIN
	SELECT jsonb_agg(jsonb_build_object('account_id', n.account_id, 'id', n.id,
	         'vacancy_id', n.vacancy_id, 'was', o.status_type = 'hired'))
	INTO changed
	FROM new_rows n JOIN old_rows o ON o.account_id = n.account_id AND o.id = n.id
	WHERE (n.status_type = 'hired') IS DISTINCT FROM (o.status_type = 'hired')
	  AND n.vacancy_id IS NOT NULL;
	IF changed IS NULL THEN RETURN NULL; END IF;
	WITH stages AS (
		SELECT * FROM jsonb_to_recordset(changed) AS c(account_id integer, id integer,
		  vacancy_id integer, was boolean)
	), keys AS (
		SELECT DISTINCT t.account_id, t.applicant_id
		FROM stages c
		JOIN application_transitions t ON t.account_id = c.account_id
		  AND t.vacancy_id = c.vacancy_id AND t.to_status_id = c.id
		WHERE t.kind IN ('place', 'move')
	), log_rows AS (
		SELECT t.account_id, t.applicant_id, t.id, t.moved_at, t.moved_by, t.vacancy_id,
		       coalesce(p.account_source_id, d.account_source_id, 0) AS source_id,
		       coalesce(s.status_type = 'hired', false) AS hired,
		       coalesce(c.was, s.status_type = 'hired', false) AS was
		FROM application_transitions t
		JOIN keys k ON k.account_id = t.account_id AND k.applicant_id = t.applicant_id
		LEFT JOIN statuses s ON s.account_id = t.account_id AND s.id = t.to_status_id
		LEFT JOIN stages c ON c.account_id = t.account_id AND c.id = t.to_status_id
		LEFT JOIN applicants p ON p.account_id = t.account_id AND p.id = t.applicant_id
		LEFT JOIN analytics_deleted_applicants d
		  ON d.account_id = t.account_id AND d.applicant_id = t.applicant_id
		WHERE t.kind IN ('place', 'move')
	)
	SELECT jsonb_agg(jsonb_build_object('account_id', account_id, 'applicant_id', applicant_id,
	         'id', id, 'moved_at', moved_at, 'moved_by', moved_by, 'source_id', source_id,
	         'vacancy_id', vacancy_id, 'hired', was)) FILTER (WHERE was),
	       jsonb_agg(jsonb_build_object('account_id', account_id, 'applicant_id', applicant_id,
	         'id', id, 'moved_at', moved_at, 'moved_by', moved_by, 'source_id', source_id,
	         'vacancy_id', vacancy_id, 'hired', hired)) FILTER (WHERE hired)
	INTO before_rows, after_rows
	FROM log_rows;
	PERFORM analytics_hires_add(after_rows, 1) WHERE after_rows IS NOT NULL;
	PERFORM analytics_hires_add(before_rows, -1) WHERE before_rows IS NOT NULL;
	RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER "statuses_type_rollups" ON "statuses";--> statement-breakpoint
CREATE TRIGGER "statuses_type_rollups" AFTER UPDATE ON "statuses"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_hires_of_stages();
--> statement-breakpoint
-- A stage moved, made a rejection or an offer stage or not, its type changed, or deleted: its
-- vacancy's summaries (0082), read by the vacancy index, and nothing for a template's stage (no
-- summary is of it: the join on a null vacancy scanned them all).
CREATE OR REPLACE FUNCTION analytics_application_summaries_of_stages() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
	accounts_ integer[];
	applications_ integer[];
	pair_accounts integer[];
	pair_vacancies integer[];
BEGIN
	IF TG_OP = 'DELETE' THEN
		SELECT array_agg(account_id), array_agg(vacancy_id) INTO pair_accounts, pair_vacancies
		FROM (SELECT DISTINCT account_id, vacancy_id FROM old_rows WHERE vacancy_id IS NOT NULL) o;
	ELSE
		SELECT array_agg(account_id), array_agg(vacancy_id) INTO pair_accounts, pair_vacancies
		FROM (SELECT o.account_id, o.vacancy_id FROM old_rows o JOIN new_rows n
		        ON n.account_id = o.account_id AND n.id = o.id
		      WHERE o.vacancy_id IS NOT NULL
		        AND (n.position IS DISTINCT FROM o.position OR n.is_reject IS DISTINCT FROM o.is_reject
		             OR n.vacancy_id IS DISTINCT FROM o.vacancy_id OR n.is_offer IS DISTINCT FROM o.is_offer
		             OR n.status_type IS DISTINCT FROM o.status_type)
		      UNION SELECT n.account_id, n.vacancy_id FROM old_rows o JOIN new_rows n
		        ON n.account_id = o.account_id AND n.id = o.id
		      WHERE n.vacancy_id IS NOT NULL AND n.vacancy_id IS DISTINCT FROM o.vacancy_id) v;
	END IF;
	IF pair_accounts IS NULL THEN RETURN NULL; END IF;
	SELECT array_agg(s.account_id), array_agg(s.application_id) INTO accounts_, applications_
	FROM unnest(pair_accounts, pair_vacancies) AS k(a, v)
	JOIN analytics_application_summaries s ON s.account_id = k.a AND s.vacancy_id = k.v;
	IF accounts_ IS NOT NULL THEN
		PERFORM analytics_application_summaries_refresh(accounts_, applications_);
	END IF;
	RETURN NULL;
END
$$;
