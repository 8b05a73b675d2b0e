-- The funnel of a template from a rollup of distinct applicants per template stage and day
-- (issue 13, decisions 0042, 0069, 0075). The funnel's «reached» counts the distinct applicants of
-- the cohort (applications first placed in the period on a vacancy of the template) who reached a
-- template stage on any of those vacancies (a skip counts; an applicant on two vacancies counts
-- once). Per-day counts of applicants cannot be added up across days, so each applicant is
-- counted, per template stage, on each distinct placement day of an application that reached it,
-- beside the previous such day of the same applicant and stage (-infinity: none), as
-- `analytics_activity_days` does for the log's events: the applicants who reached stage c from an
-- application placed in the days [a, b] are `sum(n) where day between a and b and prev_day < a`.
--
-- What an application reached is a function of its summary row and the stages: the template
-- stages of the vacancy's template whose copy in the vacancy sits at or before the summary's
-- furthest position. The summary carries it (`template_stage_ids`, computed when the row is
-- written), so the rollup is a function of the summaries alone and its statement triggers on
-- them take each touched applicant's contribution out as it was before the statement and put it
-- back as it is after (the summaries are themselves kept by the log's and the stages' triggers, in
-- the writer's transaction: a move, a merge and its undo, a deletion, a backdating). What else it
-- depends on recomputes the column for the vacancies concerned: a vacancy's template changed, a
-- vacancy's stage added or its template link changed, a template stage deleted, made a rejection
-- stage or moved to another template. A rebuild (time zone, the bench's bulk load, the e2e
-- harness) computes it set by set.
--
-- The funnel's average time in a stage is not a distinct count: it averages the stays (entered on
-- one day, left on the day of the next transition) of the cohort's applications, in calendar days
-- and in working days of the production calendar as it is when read. Per template stage and
-- placement day, a stay counts +1 on its entering day and +1 on its leaving day (two rows, the
-- other day -infinity), so the sum of the days is the leaving days' sum minus the entering days',
-- and the working days the same with each day's working-day number read from the calendar of the
-- request: both ends of such a stay are always inside that calendar (entered no earlier than the
-- day before the placement, left no later than the day after the row was written). A stay that
-- is not (a backdated transition before the placement) is kept whole, both days on one row, and
-- read as the summaries' path reads it. `template_step_ids` carries, per step of the summary, the
-- template stage of the stay it begins (negative: kept whole; 0: none).
ALTER TABLE "analytics_application_summaries" ADD COLUMN "template_stage_ids" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_application_summaries" ADD COLUMN "template_step_ids" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
CREATE INDEX "analytics_application_summaries_vacancy_idx" ON "analytics_application_summaries" USING btree ("account_id","vacancy_id");--> statement-breakpoint
CREATE TABLE "analytics_funnel_days" (
	"account_id" integer NOT NULL,
	"stage_id" integer NOT NULL,
	"day" date NOT NULL,
	"prev_day" date NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "analytics_funnel_days_pk" PRIMARY KEY("account_id","stage_id","day","prev_day")
);--> statement-breakpoint
ALTER TABLE "analytics_funnel_days" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "analytics_funnel_days" ADD CONSTRAINT "analytics_funnel_days_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "analytics_funnel_days_tenant_isolation" ON "analytics_funnel_days" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE TRIGGER "analytics_funnel_days_data_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "analytics_funnel_days" FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change();--> statement-breakpoint
CREATE TABLE "analytics_funnel_stays" (
	"account_id" integer NOT NULL,
	"stage_id" integer NOT NULL,
	"placed_day" date NOT NULL,
	"entered_on" date NOT NULL,
	"left_on" date NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "analytics_funnel_stays_pk" PRIMARY KEY("account_id","stage_id","placed_day","entered_on","left_on")
);--> statement-breakpoint
ALTER TABLE "analytics_funnel_stays" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "analytics_funnel_stays" ADD CONSTRAINT "analytics_funnel_stays_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "analytics_funnel_stays_tenant_isolation" ON "analytics_funnel_stays" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE TRIGGER "analytics_funnel_stays_data_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "analytics_funnel_stays" FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change();--> statement-breakpoint
-- The template stages an application on `p_vacancy` reached, its furthest position given.
CREATE FUNCTION analytics_template_stages_reached(p_account integer, p_vacancy integer, p_furthest integer)
RETURNS integer[] LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
	SELECT coalesce(array_agg(DISTINCT tpl.id ORDER BY tpl.id), '{}')
	FROM vacancies v
	JOIN statuses vs ON vs.account_id = v.account_id AND vs.vacancy_id = v.id
	JOIN statuses tpl ON tpl.account_id = vs.account_id AND tpl.id = vs.copied_from_id
	WHERE v.account_id = p_account AND v.id = p_vacancy AND vs.position <= p_furthest
	  AND tpl.status_group_id = v.status_group_id AND NOT tpl.is_reject
