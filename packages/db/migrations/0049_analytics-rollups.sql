-- Analytics rollups (issue 13, decision 0042): what the company-wide activity counts read instead
-- of scanning the transition log. A count of applicants over a period is a count of distinct
-- applicants, which per-day counts cannot add up; so each event of the log is counted on its day
-- beside the day of the previous event of the same applicant and kind (-infinity: none before).
-- The applicants with an event in the days [a, b] are then the events in [a, b] whose previous
-- one is before a: sum(n) where day between a and b and prev_day < a. Each event is counted twice,
-- once for the whole company (actor_id 0) and once for who made it (the previous event then being
-- that actor's), so the company's and each recruiter's counts both read whole days of the rollup.
-- Kinds: placed, moved, hired (into a stage of type hired), rejected, refused. Days are days of
-- the account's time zone.
--
-- Kept in step by statement-level triggers on the log, so every writer — a placement, a move, a
-- rejection, a merge (which moves rows to the survivor), its undo, a vacancy's deletion, the
-- bench's and the tests' direct inserts, the e2e harness's backdating — changes it in its own
-- transaction: the applicants a statement touched have their contribution taken out as it was
-- before the statement and put back as it is after it. A change of the account's time zone or of
-- a stage's type rebuilds the account. SECURITY DEFINER: the application role reads the rollup
-- (row-level security) but changes it only through these triggers.
CREATE TABLE "analytics_activity_days" (
	"account_id" integer NOT NULL,
	"kind" text NOT NULL,
	"actor_id" integer NOT NULL,
	"day" date NOT NULL,
	"prev_day" date NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "analytics_activity_days_pk" PRIMARY KEY("account_id","kind","actor_id","day","prev_day")
);--> statement-breakpoint
ALTER TABLE "analytics_activity_days" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "analytics_activity_days" ADD CONSTRAINT "analytics_activity_days_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "analytics_activity_days_tenant_isolation" ON "analytics_activity_days" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
-- The facts of a set of log rows: each row as one or two kinds, for the company and its actor.
CREATE FUNCTION analytics_activity_facts(p_rows jsonb) RETURNS TABLE (
	account_id integer, applicant_id integer, kind text, actor_id integer, moved_at timestamptz,
	id integer, day date
) LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
	SELECT r.account_id, r.applicant_id, k.kind, a.actor_id, r.moved_at, r.id,
	       (r.moved_at AT TIME ZONE coalesce(nullif(ac.time_zone, ''), 'Europe/Moscow'))::date
	FROM jsonb_to_recordset(p_rows) AS r(account_id integer, applicant_id integer, id integer,
	     moved_at timestamptz, kind text, to_status_id integer, moved_by integer)
	JOIN accounts ac ON ac.id = r.account_id
	CROSS JOIN LATERAL (
		SELECT CASE r.kind WHEN 'place' THEN 'placed' WHEN 'move' THEN 'moved'
		                   WHEN 'reject' THEN 'rejected' WHEN 'refuse' THEN 'refused' END
		UNION ALL
		SELECT 'hired' WHERE r.kind IN ('place', 'move') AND EXISTS (
			SELECT 1 FROM statuses s WHERE s.account_id = r.account_id AND s.id = r.to_status_id
			  AND s.status_type = 'hired')
	) k(kind)
	CROSS JOIN LATERAL (SELECT 0 UNION ALL SELECT r.moved_by WHERE r.moved_by IS NOT NULL) a(actor_id)
	WHERE k.kind IS NOT NULL
$$;--> statement-breakpoint
-- Adds `sign` × the rollup rows of the given facts (all the facts of their applicants).
CREATE FUNCTION analytics_activity_add(p_rows jsonb, p_sign integer) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = public AS $$
	INSERT INTO analytics_activity_days AS d (account_id, kind, actor_id, day, prev_day, n)
	SELECT account_id, kind, actor_id, day, prev_day, p_sign * count(*)::int
	FROM (
		SELECT f.account_id, f.kind, f.actor_id, f.day,
		       coalesce(lag(f.day) OVER (PARTITION BY f.account_id, f.applicant_id, f.kind, f.actor_id
		                                 ORDER BY f.moved_at, f.id), '-infinity'::date) AS prev_day
		FROM analytics_activity_facts(p_rows) f
	) e
	GROUP BY account_id, kind, actor_id, day, prev_day
	ON CONFLICT (account_id, kind, actor_id, day, prev_day) DO UPDATE SET n = d.n + excluded.n
$$;--> statement-breakpoint
CREATE FUNCTION analytics_activity_sync() RETURNS trigger
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
	FROM (SELECT l.account_id, l.applicant_id, l.id, l.moved_at, l.kind, l.to_status_id, l.moved_by
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
CREATE TRIGGER "application_transitions_rollup_insert" AFTER INSERT ON "application_transitions"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_activity_sync();--> statement-breakpoint
CREATE TRIGGER "application_transitions_rollup_update" AFTER UPDATE ON "application_transitions"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_activity_sync();--> statement-breakpoint
CREATE TRIGGER "application_transitions_rollup_delete" AFTER DELETE ON "application_transitions"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_activity_sync();--> statement-breakpoint
-- The whole account's rollup from its log (the migration, a bulk load with triggers off, a change
-- of time zone or of a stage's type).
CREATE FUNCTION analytics_rebuild_rollups(p_account integer) RETURNS void
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
	GROUP BY account_id, kind, actor_id, day, prev_day
$$;--> statement-breakpoint
CREATE FUNCTION analytics_rebuild_rollups_of_changed() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
	IF TG_TABLE_NAME = 'accounts' THEN
		PERFORM analytics_rebuild_rollups(n.id) FROM new_rows n JOIN old_rows o ON o.id = n.id
		WHERE n.time_zone IS DISTINCT FROM o.time_zone;
	ELSE
		PERFORM analytics_rebuild_rollups(a.account_id) FROM (
			SELECT DISTINCT n.account_id FROM new_rows n JOIN old_rows o
			  ON o.account_id = n.account_id AND o.id = n.id
			WHERE n.status_type IS DISTINCT FROM o.status_type) a;
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "accounts_time_zone_rollups" AFTER UPDATE ON "accounts"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_rebuild_rollups_of_changed();--> statement-breakpoint
CREATE TRIGGER "statuses_type_rollups" AFTER UPDATE ON "statuses"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_rebuild_rollups_of_changed();--> statement-breakpoint
SELECT analytics_rebuild_rollups(id) FROM accounts;
