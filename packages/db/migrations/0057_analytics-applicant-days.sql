-- «Новые кандидаты» without scanning the applicants (issue 13, decision 0042): per account, day of
-- the account's time zone (of `created_at`), resume source (0: none) and creator (0: nobody), how
-- many applicants came in — the rows of `applicants` and the tombstones of deleted ones
-- (`analytics_deleted_applicants`, decision 0032), exactly the rows the fact `new` reads. Each
-- applicant is one row, so unlike the log's events the counts of days simply add up: the
-- applicants added in [a, b] are sum(n) over those days, for the company (every creator) or one
-- creator.
--
-- Kept by statement-level triggers on both tables in the writer's transaction: an insert adds its
-- rows, a delete takes them out, an update (a new source, a backdated creation) takes out the old
-- and adds the new. A deletion writes the tombstone first and deletes the applicant after: the
-- two cancel out and the past stays counted. A merge deletes its loser without a tombstone (it
-- counts through the primary) and its undo inserts them back. The account's deletion leaves
-- nothing (the join with `accounts` finds no account). A change of the account's time zone
-- rebuilds it with the log's rollup: `analytics_rebuild_rollups` now rebuilds both. Its notify
-- trigger, as every table's: migration 0058.
CREATE TABLE "analytics_applicant_days" (
	"account_id" integer NOT NULL,
	"day" date NOT NULL,
	"source_id" integer NOT NULL,
	"actor_id" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "analytics_applicant_days_pk" PRIMARY KEY("account_id","day","source_id","actor_id")
);--> statement-breakpoint
ALTER TABLE "analytics_applicant_days" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "analytics_applicant_days" ADD CONSTRAINT "analytics_applicant_days_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "analytics_applicant_days_tenant_isolation" ON "analytics_applicant_days" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
-- Adds the rows given, each with its sign (+1 a statement's new row, -1 its old one), to their
-- days; keys whose signs cancel (an update that changed neither day, source nor creator) write
-- nothing.
CREATE FUNCTION analytics_applicant_days_add(p_rows jsonb) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = public AS $$
	INSERT INTO analytics_applicant_days AS d (account_id, day, source_id, actor_id, n)
	SELECT r.account_id,
	       (r.created_at AT TIME ZONE coalesce(nullif(ac.time_zone, ''), 'Europe/Moscow'))::date,
	       coalesce(r.account_source_id, 0), coalesce(r.created_by, 0), sum(r.sign)::int
	FROM jsonb_to_recordset(p_rows) AS r(account_id integer, account_source_id integer,
	     created_by integer, created_at timestamptz, sign integer)
	JOIN accounts ac ON ac.id = r.account_id
	GROUP BY 1, 2, 3, 4
	HAVING sum(r.sign) <> 0
	ON CONFLICT (account_id, day, source_id, actor_id) DO UPDATE SET n = d.n + excluded.n
$$;--> statement-breakpoint
CREATE FUNCTION analytics_applicant_days_sync() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
	changed jsonb;
BEGIN
	IF TG_OP = 'INSERT' THEN
		SELECT jsonb_agg(jsonb_build_object('account_id', account_id,
		         'account_source_id', account_source_id, 'created_by', created_by,
		         'created_at', created_at, 'sign', 1)) INTO changed FROM new_rows;
	ELSIF TG_OP = 'DELETE' THEN
		SELECT jsonb_agg(jsonb_build_object('account_id', account_id,
		         'account_source_id', account_source_id, 'created_by', created_by,
		         'created_at', created_at, 'sign', -1)) INTO changed FROM old_rows;
	ELSE
		SELECT jsonb_agg(x) INTO changed FROM (
			SELECT jsonb_build_object('account_id', account_id,
			         'account_source_id', account_source_id, 'created_by', created_by,
			         'created_at', created_at, 'sign', 1) AS x FROM new_rows
			UNION ALL
			SELECT jsonb_build_object('account_id', account_id,
			         'account_source_id', account_source_id, 'created_by', created_by,
			         'created_at', created_at, 'sign', -1) FROM old_rows) y;
	END IF;
	IF changed IS NOT NULL THEN PERFORM analytics_applicant_days_add(changed); END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "applicants_analytics_days_insert" AFTER INSERT ON "applicants"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_applicant_days_sync();--> statement-breakpoint
CREATE TRIGGER "applicants_analytics_days_update" AFTER UPDATE ON "applicants"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_applicant_days_sync();--> statement-breakpoint
CREATE TRIGGER "applicants_analytics_days_delete" AFTER DELETE ON "applicants"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_applicant_days_sync();--> statement-breakpoint
CREATE TRIGGER "analytics_deleted_applicants_days_insert" AFTER INSERT ON "analytics_deleted_applicants"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_applicant_days_sync();--> statement-breakpoint
CREATE TRIGGER "analytics_deleted_applicants_days_update" AFTER UPDATE ON "analytics_deleted_applicants"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_applicant_days_sync();--> statement-breakpoint
CREATE TRIGGER "analytics_deleted_applicants_days_delete" AFTER DELETE ON "analytics_deleted_applicants"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_applicant_days_sync();--> statement-breakpoint
-- The account's rollups from scratch: the log's (as migration 0049 built it) and now the
-- applicants' days too (a change of time zone, a bulk load with triggers off, the e2e harness's
-- backdating).
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
$$;--> statement-breakpoint
INSERT INTO analytics_applicant_days (account_id, day, source_id, actor_id, n)
SELECT x.account_id,
       (x.created_at AT TIME ZONE coalesce(nullif(ac.time_zone, ''), 'Europe/Moscow'))::date,
       coalesce(x.account_source_id, 0), coalesce(x.created_by, 0), count(*)::int
FROM (SELECT account_id, account_source_id, created_by, created_at FROM applicants
      UNION ALL
      SELECT account_id, account_source_id, created_by, created_at FROM analytics_deleted_applicants) x
JOIN accounts ac ON ac.id = x.account_id
GROUP BY 1, 2, 3, 4;
