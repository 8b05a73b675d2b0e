-- The per-application summary (migration 0066, decision 0042) now also carries what the
-- remaining reports read of the log, so that offers made and accepted, the time to hire and the
-- funnels' time in stage are reads of summaries:
--   - `offered_at`, `offered_by`: the row of the fact `offers` — the application's first
--     transition into an offer stage (earliest `(moved_at, id)` of any kind), when it is a
--     placement or a move (NULL otherwise, or without one);
--   - `first_hired_at`, `hired_at`, `hire_count`: every hire of the application (a placement or a
--     move into a stage of type hired) in log order, the first one apart (indexed) and how many
--     (a second hire after a move back is rare, and read through its own partial index);
--   - `accepted_at`: those hires that the fact `accepted` counts (an offer transition other than
--     the hire itself at or before it, on the same application);
--   - `step_stage_ids`, `step_days`: the stage and the day (account's time zone) of each of the
--     application's transitions in log order — the funnel's stay in a stage is the days from one
--     step to the next, so `unnest(step_stage_ids, step_days, step_days[2:])` is exactly the
--     entered/left pairs the funnel read from the log with `lead()` (the working days are counted
--     when read: the production calendar changes on its own);
--   - `source_id`: the applicant's resume source now (its tombstone's when deleted; 0: none), so
--     the report by sources reads the cohort's sources without a look-up per applicant. It
--     changes outside the log: statement triggers on `applicants` and
--     `analytics_deleted_applicants` set it on the applicant's rows (an index by applicant).
-- Everything else is a function of the log and the stages, recomputed as before; a stage's offer
-- flag or type changed now recomputes its vacancy's rows too.
ALTER TABLE "analytics_application_summaries" ADD COLUMN "source_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_application_summaries" ADD COLUMN "offered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "analytics_application_summaries" ADD COLUMN "offered_by" integer;--> statement-breakpoint
ALTER TABLE "analytics_application_summaries" ADD COLUMN "first_hired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "analytics_application_summaries" ADD COLUMN "hired_at" timestamp with time zone[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_application_summaries" ADD COLUMN "hire_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_application_summaries" ADD COLUMN "accepted_at" timestamp with time zone[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_application_summaries" ADD COLUMN "step_stage_ids" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_application_summaries" ADD COLUMN "step_days" date[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
DROP INDEX "analytics_application_summaries_placed_idx";--> statement-breakpoint
CREATE INDEX "analytics_application_summaries_placed_idx" ON "analytics_application_summaries" USING btree ("account_id","placed_at","vacancy_id","applicant_id","furthest_position","placed_by","application_id","source_id");--> statement-breakpoint
CREATE INDEX "analytics_application_summaries_offered_idx" ON "analytics_application_summaries" USING btree ("account_id","offered_at","vacancy_id","applicant_id") WHERE "offered_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "analytics_application_summaries_hired_idx" ON "analytics_application_summaries" USING btree ("account_id","first_hired_at","vacancy_id") WHERE "first_hired_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "analytics_application_summaries_rehired_idx" ON "analytics_application_summaries" USING btree ("account_id","first_hired_at") WHERE "hire_count" > 1;--> statement-breakpoint
CREATE INDEX "analytics_application_summaries_applicant_idx" ON "analytics_application_summaries" USING btree ("account_id","applicant_id");--> statement-breakpoint
-- Recomputes the rows of the given applications (pairs of account and application ids) from the
-- log, the stages and the applicant's source.
CREATE OR REPLACE FUNCTION analytics_application_summaries_refresh(p_accounts integer[], p_applications integer[])
RETURNS void LANGUAGE sql SECURITY DEFINER SET search_path = public AS $$
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
		WHERE x.account_id = p.account_id AND x.application_id = p.application_id) st
$$;--> statement-breakpoint
-- One account's summaries from its log, in one pass (a rebuild, the migration's backfill): set
-- by set, with no look-up per row (the bench's bulk load calls it before the log's indexes are
-- back). A hire is accepted when an offer transition other than itself is at or before it: the
-- first offer (by moved_at, id) when the hire is not that one, else the second.
CREATE OR REPLACE FUNCTION analytics_rebuild_application_summaries(p_account integer) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = public AS $$
	DELETE FROM analytics_application_summaries WHERE account_id = p_account;
	INSERT INTO analytics_application_summaries (account_id, application_id, applicant_id,
		vacancy_id, placed_at, placed_transition_id, placed_by, placed_day, furthest_position,
		source_id, offered_at, offered_by, first_hired_at, hired_at, hire_count, accepted_at,
		step_stage_ids, step_days)
	WITH offers AS (
		SELECT r.application_id,
		       max(r.id) FILTER (WHERE r.rn = 1) AS first_id,
		       max(r.moved_at) FILTER (WHERE r.rn = 1) AS first_at,
		       max(r.moved_by) FILTER (WHERE r.rn = 1) AS first_by,
		       max(r.kind) FILTER (WHERE r.rn = 1) AS first_kind,
		       max(r.moved_at) FILTER (WHERE r.rn = 2) AS second_at
		FROM (SELECT x.application_id, x.id, x.moved_at, x.moved_by, x.kind,
		             row_number() OVER (PARTITION BY x.application_id ORDER BY x.moved_at, x.id) AS rn
		      FROM application_transitions x
		      JOIN statuses s ON s.account_id = x.account_id AND s.id = x.to_status_id
		      WHERE x.account_id = p_account AND s.is_offer) r
		WHERE r.rn <= 2
		GROUP BY r.application_id
	), hires AS (
		SELECT x.application_id,
		       array_agg(x.moved_at ORDER BY x.moved_at, x.id) AS hired_at,
		       array_agg(x.moved_at ORDER BY x.moved_at, x.id) FILTER (WHERE
		         CASE WHEN x.id = o.first_id THEN o.second_at <= x.moved_at
		              ELSE o.first_at <= x.moved_at END) AS accepted_at
		FROM application_transitions x
		JOIN statuses s ON s.account_id = x.account_id AND s.id = x.to_status_id
		LEFT JOIN offers o ON o.application_id = x.application_id
		WHERE x.account_id = p_account AND x.kind IN ('place', 'move') AND s.status_type = 'hired'
		GROUP BY x.application_id
	)
	SELECT p.account_id, p.application_id, p.applicant_id, p.vacancy_id, p.moved_at, p.id,
	       p.moved_by,
	       (p.moved_at AT TIME ZONE coalesce(nullif(ac.time_zone, ''), 'Europe/Moscow'))::date,
	       f.pos,
	       coalesce(a.account_source_id, d.account_source_id, 0),
	       CASE WHEN o.first_kind IN ('place', 'move') THEN o.first_at END,
	       CASE WHEN o.first_kind IN ('place', 'move') THEN o.first_by END,
	       h.hired_at[1], coalesce(h.hired_at, '{}'), coalesce(cardinality(h.hired_at), 0),
	       coalesce(h.accepted_at, '{}'), st.stage_ids, st.days
	FROM (SELECT DISTINCT ON (t.application_id) t.*
	      FROM application_transitions t
	      WHERE t.account_id = p_account AND t.kind = 'place'
	      ORDER BY t.application_id, t.moved_at, t.id) p
	JOIN accounts ac ON ac.id = p.account_id
	LEFT JOIN (SELECT x.application_id, s.vacancy_id, max(s.position) AS pos
	           FROM application_transitions x
	           JOIN statuses s ON s.account_id = x.account_id AND s.id = x.to_status_id
	           WHERE x.account_id = p_account AND NOT s.is_reject
	           GROUP BY 1, 2) f ON f.application_id = p.application_id AND f.vacancy_id = p.vacancy_id
	LEFT JOIN applicants a ON a.account_id = p.account_id AND a.id = p.applicant_id
	LEFT JOIN analytics_deleted_applicants d
	  ON d.account_id = p.account_id AND d.applicant_id = p.applicant_id
	LEFT JOIN offers o ON o.application_id = p.application_id
	LEFT JOIN hires h ON h.application_id = p.application_id
	JOIN (SELECT x.application_id,
	             array_agg(x.to_status_id ORDER BY x.moved_at, x.id) AS stage_ids,
	             array_agg((x.moved_at AT TIME ZONE coalesce(nullif(xa.time_zone, ''), 'Europe/Moscow'))::date
	                       ORDER BY x.moved_at, x.id) AS days
	      FROM application_transitions x
	      JOIN accounts xa ON xa.id = x.account_id
	      WHERE x.account_id = p_account
	      GROUP BY x.application_id) st ON st.application_id = p.application_id;
