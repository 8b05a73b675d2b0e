-- Placements and hires per vacancy in the activity rollup (issue 13, decisions 0042, 0084, 0087).
-- recruiter_vacancies_details counts, per vacancy, the distinct applicants placed on it in the
-- period and hired on it (moved or placed into a stage of type hired); over a year at 200,000
-- applicants that was 259,096 placements read and sorted per vacancy. The activity rollup of
-- migration 0049 answers that shape when the vacancy stands where the actor does, as the reasons
-- (0067) and the sources (0092) do: each placement is also counted as kind `placed_vacancy` and
-- each hire as kind `hired_vacancy`, with `actor_id` = the log row's vacancy, beside the day of the
-- same applicant's previous event of that kind on that vacancy. `sum(n) where day between a and b
-- and prev_day < a` is then the distinct count per vacancy. The week and month spans (0094) keep
-- the two kinds too, so a year reads a vacancy's months (one row each: a placement's previous
-- placement on the same vacancy is almost never there) and the days at the edges.
-- The vacancy is the log row's own: the log's triggers hand it over (the sync function is
-- replaced), the facts function counts it, the rebuild counts it; a merge, an undo, a vacancy's
-- deletion and a backdated move go through the same triggers as every other kind. The existing
-- rows of every account are added here (the spans' triggers add their weeks and months).
CREATE OR REPLACE FUNCTION analytics_activity_facts(p_rows jsonb) RETURNS TABLE (
	account_id integer, applicant_id integer, kind text, actor_id integer, moved_at timestamptz,
	id integer, day date
) LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
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
		-- The log row's vacancy (absent from the rows the source triggers hand over: they count
		-- only the source kinds).
		SELECT k.kind, r.vacancy_id
		FROM (SELECT 'placed_vacancy' WHERE r.kind = 'place'
		      UNION ALL SELECT 'hired_vacancy' WHERE h.hired) k(kind)
		WHERE r.vacancy_id IS NOT NULL
	) ka
$$;--> statement-breakpoint
-- As migration 0067's, with the log rows' vacancy handed over.
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
-- As migration 0094's, with the two kinds per vacancy kept by week and month too.
CREATE OR REPLACE FUNCTION analytics_activity_spans_sync() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO analytics_activity_spans AS s (account_id, kind, actor_id, span, start, prev_day, n)
		SELECT c.account_id, c.kind, c.actor_id, p.span, date_trunc(p.span, c.day::timestamp)::date,
		       CASE WHEN c.kind = 'moved' THEN '-infinity'::date ELSE c.prev_day END, sum(c.n)::int
		FROM (SELECT account_id, kind, actor_id, day, prev_day, n FROM new_rows) c
		JOIN accounts ac ON ac.id = c.account_id
		CROSS JOIN (VALUES ('week'), ('month')) p(span)
		WHERE c.kind IN ('placed', 'moved', 'hired', 'rejected', 'refused', 'placed_vacancy',
		                 'hired_vacancy')
		GROUP BY 1, 2, 3, 4, 5, 6
		HAVING sum(c.n) <> 0
		ON CONFLICT (account_id, kind, actor_id, span, start, prev_day) DO UPDATE SET n = s.n + excluded.n;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO analytics_activity_spans AS s (account_id, kind, actor_id, span, start, prev_day, n)
		SELECT c.account_id, c.kind, c.actor_id, p.span, date_trunc(p.span, c.day::timestamp)::date,
		       CASE WHEN c.kind = 'moved' THEN '-infinity'::date ELSE c.prev_day END, sum(c.n)::int
		FROM (SELECT account_id, kind, actor_id, day, prev_day, -n AS n FROM old_rows) c
		JOIN accounts ac ON ac.id = c.account_id
		CROSS JOIN (VALUES ('week'), ('month')) p(span)
		WHERE c.kind IN ('placed', 'moved', 'hired', 'rejected', 'refused', 'placed_vacancy',
		                 'hired_vacancy')
		GROUP BY 1, 2, 3, 4, 5, 6
		HAVING sum(c.n) <> 0
		ON CONFLICT (account_id, kind, actor_id, span, start, prev_day) DO UPDATE SET n = s.n + excluded.n;
	ELSE
		INSERT INTO analytics_activity_spans AS s (account_id, kind, actor_id, span, start, prev_day, n)
		SELECT c.account_id, c.kind, c.actor_id, p.span, date_trunc(p.span, c.day::timestamp)::date,
		       CASE WHEN c.kind = 'moved' THEN '-infinity'::date ELSE c.prev_day END, sum(c.n)::int
		FROM (SELECT account_id, kind, actor_id, day, prev_day, n FROM new_rows
		      UNION ALL
		      SELECT account_id, kind, actor_id, day, prev_day, -n FROM old_rows) c
		JOIN accounts ac ON ac.id = c.account_id
		CROSS JOIN (VALUES ('week'), ('month')) p(span)
		WHERE c.kind IN ('placed', 'moved', 'hired', 'rejected', 'refused', 'placed_vacancy',
		                 'hired_vacancy')
		GROUP BY 1, 2, 3, 4, 5, 6
		HAVING sum(c.n) <> 0
		ON CONFLICT (account_id, kind, actor_id, span, start, prev_day) DO UPDATE SET n = s.n + excluded.n;
	END IF;
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
$$;--> statement-breakpoint
-- A period's days at its edges and its weeks and months, every vacancy at once: index-only ranges
-- (the primary keys lead with the kind and the actor, which would make each a scan of every
-- vacancy's rows of all time).
CREATE INDEX "analytics_activity_days_vacancy_idx" ON "analytics_activity_days" USING btree ("account_id","day","kind","actor_id","prev_day") INCLUDE ("n") WHERE "kind" IN ('placed_vacancy', 'hired_vacancy');--> statement-breakpoint
CREATE INDEX "analytics_activity_spans_vacancy_idx" ON "analytics_activity_spans" USING btree ("account_id","span","start","kind","actor_id","prev_day") INCLUDE ("n") WHERE "kind" IN ('placed_vacancy', 'hired_vacancy');--> statement-breakpoint
INSERT INTO analytics_activity_days AS d (account_id, kind, actor_id, day, prev_day, n)
SELECT account_id, kind, actor_id, day, prev_day, count(*)::int
FROM (
	SELECT r.account_id, k.kind, r.vacancy_id AS actor_id, r.day,
	       coalesce(lag(r.day) OVER (PARTITION BY r.account_id, r.applicant_id, k.kind, r.vacancy_id
	                                 ORDER BY r.moved_at, r.id), '-infinity'::date) AS prev_day
	FROM (SELECT t.account_id, t.applicant_id, t.kind, t.moved_at, t.id, t.vacancy_id,
	             (t.moved_at AT TIME ZONE coalesce(nullif(ac.time_zone, ''), 'Europe/Moscow'))::date AS day,
	             t.kind IN ('place', 'move') AND s.status_type IS NOT DISTINCT FROM 'hired' AS hired
	      FROM application_transitions t
	      JOIN accounts ac ON ac.id = t.account_id
	      LEFT JOIN statuses s ON s.account_id = t.account_id AND s.id = t.to_status_id
	      WHERE t.kind IN ('place', 'move')) r
	CROSS JOIN LATERAL (SELECT 'placed_vacancy' WHERE r.kind = 'place'
	                    UNION ALL SELECT 'hired_vacancy' WHERE r.hired) k(kind)
) e
GROUP BY account_id, kind, actor_id, day, prev_day
ON CONFLICT (account_id, kind, actor_id, day, prev_day) DO UPDATE SET n = d.n + excluded.n;
