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
CREATE INDEX "vacancy_applications_position_trgm_idx" ON "vacancy_applications" USING gin ("position" gin_trgm_ops);
