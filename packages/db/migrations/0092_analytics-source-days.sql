-- The report by resume source from the activity rollup (issue 13, decisions 0042, 0080). Its
-- «came» and «hired» count, per source of the applicant (a deleted applicant's from its
-- tombstone, 0: none), the distinct applicants placed on a vacancy in the period and hired in it.
-- The activity rollup of migration 0049 answers that shape when the source stands where the actor
-- does, as migration 0067 did for the rejection reasons: each placement is also counted as kind
-- `placed_source` and each hire (a placement or move into a stage of type hired) as kind
-- `hired_source`, with `actor_id` = the applicant's source, beside the day of the same applicant's
-- previous event of that kind. An applicant has one source, so that previous event is the
-- applicant's previous one, and `sum(n) where day between a and b and prev_day < a` is the
-- distinct count per source.
--
-- The source is not in the log: it is the applicant's (or its tombstone's) as it is now, and it
-- changes outside the log. The rollup's rows of an applicant are kept equal to what the log and
-- the source give now: the log's triggers read the source when they count (before and after the
-- statement alike: one statement does not change both), and statement triggers on `applicants`
-- and `analytics_deleted_applicants` (insert, update, delete) take the rows of each applicant
-- whose source the statement changed out under the source as it was and put them back under the
-- source as it is — a source edited, an applicant deleted (its tombstone written first: nothing
-- changes), a merge's loser deleted without a tombstone (its source becomes none, and the rows the
-- merge moved to the survivor are counted under the survivor's), its undo. The facts function and
-- the rebuild are replaced; the existing rows of every account are added here.
CREATE OR REPLACE FUNCTION analytics_activity_facts(p_rows jsonb) RETURNS TABLE (
	account_id integer, applicant_id integer, kind text, actor_id integer, moved_at timestamptz,
	id integer, day date
) LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
	SELECT r.account_id, r.applicant_id, ka.kind, ka.actor_id, r.moved_at, r.id,
	       (r.moved_at AT TIME ZONE coalesce(nullif(ac.time_zone, ''), 'Europe/Moscow'))::date
	FROM jsonb_to_recordset(p_rows) AS r(account_id integer, applicant_id integer, id integer,
	     moved_at timestamptz, kind text, to_status_id integer, moved_by integer, reason_id integer,
	     source_id integer)
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
	) ka
$$;--> statement-breakpoint
-- The report reads a period's days of both kinds for every source at once: an index-only range of
-- days (the primary key's leading kind and actor would make it a scan of every source's rows).
CREATE INDEX "analytics_activity_days_source_idx" ON "analytics_activity_days" USING btree ("account_id","day","kind","actor_id","prev_day") INCLUDE ("n") WHERE "kind" IN ('placed_source', 'hired_source');--> statement-breakpoint
-- The source rows of the given applicants' log rows under the given source (`sign` × each).
CREATE FUNCTION analytics_source_days_add(p_rows jsonb, p_sign integer) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = public AS $$
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
	ON CONFLICT (account_id, kind, actor_id, day, prev_day) DO UPDATE SET n = d.n + excluded.n
$$;--> statement-breakpoint
-- An applicant added, deleted or its source changed, or a tombstone written, changed or removed:
-- the applicants whose source (the applicant's, else the tombstone's, else none) the statement
-- changed, with the source before it and after it; their log rows move from one to the other.
CREATE FUNCTION analytics_source_days_sync() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
	moved jsonb;
	before_rows jsonb;
	after_rows jsonb;
