import { z } from 'zod';
import { lazySchema } from '@ats/contracts/lazy-schema';
import { ZCreateApplicantRequest } from '@ats/contracts/applicants';
import { isBlankOrValidUrl, LINK_INVALID } from '@ats/contracts/url-check';

/** Inputs hold text; an empty box means "not given" (null), not an empty string. */
export const nullIfBlank = (value: string) => (value.trim() ? value.trim() : null);
export const idOrNull = (value: string) => (value ? Number(value) : null);

/**
 * The create form: what the inputs hold, turned into the contract's request and checked by the
 * contract itself, so the browser and the server give the same answers with the same words.
 */
export const ZCreateApplicantForm = lazySchema(() =>
  z
    .object({
      last_name: z.string(),
      first_name: z.string(),
      middle_name: z.string(),
      position: z.string(),
      company: z.string(),
      city: z.string(),
      phone: z.string(),
      email: z.string(),
      tg: z.string(),
      // Checked here rather than by the contract, so the error lands under this one input.
      resume_url: z.string().refine(isBlankOrValidUrl, { error: LINK_INVALID }),
      money: z.string(),
      currency: z.string(),
      birthday: z.string(),
      account_source_id: z.string(),
      admin_user_id: z.string(),
      tags: z.array(z.number()),
      skills: z.array(z.string()),
      photo: z.string().nullable(),
      comment: z.string(),
    })
    .transform((v): z.input<typeof ZCreateApplicantRequest> => ({
      last_name: nullIfBlank(v.last_name),
      first_name: nullIfBlank(v.first_name),
      middle_name: nullIfBlank(v.middle_name),
      position: nullIfBlank(v.position),
      company: nullIfBlank(v.company),
      city: nullIfBlank(v.city),
      phone: nullIfBlank(v.phone),
      email: nullIfBlank(v.email),
      tg: nullIfBlank(v.tg),
      ...(v.resume_url.trim() ? { resume_urls: [v.resume_url.trim()] } : {}),
      money: nullIfBlank(v.money),
      currency: v.money.trim() ? nullIfBlank(v.currency) : null,
      birthday: nullIfBlank(v.birthday),
      account_source_id: idOrNull(v.account_source_id),
      admin_user_id: idOrNull(v.admin_user_id),
      skills: v.skills,
      ...(v.photo ? { photo: v.photo } : {}),
      comment: v.comment.trim() ? { description: v.comment.trim() } : null,
      source: 'web',
    }))
    .pipe(ZCreateApplicantRequest),
);

export type CreateApplicantFormValues = z.input<typeof ZCreateApplicantForm>;

export const EMPTY_CREATE_FORM: CreateApplicantFormValues = {
  last_name: '',
  first_name: '',
  middle_name: '',
  position: '',
  company: '',
  city: '',
  phone: '',
  email: '',
  tg: '',
  resume_url: '',
  money: '',
  currency: 'RUB',
  birthday: '',
  account_source_id: '',
  admin_user_id: '',
  tags: [],
  skills: [],
  photo: null,
  comment: '',
};

export const CREATE_FORM_FIELDS = Object.keys(EMPTY_CREATE_FORM) as Array<
  keyof CreateApplicantFormValues
>;
