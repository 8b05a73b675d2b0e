import { sql } from 'drizzle-orm';
import { type ApplicantCardRow, applicantCardQuery } from './applicants.repository.ts';

export type ApplicantPdfRow = ApplicantCardRow & {
  country_name: string | null;
  /** The applicant's languages by name, in the card's order. */
  language_names: { language: string | null; level: string | null }[];
  /** Driving licence categories by name, in the card's order. */
  license_names: { name: string | null; experience: number | null }[];
  /** Where the photo's bytes are; null without a photo. */
  photo_file: { storage_key: string; mime_type: string } | null;
};

/**
 * The card (the same statement the card screen reads) with what the printed page needs besides:
 * the names of its reference ids and where its photo is stored. One statement, one round trip.
 */
export const applicantPdfQuery = (accountId: number, id: number) => sql`
  select card.*,
    (select c.name from ref_countries c where c.id = card.country_id) as country_name,
    coalesce((
      select json_agg(json_build_object('language', l.name, 'level', lv.name) order by e.n)
      from jsonb_array_elements(card.languages) with ordinality e(item, n)
      left join ref_languages l on l.id = (e.item->>'language_id')::int
      left join ref_language_levels lv on lv.id = (e.item->>'language_level_id')::int
    ), '[]'::json) as language_names,
    coalesce((
      select json_agg(json_build_object('name', d.name,
                                        'experience', (e.item->>'driver_experience')::int)
                      order by e.n)
      from jsonb_array_elements(card.driver_licenses) with ordinality e(item, n)
      left join ref_driver_licenses d on d.id = (e.item->>'driver_license_id')::int
    ), '[]'::json) as license_names,
    (select json_build_object('storage_key', f.storage_key, 'mime_type', f.mime_type)
       from files f
       where f.account_id = ${accountId}::int and f.id = card.photo_file_id) as photo_file
  from (${applicantCardQuery(accountId, id)}) card`;
