-- Search keys the database derives itself (generated columns), so every way of writing an
-- applicant (API, import, merge) keeps them right. IMMUTABLE: they depend on their arguments only.

-- Case and ё folded: 'Ёлкина' and 'елкина' are one key.
CREATE FUNCTION ats_fold(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(replace(replace(coalesce(value, ''), 'ё', 'е'), 'Ё', 'Е'))
$$;--> statement-breakpoint

-- Cyrillic to Latin (a passport-like scheme): 'Иванова Мария' → 'ivanova mariya', so a name typed
-- in either alphabet meets the other through trigram similarity.
CREATE FUNCTION ats_translit(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate(
    replace(replace(replace(replace(replace(replace(replace(replace(ats_fold(value),
      'щ', 'shch'), 'ш', 'sh'), 'ч', 'ch'), 'ж', 'zh'), 'ю', 'yu'), 'я', 'ya'), 'х', 'kh'), 'ц', 'ts'),
    'абвгдезийклмнопрстуфыэъь',
    'abvgdeziyklmnoprstufye')
$$;--> statement-breakpoint

-- The name key: folded name parts in their own alphabet, then in Latin.
CREATE FUNCTION ats_name_key(last_name text, first_name text, middle_name text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT btrim(regexp_replace(
    ats_fold(concat_ws(' ', last_name, first_name, middle_name)) || ' ' ||
    ats_translit(concat_ws(' ', last_name, first_name, middle_name)),
    '\s+', ' ', 'g'))
$$;--> statement-breakpoint

-- The résumé text for Russian full-text search: title, employer, free text, skills, and the
-- positions, companies and descriptions of every work period and education entry.
CREATE FUNCTION ats_applicant_document(
  doc_position text, doc_company text, doc_about_me text, doc_text_block text,
  doc_unidentified_info text, doc_skills text[], doc_experience jsonb, doc_education jsonb
) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT concat_ws(' ', doc_position, doc_company, doc_about_me, doc_text_block, doc_unidentified_info,
    array_to_string(doc_skills, ' '),
    (SELECT string_agg(concat_ws(' ', e->>'position', e->>'company', e->>'description'), ' ')
       FROM jsonb_array_elements(CASE WHEN jsonb_typeof(doc_experience) = 'array' THEN doc_experience ELSE '[]' END) e),
    (SELECT string_agg(concat_ws(' ', e->>'name', e->>'speciality', e->>'description'), ' ')
       FROM jsonb_array_elements(CASE WHEN jsonb_typeof(doc_education) = 'array' THEN doc_education ELSE '[]' END) e))
$$;