$$;--> statement-breakpoint
-- A stage moved, made a rejection or an offer stage or not, its type changed, or deleted: its
-- vacancy's summaries.
CREATE OR REPLACE FUNCTION analytics_application_summaries_of_stages() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
	accounts_ integer[];
	applications_ integer[];
BEGIN
	IF TG_OP = 'DELETE' THEN
		SELECT array_agg(s.account_id), array_agg(s.application_id) INTO accounts_, applications_
		FROM analytics_application_summaries s
		JOIN (SELECT DISTINCT account_id, vacancy_id FROM old_rows) o
		  ON o.account_id = s.account_id AND o.vacancy_id = s.vacancy_id;
	ELSE
		SELECT array_agg(s.account_id), array_agg(s.application_id) INTO accounts_, applications_
		FROM analytics_application_summaries s
		JOIN (SELECT o.account_id, o.vacancy_id FROM old_rows o JOIN new_rows n
		        ON n.account_id = o.account_id AND n.id = o.id
		      WHERE n.position IS DISTINCT FROM o.position OR n.is_reject IS DISTINCT FROM o.is_reject
		         OR n.vacancy_id IS DISTINCT FROM o.vacancy_id OR n.is_offer IS DISTINCT FROM o.is_offer
		         OR n.status_type IS DISTINCT FROM o.status_type
		      UNION SELECT n.account_id, n.vacancy_id FROM old_rows o JOIN new_rows n
		        ON n.account_id = o.account_id AND n.id = o.id
		      WHERE n.vacancy_id IS DISTINCT FROM o.vacancy_id) v
		  ON v.account_id = s.account_id AND v.vacancy_id = s.vacancy_id;
	END IF;
	IF accounts_ IS NOT NULL THEN
		PERFORM analytics_application_summaries_refresh(accounts_, applications_);
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
-- The source of the given applicants (pairs of account and applicant ids) on their summaries.
CREATE FUNCTION analytics_application_summaries_set_sources(p_accounts integer[], p_applicants integer[])
RETURNS void LANGUAGE sql SECURITY DEFINER SET search_path = public AS $$
	UPDATE analytics_application_summaries s SET source_id = x.source_id
	FROM (SELECT k.a, k.b,
	             coalesce((SELECT ap.account_source_id FROM applicants ap
	                       WHERE ap.account_id = k.a AND ap.id = k.b),
	                      (SELECT d.account_source_id FROM analytics_deleted_applicants d
	                       WHERE d.account_id = k.a AND d.applicant_id = k.b), 0) AS source_id
	      FROM (SELECT DISTINCT a, b FROM unnest(p_accounts, p_applicants) k(a, b)) k) x
	WHERE s.account_id = x.a AND s.applicant_id = x.b AND s.source_id <> x.source_id