$$;--> statement-breakpoint
-- Per step of an application on `p_vacancy` placed on `p_placed_day`, the template stage of the
-- stay it begins: its stage's copy of a stage of the vacancy's template (not a rejection stage);
-- negative when the stay is kept whole; 0 for none or the last step (no stay left yet).
CREATE FUNCTION analytics_template_steps(p_account integer, p_vacancy integer, p_placed_day date,
	p_stage_ids integer[], p_days date[])
RETURNS integer[] LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
	SELECT coalesce(array_agg(
	         CASE WHEN m.id IS NULL OR u.left_on IS NULL THEN 0
	              WHEN u.entered_on >= p_placed_day - 1 AND u.left_on <= t.today + 1 THEN m.id
	              ELSE -m.id END ORDER BY u.i), '{}')
	FROM unnest(p_stage_ids, p_days, p_days[2:]) WITH ORDINALITY AS u(stage_id, entered_on, left_on, i)
	CROSS JOIN (SELECT (now() AT TIME ZONE coalesce(nullif(ac.time_zone, ''), 'Europe/Moscow'))::date AS today,
	                   (SELECT v.status_group_id FROM vacancies v
	                    WHERE v.account_id = p_account AND v.id = p_vacancy) AS group_id
	            FROM accounts ac WHERE ac.id = p_account) t
	LEFT JOIN LATERAL (
		SELECT tpl.id FROM statuses vs
		JOIN vacancies v ON v.account_id = vs.account_id AND v.id = vs.vacancy_id
		JOIN statuses tpl ON tpl.account_id = vs.account_id AND tpl.id = vs.copied_from_id
		WHERE vs.account_id = p_account AND vs.id = u.stage_id
		  AND v.status_group_id = t.group_id AND tpl.status_group_id = v.status_group_id
		  AND NOT tpl.is_reject) m ON true
$$;--> statement-breakpoint
-- Each summary written (a recomputation is a delete and an insert) carries what it reached. A
-- rebuild sets it set by set afterwards (`analytics_rebuild_funnel_days`).
CREATE FUNCTION analytics_application_summaries_template_stages() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
	IF current_setting('ats.analytics_rebuilding', true) = 'on' THEN RETURN NEW; END IF;
	NEW.template_stage_ids := analytics_template_stages_reached(NEW.account_id, NEW.vacancy_id,
		NEW.furthest_position);
	NEW.template_step_ids := analytics_template_steps(NEW.account_id, NEW.vacancy_id,
		NEW.placed_day, NEW.step_stage_ids, NEW.step_days);
	RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "analytics_application_summaries_template_stages" BEFORE INSERT OR UPDATE OF "vacancy_id", "furthest_position", "placed_day", "step_stage_ids", "step_days" ON "analytics_application_summaries"