BEGIN
	IF TG_TABLE_NAME = 'applicants' THEN
		-- The tombstones are as they were; the applicant's row before and after the statement.
		IF TG_OP = 'INSERT' THEN
			SELECT jsonb_agg(jsonb_build_array(k.account_id, k.applicant_id, k.was, k.now)) INTO moved
			FROM (SELECT n.account_id, n.id AS applicant_id,
			             coalesce(d.account_source_id, 0) AS was,
			             coalesce(n.account_source_id, d.account_source_id, 0) AS now
			      FROM new_rows n
			      LEFT JOIN analytics_deleted_applicants d
			        ON d.account_id = n.account_id AND d.applicant_id = n.id) k
			WHERE k.was <> k.now;
		ELSIF TG_OP = 'DELETE' THEN
			SELECT jsonb_agg(jsonb_build_array(k.account_id, k.applicant_id, k.was, k.now)) INTO moved
			FROM (SELECT o.account_id, o.id AS applicant_id,
			             coalesce(o.account_source_id, d.account_source_id, 0) AS was,
			             coalesce(d.account_source_id, 0) AS now
			      FROM old_rows o
			      LEFT JOIN analytics_deleted_applicants d
			        ON d.account_id = o.account_id AND d.applicant_id = o.id) k
			WHERE k.was <> k.now;
		ELSE
			SELECT jsonb_agg(jsonb_build_array(k.account_id, k.applicant_id, k.was, k.now)) INTO moved
			FROM (SELECT n.account_id, n.id AS applicant_id,
			             coalesce(o.account_source_id, d.account_source_id, 0) AS was,
			             coalesce(n.account_source_id, d.account_source_id, 0) AS now
			      FROM new_rows n
			      JOIN old_rows o ON o.account_id = n.account_id AND o.id = n.id
			      LEFT JOIN analytics_deleted_applicants d
			        ON d.account_id = n.account_id AND d.applicant_id = n.id
			      WHERE n.account_source_id IS DISTINCT FROM o.account_source_id) k
			WHERE k.was <> k.now;
		END IF;
	ELSE
		-- The applicants are as they were; the tombstone before and after the statement.
		IF TG_OP = 'INSERT' THEN
			SELECT jsonb_agg(jsonb_build_array(k.account_id, k.applicant_id, k.was, k.now)) INTO moved
			FROM (SELECT n.account_id, n.applicant_id, coalesce(p.account_source_id, 0) AS was,
			             coalesce(p.account_source_id, n.account_source_id, 0) AS now
			      FROM new_rows n
			      LEFT JOIN applicants p ON p.account_id = n.account_id AND p.id = n.applicant_id) k
			WHERE k.was <> k.now;
		ELSIF TG_OP = 'DELETE' THEN
			SELECT jsonb_agg(jsonb_build_array(k.account_id, k.applicant_id, k.was, k.now)) INTO moved
			FROM (SELECT o.account_id, o.applicant_id,
			             coalesce(p.account_source_id, o.account_source_id, 0) AS was,
			             coalesce(p.account_source_id, 0) AS now
			      FROM old_rows o
			      LEFT JOIN applicants p ON p.account_id = o.account_id AND p.id = o.applicant_id) k
			WHERE k.was <> k.now;
		ELSE
			SELECT jsonb_agg(jsonb_build_array(k.account_id, k.applicant_id, k.was, k.now)) INTO moved
			FROM (SELECT x.account_id, x.applicant_id,
			             coalesce(p.account_source_id, o.account_source_id, 0) AS was,
			             coalesce(p.account_source_id, n.account_source_id, 0) AS now
			      FROM (SELECT account_id, applicant_id FROM old_rows
			            UNION SELECT account_id, applicant_id FROM new_rows) x
			      LEFT JOIN old_rows o ON o.account_id = x.account_id AND o.applicant_id = x.applicant_id
			      LEFT JOIN new_rows n ON n.account_id = x.account_id AND n.applicant_id = x.applicant_id
			      LEFT JOIN applicants p ON p.account_id = x.account_id AND p.id = x.applicant_id) k
			WHERE k.was <> k.now;
		END IF;
	END IF;
	IF moved IS NULL THEN RETURN NULL; END IF;
	WITH keys AS (
		SELECT (k->>0)::int AS account_id, (k->>1)::int AS applicant_id, (k->>2)::int AS was,
		       (k->>3)::int AS now
		FROM jsonb_array_elements(moved) k
	)
	SELECT jsonb_agg(jsonb_build_object('account_id', l.account_id, 'applicant_id', l.applicant_id,
	         'id', l.id, 'moved_at', l.moved_at, 'kind', l.kind, 'to_status_id', l.to_status_id,
	         'source_id', keys.was)),
	       jsonb_agg(jsonb_build_object('account_id', l.account_id, 'applicant_id', l.applicant_id,
	         'id', l.id, 'moved_at', l.moved_at, 'kind', l.kind, 'to_status_id', l.to_status_id,
	         'source_id', keys.now))
	INTO before_rows, after_rows
	FROM application_transitions l JOIN keys USING (account_id, applicant_id)
	WHERE l.kind IN ('place', 'move');
	PERFORM analytics_source_days_add(before_rows, -1) WHERE before_rows IS NOT NULL;
	PERFORM analytics_source_days_add(after_rows, 1) WHERE after_rows IS NOT NULL;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "applicants_source_days_insert" AFTER INSERT ON "applicants"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_source_days_sync();--> statement-breakpoint
