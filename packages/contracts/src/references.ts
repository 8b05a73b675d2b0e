import { z } from 'zod';

export const ZReferenceItem = z.object({ id: z.number().int(), name: z.string() });
export type TReferenceItem = z.infer<typeof ZReferenceItem>;
export const ZReferenceList = z.array(ZReferenceItem);

export const ZLanguage = ZReferenceItem.extend({
  name_en: z.string().nullable(),
  code: z.string().nullable(),
});
export const ZLanguageLevel = ZReferenceItem.extend({ code: z.string() });
export const ZDriverLicense = ZReferenceItem.extend({ description: z.string() });
export const ZCountry = ZReferenceItem.extend({ code: z.string().nullable() });

/** `search` narrows long dictionaries (languages, companies, skills); at most 50 items answer. */
export const ZReferenceSearchQuery = z.object({
  search: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(50),
});

/** One field of the applicant card as the settings and the PDF know it. */
export const ZFieldDefinition = z.object({
  name: z.string(),
  label: z.string(),
  type: z.enum(['string', 'text', 'number', 'date', 'boolean', 'list', 'reference', 'file']),
  section: z.string(),
});
export const ZFieldsModelQuery = z.object({
  name: z.enum(['applicant', 'vacancy']).default('applicant'),
});
