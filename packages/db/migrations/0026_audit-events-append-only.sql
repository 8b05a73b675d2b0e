-- The audit log is append-only. The default privileges of migration 0000 give the application role
-- every right on new tables; take back the ones that would rewrite history.
REVOKE UPDATE, DELETE, TRUNCATE ON "audit_events" FROM ats_app;--> statement-breakpoint
-- No connection rewrites an event, the owner's included (removing an account still removes its
-- events through the foreign key's cascade, which is a delete).
CREATE OR REPLACE FUNCTION ats_audit_events_immutable() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER audit_events_immutable BEFORE UPDATE ON "audit_events"
FOR EACH ROW EXECUTE FUNCTION ats_audit_events_immutable();