CREATE TRIGGER "applicants_source_days_update" AFTER UPDATE ON "applicants"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_source_days_sync();--> statement-breakpoint
CREATE TRIGGER "applicants_source_days_delete" AFTER DELETE ON "applicants"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_source_days_sync();--> statement-breakpoint
CREATE TRIGGER "analytics_deleted_applicants_source_days_insert" AFTER INSERT ON "analytics_deleted_applicants"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_source_days_sync();--> statement-breakpoint
CREATE TRIGGER "analytics_deleted_applicants_source_days_update" AFTER UPDATE ON "analytics_deleted_applicants"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_source_days_sync();--> statement-breakpoint
CREATE TRIGGER "analytics_deleted_applicants_source_days_delete" AFTER DELETE ON "analytics_deleted_applicants"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_source_days_sync();--> statement-breakpoint
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
	SELECT r.account_id, k.kind, r.source_id AS actor_id, r.day,
	       coalesce(lag(r.day) OVER (PARTITION BY r.account_id, r.applicant_id, k.kind
	                                 ORDER BY r.moved_at, r.id), '-infinity'::date) AS prev_day
	FROM (SELECT t.account_id, t.applicant_id, t.kind, t.moved_at, t.id,
	             (t.moved_at AT TIME ZONE coalesce(nullif(ac.time_zone, ''), 'Europe/Moscow'))::date AS day,
	             s.status_type IS NOT DISTINCT FROM 'hired' AS hired,
	             coalesce(p.account_source_id, dl.account_source_id, 0) AS source_id
	      FROM application_transitions t
	      JOIN accounts ac ON ac.id = t.account_id
	      LEFT JOIN statuses s ON s.account_id = t.account_id AND s.id = t.to_status_id
	      LEFT JOIN applicants p ON p.account_id = t.account_id AND p.id = t.applicant_id
	      LEFT JOIN analytics_deleted_applicants dl
	        ON dl.account_id = t.account_id AND dl.applicant_id = t.applicant_id
	      WHERE t.kind IN ('place', 'move')) r
	CROSS JOIN LATERAL (SELECT 'placed_source' WHERE r.kind = 'place'
	                    UNION ALL SELECT 'hired_source' WHERE r.hired) k(kind)
) e
GROUP BY account_id, kind, actor_id, day, prev_day
ON CONFLICT (account_id, kind, actor_id, day, prev_day) DO UPDATE SET n = d.n + excluded.n;
--> statement-breakpoint
-- The report's reach per column: per source, how many applicants of the cohort (applications
-- first placed in the period) reached each column of the account's default funnel — the template
-- stages of its favourite funnel (else the first), not rejections; a vacancy's stage stands for
-- the column it was copied from, else for the one of the same name — with an application's
-- furthest column the farthest of the stages its transitions went to, and an applicant's the
-- farthest of its applications'. An applicant counts once in each column, so as the template
-- funnel's rollup (migration 0091) each applicant is counted per column on each distinct placement
-- day of an application that reached it, beside the previous such day of the same applicant and
-- column: `sum(n) where day between a and b and prev_day < a`, per source (the summary's).
--
-- The summary carries the columns its application reached (`source_column_ids`, set by a row
-- trigger from its steps when written), so the rollup is a function of the summaries alone, kept
-- by statement triggers on them (a source changed updates the summaries' `source_id`, which moves
-- the applicant's rows). What the columns depend on besides the steps recomputes them: the
-- account's default funnel changed (a funnel added, deleted, made the favourite or moved; a stage
-- of the default funnel added, deleted, renamed, moved, made a rejection stage or moved to another
-- funnel) — every summary of the account; a vacancy's stage renamed or linked to another template
-- stage — that vacancy's summaries (a vacancy stage moved, made a rejection stage, moved to
-- another vacancy or deleted already recomputes them).
-- The rollup's key leads with the day, so a period is one range of it (a month at 200,000: 186
-- buffers against 1,055 for the whole table); `n` is in the index for an index-only read.
ALTER TABLE "analytics_application_summaries" ADD COLUMN "source_column_ids" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
CREATE TABLE "analytics_source_reach_days" (
	"account_id" integer NOT NULL,
	"source_id" integer NOT NULL,
	"stage_id" integer NOT NULL,
	"day" date NOT NULL,
	"prev_day" date NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "analytics_source_reach_days_pk" PRIMARY KEY("account_id","day","source_id","stage_id","prev_day") INCLUDE ("n")
);--> statement-breakpoint
ALTER TABLE "analytics_source_reach_days" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "analytics_source_reach_days" ADD CONSTRAINT "analytics_source_reach_days_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "analytics_source_reach_days_tenant_isolation" ON "analytics_source_reach_days" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE TRIGGER "analytics_source_reach_days_data_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "analytics_source_reach_days" FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change();--> statement-breakpoint
-- The default funnel's columns an application reached, from the stages of its transitions.
CREATE FUNCTION analytics_source_columns_reached(p_account integer, p_stage_ids integer[])
RETURNS integer[] LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
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
$$;--> statement-breakpoint
-- The same for the summaries of an account (of the given vacancies; NULL: all), set by set.
CREATE FUNCTION analytics_source_columns_of(p_account integer, p_vacancies integer[])
RETURNS TABLE (application_id integer, ids integer[])
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
	WITH cols AS (
		SELECT s.id, s.name, s.position FROM statuses s
		WHERE s.account_id = p_account AND NOT s.is_reject
		  AND s.status_group_id = (SELECT g.id FROM status_groups g WHERE g.account_id = p_account
		                           ORDER BY g.is_favorite DESC, g.position, g.id LIMIT 1)
	),
	stage_keys AS (
		SELECT vs.id AS stage_id,
		       coalesce((SELECT c.position FROM cols c WHERE c.id = vs.copied_from_id),
		                (SELECT min(c.position) FROM cols c WHERE lower(c.name) = lower(vs.name))) AS pos
		FROM statuses vs
		WHERE vs.account_id = p_account AND vs.vacancy_id IS NOT NULL AND NOT vs.is_reject
	),
	reach AS (
		SELECT s.application_id, max(k.pos) AS pos
		FROM analytics_application_summaries s
		CROSS JOIN LATERAL unnest(s.step_stage_ids) AS u(stage_id)
		JOIN stage_keys k ON k.stage_id = u.stage_id
		WHERE s.account_id = p_account AND (p_vacancies IS NULL OR s.vacancy_id = ANY (p_vacancies))
		GROUP BY s.application_id
	)
	SELECT r.application_id, array_agg(c.id ORDER BY c.id)
	FROM reach r JOIN cols c ON c.position <= r.pos
	GROUP BY r.application_id
