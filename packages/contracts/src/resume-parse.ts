import { z } from 'zod';
import { ZApplicantLanguage, ZContact, ZEducation, ZExperience } from './applicants.ts';
import { lazySchema } from './lazy-schema.ts';

// Creating an applicant from a résumé: POST /api/applicants/parse_resume reads a PDF or DOCX and
// answers a draft in the shape of the create request. It creates nothing: the recruiter checks
// the draft in the create form and sends POST /api/applicants themselves.

export const RESUME_MESSAGES = {
  wrongType: 'Резюме должно быть файлом PDF или DOCX',
  unreadable: 'Не удалось прочитать файл: он повреждён или защищён паролем',
  noText:
    'В файле нет текста: похоже, это скан. Загрузите резюме в PDF с текстом или в DOCX — или заполните поля вручную',
  parsed: 'Поля заполнены из резюме — проверьте их перед созданием',
} as const;

/** For `<input type="file" accept>`: a hint to the browser; the server decides by content. */
export const RESUME_ACCEPT = '.pdf,.docx,application/pdf';

/**
 * What the parser recognised, as fields of the create request (ZCreateApplicantRequest); what it
 * could not place is kept word for word in `unidentified_info` for the recruiter to tidy up.
 */
export const ZResumeDraft = lazySchema(() =>
  z.object({
    last_name: z.string().nullable(),
    first_name: z.string().nullable(),
    middle_name: z.string().nullable(),
    /** Where the applicant lives («Проживает:», «Город:»), as the create request's `city`. */
    city: z.string().nullable(),
    gender: z.enum(['male', 'female']).nullable(),
    birthday: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    tg: z.string().nullable(),
    skype: z.string().nullable(),
    contacts: z.array(ZContact),
    position: z.string().nullable(),
    company: z.string().nullable(),
    money: z.string().nullable(),
    currency: z.enum(['RUB', 'USD', 'EUR']).nullable(),
    citizenship: z.array(z.string()),
    /** Months. */
    total_experience: z.number().int().nullable(),
    experience: z.array(ZExperience),
    education: z.array(ZEducation),
    skills: z.array(z.string()),
    languages: z.array(ZApplicantLanguage),
    about_me: z.string().nullable(),
    unidentified_info: z.string().nullable(),
  }),
);
export type TResumeDraft = z.infer<typeof ZResumeDraft>;

export const ZParseResumeResponse = lazySchema(() =>
  z.object({
    draft: ZResumeDraft,
    /** Characters of text read from the file; a tiny number hints at a mostly scanned résumé. */
    text_length: z.number().int(),
    file_type: z.enum(['pdf', 'docx']),
  }),
);
export type TParseResumeResponse = z.infer<typeof ZParseResumeResponse>;
