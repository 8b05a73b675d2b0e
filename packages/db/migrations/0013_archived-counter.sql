ALTER TABLE "accounts" ADD COLUMN "archived_applicants_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- accounts.archived_applicants_count follows the archive as applicants_count follows the base
-- (migration 0002), so the list's total is one row read instead of counting the archive on every
-- page. Statement-level triggers with transition tables; UPDATE compares old and new rows.
CREATE OR REPLACE FUNCTION count_inserted_applicants() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  UPDATE accounts a SET applicants_count = a.applicants_count + n.added,
    archived_applicants_count = a.archived_applicants_count + n.archived
  FROM (SELECT account_id, count(*)::int AS added,
          count(*) FILTER (WHERE archived_at IS NOT NULL)::int AS archived
        FROM inserted_rows GROUP BY account_id) n
  WHERE a.id = n.account_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION count_deleted_applicants() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  UPDATE accounts a SET applicants_count = a.applicants_count - d.removed,
    archived_applicants_count = a.archived_applicants_count - d.archived
  FROM (SELECT account_id, count(*)::int AS removed,
          count(*) FILTER (WHERE archived_at IS NOT NULL)::int AS archived
        FROM deleted_rows GROUP BY account_id) d
  WHERE a.id = d.account_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION count_archived_applicants() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  UPDATE accounts a SET archived_applicants_count = a.archived_applicants_count + c.change
  FROM (SELECT n.account_id,
          (count(*) FILTER (WHERE o.archived_at IS NULL AND n.archived_at IS NOT NULL)
           - count(*) FILTER (WHERE o.archived_at IS NOT NULL AND n.archived_at IS NULL))::int AS change
        FROM new_rows n JOIN old_rows o ON o.account_id = n.account_id AND o.id = n.id
        WHERE (o.archived_at IS NULL) <> (n.archived_at IS NULL)
        GROUP BY n.account_id) c
  WHERE a.id = c.account_id AND c.change <> 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER applicants_archived_count AFTER UPDATE ON applicants
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION count_archived_applicants();--> statement-breakpoint
UPDATE accounts a SET archived_applicants_count = (
  SELECT count(*)::int FROM applicants p WHERE p.account_id = a.id AND p.archived_at IS NOT NULL);