$$;--> statement-breakpoint
CREATE FUNCTION analytics_application_summaries_source_columns() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
	IF current_setting('ats.analytics_rebuilding', true) = 'on' THEN RETURN NEW; END IF;
	NEW.source_column_ids := analytics_source_columns_reached(NEW.account_id, NEW.step_stage_ids);
	RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "analytics_application_summaries_source_columns" BEFORE INSERT OR UPDATE OF "step_stage_ids" ON "analytics_application_summaries"
FOR EACH ROW EXECUTE FUNCTION analytics_application_summaries_source_columns();--> statement-breakpoint
-- Adds `sign` × the rollup rows of the given summaries (all the summaries of their applicants).
CREATE FUNCTION analytics_source_reach_add(p_rows jsonb, p_sign integer) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = public AS $$
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
	ON CONFLICT (account_id, source_id, stage_id, day, prev_day) DO UPDATE SET n = d.n + excluded.n
$$;--> statement-breakpoint
-- The touched applicants' summaries now, and as they were before the statement (now minus the
-- statement's new rows, plus its old ones): the first added, the second taken out.
CREATE FUNCTION analytics_source_reach_sync() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
	touched jsonb;
	changed_ids integer[];
	before_rows jsonb;
	after_rows jsonb;
BEGIN
	IF current_setting('ats.analytics_rebuilding', true) = 'on' THEN RETURN NULL; END IF;
	IF TG_OP = 'INSERT' THEN
		SELECT jsonb_agg(jsonb_build_array(account_id, applicant_id)), array_agg(application_id)
		INTO touched, changed_ids FROM new_rows WHERE cardinality(source_column_ids) > 0;
	ELSIF TG_OP = 'DELETE' THEN
		SELECT jsonb_agg(jsonb_build_array(account_id, applicant_id)), '{}'::integer[],
		       jsonb_agg(jsonb_build_object('account_id', account_id, 'applicant_id', applicant_id,
		         'source_id', source_id, 'placed_day', placed_day,
		         'source_column_ids', source_column_ids))
		INTO touched, changed_ids, before_rows
		FROM old_rows WHERE cardinality(source_column_ids) > 0;
	ELSE
		-- Only the rows whose applicant, source, day or columns reached changed.
		WITH changed AS (
			SELECT o.account_id, o.application_id, o.applicant_id AS old_applicant,
			       n.applicant_id AS new_applicant, o.source_id, o.placed_day, o.source_column_ids
			FROM old_rows o JOIN new_rows n
			  ON n.account_id = o.account_id AND n.application_id = o.application_id
			WHERE (n.applicant_id, n.source_id, n.placed_day, n.source_column_ids)
			      IS DISTINCT FROM (o.applicant_id, o.source_id, o.placed_day, o.source_column_ids)
		)
		SELECT (SELECT jsonb_agg(jsonb_build_array(account_id, a))
		        FROM changed CROSS JOIN LATERAL (VALUES (old_applicant), (new_applicant)) x(a)),
		       (SELECT array_agg(application_id) FROM changed),
		       (SELECT jsonb_agg(jsonb_build_object('account_id', account_id,
		                 'applicant_id', old_applicant, 'source_id', source_id,
		                 'placed_day', placed_day, 'source_column_ids', source_column_ids))
		        FROM changed)
		INTO touched, changed_ids, before_rows;
	END IF;
	IF touched IS NULL THEN RETURN NULL; END IF;
	WITH keys AS (
		SELECT DISTINCT (k->>0)::int AS account_id, (k->>1)::int AS applicant_id
		FROM jsonb_array_elements(touched) k
	)
	SELECT jsonb_agg(jsonb_build_object('account_id', s.account_id, 'applicant_id', s.applicant_id,
	         'application_id', s.application_id, 'source_id', s.source_id,
	         'placed_day', s.placed_day, 'source_column_ids', s.source_column_ids))
	INTO after_rows
	FROM analytics_application_summaries s JOIN keys USING (account_id, applicant_id)
	WHERE cardinality(s.source_column_ids) > 0;
	PERFORM analytics_source_reach_add(after_rows, 1) WHERE after_rows IS NOT NULL;
	SELECT jsonb_agg(x) INTO before_rows FROM (
		SELECT e AS x FROM jsonb_array_elements(coalesce(after_rows, '[]')) e
		WHERE NOT ((e->>'application_id')::int = ANY (coalesce(changed_ids, '{}')))
		UNION ALL
		SELECT e FROM jsonb_array_elements(coalesce(before_rows, '[]')) e) y;
	PERFORM analytics_source_reach_add(before_rows, -1) WHERE before_rows IS NOT NULL;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "analytics_application_summaries_source_reach_insert" AFTER INSERT ON "analytics_application_summaries"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_source_reach_sync();--> statement-breakpoint
