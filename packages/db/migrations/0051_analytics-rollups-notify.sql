-- The analytics rollup is an answer's source like any table: a change to it (a rebuild after a
-- time-zone or stage-type change) must drop the account's remembered answers too.
CREATE TRIGGER "analytics_activity_days_data_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "analytics_activity_days" FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change();
