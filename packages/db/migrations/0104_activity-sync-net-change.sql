-- Issue 19, decision 0095: what a move, a rejection and a placement cost in the activity rollup.
-- The log's trigger (analytics_activity_sync, migration 0097) counted all of the touched
-- applicants' transitions into the rollup, then took out all of them but the statement's new
-- rows (plus its old ones): two upserts of every fact of the applicant's history, each firing
-- the week and month spans' triggers, for a net change of the few facts the new row adds. The
-- two sides are now summed first and only the keys whose count changes are written, in one
-- upsert (nothing at all when none changes): the same numbers, as the net of the two upserts is
-- what is written. The function stays PL/pgSQL, planned once per connection (decision 0090).
CREATE OR REPLACE FUNCTION analytics_activity_apply(p_after jsonb, p_before jsonb)
RETURNS void LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public SET plan_cache_mode = force_generic_plan AS $$
DECLARE
	net jsonb;
BEGIN
	-- Each side's previous days are its own (lag within the side), as two calls of
	-- analytics_activity_add counted them; their difference is summed per key.
	SELECT jsonb_agg(jsonb_build_object('account_id', account_id, 'kind', kind,
	         'actor_id', actor_id, 'day', day, 'prev_day', prev_day, 'n', n)) INTO net
	FROM (
		SELECT account_id, kind, actor_id, day, prev_day, sum(sign)::int AS n
		FROM (
			SELECT f.account_id, f.kind, f.actor_id, f.day,
			       coalesce(lag(f.day) OVER (PARTITION BY f.account_id, f.applicant_id, f.kind, f.actor_id
			                                 ORDER BY f.moved_at, f.id), '-infinity'::date) AS prev_day,
			       1 AS sign
			FROM analytics_activity_facts(coalesce(p_after, '[]'::jsonb)) f
			UNION ALL
			SELECT f.account_id, f.kind, f.actor_id, f.day,
			       coalesce(lag(f.day) OVER (PARTITION BY f.account_id, f.applicant_id, f.kind, f.actor_id
			                                 ORDER BY f.moved_at, f.id), '-infinity'::date),
			       -1
			FROM analytics_activity_facts(coalesce(p_before, '[]'::jsonb)) f
		) e
		GROUP BY account_id, kind, actor_id, day, prev_day
		HAVING sum(sign) <> 0
	) x;
	IF net IS NULL THEN RETURN; END IF;
	INSERT INTO analytics_activity_days AS d (account_id, kind, actor_id, day, prev_day, n)
	SELECT r.account_id, r.kind, r.actor_id, r.day, r.prev_day, r.n
	FROM jsonb_to_recordset(net) AS r(account_id integer, kind text, actor_id integer, day date,
	     prev_day date, n integer)
	ON CONFLICT (account_id, kind, actor_id, day, prev_day) DO UPDATE SET n = d.n + excluded.n;
END
$$;--> statement-breakpoint
-- As migration 0097's, with the two upserts replaced by the net one.
CREATE OR REPLACE FUNCTION analytics_activity_sync() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
	touched jsonb;
	changed_ids integer[];
	before_rows jsonb;
	after_rows jsonb;
BEGIN
	IF TG_OP = 'INSERT' THEN
		SELECT jsonb_agg(jsonb_build_array(account_id, applicant_id)), array_agg(id)
		INTO touched, changed_ids FROM new_rows;
		SELECT jsonb_agg(to_jsonb(o)) INTO before_rows FROM (SELECT 1 WHERE false) o;
	ELSIF TG_OP = 'DELETE' THEN
		SELECT jsonb_agg(jsonb_build_array(account_id, applicant_id)), '{}'::integer[]
		INTO touched, changed_ids FROM old_rows;
		SELECT jsonb_agg(to_jsonb(o)) INTO before_rows FROM old_rows o;
	ELSE
		SELECT jsonb_agg(jsonb_build_array(account_id, applicant_id)), array_agg(id)
		INTO touched, changed_ids
		FROM (SELECT account_id, applicant_id, id FROM new_rows
		      UNION ALL SELECT account_id, applicant_id, id FROM old_rows) x;
		SELECT jsonb_agg(to_jsonb(o)) INTO before_rows FROM old_rows o;
	END IF;
	IF touched IS NULL THEN RETURN NULL; END IF;
	-- The touched applicants' rows now, and as they were: now minus the statement's new rows,
	-- plus its old ones.
	WITH keys AS (
		SELECT DISTINCT (k->>0)::int AS account_id, (k->>1)::int AS applicant_id
		FROM jsonb_array_elements(touched) k
	)
	SELECT jsonb_agg(to_jsonb(t)) INTO after_rows
	FROM (SELECT l.account_id, l.applicant_id, l.id, l.moved_at, l.kind, l.to_status_id, l.moved_by,
	             l.reason_id, l.vacancy_id
	      FROM application_transitions l JOIN keys USING (account_id, applicant_id)) t;
	SELECT jsonb_agg(x) INTO before_rows FROM (
		SELECT e AS x FROM jsonb_array_elements(coalesce(after_rows, '[]')) e
		WHERE NOT ((e->>'id')::int = ANY (changed_ids))
		UNION ALL
		SELECT e FROM jsonb_array_elements(coalesce(before_rows, '[]')) e) y;
	IF after_rows IS NOT NULL OR before_rows IS NOT NULL THEN
		PERFORM analytics_activity_apply(after_rows, before_rows);
	END IF;
	RETURN NULL;
END
$$;