$$;--> statement-breakpoint
-- An applicant added, deleted or its source changed (an edit of anything else writes nothing), or
-- a tombstone written, changed or removed: the source on that applicant's summaries.
CREATE FUNCTION analytics_application_summaries_sources_sync() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
	accounts_ integer[];
	applicants_ integer[];
BEGIN
	IF TG_TABLE_NAME = 'applicants' THEN
		IF TG_OP = 'INSERT' THEN
			SELECT array_agg(account_id), array_agg(id) INTO accounts_, applicants_ FROM new_rows;
		ELSIF TG_OP = 'DELETE' THEN
			SELECT array_agg(account_id), array_agg(id) INTO accounts_, applicants_ FROM old_rows;
		ELSE
			SELECT array_agg(n.account_id), array_agg(n.id) INTO accounts_, applicants_
			FROM new_rows n JOIN old_rows o ON o.account_id = n.account_id AND o.id = n.id
			WHERE n.account_source_id IS DISTINCT FROM o.account_source_id;
		END IF;
	ELSE
		IF TG_OP = 'INSERT' THEN
			SELECT array_agg(account_id), array_agg(applicant_id) INTO accounts_, applicants_
			FROM new_rows;
		ELSIF TG_OP = 'DELETE' THEN
			SELECT array_agg(account_id), array_agg(applicant_id) INTO accounts_, applicants_
			FROM old_rows;
		ELSE
			SELECT array_agg(x.account_id), array_agg(x.applicant_id) INTO accounts_, applicants_
			FROM (SELECT n.account_id, n.applicant_id FROM new_rows n JOIN old_rows o
			        ON o.account_id = n.account_id AND o.applicant_id = n.applicant_id
			      WHERE n.account_source_id IS DISTINCT FROM o.account_source_id
			      UNION SELECT o.account_id, o.applicant_id FROM old_rows o
			      WHERE NOT EXISTS (SELECT 1 FROM new_rows n
			                        WHERE n.account_id = o.account_id AND n.applicant_id = o.applicant_id)
			      UNION SELECT n.account_id, n.applicant_id FROM new_rows n
			      WHERE NOT EXISTS (SELECT 1 FROM old_rows o
			                        WHERE o.account_id = n.account_id AND o.applicant_id = n.applicant_id)) x;
		END IF;
	END IF;
	IF accounts_ IS NOT NULL THEN
		PERFORM analytics_application_summaries_set_sources(accounts_, applicants_);
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "applicants_summary_sources_insert" AFTER INSERT ON "applicants"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_application_summaries_sources_sync();--> statement-breakpoint
CREATE TRIGGER "applicants_summary_sources_update" AFTER UPDATE ON "applicants"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_application_summaries_sources_sync();--> statement-breakpoint
CREATE TRIGGER "applicants_summary_sources_delete" AFTER DELETE ON "applicants"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_application_summaries_sources_sync();--> statement-breakpoint
CREATE TRIGGER "analytics_deleted_applicants_summary_sources_insert" AFTER INSERT ON "analytics_deleted_applicants"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_application_summaries_sources_sync();--> statement-breakpoint
CREATE TRIGGER "analytics_deleted_applicants_summary_sources_update" AFTER UPDATE ON "analytics_deleted_applicants"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_application_summaries_sources_sync();--> statement-breakpoint
CREATE TRIGGER "analytics_deleted_applicants_summary_sources_delete" AFTER DELETE ON "analytics_deleted_applicants"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_application_summaries_sources_sync();--> statement-breakpoint
-- Backfills the new columns of every account.
SELECT analytics_rebuild_application_summaries(id) FROM accounts;
