-- accounts.applicants_count follows the applicant base, so GET /api/me reads one column instead of
-- counting up to a million rows on every call. Statement-level triggers touch each account row once
-- per statement, so a bulk import does not queue on it row by row. SECURITY DEFINER: the
-- application role may insert its own applicants but changes the counter only through these.
CREATE FUNCTION count_inserted_applicants() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  UPDATE accounts a SET applicants_count = a.applicants_count + n.added
  FROM (SELECT account_id, count(*)::int AS added FROM inserted_rows GROUP BY account_id) n
  WHERE a.id = n.account_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION count_deleted_applicants() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  UPDATE accounts a SET applicants_count = a.applicants_count - d.removed
  FROM (SELECT account_id, count(*)::int AS removed FROM deleted_rows GROUP BY account_id) d
  WHERE a.id = d.account_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER applicants_inserted_count AFTER INSERT ON applicants
REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION count_inserted_applicants();--> statement-breakpoint
CREATE TRIGGER applicants_deleted_count AFTER DELETE ON applicants
REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION count_deleted_applicants();