CREATE TRIGGER "analytics_application_summaries_source_reach_update" AFTER UPDATE ON "analytics_application_summaries"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_source_reach_sync();--> statement-breakpoint
CREATE TRIGGER "analytics_application_summaries_source_reach_delete" AFTER DELETE ON "analytics_application_summaries"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_source_reach_sync();--> statement-breakpoint
-- The columns reached of an account's summaries (of the given vacancies; NULL: all), where they
-- changed (an update of the column: the rollup's update trigger follows).
CREATE FUNCTION analytics_source_columns_refresh(p_account integer, p_vacancies integer[])
RETURNS void LANGUAGE sql SECURITY DEFINER SET search_path = public AS $$
	UPDATE analytics_application_summaries s SET source_column_ids = coalesce(x.ids, '{}')
	FROM analytics_application_summaries s0
	LEFT JOIN analytics_source_columns_of(p_account, p_vacancies) x
	  ON x.application_id = s0.application_id
	WHERE s0.account_id = p_account
	  AND (p_vacancies IS NULL OR s0.vacancy_id = ANY (p_vacancies))
	  AND s.account_id = p_account AND s.application_id = s0.application_id
	  AND s.source_column_ids IS DISTINCT FROM coalesce(x.ids, '{}')
$$;--> statement-breakpoint
-- The default funnel of an account: its favourite funnel, else the first.
CREATE FUNCTION analytics_default_funnel(p_account integer) RETURNS integer
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
	SELECT g.id FROM status_groups g WHERE g.account_id = p_account
	ORDER BY g.is_favorite DESC, g.position, g.id LIMIT 1
$$;--> statement-breakpoint
-- What the columns reached depend on besides the summary's steps (above).
CREATE FUNCTION analytics_source_columns_of_changed() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
	whole integer[];
	pairs jsonb;
	account_ integer;
	vacancies_ integer[];
BEGIN
	IF TG_TABLE_NAME = 'status_groups' THEN
		-- The accounts whose default funnel the statement changed: as it is now, and as it was
		-- (the funnels now, less the statement's new rows, plus its old ones).
		IF TG_OP = 'INSERT' THEN
			SELECT array_agg(DISTINCT n.account_id) INTO whole FROM new_rows n
			WHERE analytics_default_funnel(n.account_id) IS DISTINCT FROM (
				SELECT g.id FROM status_groups g
				WHERE g.account_id = n.account_id
				  AND NOT EXISTS (SELECT 1 FROM new_rows x WHERE x.account_id = g.account_id AND x.id = g.id)
				ORDER BY g.is_favorite DESC, g.position, g.id LIMIT 1);
		ELSIF TG_OP = 'DELETE' THEN
			SELECT array_agg(DISTINCT o.account_id) INTO whole FROM old_rows o
			WHERE analytics_default_funnel(o.account_id) IS DISTINCT FROM (
				SELECT x.id FROM (SELECT g.id, g.is_favorite, g.position FROM status_groups g
				                  WHERE g.account_id = o.account_id
				                  UNION ALL SELECT y.id, y.is_favorite, y.position FROM old_rows y
				                  WHERE y.account_id = o.account_id) x
				ORDER BY x.is_favorite DESC, x.position, x.id LIMIT 1);
		ELSE
			SELECT array_agg(DISTINCT o.account_id) INTO whole FROM old_rows o
			WHERE analytics_default_funnel(o.account_id) IS DISTINCT FROM (
				SELECT x.id FROM (SELECT g.id, g.is_favorite, g.position FROM status_groups g
				                  WHERE g.account_id = o.account_id
				                    AND NOT EXISTS (SELECT 1 FROM new_rows y
				                                    WHERE y.account_id = g.account_id AND y.id = g.id)
				                  UNION ALL SELECT y.id, y.is_favorite, y.position FROM old_rows y
				                  WHERE y.account_id = o.account_id) x
				ORDER BY x.is_favorite DESC, x.position, x.id LIMIT 1);
		END IF;
	ELSIF TG_OP = 'INSERT' THEN
		-- A stage added to the default funnel (a vacancy's new stage is in no summary yet).
		SELECT array_agg(DISTINCT n.account_id) INTO whole FROM new_rows n
		WHERE n.status_group_id IS NOT NULL AND n.status_group_id = analytics_default_funnel(n.account_id);
	ELSIF TG_OP = 'DELETE' THEN
		-- A stage of the default funnel deleted (a vacancy's stage deleted recomputes its summaries).
		SELECT array_agg(DISTINCT o.account_id) INTO whole FROM old_rows o
		WHERE o.status_group_id IS NOT NULL AND o.status_group_id = analytics_default_funnel(o.account_id);
	ELSE
		-- A stage of the default funnel (before or after) renamed, moved, made a rejection stage or
		-- not, or moved to another funnel.
		SELECT array_agg(DISTINCT n.account_id) INTO whole
		FROM new_rows n JOIN old_rows o ON o.account_id = n.account_id AND o.id = n.id
		WHERE (n.name, n.position, n.is_reject, n.status_group_id)
		      IS DISTINCT FROM (o.name, o.position, o.is_reject, o.status_group_id)
		  AND analytics_default_funnel(n.account_id) IN (n.status_group_id, o.status_group_id);
		-- A vacancy's stage renamed or linked to another template stage.
		SELECT jsonb_agg(DISTINCT jsonb_build_array(x.account_id, x.vacancy_id)) INTO pairs
		FROM (SELECT n.account_id, n.vacancy_id
		      FROM new_rows n JOIN old_rows o ON o.account_id = n.account_id AND o.id = n.id
		      WHERE n.vacancy_id IS NOT NULL
		        AND (n.name, n.copied_from_id) IS DISTINCT FROM (o.name, o.copied_from_id)) x;
	END IF;
	IF whole IS NOT NULL THEN
		FOREACH account_ IN ARRAY whole LOOP
			PERFORM analytics_source_columns_refresh(account_, NULL);
		END LOOP;
	END IF;
	IF pairs IS NOT NULL THEN
		FOR account_, vacancies_ IN
			SELECT (p->>0)::int, array_agg((p->>1)::int) FROM jsonb_array_elements(pairs) p
			WHERE whole IS NULL OR NOT ((p->>0)::int = ANY (whole))
			GROUP BY 1
		LOOP
			PERFORM analytics_source_columns_refresh(account_, vacancies_);
		END LOOP;
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "status_groups_source_columns_insert" AFTER INSERT ON "status_groups"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_source_columns_of_changed();--> statement-breakpoint
CREATE TRIGGER "status_groups_source_columns_update" AFTER UPDATE ON "status_groups"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_source_columns_of_changed();--> statement-breakpoint
CREATE TRIGGER "status_groups_source_columns_delete" AFTER DELETE ON "status_groups"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_source_columns_of_changed();--> statement-breakpoint
CREATE TRIGGER "statuses_source_columns_insert" AFTER INSERT ON "statuses"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_source_columns_of_changed();--> statement-breakpoint
CREATE TRIGGER "statuses_source_columns_update" AFTER UPDATE ON "statuses"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_source_columns_of_changed();--> statement-breakpoint
CREATE TRIGGER "statuses_source_columns_delete" AFTER DELETE ON "statuses"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_source_columns_of_changed();--> statement-breakpoint
-- One account's columns reached, set by set, and its rollup from them (a rebuild, the backfill).
CREATE FUNCTION analytics_rebuild_source_reach(p_account integer) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = public AS $$
	SELECT set_config('ats.analytics_rebuilding', 'on', true);
	SELECT analytics_source_columns_refresh(p_account, NULL);
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
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_rebuild_application_summaries(p_account integer) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
	PERFORM set_config('ats.analytics_rebuilding', 'on', true);
	PERFORM analytics_rebuild_application_summary_rows(p_account);
	PERFORM analytics_rebuild_funnel_days(p_account);
	PERFORM analytics_rebuild_source_reach(p_account);
END
$$;--> statement-breakpoint
SELECT analytics_rebuild_source_reach(id) FROM accounts;