FOR EACH ROW EXECUTE FUNCTION analytics_application_summaries_template_stages();--> statement-breakpoint
-- Adds `sign` × the rollup rows of the given summaries (all the summaries of their applicants).
CREATE FUNCTION analytics_funnel_days_add(p_rows jsonb, p_sign integer) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = public AS $$
	INSERT INTO analytics_funnel_days AS d (account_id, stage_id, day, prev_day, n)
	SELECT account_id, stage_id, day, prev_day, p_sign * count(*)::int
	FROM (
		SELECT e.account_id, e.stage_id, e.day,
		       coalesce(lag(e.day) OVER (PARTITION BY e.account_id, e.applicant_id, e.stage_id
		                                 ORDER BY e.day), '-infinity'::date) AS prev_day
		FROM (SELECT DISTINCT r.account_id, r.applicant_id, c.stage_id, r.placed_day AS day
		      FROM jsonb_to_recordset(p_rows) AS r(account_id integer, applicant_id integer,
		           placed_day date, template_stage_ids integer[])
		      CROSS JOIN LATERAL unnest(r.template_stage_ids) AS c(stage_id)) e
	) x
	GROUP BY account_id, stage_id, day, prev_day
	ON CONFLICT (account_id, stage_id, day, prev_day) DO UPDATE SET n = d.n + excluded.n
$$;--> statement-breakpoint
-- Adds `sign` × the stays of the given summaries: a stay kept in halves is one row of its
-- entering day and one of its leaving day; one kept whole, a row of both.
CREATE FUNCTION analytics_funnel_stays_add(p_rows jsonb, p_sign integer) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = public AS $$
	INSERT INTO analytics_funnel_stays AS d (account_id, stage_id, placed_day, entered_on, left_on, n)
	SELECT r.account_id, abs(u.tpl), r.placed_day, k.entered_on, k.left_on, p_sign * count(*)::int
	FROM jsonb_to_recordset(p_rows) AS r(account_id integer, placed_day date, step_days date[],
	     template_step_ids integer[])
	CROSS JOIN LATERAL unnest(r.template_step_ids, r.step_days, r.step_days[2:])
	  AS u(tpl, entered_on, left_on)
	CROSS JOIN LATERAL (
		SELECT u.entered_on, '-infinity'::date WHERE u.tpl > 0
		UNION ALL SELECT '-infinity'::date, u.left_on WHERE u.tpl > 0
		UNION ALL SELECT u.entered_on, u.left_on WHERE u.tpl < 0) AS k(entered_on, left_on)
	WHERE u.tpl <> 0 AND u.left_on IS NOT NULL
	GROUP BY 1, 2, 3, 4, 5
	ON CONFLICT (account_id, stage_id, placed_day, entered_on, left_on) DO UPDATE SET n = d.n + excluded.n
$$;--> statement-breakpoint
-- Stays: the statement's old rows taken out, its new ones added (a sum per row). Reached: the
-- touched applicants' summaries now, and as they were before the statement (now minus the
-- statement's new rows, plus its old ones): the first added, the second taken out.
CREATE FUNCTION analytics_funnel_days_sync() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
	touched jsonb;
	changed_ids integer[];
	before_rows jsonb;
	after_rows jsonb;
