-- The activity rollup by week and by month (issue 13, decision 0084). `analytics_activity_days`
-- (migration 0049, decision 0042) counts each event of the log on its day beside the day of the
-- same applicant's previous event of the kind; the applicants of the days [a, b] are its rows of
-- those days whose previous day is before a. Over a year that is every row of 365 days — a
-- placement's previous placement can be on any earlier day, so a day holds hundreds of rows —
-- and the count of a period read them all, twice with the previous period.
-- `analytics_activity_spans` holds the same rows summed per calendar week (from Monday) and month
-- of their day: (kind, actor, span, first day of the span, previous day) → n. A period is cut
-- into whole months, whole weeks and single days (the days' rows read as before), and each piece
-- read with the period's own bound on the previous day: the sum is the same, from a few thousand
-- rows. The buckets of `_by_period` by week or month are whole spans but for the first and last.
-- Moves are counted as moves, not applicants: their rows are summed whatever the previous day
-- (kept as -infinity). «Новые кандидаты» (`analytics_applicant_days`, migration 0057: applicants
-- per day, source and creator) is kept here too as kind `new`, actor 0 the whole company and each
-- creator's own rows (a day holds a row per source and creator: a year is 37,000 rows at 200,000
-- applicants), its previous day -infinity (each applicant is one row).
-- It is a function of `analytics_activity_days` and `analytics_applicant_days` alone: statement
-- triggers on those tables add each change of n to its week and month in the same transaction,
-- whoever changed it (the log's and the applicants' triggers, the rebuild, the migrations). Only
-- the kinds the counts read are kept (not the reasons). SECURITY DEFINER: the application role
-- reads it under row-level security and never writes it.
CREATE TABLE "analytics_activity_spans" (
	"account_id" integer NOT NULL,
	"kind" text NOT NULL,
	"actor_id" integer NOT NULL,
	"span" text NOT NULL,
	"start" date NOT NULL,
	"prev_day" date NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "analytics_activity_spans_pk" PRIMARY KEY("account_id","kind","actor_id","span","start","prev_day")
);--> statement-breakpoint
ALTER TABLE "analytics_activity_spans" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "analytics_activity_spans" ADD CONSTRAINT "analytics_activity_spans_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "analytics_activity_spans_tenant_isolation" ON "analytics_activity_spans" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE TRIGGER "analytics_activity_spans_data_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "analytics_activity_spans" FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change();--> statement-breakpoint
-- Adds the changes of n a statement made to `analytics_activity_days` to their weeks and months
-- (one INSERT per kind of statement: a trigger sees only its own transition tables). The
-- account's deletion adds nothing (the join with `accounts` finds none).
CREATE FUNCTION analytics_activity_spans_sync() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO analytics_activity_spans AS s (account_id, kind, actor_id, span, start, prev_day, n)
		SELECT c.account_id, c.kind, c.actor_id, p.span, date_trunc(p.span, c.day::timestamp)::date,
		       CASE WHEN c.kind = 'moved' THEN '-infinity'::date ELSE c.prev_day END, sum(c.n)::int
		FROM (SELECT account_id, kind, actor_id, day, prev_day, n FROM new_rows) c
		JOIN accounts ac ON ac.id = c.account_id
		CROSS JOIN (VALUES ('week'), ('month')) p(span)
		WHERE c.kind IN ('placed', 'moved', 'hired', 'rejected', 'refused')
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
		WHERE c.kind IN ('placed', 'moved', 'hired', 'rejected', 'refused')
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
		WHERE c.kind IN ('placed', 'moved', 'hired', 'rejected', 'refused')
		GROUP BY 1, 2, 3, 4, 5, 6
		HAVING sum(c.n) <> 0
		ON CONFLICT (account_id, kind, actor_id, span, start, prev_day) DO UPDATE SET n = s.n + excluded.n;
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "analytics_activity_spans_insert" AFTER INSERT ON "analytics_activity_days"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_activity_spans_sync();--> statement-breakpoint
CREATE TRIGGER "analytics_activity_spans_update" AFTER UPDATE ON "analytics_activity_days"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_activity_spans_sync();--> statement-breakpoint
CREATE TRIGGER "analytics_activity_spans_delete" AFTER DELETE ON "analytics_activity_days"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_activity_spans_sync();--> statement-breakpoint
-- The same for `analytics_applicant_days`: kind `new`, each row for the company (actor 0) and for
-- its creator (none for nobody, creator 0).
CREATE FUNCTION analytics_applicant_spans_sync() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO analytics_activity_spans AS s (account_id, kind, actor_id, span, start, prev_day, n)
		SELECT c.account_id, c.kind, c.actor_id, p.span, date_trunc(p.span, c.day::timestamp)::date,
		       '-infinity'::date, sum(c.n)::int
		FROM (SELECT r.account_id, 'new' AS kind, a.actor_id, r.day, r.n AS n
		      FROM new_rows r
		      CROSS JOIN LATERAL (SELECT 0 UNION ALL SELECT r.actor_id WHERE r.actor_id <> 0) a(actor_id)) c
		JOIN accounts ac ON ac.id = c.account_id
		CROSS JOIN (VALUES ('week'), ('month')) p(span)
		GROUP BY 1, 2, 3, 4, 5, 6
		HAVING sum(c.n) <> 0
		ON CONFLICT (account_id, kind, actor_id, span, start, prev_day) DO UPDATE SET n = s.n + excluded.n;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO analytics_activity_spans AS s (account_id, kind, actor_id, span, start, prev_day, n)
		SELECT c.account_id, c.kind, c.actor_id, p.span, date_trunc(p.span, c.day::timestamp)::date,
		       '-infinity'::date, sum(c.n)::int
		FROM (SELECT r.account_id, 'new' AS kind, a.actor_id, r.day, -r.n AS n
		      FROM old_rows r
		      CROSS JOIN LATERAL (SELECT 0 UNION ALL SELECT r.actor_id WHERE r.actor_id <> 0) a(actor_id)) c
		JOIN accounts ac ON ac.id = c.account_id
		CROSS JOIN (VALUES ('week'), ('month')) p(span)
		GROUP BY 1, 2, 3, 4, 5, 6
		HAVING sum(c.n) <> 0
		ON CONFLICT (account_id, kind, actor_id, span, start, prev_day) DO UPDATE SET n = s.n + excluded.n;
	ELSE
		INSERT INTO analytics_activity_spans AS s (account_id, kind, actor_id, span, start, prev_day, n)
		SELECT c.account_id, c.kind, c.actor_id, p.span, date_trunc(p.span, c.day::timestamp)::date,
		       '-infinity'::date, sum(c.n)::int
		FROM (SELECT r.account_id, 'new' AS kind, a.actor_id, r.day, r.n AS n
		      FROM new_rows r
		      CROSS JOIN LATERAL (SELECT 0 UNION ALL SELECT r.actor_id WHERE r.actor_id <> 0) a(actor_id)
		      UNION ALL
		      SELECT r.account_id, 'new' AS kind, a.actor_id, r.day, -r.n AS n
		      FROM old_rows r
		      CROSS JOIN LATERAL (SELECT 0 UNION ALL SELECT r.actor_id WHERE r.actor_id <> 0) a(actor_id)) c
		JOIN accounts ac ON ac.id = c.account_id
		CROSS JOIN (VALUES ('week'), ('month')) p(span)
		GROUP BY 1, 2, 3, 4, 5, 6
		HAVING sum(c.n) <> 0
		ON CONFLICT (account_id, kind, actor_id, span, start, prev_day) DO UPDATE SET n = s.n + excluded.n;
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "analytics_applicant_spans_insert" AFTER INSERT ON "analytics_applicant_days"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_applicant_spans_sync();--> statement-breakpoint
CREATE TRIGGER "analytics_applicant_spans_update" AFTER UPDATE ON "analytics_applicant_days"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_applicant_spans_sync();--> statement-breakpoint
CREATE TRIGGER "analytics_applicant_spans_delete" AFTER DELETE ON "analytics_applicant_days"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_applicant_spans_sync();--> statement-breakpoint
INSERT INTO analytics_activity_spans (account_id, kind, actor_id, span, start, prev_day, n)
SELECT c.account_id, c.kind, c.actor_id, p.span, date_trunc(p.span, c.day::timestamp)::date,
       CASE WHEN c.kind = 'moved' THEN '-infinity'::date ELSE c.prev_day END, sum(c.n)::int
FROM (SELECT account_id, kind, actor_id, day, prev_day, n FROM analytics_activity_days
      WHERE kind IN ('placed', 'moved', 'hired', 'rejected', 'refused')
      UNION ALL
      SELECT r.account_id, 'new', a.actor_id, r.day, '-infinity'::date, r.n
      FROM analytics_applicant_days r
      CROSS JOIN LATERAL (SELECT 0 UNION ALL SELECT r.actor_id WHERE r.actor_id <> 0) a(actor_id)) c
CROSS JOIN (VALUES ('week'), ('month')) p(span)
GROUP BY 1, 2, 3, 4, 5, 6
HAVING sum(c.n) <> 0;
