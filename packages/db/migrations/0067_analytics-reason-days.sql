-- Rejection reasons in the activity rollup (issue 13, decision 0042): company_reasons_rejection
-- counts, per kind (reject, refuse) and reason, the distinct applicants rejected so in a period —
-- over a year at 1M applicants a third of a million log rows hashed per request. The activity
-- rollup of migration 0049 answers exactly that shape when the reason stands where the actor
-- does: each rejection or refusal is also counted as kind `reject_reason` / `refuse_reason` with
-- `actor_id` = its reason (0: none), beside the day of the same applicant's previous rejection
-- of that kind and reason. `sum(n) where day between a and b and prev_day < a` is then the
-- distinct count per reason, as for every other kind. The facts function, the sync trigger's
-- function (which now hands the reason over) and the rebuild are replaced; the existing rows of
-- every account are added here. A filter the rollup does not carry (a division, a vacancy) reads
-- the log as before.
CREATE OR REPLACE FUNCTION analytics_activity_facts(p_rows jsonb) RETURNS TABLE (
	account_id integer, applicant_id integer, kind text, actor_id integer, moved_at timestamptz,
	id integer, day date
) LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
	SELECT r.account_id, r.applicant_id, ka.kind, ka.actor_id, r.moved_at, r.id,
	       (r.moved_at AT TIME ZONE coalesce(nullif(ac.time_zone, ''), 'Europe/Moscow'))::date
	FROM jsonb_to_recordset(p_rows) AS r(account_id integer, applicant_id integer, id integer,
	     moved_at timestamptz, kind text, to_status_id integer, moved_by integer, reason_id integer)
	JOIN accounts ac ON ac.id = r.account_id
	CROSS JOIN LATERAL (
		SELECT k.kind, a.actor_id
		FROM (SELECT CASE r.kind WHEN 'place' THEN 'placed' WHEN 'move' THEN 'moved'
		                         WHEN 'reject' THEN 'rejected' WHEN 'refuse' THEN 'refused' END
		      UNION ALL
		      SELECT 'hired' WHERE r.kind IN ('place', 'move') AND EXISTS (
		        SELECT 1 FROM statuses s WHERE s.account_id = r.account_id AND s.id = r.to_status_id
		          AND s.status_type = 'hired')) k(kind)
		CROSS JOIN (SELECT 0 UNION ALL SELECT r.moved_by WHERE r.moved_by IS NOT NULL) a(actor_id)
		WHERE k.kind IS NOT NULL
		UNION ALL
		SELECT r.kind || '_reason', coalesce(r.reason_id, 0) WHERE r.kind IN ('reject', 'refuse')
	) ka
$$;--> statement-breakpoint
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
	             l.reason_id
	      FROM application_transitions l JOIN keys USING (account_id, applicant_id)) t;
	PERFORM analytics_activity_add(after_rows, 1) WHERE after_rows IS NOT NULL;
	SELECT jsonb_agg(x) INTO before_rows FROM (
		SELECT e AS x FROM jsonb_array_elements(coalesce(after_rows, '[]')) e
		WHERE NOT ((e->>'id')::int = ANY (changed_ids))
		UNION ALL
		SELECT e FROM jsonb_array_elements(coalesce(before_rows, '[]')) e) y;
	PERFORM analytics_activity_add(before_rows, -1) WHERE before_rows IS NOT NULL;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_rebuild_rollups(p_account integer) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = public AS $$
	DELETE FROM analytics_activity_days WHERE account_id = p_account;
	INSERT INTO analytics_activity_days (account_id, kind, actor_id, day, prev_day, n)
	SELECT account_id, kind, actor_id, day, prev_day, count(*)::int
	FROM (
		SELECT r.account_id, ka.kind, ka.actor_id, r.day,
		       coalesce(lag(r.day) OVER (PARTITION BY r.applicant_id, ka.kind, ka.actor_id
		                                 ORDER BY r.moved_at, r.id), '-infinity'::date) AS prev_day
		FROM (SELECT t.*, (t.moved_at AT TIME ZONE coalesce(nullif(ac.time_zone, ''), 'Europe/Moscow'))::date AS day,
		             s.status_type = 'hired' AS hired
		      FROM application_transitions t
		      JOIN accounts ac ON ac.id = t.account_id
		      LEFT JOIN statuses s ON s.account_id = t.account_id AND s.id = t.to_status_id
		      WHERE t.account_id = p_account) r
		CROSS JOIN LATERAL (
			SELECT k.kind, a.actor_id
			FROM (SELECT CASE r.kind WHEN 'place' THEN 'placed' WHEN 'move' THEN 'moved'
			                         WHEN 'reject' THEN 'rejected' WHEN 'refuse' THEN 'refused' END
			      UNION ALL SELECT 'hired' WHERE r.kind IN ('place', 'move') AND r.hired) k(kind)
			CROSS JOIN (SELECT 0 UNION ALL SELECT r.moved_by WHERE r.moved_by IS NOT NULL) a(actor_id)
			WHERE k.kind IS NOT NULL
			UNION ALL
			SELECT r.kind || '_reason', coalesce(r.reason_id, 0) WHERE r.kind IN ('reject', 'refuse')
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
$$;--> statement-breakpoint
INSERT INTO analytics_activity_days AS d (account_id, kind, actor_id, day, prev_day, n)
SELECT account_id, kind, actor_id, day, prev_day, count(*)::int
FROM (
	SELECT r.account_id, r.kind || '_reason' AS kind, coalesce(r.reason_id, 0) AS actor_id, r.day,
	       coalesce(lag(r.day) OVER (PARTITION BY r.account_id, r.applicant_id, r.kind,
	                                              coalesce(r.reason_id, 0)
	                                 ORDER BY r.moved_at, r.id), '-infinity'::date) AS prev_day
	FROM (SELECT t.account_id, t.applicant_id, t.kind, t.reason_id, t.moved_at, t.id,
	             (t.moved_at AT TIME ZONE coalesce(nullif(ac.time_zone, ''), 'Europe/Moscow'))::date AS day
	      FROM application_transitions t
	      JOIN accounts ac ON ac.id = t.account_id
	      WHERE t.kind IN ('reject', 'refuse')) r
) e
GROUP BY account_id, kind, actor_id, day, prev_day
ON CONFLICT (account_id, kind, actor_id, day, prev_day) DO UPDATE SET n = d.n + excluded.n;
