-- Says what a change touched, not only in which account (decision 0050): the answer cache
-- (apps/api/src/platform/response-cache.ts) then drops only the answers built from it.
-- A change is `<table>` or, on the tables whose rows belong to one applicant, `<table>:<ids>`
-- (the applicants the statement's rows belong to, old and new, when it touched at most 100 rows;
-- a bigger statement or a TRUNCATE names the table alone, which drops every answer built from it).
-- Each change is
-- - announced on `ats_data` as `<account>/<change>` ('' before the slash outside a tenant
--   transaction = every account), for the other processes (decision 0017);
-- - added to the transaction's setting `app.changes` (`;`-separated, '*' once it grows past
--   4,000 characters = everything), which this process's writer reads with its COMMIT.
-- A statement that touched no row announces nothing.
CREATE OR REPLACE FUNCTION ats_notify_data_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  account text := COALESCE(current_setting('app.account_id', true), '');
  change text := TG_TABLE_NAME;
  kept text;
  seen int;
  ids text;
BEGIN
  IF TG_NARGS > 0 AND TG_OP <> 'TRUNCATE' THEN
    -- TG_ARGV[0]: the column naming the applicant; the rows are the statement's transition tables.
    EXECUTE format(
      'SELECT count(*)::int, string_agg(DISTINCT x::text, '','') FROM (%s LIMIT 101) s',
      CASE TG_OP
        WHEN 'INSERT' THEN format('SELECT %I AS x FROM new_rows', TG_ARGV[0])
        WHEN 'DELETE' THEN format('SELECT %I AS x FROM old_rows', TG_ARGV[0])
        ELSE format('SELECT %1$I AS x FROM old_rows UNION ALL SELECT %1$I FROM new_rows', TG_ARGV[0])
      END)
      INTO seen, ids;
    IF seen = 0 THEN
      RETURN NULL;
    END IF;
    IF seen <= 100 THEN
      change := change || ':' || COALESCE(ids, '');
    END IF;
  END IF;
  kept := COALESCE(current_setting('app.changes', true), '');
  IF kept <> '*' AND position(';' || change || ';' IN ';' || kept || ';') = 0 THEN
    kept := CASE WHEN kept = '' THEN change ELSE kept || ';' || change END;
    IF length(kept) > 4000 THEN
      kept := '*';
    END IF;
    PERFORM set_config('app.changes', kept, true);
  END IF;
  PERFORM pg_notify('ats_data', account || '/' || change);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The tables with an applicant's rows get one trigger per kind of statement, each with its
-- transition tables; the others keep migration 0027's trigger (the table's name alone).
DO $$
DECLARE
  t text;
  col text;
BEGIN
  FOR t, col IN
    SELECT c.table_name, CASE WHEN c.table_name = 'applicants' THEN 'id' ELSE 'applicant_id' END
    FROM information_schema.columns c
    JOIN pg_trigger g ON g.tgname = c.table_name || '_data_notify'
    JOIN pg_class k ON k.oid = g.tgrelid AND k.relname = c.table_name
    JOIN pg_namespace n ON n.oid = k.relnamespace AND n.nspname = 'public'
    WHERE c.table_schema = 'public'
      AND ((c.table_name = 'applicants' AND c.column_name = 'id') OR c.column_name = 'applicant_id')
  LOOP
    EXECUTE format('DROP TRIGGER %I ON %I', t || '_data_notify', t);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change(%L)', t || '_data_notify_i', t, col);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change(%L)', t || '_data_notify_u', t, col);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change(%L)', t || '_data_notify_d', t, col);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change()', t || '_data_notify_t', t);
  END LOOP;
END;
$$;
