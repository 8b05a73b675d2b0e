-- Issue 22, decision 0057.
-- 1. A version of each of an account's reference lists (the sources, the users, the tags, the
--    reasons), reported by GET /api/me (`list_versions`): the web app keeps a list across visits
--    and asks for it again only when its version moved. A statement that touched rows of a list's
--    table moves that list's version in every account it touched, in the writer's transaction
--    (so the version and the list are committed together). Reading the list never writes.
CREATE TABLE "list_versions" (
	"account_id" integer NOT NULL,
	"list" text NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "list_versions_pk" PRIMARY KEY("account_id","list")
);--> statement-breakpoint
ALTER TABLE "list_versions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "list_versions" ADD CONSTRAINT "list_versions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "list_versions_tenant_isolation" ON "list_versions" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
-- TG_ARGV[0]: the list; the rows are the statement's transition table (new rows, or old ones for
-- a DELETE). SECURITY DEFINER: a sign-up or a job outside a tenant transaction moves it too.
CREATE FUNCTION ats_bump_list_version() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  EXECUTE format(
    'INSERT INTO list_versions AS v (account_id, list, version) '
    'SELECT DISTINCT r.account_id, %L, 2 FROM %I r JOIN accounts a ON a.id = r.account_id '
    'ON CONFLICT (account_id, list) DO UPDATE SET version = v.version + 1',
    TG_ARGV[0], CASE TG_OP WHEN 'DELETE' THEN 'old_rows' ELSE 'new_rows' END);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
  list text;
  ops text[];
  op text;
BEGIN
  FOR t, list, ops IN VALUES
    ('account_sources', 'sources', ARRAY['INSERT', 'UPDATE', 'DELETE']),
    ('users', 'users', ARRAY['INSERT', 'UPDATE', 'DELETE']),
    -- The team list shows the last sign-in and the pending invitation.
    ('sessions', 'users', ARRAY['INSERT']),
    ('user_invitations', 'users', ARRAY['INSERT', 'UPDATE', 'DELETE']),
    ('tags', 'tags', ARRAY['INSERT', 'UPDATE', 'DELETE']),
    ('reasons', 'reasons', ARRAY['INSERT', 'UPDATE', 'DELETE'])
  LOOP
    FOREACH op IN ARRAY ops LOOP
      EXECUTE format(
        'CREATE TRIGGER %I AFTER %s ON %I REFERENCING %s FOR EACH STATEMENT '
        'EXECUTE FUNCTION ats_bump_list_version(%L)',
        t || '_list_version_' || lower(left(op, 1)), op, t,
        CASE op
          WHEN 'INSERT' THEN 'NEW TABLE AS new_rows'
          WHEN 'DELETE' THEN 'OLD TABLE AS old_rows'
          ELSE 'NEW TABLE AS new_rows'
        END,
        list);
    END LOOP;
  END LOOP;
END;
$$;
