-- Announces changes that decide whether a session may be used, so every server process can drop
-- its cached sessions of that account at once (apps/api/src/platform/session-cache.ts). The
-- payload is the account id; NOTIFY is delivered on commit and identical payloads of one
-- transaction are folded into one.
CREATE OR REPLACE FUNCTION ats_notify_auth_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed_account integer;
BEGIN
  IF TG_TABLE_NAME = 'accounts' THEN
    changed_account := COALESCE(NEW.id, OLD.id);
  ELSIF TG_OP = 'DELETE' THEN
    changed_account := OLD.account_id;
  ELSE
    changed_account := NEW.account_id;
  END IF;
  PERFORM pg_notify('ats_auth', changed_account::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_auth_notify
  AFTER UPDATE OF revoked_at, user_id, account_id OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION ats_notify_auth_change();
--> statement-breakpoint
CREATE TRIGGER users_auth_notify
  AFTER UPDATE OF is_active, deleted_at, is_admin, member_type OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION ats_notify_auth_change();
--> statement-breakpoint
CREATE TRIGGER accounts_auth_notify
  AFTER UPDATE OF is_active OR DELETE ON accounts
  FOR EACH ROW EXECUTE FUNCTION ats_notify_auth_change();
--> statement-breakpoint
CREATE TRIGGER account_tariffs_auth_notify
  AFTER INSERT OR UPDATE OR DELETE ON account_tariffs
  FOR EACH ROW EXECUTE FUNCTION ats_notify_auth_change();
