-- A read of one applicant's doubles looks the other applicants up by the match keys they share
-- (decision 0082): an applicant who gains or loses one of those keys changes that answer though
-- it names neither applicant's rows. The match keys' triggers now also record the keys their
-- statement's rows hold, as `applicant_match_keys.key:<hashes>` (each the first 48 bits of the
-- key's MD5, as a number), beside `applicant_match_keys:<ids>`, when it touched at most 100 rows
-- (a bigger statement names the table alone, as before). The function takes the value column as
-- its second argument; the other tables' triggers pass one argument or none, unchanged.
CREATE OR REPLACE FUNCTION ats_notify_data_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  account text := COALESCE(current_setting('app.account_id', true), '');
  changes text[] := ARRAY[TG_TABLE_NAME::text];
  change text;
  kept text;
  seen int;
  ids text;
  hashes text;
  rows_of text;
BEGIN
  IF TG_NARGS > 0 AND TG_OP <> 'TRUNCATE' THEN
    -- TG_ARGV[0]: the column naming the applicant; the rows are the statement's transition tables.
    rows_of := CASE TG_OP
      WHEN 'INSERT' THEN 'SELECT %1$I AS x FROM new_rows'
      WHEN 'DELETE' THEN 'SELECT %1$I AS x FROM old_rows'
      ELSE 'SELECT %1$I AS x FROM old_rows UNION ALL SELECT %1$I FROM new_rows'
    END;
    EXECUTE format(
      'SELECT count(*)::int, string_agg(DISTINCT x::text, '','') FROM (%s LIMIT 101) s',
      format(rows_of, TG_ARGV[0]))
      INTO seen, ids;
    IF seen = 0 THEN
      RETURN NULL;
    END IF;
    IF seen <= 100 THEN
      changes[1] := TG_TABLE_NAME || ':' || COALESCE(ids, '');
      IF TG_NARGS > 1 THEN
        -- TG_ARGV[1]: a column the table is also read by; its values, hashed.
        EXECUTE format(
          'SELECT string_agg(DISTINCT (''x'' || left(md5(x::text), 12))::bit(48)::bigint::text, '','') FROM (%s) s',
          format(rows_of, TG_ARGV[1]))
          INTO hashes;
        changes := changes || (TG_TABLE_NAME || '.' || TG_ARGV[1] || ':' || COALESCE(hashes, ''));
      END IF;
    END IF;
  END IF;
  kept := COALESCE(current_setting('app.changes', true), '');
  FOREACH change IN ARRAY changes LOOP
    IF kept <> '*' AND position(';' || change || ';' IN ';' || kept || ';') = 0 THEN
      kept := CASE WHEN kept = '' THEN change ELSE kept || ';' || change END;
      IF length(kept) > 4000 THEN
        kept := '*';
      END IF;
      PERFORM set_config('app.changes', kept, true);
    END IF;
    PERFORM pg_notify('ats_data', account || '/' || change);
  END LOOP;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER "applicant_match_keys_data_notify_i" ON "applicant_match_keys";--> statement-breakpoint
DROP TRIGGER "applicant_match_keys_data_notify_u" ON "applicant_match_keys";--> statement-breakpoint
DROP TRIGGER "applicant_match_keys_data_notify_d" ON "applicant_match_keys";--> statement-breakpoint
CREATE TRIGGER "applicant_match_keys_data_notify_i" AFTER INSERT ON "applicant_match_keys" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change('applicant_id', 'key');--> statement-breakpoint
CREATE TRIGGER "applicant_match_keys_data_notify_u" AFTER UPDATE ON "applicant_match_keys" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change('applicant_id', 'key');--> statement-breakpoint
CREATE TRIGGER "applicant_match_keys_data_notify_d" AFTER DELETE ON "applicant_match_keys" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change('applicant_id', 'key');
