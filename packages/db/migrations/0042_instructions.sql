-- Issue 18: the knowledge base (module `instructions`). Articles and their sections are the same
-- for every account (no account_id, no row-level security): the public FAQ pages read them, one
-- configured account edits them. Search (decision 0035): a Russian full-text document of the
-- title (weight A) and the plain text of the body (weight B), ё folded into е on both sides;
-- a query word the articles do not contain is widened to the nearest words they do contain
-- (pg_trgm over `instruction_lexemes`, the stems of the published articles), so a misspelling
-- still finds its article.
CREATE FUNCTION ats_fold_yo(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ select translate(lower(value), 'ё', 'е') $$;--> statement-breakpoint
CREATE TABLE "instruction_sections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instruction_sections_slug_unique" UNIQUE("slug")
);--> statement-breakpoint
CREATE TABLE "instructions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"slug" text NOT NULL,
	"section_id" integer NOT NULL REFERENCES "instruction_sections"("id") ON DELETE RESTRICT,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"body_text" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_published" boolean DEFAULT false NOT NULL,
	"related_slugs" text[] DEFAULT '{}' NOT NULL,
	"file_hash" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title_folded" text GENERATED ALWAYS AS (ats_fold_yo("title")) STORED,
	"search_document" tsvector GENERATED ALWAYS AS (
		setweight(to_tsvector('russian'::regconfig, ats_fold_yo("title")), 'A') ||
		setweight(to_tsvector('russian'::regconfig, ats_fold_yo("body_text")), 'B')
	) STORED,
	CONSTRAINT "instructions_slug_unique" UNIQUE("slug")
);--> statement-breakpoint
CREATE INDEX "instructions_search_idx" ON "instructions" USING gin ("search_document");--> statement-breakpoint
CREATE INDEX "instructions_title_trgm_idx" ON "instructions" USING gin ("title_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "instructions_section_idx" ON "instructions" USING btree ("section_id","position");--> statement-breakpoint
CREATE TABLE "instruction_lexemes" (
	"word" text PRIMARY KEY NOT NULL,
	"documents" integer NOT NULL
);--> statement-breakpoint
CREATE INDEX "instruction_lexemes_trgm_idx" ON "instruction_lexemes" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- The query of a search: every word must match (AND); a word stemmed to something no published
-- article contains is replaced by up to three similar stems that they do contain (OR). With
-- `prefix`, the last word also matches as the start of a word (suggestions while typing).
CREATE FUNCTION ats_instruction_query(search text, prefix boolean DEFAULT false) RETURNS tsquery
  LANGUAGE plpgsql STABLE PARALLEL SAFE
  AS $$
DECLARE
  tokens text[] := array_remove(regexp_split_to_array(ats_fold_yo(coalesce(search, '')), '[^[:alnum:]]+'), '');
  token text;
  lexeme text;
  alternative text;
  part tsquery;
  result tsquery;
  n integer := coalesce(array_length(tokens, 1), 0);
BEGIN
  FOR i IN 1 .. least(n, 12) LOOP
    token := left(tokens[i], 60);
    part := NULL;
    IF prefix AND i = n THEN
      -- The word being typed: its start, stemmed or as typed (a stop word like «до» too).
      part := to_tsquery('simple'::regconfig, quote_literal(token) || ':*');
    END IF;
    FOR lexeme IN SELECT unnest(tsvector_to_array(to_tsvector('russian'::regconfig, token))) LOOP
      IF prefix AND i = n THEN
        part := part || to_tsquery('simple'::regconfig, quote_literal(lexeme) || ':*');
        CONTINUE;
      END IF;
      part := plainto_tsquery('simple'::regconfig, lexeme);
      IF length(lexeme) >= 4 AND NOT EXISTS (SELECT 1 FROM instruction_lexemes WHERE word = lexeme) THEN
        FOR alternative IN
          SELECT l.word FROM instruction_lexemes l
          WHERE l.word % lexeme
          ORDER BY similarity(l.word, lexeme) DESC, l.documents DESC
          LIMIT 3
        LOOP
          part := part || plainto_tsquery('simple'::regconfig, alternative);
        END LOOP;
      END IF;
    END LOOP;
    IF part IS NOT NULL THEN
      result := CASE WHEN result IS NULL THEN part ELSE result && part END;
    END IF;
  END LOOP;
  RETURN coalesce(result, ''::tsquery);
END;
$$;--> statement-breakpoint
CREATE TRIGGER "instruction_sections_data_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "instruction_sections" FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change();--> statement-breakpoint
CREATE TRIGGER "instructions_data_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "instructions" FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change();--> statement-breakpoint
CREATE TRIGGER "instruction_lexemes_data_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "instruction_lexemes" FOR EACH STATEMENT EXECUTE FUNCTION ats_notify_data_change();
