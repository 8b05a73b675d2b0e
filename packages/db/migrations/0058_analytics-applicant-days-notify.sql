-- The applicants' days rollup (migration 0057) is an answer's source like any table: a change to
-- it tells the answer cache as every other table does (response-cache.test.ts lists the few that
-- do not), even though its writers (applicants, tombstones, a rebuild) already tell it.
CREATE TRIGGER "analytics_applicant_days_data_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "analytics_applicant_days" FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change();
--> statement-breakpoint
-- The log by stage over a period (decision 0034): the hires of a set of vacancies (the owners'
-- hires of recruiter_count_applicants and recruiter_vacancies, a vacancy's hires) are the
-- transitions into each vacancy's stage of type hired — a few thousand stages, each a short range
-- of this index read index-only — instead of every transition of those vacancies in the period
-- (3.2M at 1M applicants over a year: 35–45 s under load).
CREATE INDEX "application_transitions_stage_idx" ON "application_transitions" USING btree ("account_id","to_status_id","moved_at","kind","vacancy_id","applicant_id");
--> statement-breakpoint
-- No JIT compilation for this database's queries (decision 0034): the analytics statements are
-- estimated costly enough to be compiled, which took 2–4 s of a 2 s answer on the loaded 2-core
-- machine and never pays back on queries of a few hundred milliseconds. New connections take it;
-- PGlite has no JIT (the setting is missing there, so nothing is done); a role that does not own
-- the database leaves it on.
DO $$
BEGIN
	IF current_setting('jit', true) IS NOT NULL THEN
		EXECUTE format('ALTER DATABASE %I SET jit = off', current_database());
	END IF;
EXCEPTION WHEN insufficient_privilege THEN
	-- A role that does not own the database cannot set it: the reports stay right, only slower.
	RAISE NOTICE 'jit left on: the migrating role does not own the database';
END
$$;
