-- The search of the hiring-request list (decision 0031, issue 17): the function that finds the
-- requests whose position contains the text on the trigram index (RLS keeps LIKE off the index,
-- hence SECURITY DEFINER) also returns the columns the list's filters and visibility rules read,
-- all of them from the rows it has already read from the table to recheck the pattern. The list
-- then filters, counts and pages those rows alone, instead of joining their ids to an index-only
-- scan of every request of the account (10,000 index entries hashed per search).
CREATE FUNCTION vacancy_application_position_matches(pattern text)
RETURNS TABLE (
  account_id integer,
  id integer,
  created_at timestamp with time zone,
  deleted_at timestamp with time zone,
  state text,
  author_id integer,
  account_division_id integer,
  template_id integer,
  route_user_ids integer[],
  current_approver_ids integer[],
  current_step integer,
  step_started_at timestamp with time zone,
  route jsonb
)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT r.account_id, r.id, r.created_at, r.deleted_at, r.state, r.author_id,
         r.account_division_id, r.template_id, r.route_user_ids, r.current_approver_ids,
         r.current_step, r.step_started_at, r.route
  FROM vacancy_applications r
  WHERE r.account_id = nullif(current_setting('app.account_id', true), '')::integer
    AND r.deleted_at IS NULL
    AND lower(r.position) LIKE lower(pattern)
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION vacancy_application_position_matches(text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION vacancy_application_position_matches(text) TO ats_app;--> statement-breakpoint
-- The list no longer calls the function of ids alone (migrations 0037, 0050).
DROP FUNCTION vacancy_application_position_ids(text);
--> statement-breakpoint
-- A watcher's list (their own requests and those they approve): their own are a range of the
-- author index; those they approve are found here on the GIN index of `route_user_ids`, which RLS
-- keeps the list's statement off (the operator is not leakproof), with the same columns as above.
-- Before, every request of the account was read from an index to test `route_user_ids`.
CREATE FUNCTION vacancy_application_route_matches(user_id integer)
RETURNS TABLE (
  account_id integer,
  id integer,
  created_at timestamp with time zone,
  deleted_at timestamp with time zone,
  state text,
  author_id integer,
  account_division_id integer,
  template_id integer,
  route_user_ids integer[],
  current_approver_ids integer[],
  current_step integer,
  step_started_at timestamp with time zone,
  route jsonb
)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT r.account_id, r.id, r.created_at, r.deleted_at, r.state, r.author_id,
         r.account_division_id, r.template_id, r.route_user_ids, r.current_approver_ids,
         r.current_step, r.step_started_at, r.route
  FROM vacancy_applications r
  WHERE r.account_id = nullif(current_setting('app.account_id', true), '')::integer
    AND r.deleted_at IS NULL
    AND r.route_user_ids @> ARRAY[user_id]
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION vacancy_application_route_matches(integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION vacancy_application_route_matches(integer) TO ats_app;