BEGIN
	IF current_setting('ats.analytics_rebuilding', true) = 'on' THEN RETURN NULL; END IF;
	IF TG_OP = 'INSERT' THEN
		SELECT jsonb_agg(jsonb_build_object('account_id', account_id, 'placed_day', placed_day,
		         'step_days', step_days, 'template_step_ids', template_step_ids))
		INTO after_rows FROM new_rows WHERE template_step_ids <> '{}' AND 0 <> ANY (template_step_ids);
		PERFORM analytics_funnel_stays_add(after_rows, 1) WHERE after_rows IS NOT NULL;
	ELSIF TG_OP = 'DELETE' THEN
		SELECT jsonb_agg(jsonb_build_object('account_id', account_id, 'placed_day', placed_day,
		         'step_days', step_days, 'template_step_ids', template_step_ids))
		INTO before_rows FROM old_rows WHERE template_step_ids <> '{}' AND 0 <> ANY (template_step_ids);
		PERFORM analytics_funnel_stays_add(before_rows, -1) WHERE before_rows IS NOT NULL;
	ELSE
		SELECT jsonb_agg(jsonb_build_object('account_id', o.account_id, 'placed_day', o.placed_day,
		         'step_days', o.step_days, 'template_step_ids', o.template_step_ids)),
		       jsonb_agg(jsonb_build_object('account_id', n.account_id, 'placed_day', n.placed_day,
		         'step_days', n.step_days, 'template_step_ids', n.template_step_ids))
		INTO before_rows, after_rows
		FROM old_rows o JOIN new_rows n
		  ON n.account_id = o.account_id AND n.application_id = o.application_id
		WHERE (n.placed_day, n.step_days, n.template_step_ids)
		      IS DISTINCT FROM (o.placed_day, o.step_days, o.template_step_ids);
		PERFORM analytics_funnel_stays_add(before_rows, -1) WHERE before_rows IS NOT NULL;
		PERFORM analytics_funnel_stays_add(after_rows, 1) WHERE after_rows IS NOT NULL;
	END IF;
	before_rows := NULL;
	after_rows := NULL;
	IF TG_OP = 'INSERT' THEN
		SELECT jsonb_agg(jsonb_build_array(account_id, applicant_id)), array_agg(application_id)
		INTO touched, changed_ids FROM new_rows WHERE cardinality(template_stage_ids) > 0;
	ELSIF TG_OP = 'DELETE' THEN
		SELECT jsonb_agg(jsonb_build_array(account_id, applicant_id)), '{}'::integer[],
		       jsonb_agg(jsonb_build_object('account_id', account_id, 'applicant_id', applicant_id,
		         'placed_day', placed_day, 'template_stage_ids', template_stage_ids))
		INTO touched, changed_ids, before_rows
		FROM old_rows WHERE cardinality(template_stage_ids) > 0;
	ELSE
		-- Only the rows whose applicant, day or stages reached changed (a source set writes none).
		WITH changed AS (
			SELECT o.account_id, o.application_id, o.applicant_id AS old_applicant,
			       n.applicant_id AS new_applicant, o.placed_day, o.template_stage_ids
			FROM old_rows o JOIN new_rows n
			  ON n.account_id = o.account_id AND n.application_id = o.application_id
			WHERE (n.applicant_id, n.placed_day, n.template_stage_ids)
			      IS DISTINCT FROM (o.applicant_id, o.placed_day, o.template_stage_ids)
		)
		SELECT (SELECT jsonb_agg(jsonb_build_array(account_id, a))
		        FROM changed CROSS JOIN LATERAL (VALUES (old_applicant), (new_applicant)) x(a)),
		       (SELECT array_agg(application_id) FROM changed),
		       (SELECT jsonb_agg(jsonb_build_object('account_id', account_id,
		                 'applicant_id', old_applicant, 'placed_day', placed_day,
		                 'template_stage_ids', template_stage_ids))
		        FROM changed)
		INTO touched, changed_ids, before_rows;
	END IF;
	IF touched IS NULL THEN RETURN NULL; END IF;
	WITH keys AS (
		SELECT DISTINCT (k->>0)::int AS account_id, (k->>1)::int AS applicant_id
		FROM jsonb_array_elements(touched) k
	)
	SELECT jsonb_agg(jsonb_build_object('account_id', s.account_id, 'applicant_id', s.applicant_id,
	         'application_id', s.application_id, 'placed_day', s.placed_day,
	         'template_stage_ids', s.template_stage_ids))
	INTO after_rows
	FROM analytics_application_summaries s JOIN keys USING (account_id, applicant_id)
	WHERE cardinality(s.template_stage_ids) > 0;
	PERFORM analytics_funnel_days_add(after_rows, 1) WHERE after_rows IS NOT NULL;
	SELECT jsonb_agg(x) INTO before_rows FROM (
		SELECT e AS x FROM jsonb_array_elements(coalesce(after_rows, '[]')) e
		WHERE NOT ((e->>'application_id')::int = ANY (coalesce(changed_ids, '{}')))
		UNION ALL
		SELECT e FROM jsonb_array_elements(coalesce(before_rows, '[]')) e) y;
	PERFORM analytics_funnel_days_add(before_rows, -1) WHERE before_rows IS NOT NULL;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "analytics_application_summaries_funnel_days_insert" AFTER INSERT ON "analytics_application_summaries"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_funnel_days_sync();--> statement-breakpoint
