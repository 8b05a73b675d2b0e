-- Announces every committed change of the data that API answers are built from, so each server
-- process can drop the answers it keeps in memory for that account (the card and list pages,
-- apps/api/src/platform/response-cache.ts). One statement-level trigger per table: a bulk
-- statement costs one call, and NOTIFY folds identical payloads of a transaction into one.
-- The payload is the account the transaction works in (the tenant setting every tenant
-- transaction makes); a change made outside a tenant transaction announces '' = every account.
-- Left out, because nothing cached is built from them and they change on every sign-in or
-- request: sessions, auth_throttle, two_factor_challenges, audit_events, mail_outbox.
-- A new table gets the trigger too: apps/api/src/platform/response-cache.test.ts lists the
-- tables without it and fails on any not named above.
CREATE OR REPLACE FUNCTION ats_notify_data_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ats_data', COALESCE(current_setting('app.account_id', true), ''));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOR t IN
    SELECT tablename FROM pg_tables
    WHERE schemaname = 'public'
      AND tablename NOT IN ('sessions', 'auth_throttle', 'two_factor_challenges', 'audit_events', 'mail_outbox')
  LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change()',
      t || '_data_notify', t);
  END LOOP;
END;
$$;
