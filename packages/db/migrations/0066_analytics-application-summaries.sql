-- The per-application summary of the transition log (issue 13, decision 0042): one row per
-- application that has a placement, with what the cohort funnel reads of its log — the first
-- placement (instant, its row's id, who made it, the day of the account's time zone, the vacancy
-- and applicant of that row) and the furthest position reached among its vacancy's stages that
-- are not rejections (a skip counts as reaching what it skips; NULL: none). The cohort of a period
-- is then its rows by `placed_at` instead of the placements of the log with an anti-join on
-- earlier ones, and the furthest stage one column instead of every transition of the cohort.
--
-- Kept as the activity rollup is (migration 0049): statement triggers on the log recompute, in
-- the writer's transaction, the rows of the applications a statement touched (a placement, a
-- move, a merge moving rows between applications and applicants, its undo, a backdating, a
-- vacancy's deletion); a change of a stage's position, rejection flag or vacancy recomputes that
-- vacancy's applications; a change of time zone or the bench's bulk load rebuilds the account
-- (`analytics_rebuild_rollups`). A summary is a function of the log alone, so a recomputation is a
-- delete and an insert, never an increment. Who the applicant is now (source) and who owns the
-- vacancy are read beside it: they change outside the log.
CREATE TABLE "analytics_application_summaries" (
	"account_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"applicant_id" integer NOT NULL,
	"vacancy_id" integer NOT NULL,
	"placed_at" timestamp with time zone NOT NULL,
	"placed_transition_id" integer NOT NULL,
	"placed_by" integer,
	"placed_day" date NOT NULL,
	"furthest_position" integer,
	CONSTRAINT "analytics_application_summaries_pk" PRIMARY KEY("account_id","application_id")
);--> statement-breakpoint
ALTER TABLE "analytics_application_summaries" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "analytics_application_summaries" ADD CONSTRAINT "analytics_application_summaries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "analytics_application_summaries_tenant_isolation" ON "analytics_application_summaries" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE INDEX "analytics_application_summaries_placed_idx" ON "analytics_application_summaries" USING btree ("account_id","placed_at","vacancy_id","applicant_id","furthest_position","placed_by","application_id");--> statement-breakpoint
CREATE TRIGGER "analytics_application_summaries_data_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "analytics_application_summaries" FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change();--> statement-breakpoint
-- Recomputes the rows of the given applications (pairs of account and application ids, or every
-- application of the vacancies given) from the log.
CREATE FUNCTION analytics_application_summaries_refresh(p_accounts integer[], p_applications integer[])
RETURNS void LANGUAGE sql SECURITY DEFINER SET search_path = public AS $$
	DELETE FROM analytics_application_summaries s
	USING (SELECT DISTINCT a, b FROM unnest(p_accounts, p_applications) k(a, b)) k
	WHERE s.account_id = k.a AND s.application_id = k.b;
	INSERT INTO analytics_application_summaries (account_id, application_id, applicant_id,
		vacancy_id, placed_at, placed_transition_id, placed_by, placed_day, furthest_position)
	SELECT p.account_id, p.application_id, p.applicant_id, p.vacancy_id, p.moved_at, p.id,
	       p.moved_by,
	       (p.moved_at AT TIME ZONE coalesce(nullif(ac.time_zone, ''), 'Europe/Moscow'))::date,
	       (SELECT max(s.position) FROM application_transitions x
	        JOIN statuses s ON s.account_id = x.account_id AND s.id = x.to_status_id
	        WHERE x.account_id = p.account_id AND x.application_id = p.application_id
	          AND s.vacancy_id = p.vacancy_id AND NOT s.is_reject)
	FROM (SELECT DISTINCT ON (t.account_id, t.application_id) t.*
	      FROM application_transitions t
	      JOIN (SELECT DISTINCT a, b FROM unnest(p_accounts, p_applications) k(a, b)) k
	        ON t.account_id = k.a AND t.application_id = k.b
	      WHERE t.kind = 'place'
	      ORDER BY t.account_id, t.application_id, t.moved_at, t.id) p
	JOIN accounts ac ON ac.id = p.account_id
$$;--> statement-breakpoint
CREATE FUNCTION analytics_application_summaries_sync() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
	accounts_ integer[];
	applications_ integer[];
