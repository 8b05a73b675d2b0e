-- Extensions the product relies on: trigram similarity and accent folding for search and duplicates.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- The role every tenant transaction switches to. Roles are cluster-wide, so several databases in one
-- cluster (the test suite) share it; create it only once.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'ats_app') THEN
    CREATE ROLE ats_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOINHERIT;
  END IF;
END
$$;--> statement-breakpoint
-- The connecting user must be able to SET ROLE ats_app when it is not a superuser.
DO $$
BEGIN
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    EXECUTE format('GRANT ats_app TO %I', current_user);
  END IF;
END
$$;--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO ats_app;--> statement-breakpoint
-- Every table and sequence the migrations create from here on is usable by the application role;
-- row-level security, not grants, is what keeps accounts apart.
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ats_app;--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO ats_app;
