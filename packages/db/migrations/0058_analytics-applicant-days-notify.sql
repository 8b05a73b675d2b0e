-- The applicants' days rollup (migration 0057) is an answer's source like any table: a change to
-- it tells the answer cache as every other table does (response-cache.test.ts lists the few that
-- do not), even though its writers (applicants, tombstones, a rebuild) already tell it.
CREATE TRIGGER "analytics_applicant_days_data_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "analytics_applicant_days" FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change();