BEGIN
	IF TG_OP = 'INSERT' THEN
		SELECT array_agg(account_id), array_agg(application_id) INTO accounts_, applications_
		FROM (SELECT DISTINCT account_id, application_id FROM new_rows) k;
	ELSIF TG_OP = 'DELETE' THEN
		SELECT array_agg(account_id), array_agg(application_id) INTO accounts_, applications_
		FROM (SELECT DISTINCT account_id, application_id FROM old_rows) k;
	ELSE
		SELECT array_agg(account_id), array_agg(application_id) INTO accounts_, applications_
		FROM (SELECT account_id, application_id FROM new_rows
		      UNION SELECT account_id, application_id FROM old_rows) k;
	END IF;
	IF accounts_ IS NOT NULL THEN
		PERFORM analytics_application_summaries_refresh(accounts_, applications_);
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "application_transitions_summary_insert" AFTER INSERT ON "application_transitions"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_application_summaries_sync();--> statement-breakpoint
CREATE TRIGGER "application_transitions_summary_update" AFTER UPDATE ON "application_transitions"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_application_summaries_sync();--> statement-breakpoint
CREATE TRIGGER "application_transitions_summary_delete" AFTER DELETE ON "application_transitions"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_application_summaries_sync();--> statement-breakpoint
-- A stage moved, made a rejection stage or not, or deleted: its vacancy's furthest positions.
CREATE FUNCTION analytics_application_summaries_of_stages() RETURNS trigger
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
		         OR n.vacancy_id IS DISTINCT FROM o.vacancy_id
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
CREATE TRIGGER "statuses_position_summaries" AFTER UPDATE ON "statuses"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_application_summaries_of_stages();--> statement-breakpoint
CREATE TRIGGER "statuses_delete_summaries" AFTER DELETE ON "statuses"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_application_summaries_of_stages();--> statement-breakpoint
-- One account's summaries from its log, in one pass (a rebuild, the migration's backfill).
CREATE FUNCTION analytics_rebuild_application_summaries(p_account integer) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = public AS $$
	DELETE FROM analytics_application_summaries WHERE account_id = p_account;
	INSERT INTO analytics_application_summaries (account_id, application_id, applicant_id,
		vacancy_id, placed_at, placed_transition_id, placed_by, placed_day, furthest_position)
	SELECT p.account_id, p.application_id, p.applicant_id, p.vacancy_id, p.moved_at, p.id,
	       p.moved_by,
	       (p.moved_at AT TIME ZONE coalesce(nullif(ac.time_zone, ''), 'Europe/Moscow'))::date,
	       f.pos
	FROM (SELECT DISTINCT ON (t.application_id) t.*
	      FROM application_transitions t
	      WHERE t.account_id = p_account AND t.kind = 'place'
	      ORDER BY t.application_id, t.moved_at, t.id) p
	JOIN accounts ac ON ac.id = p.account_id
	LEFT JOIN (SELECT x.application_id, s.vacancy_id, max(s.position) AS pos
	           FROM application_transitions x
	           JOIN statuses s ON s.account_id = x.account_id AND s.id = x.to_status_id
	           WHERE x.account_id = p_account AND NOT s.is_reject
	           GROUP BY 1, 2) f ON f.application_id = p.application_id AND f.vacancy_id = p.vacancy_id;
$$;--> statement-breakpoint
-- The whole account's rollups: the activity days, the applicants' days (as in 0057) and now the
-- application summaries.
CREATE OR REPLACE FUNCTION analytics_rebuild_rollups(p_account integer) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = public AS $$
	DELETE FROM analytics_activity_days WHERE account_id = p_account;
	INSERT INTO analytics_activity_days (account_id, kind, actor_id, day, prev_day, n)
	SELECT account_id, kind, actor_id, day, prev_day, count(*)::int
	FROM (
		SELECT r.account_id, k.kind, a.actor_id, r.day,
		       coalesce(lag(r.day) OVER (PARTITION BY r.applicant_id, k.kind, a.actor_id
		                                 ORDER BY r.moved_at, r.id), '-infinity'::date) AS prev_day
		FROM (SELECT t.*, (t.moved_at AT TIME ZONE coalesce(nullif(ac.time_zone, ''), 'Europe/Moscow'))::date AS day,
		             s.status_type = 'hired' AS hired
		      FROM application_transitions t
		      JOIN accounts ac ON ac.id = t.account_id
		      LEFT JOIN statuses s ON s.account_id = t.account_id AND s.id = t.to_status_id
		      WHERE t.account_id = p_account) r
		CROSS JOIN LATERAL (
			SELECT CASE r.kind WHEN 'place' THEN 'placed' WHEN 'move' THEN 'moved'
			                   WHEN 'reject' THEN 'rejected' WHEN 'refuse' THEN 'refused' END
			UNION ALL SELECT 'hired' WHERE r.kind IN ('place', 'move') AND r.hired
		) k(kind)
		CROSS JOIN LATERAL (SELECT 0 UNION ALL SELECT r.moved_by WHERE r.moved_by IS NOT NULL) a(actor_id)
		WHERE k.kind IS NOT NULL
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
-- Backfills the summaries of every account (the other rollups are already there).
SELECT analytics_rebuild_application_summaries(id) FROM accounts;