CREATE TRIGGER "analytics_application_summaries_funnel_days_update" AFTER UPDATE ON "analytics_application_summaries"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_funnel_days_sync();--> statement-breakpoint
CREATE TRIGGER "analytics_application_summaries_funnel_days_delete" AFTER DELETE ON "analytics_application_summaries"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_funnel_days_sync();--> statement-breakpoint
-- The stages reached of the summaries of the given vacancies (pairs of account and vacancy ids),
-- where they changed (an update of the column: the rollup's update trigger follows).
CREATE FUNCTION analytics_template_stages_refresh(p_accounts integer[], p_vacancies integer[])
RETURNS void LANGUAGE sql SECURITY DEFINER SET search_path = public AS $$
	UPDATE analytics_application_summaries s
	SET template_stage_ids = x.ids, template_step_ids = x.step_ids
	FROM (SELECT s2.account_id, s2.application_id,
	             analytics_template_stages_reached(s2.account_id, s2.vacancy_id, s2.furthest_position) AS ids,
	             analytics_template_steps(s2.account_id, s2.vacancy_id, s2.placed_day,
	               s2.step_stage_ids, s2.step_days) AS step_ids
	      FROM analytics_application_summaries s2
	      JOIN (SELECT DISTINCT a, b FROM unnest(p_accounts, p_vacancies) k(a, b)) k
	        ON s2.account_id = k.a AND s2.vacancy_id = k.b) x
	WHERE s.account_id = x.account_id AND s.application_id = x.application_id
	  AND (s.template_stage_ids, s.template_step_ids) IS DISTINCT FROM (x.ids, x.step_ids)
$$;--> statement-breakpoint
-- What the stages reached depend on besides the summary's own columns (a stage's position, its
-- rejection flag, its vacancy or its deletion already recompute the vacancy's summaries).
CREATE FUNCTION analytics_template_stages_of_changed() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
	accounts_ integer[];
	vacancies_ integer[];
	templates_ integer[];
BEGIN
	IF TG_TABLE_NAME = 'vacancies' THEN
		-- A vacancy given another template.
		SELECT array_agg(n.account_id), array_agg(n.id) INTO accounts_, vacancies_
		FROM new_rows n JOIN old_rows o ON o.account_id = n.account_id AND o.id = n.id
		WHERE n.status_group_id IS DISTINCT FROM o.status_group_id;
	ELSIF TG_OP = 'INSERT' THEN
		-- A vacancy's stage added as a copy of a template stage.
		SELECT array_agg(x.account_id), array_agg(x.vacancy_id) INTO accounts_, vacancies_
		FROM (SELECT DISTINCT account_id, vacancy_id FROM new_rows
		      WHERE vacancy_id IS NOT NULL AND copied_from_id IS NOT NULL) x;
	ELSE
		IF TG_OP = 'DELETE' THEN
			-- A template stage deleted.
			SELECT array_agg(o.id) INTO templates_ FROM old_rows o WHERE o.vacancy_id IS NULL;
		ELSE
			-- A template stage made a rejection stage (or no longer one) or moved to another
			-- template; and a vacancy's stage linked to another template stage.
			SELECT array_agg(n.id) INTO templates_
			FROM new_rows n JOIN old_rows o ON o.account_id = n.account_id AND o.id = n.id
			WHERE n.vacancy_id IS NULL
			  AND (n.status_group_id IS DISTINCT FROM o.status_group_id
			       OR n.is_reject IS DISTINCT FROM o.is_reject);
			SELECT array_agg(x.account_id), array_agg(x.vacancy_id) INTO accounts_, vacancies_
			FROM (SELECT DISTINCT n.account_id, n.vacancy_id
			      FROM new_rows n JOIN old_rows o ON o.account_id = n.account_id AND o.id = n.id
			      WHERE n.vacancy_id IS NOT NULL
			        AND n.copied_from_id IS DISTINCT FROM o.copied_from_id) x;
		END IF;
		-- The vacancies with a copy of those template stages (ids are unique across accounts).
		IF templates_ IS NOT NULL THEN
			SELECT accounts_ || array_agg(x.account_id), vacancies_ || array_agg(x.vacancy_id)
			INTO accounts_, vacancies_
			FROM (SELECT DISTINCT vs.account_id, vs.vacancy_id FROM statuses vs
			      WHERE vs.copied_from_id = ANY (templates_) AND vs.vacancy_id IS NOT NULL) x;
		END IF;
	END IF;
	IF accounts_ IS NOT NULL THEN
		PERFORM analytics_template_stages_refresh(accounts_, vacancies_);
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "vacancies_template_stages" AFTER UPDATE ON "vacancies"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_template_stages_of_changed();--> statement-breakpoint
CREATE TRIGGER "statuses_template_stages_insert" AFTER INSERT ON "statuses"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_template_stages_of_changed();--> statement-breakpoint
CREATE TRIGGER "statuses_template_stages_update" AFTER UPDATE ON "statuses"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_template_stages_of_changed();--> statement-breakpoint
CREATE TRIGGER "statuses_template_stages_delete" AFTER DELETE ON "statuses"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_template_stages_of_changed();--> statement-breakpoint
-- One account's stages reached and stays' template stages, set by set, and its rollups from them
-- (a rebuild, the backfill).
CREATE FUNCTION analytics_rebuild_funnel_days(p_account integer) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = public AS $$
	SELECT set_config('ats.analytics_rebuilding', 'on', true);
	UPDATE analytics_application_summaries s
	SET template_stage_ids = coalesce(r.ids, '{}'), template_step_ids = coalesce(st.ids, '{}')
	FROM analytics_application_summaries s0
	LEFT JOIN (SELECT x.application_id, array_agg(DISTINCT tpl.id ORDER BY tpl.id) AS ids
	           FROM analytics_application_summaries x
	           JOIN vacancies v ON v.account_id = x.account_id AND v.id = x.vacancy_id
	           JOIN statuses vs ON vs.account_id = x.account_id AND vs.vacancy_id = x.vacancy_id
	             AND vs.position <= x.furthest_position
	           JOIN statuses tpl ON tpl.account_id = vs.account_id AND tpl.id = vs.copied_from_id
	             AND tpl.status_group_id = v.status_group_id AND NOT tpl.is_reject
	           WHERE x.account_id = p_account
	           GROUP BY x.application_id) r ON r.application_id = s0.application_id
	LEFT JOIN (SELECT x.application_id,
	                  array_agg(CASE WHEN tpl.id IS NULL OR u.left_on IS NULL THEN 0
	                                 WHEN u.entered_on >= x.placed_day - 1
	                                  AND u.left_on <= (now() AT TIME ZONE coalesce(nullif(ac.time_zone, ''), 'Europe/Moscow'))::date + 1
	                                 THEN tpl.id
	                                 ELSE -tpl.id END ORDER BY u.i) AS ids
	           FROM analytics_application_summaries x
	           JOIN accounts ac ON ac.id = x.account_id
	           JOIN vacancies xv ON xv.account_id = x.account_id AND xv.id = x.vacancy_id
	           CROSS JOIN LATERAL unnest(x.step_stage_ids, x.step_days, x.step_days[2:])
	             WITH ORDINALITY AS u(stage_id, entered_on, left_on, i)
	           LEFT JOIN statuses vs ON vs.account_id = x.account_id AND vs.id = u.stage_id
	           LEFT JOIN vacancies v ON v.account_id = vs.account_id AND v.id = vs.vacancy_id
	             AND v.status_group_id = xv.status_group_id
	           LEFT JOIN statuses tpl ON tpl.account_id = vs.account_id AND tpl.id = vs.copied_from_id
	             AND tpl.status_group_id = v.status_group_id AND NOT tpl.is_reject
	           WHERE x.account_id = p_account
	           GROUP BY x.application_id) st ON st.application_id = s0.application_id
	WHERE s0.account_id = p_account AND s.account_id = p_account
	  AND s.application_id = s0.application_id
	  AND (s.template_stage_ids, s.template_step_ids)
	      IS DISTINCT FROM (coalesce(r.ids, '{}'), coalesce(st.ids, '{}'));
	DELETE FROM analytics_funnel_days WHERE account_id = p_account;
	INSERT INTO analytics_funnel_days (account_id, stage_id, day, prev_day, n)
	SELECT p_account, stage_id, day, prev_day, count(*)::int
	FROM (
		SELECT e.stage_id, e.day,
		       coalesce(lag(e.day) OVER (PARTITION BY e.applicant_id, e.stage_id ORDER BY e.day),
		                '-infinity'::date) AS prev_day
		FROM (SELECT DISTINCT s.applicant_id, c.stage_id, s.placed_day AS day
		      FROM analytics_application_summaries s
		      CROSS JOIN LATERAL unnest(s.template_stage_ids) AS c(stage_id)
		      WHERE s.account_id = p_account) e
	) x
	GROUP BY stage_id, day, prev_day;
	DELETE FROM analytics_funnel_stays WHERE account_id = p_account;
	INSERT INTO analytics_funnel_stays (account_id, stage_id, placed_day, entered_on, left_on, n)
	SELECT p_account, abs(u.tpl), s.placed_day, k.entered_on, k.left_on, count(*)::int
	FROM analytics_application_summaries s
	CROSS JOIN LATERAL unnest(s.template_step_ids, s.step_days, s.step_days[2:])
	  AS u(tpl, entered_on, left_on)
	CROSS JOIN LATERAL (
		SELECT u.entered_on, '-infinity'::date WHERE u.tpl > 0
		UNION ALL SELECT '-infinity'::date, u.left_on WHERE u.tpl > 0
		UNION ALL SELECT u.entered_on, u.left_on WHERE u.tpl < 0) AS k(entered_on, left_on)
	WHERE s.account_id = p_account AND u.tpl <> 0 AND u.left_on IS NOT NULL
	GROUP BY 2, 3, 4, 5;
	SELECT set_config('ats.analytics_rebuilding', '', true);
$$;--> statement-breakpoint
-- The summaries' rebuild (every rollup's rebuild, `analytics_rebuild_rollups`, calls it) now also
-- rebuilds the funnel days, with the row-by-row upkeep off while the summaries are rewritten.
ALTER FUNCTION analytics_rebuild_application_summaries(integer) RENAME TO analytics_rebuild_application_summary_rows;--> statement-breakpoint
CREATE FUNCTION analytics_rebuild_application_summaries(p_account integer) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
	PERFORM set_config('ats.analytics_rebuilding', 'on', true);
	PERFORM analytics_rebuild_application_summary_rows(p_account);
	PERFORM analytics_rebuild_funnel_days(p_account);
END
$$;--> statement-breakpoint
SELECT analytics_rebuild_funnel_days(id) FROM accounts;
