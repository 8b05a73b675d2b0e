-- Issue 17: the list of hiring requests at 10,000 rows. The users named anywhere on a request's
-- route are kept beside it (`route_user_ids`, computed from `route` by PostgreSQL, so every write
-- keeps it in step) with a GIN index, so «those I approve» reads a small int[] instead of the
-- whole route JSON; the position search (ILIKE '%…%') uses a trigram index.
CREATE FUNCTION ats_route_user_ids(route jsonb) RETURNS integer[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    select coalesce(array_agg(distinct (a ->> 'user_id')::integer), '{}'::integer[])
    from jsonb_array_elements(case when jsonb_typeof(route) = 'array' then route else '[]'::jsonb end) s,
         jsonb_array_elements(case when jsonb_typeof(s -> 'approvers') = 'array' then s -> 'approvers' else '[]'::jsonb end) a
    where jsonb_typeof(a -> 'user_id') = 'number'
  $$;--> statement-breakpoint
ALTER TABLE "vacancy_applications" ADD COLUMN "route_user_ids" integer[] GENERATED ALWAYS AS (ats_route_user_ids("route")) STORED;--> statement-breakpoint
CREATE INDEX "vacancy_applications_route_users_idx" ON "vacancy_applications" USING gin ("route_user_ids");--> statement-breakpoint
CREATE INDEX "vacancy_applications_position_trgm_idx" ON "vacancy_applications" USING gin ("position" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vacancy_applications_template_idx" ON "vacancy_applications" USING btree ("account_id","template_id") WHERE "deleted_at" IS NULL;--> statement-breakpoint
-- Under row-level security PostgreSQL uses no index for a condition whose operator is not
-- LEAKPROOF (ILIKE, @> on arrays; see docs/decisions/0007), so these two run as the table owner,
-- where the GIN indexes apply, and fence the tenant themselves by the transaction's app.account_id
-- (never an argument; no tenant set → no rows). The list keeps its RLS and its other conditions.
CREATE FUNCTION vacancy_application_position_ids(pattern text)
RETURNS SETOF integer
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT r.id FROM vacancy_applications r
  WHERE r.account_id = nullif(current_setting('app.account_id', true), '')::integer
    AND r.position ILIKE pattern
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION vacancy_application_position_ids(text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION vacancy_application_position_ids(text) TO ats_app;--> statement-breakpoint
CREATE FUNCTION vacancy_application_awaiting_ids(user_id integer)
RETURNS SETOF integer
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT r.id FROM vacancy_applications r
  WHERE r.account_id = nullif(current_setting('app.account_id', true), '')::integer
    AND r.current_approver_ids @> ARRAY[user_id]
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION vacancy_application_awaiting_ids(integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION vacancy_application_awaiting_ids(integer) TO ats_app;
