-- Avito publications (decision 0063, its follow-up section): the site's address of the vacancy
-- as its statuses give it, so the card links to it like hh.ru's; the wish to archive a
-- publication the site is still creating (no site vacancy id yet), so the sweep archives it as
-- soon as it can.
ALTER TABLE job_site_publications ADD COLUMN site_url text;
--> statement-breakpoint
ALTER TABLE job_site_publications ADD COLUMN archive_requested_at timestamp with time zone;
