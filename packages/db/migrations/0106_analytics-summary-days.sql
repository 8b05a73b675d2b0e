-- Offers made and accepted and the hires with their placement per day (issue 13, decisions 0042,
-- 0084, 0087, 0096). company_base_indicators counted, for the whole company, the distinct
-- applicants with an offer and with an accepted offer in the period and the previous one from the
-- per-application summaries (migration 0082: 53,686 rows of two years sorted for their distinct
-- applicants at 200,000 applicants), and the time to hire from every hire of both periods with its
-- summary's placement (14,314 summaries read with their heap rows). `analytics_summary_days` keeps
-- the same facts as the other day rollups keep theirs:
--   kind `offers`: per applicant, each day (of the account's time zone) an application of theirs
--     first reached an offer stage (the summary's `offered_at`), beside the applicant's previous
--     such day (`prev_day`, -infinity: none);
--   kind `accepted`: per applicant, each day of a hire after an offer (`accepted_at`), beside the
--     applicant's previous such day;
--   kind `hired`: per application, each day of a hire (`hired_at`), beside the application's
--     previous hire day, with the application's placement day (`placed_day`; -infinity for the
--     other two kinds).
-- `sum(n) where day between a and b and prev_day < a` is then the distinct applicants of the first
-- two kinds over the days [a, b], and per (placed_day, day) the applications whose first hire in
-- [a, b] is that day — all the time to hire needs. Kept by statement triggers on the summaries, as
-- the funnel (0091) and source (0092) days are: the touched applicants' relevant summaries now and
-- as they were before the statement, the first added and the second taken out. The summaries'
-- rebuild (every rollup's rebuild, the bench's bulk load, a time zone's change) rebuilds it.
CREATE TABLE "analytics_summary_days" (
	"account_id" integer NOT NULL,
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"prev_day" date NOT NULL,
	"placed_day" date NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "analytics_summary_days_pk" PRIMARY KEY("account_id","kind","day","prev_day","placed_day") INCLUDE ("n")
);--> statement-breakpoint
ALTER TABLE "analytics_summary_days" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "analytics_summary_days" ADD CONSTRAINT "analytics_summary_days_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "analytics_summary_days_tenant_isolation" ON "analytics_summary_days" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE TRIGGER "analytics_summary_days_data_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "analytics_summary_days" FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change();--> statement-breakpoint
-- Adds `sign` × the rollup rows of the given summaries (all the relevant summaries of their
-- applicants). PL/pgSQL planned once per connection, by the keys (decision 0090).
CREATE FUNCTION analytics_summary_days_add(p_rows jsonb, p_sign integer)
RETURNS void LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public SET plan_cache_mode = force_generic_plan AS $$
BEGIN
	INSERT INTO analytics_summary_days AS d (account_id, kind, day, prev_day, placed_day, n)
	SELECT account_id, kind, day, prev_day, placed_day, p_sign * count(*)::int
	FROM (
		SELECT e.account_id, e.kind, e.day, e.placed_day,
		       coalesce(lag(e.day) OVER (PARTITION BY e.account_id, e.kind, e.who ORDER BY e.day),
		                '-infinity'::date) AS prev_day
		FROM (SELECT DISTINCT r.account_id, k.kind, k.who, k.placed_day,
		             (k.at AT TIME ZONE coalesce(nullif(ac.time_zone, ''), 'Europe/Moscow'))::date AS day
		      FROM jsonb_to_recordset(p_rows) AS r(account_id integer, applicant_id integer,
		           application_id integer, placed_day date, offered_at timestamptz,
		           hired_at timestamptz[], accepted_at timestamptz[])
		      JOIN accounts ac ON ac.id = r.account_id
		      CROSS JOIN LATERAL (
		        SELECT 'offers'::text, r.applicant_id, '-infinity'::date, r.offered_at
		        WHERE r.offered_at IS NOT NULL
		        UNION ALL
		        SELECT 'accepted', r.applicant_id, '-infinity'::date, a.at FROM unnest(r.accepted_at) a(at)
		        UNION ALL
		        SELECT 'hired', r.application_id, r.placed_day, h.at FROM unnest(r.hired_at) h(at)
		      ) k(kind, who, placed_day, at)) e
	) x
	GROUP BY account_id, kind, day, prev_day, placed_day
	ON CONFLICT (account_id, kind, day, prev_day, placed_day) DO UPDATE SET n = d.n + excluded.n;
END
$$;--> statement-breakpoint
-- The touched applicants' summaries with an offer or a hire now, and as they were before the
-- statement (now minus the statement's new rows, plus its old ones): the first added, the second
-- taken out. An update that leaves the applicant, the placement day, the offer and the hires as
-- they were (the sources, the columns and stages reached) touches nothing.
CREATE FUNCTION analytics_summary_days_sync() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public SET plan_cache_mode = force_generic_plan AS $$
DECLARE
	touched jsonb;
	changed_ids integer[];
	before_rows jsonb;
	after_rows jsonb;
BEGIN
	IF current_setting('ats.analytics_rebuilding', true) = 'on' THEN RETURN NULL; END IF;
	IF TG_OP = 'INSERT' THEN
		SELECT jsonb_agg(jsonb_build_array(account_id, applicant_id)), array_agg(application_id)
		INTO touched, changed_ids FROM new_rows
		WHERE offered_at IS NOT NULL OR hire_count > 0;
	ELSIF TG_OP = 'DELETE' THEN
		SELECT jsonb_agg(jsonb_build_array(account_id, applicant_id)), '{}'::integer[],
		       jsonb_agg(jsonb_build_object('account_id', account_id, 'applicant_id', applicant_id,
		         'application_id', application_id, 'placed_day', placed_day,
		         'offered_at', offered_at, 'hired_at', hired_at, 'accepted_at', accepted_at))
		INTO touched, changed_ids, before_rows
		FROM old_rows WHERE offered_at IS NOT NULL OR hire_count > 0;
	ELSE
		WITH changed AS (
			SELECT o.account_id, o.application_id, o.applicant_id AS old_applicant,
			       n.applicant_id AS new_applicant, o.placed_day, o.offered_at, o.hired_at,
			       o.accepted_at, o.offered_at IS NOT NULL OR o.hire_count > 0 AS counted
			FROM old_rows o JOIN new_rows n
			  ON n.account_id = o.account_id AND n.application_id = o.application_id
			WHERE (n.applicant_id, n.placed_day, n.offered_at, n.hired_at, n.accepted_at)
			      IS DISTINCT FROM (o.applicant_id, o.placed_day, o.offered_at, o.hired_at, o.accepted_at)
			  AND (o.offered_at IS NOT NULL OR o.hire_count > 0
			       OR n.offered_at IS NOT NULL OR n.hire_count > 0)
		)
		SELECT (SELECT jsonb_agg(jsonb_build_array(account_id, a))
		        FROM changed CROSS JOIN LATERAL (VALUES (old_applicant), (new_applicant)) x(a)),
		       (SELECT array_agg(application_id) FROM changed),
		       (SELECT jsonb_agg(jsonb_build_object('account_id', account_id,
		                 'applicant_id', old_applicant, 'application_id', application_id,
		                 'placed_day', placed_day, 'offered_at', offered_at, 'hired_at', hired_at,
		                 'accepted_at', accepted_at))
		        FROM changed WHERE counted)
		INTO touched, changed_ids, before_rows;
	END IF;
	IF touched IS NULL THEN RETURN NULL; END IF;
	WITH keys AS (
		SELECT DISTINCT (k->>0)::int AS account_id, (k->>1)::int AS applicant_id
		FROM jsonb_array_elements(touched) k
	)
	SELECT jsonb_agg(jsonb_build_object('account_id', s.account_id, 'applicant_id', s.applicant_id,
	         'application_id', s.application_id, 'placed_day', s.placed_day,
	         'offered_at', s.offered_at, 'hired_at', s.hired_at, 'accepted_at', s.accepted_at))
	INTO after_rows
	FROM analytics_application_summaries s JOIN keys USING (account_id, applicant_id)
	WHERE s.offered_at IS NOT NULL OR s.hire_count > 0;
	PERFORM analytics_summary_days_add(after_rows, 1) WHERE after_rows IS NOT NULL;
	SELECT jsonb_agg(x) INTO before_rows FROM (
		SELECT e AS x FROM jsonb_array_elements(coalesce(after_rows, '[]')) e
		WHERE NOT ((e->>'application_id')::int = ANY (coalesce(changed_ids, '{}')))
		UNION ALL
		SELECT e FROM jsonb_array_elements(coalesce(before_rows, '[]')) e) y;
	PERFORM analytics_summary_days_add(before_rows, -1) WHERE before_rows IS NOT NULL;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "analytics_application_summaries_summary_days_insert" AFTER INSERT ON "analytics_application_summaries"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_summary_days_sync();--> statement-breakpoint
CREATE TRIGGER "analytics_application_summaries_summary_days_update" AFTER UPDATE ON "analytics_application_summaries"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_summary_days_sync();--> statement-breakpoint
CREATE TRIGGER "analytics_application_summaries_summary_days_delete" AFTER DELETE ON "analytics_application_summaries"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_summary_days_sync();--> statement-breakpoint
-- One account's rollup from its summaries (a rebuild, the backfill).
CREATE FUNCTION analytics_rebuild_summary_days(p_account integer) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = public AS $$
	DELETE FROM analytics_summary_days WHERE account_id = p_account;
	INSERT INTO analytics_summary_days (account_id, kind, day, prev_day, placed_day, n)
	SELECT p_account, kind, day, prev_day, placed_day, count(*)::int
	FROM (
		SELECT e.kind, e.day, e.placed_day,
		       coalesce(lag(e.day) OVER (PARTITION BY e.kind, e.who ORDER BY e.day),
		                '-infinity'::date) AS prev_day
		FROM (SELECT DISTINCT k.kind, k.who, k.placed_day,
		             (k.at AT TIME ZONE coalesce(nullif(ac.time_zone, ''), 'Europe/Moscow'))::date AS day
		      FROM analytics_application_summaries s
		      JOIN accounts ac ON ac.id = s.account_id
		      CROSS JOIN LATERAL (
		        SELECT 'offers'::text, s.applicant_id, '-infinity'::date, s.offered_at
		        WHERE s.offered_at IS NOT NULL
		        UNION ALL
		        SELECT 'accepted', s.applicant_id, '-infinity'::date, a.at FROM unnest(s.accepted_at) a(at)
		        UNION ALL
		        SELECT 'hired', s.application_id, s.placed_day, h.at FROM unnest(s.hired_at) h(at)
		      ) k(kind, who, placed_day, at)
		      WHERE s.account_id = p_account AND (s.offered_at IS NOT NULL OR s.hire_count > 0)) e
	) x
	GROUP BY kind, day, prev_day, placed_day;
$$;--> statement-breakpoint
-- The summaries' rebuild (0092's body) also rebuilds this rollup, after the summaries' rows.
CREATE OR REPLACE FUNCTION analytics_rebuild_application_summaries(p_account integer) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
	PERFORM set_config('ats.analytics_rebuilding', 'on', true);
	PERFORM analytics_rebuild_application_summary_rows(p_account);
	-- The summaries were just written in this transaction: without fresh statistics the steps
	-- below that join them with themselves were planned as nested loops over an account that
	-- looked empty (at 1M a rebuild ran for more than 14 minutes in one of them).
	ANALYZE analytics_application_summaries;
	PERFORM analytics_rebuild_funnel_days(p_account);
	PERFORM analytics_rebuild_source_reach(p_account);
	PERFORM analytics_rebuild_summary_days(p_account);
END
$$;--> statement-breakpoint
SELECT analytics_rebuild_summary_days(id) FROM accounts;
