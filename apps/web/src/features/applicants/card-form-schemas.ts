import { z } from 'zod';
import { lazySchema } from '@ats/contracts/lazy-schema';
import { ZUpdateApplicantRequest, type TApplicant } from '@ats/contracts/applicants';
import { formatPhone } from '@ats/contracts/phone';
import { isValidUrl, LINK_INVALID } from '@ats/contracts/url-check';
import { formatIsoDate } from '../../shared/format/applicant-format';
import { nullIfBlank } from './applicant-form-schema';

type UpdateInput = z.input<typeof ZUpdateApplicantRequest>;

const NAME_REQUIRED = 'Укажите имя или фамилию кандидата';
const SALARY_DIGITS = 'Зарплата — число, например 150 000';

// Each in-place form holds text, turns it into a PATCH body and checks it with the contract.
export const ZMainInfoForm = lazySchema(() =>
  z
    .object({
      last_name: z.string(),
      first_name: z.string(),
      middle_name: z.string(),
      position: z.string(),
      company: z.string(),
      city: z.string(),
      birthday: z.string(),
    })
    .transform((v): UpdateInput => ({
      last_name: nullIfBlank(v.last_name),
      first_name: nullIfBlank(v.first_name),
      middle_name: nullIfBlank(v.middle_name),
      position: nullIfBlank(v.position),
      company: nullIfBlank(v.company),
      city: nullIfBlank(v.city),
      birthday: nullIfBlank(v.birthday),
    }))
    .pipe(
      ZUpdateApplicantRequest.refine((a) => Boolean(a.first_name || a.last_name), {
        path: ['first_name'],
        error: NAME_REQUIRED,
      }),
    )
    .refine((a) => !a.birthday || a.birthday <= new Date().toISOString().slice(0, 10), {
      path: ['birthday'],
      error: 'Дата рождения не может быть в будущем',
    }),
);

export const mainInfoDefaults = (a: TApplicant) => ({
  last_name: a.last_name ?? '',
  first_name: a.first_name ?? '',
  middle_name: a.middle_name ?? '',
  position: a.position ?? '',
  company: a.company ?? '',
  city: a.city ?? '',
  birthday: formatIsoDate(a.birthday),
});

export const ZContactsForm = lazySchema(() =>
  z
    .object({ phone: z.string(), email: z.string(), tg: z.string(), skype: z.string() })
    .transform((v): UpdateInput => ({
      phone: nullIfBlank(v.phone),
      email: nullIfBlank(v.email),
      tg: nullIfBlank(v.tg),
      skype: nullIfBlank(v.skype),
    }))
    .pipe(ZUpdateApplicantRequest)
    .refine((a) => !a.phone || /^[+\d\s()-]{5,}$/.test(a.phone), {
      path: ['phone'],
      error: 'Телефон — цифры, пробелы, скобки и дефисы, например +7 900 123-45-67',
    }),
);

export const contactsDefaults = (a: TApplicant) => ({
  phone: formatPhone(a.phone),
  email: a.email ?? '',
  tg: a.tg ?? '',
  skype: a.skype ?? '',
});

export const ZSalaryForm = lazySchema(() =>
  z
    .object({
      money: z.string().refine((m) => !m.trim() || /^\d[\d\s]*$/.test(m.trim()), {
        error: SALARY_DIGITS,
      }),
      currency: z.string(),
    })
    .transform((v): UpdateInput => ({
      money: v.money.trim() ? v.money.replace(/\s/g, '') : null,
      currency: v.money.trim() ? nullIfBlank(v.currency) : null,
    }))
    .pipe(ZUpdateApplicantRequest),
);

export const salaryDefaults = (a: TApplicant) => ({
  money: a.money ?? '',
  currency: a.currency ?? 'RUB',
});

export const ZSkillsForm = lazySchema(() =>
  z
    .object({ skills: z.array(z.string()) })
    .transform((v): UpdateInput => ({ skills: v.skills }))
    .pipe(ZUpdateApplicantRequest),
);

/** The card's free-text fields, each edited as one textarea. */
export type LongTextField = 'about_me' | 'unidentified_info';

export const longTextForm = (field: LongTextField) =>
  z
    .object({ text: z.string() })
    .transform((v): UpdateInput => ({ [field]: nullIfBlank(v.text) }))
    .pipe(ZUpdateApplicantRequest);

/** The card's résumé links: one a line, blank lines ignored. */
const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** Each line must pass the URL check of SPEC.md §5; the error names the first line that fails. */
export const ZResumeLinksForm = lazySchema(() =>
  z
    .object({
      links: z.string().superRefine((text, ctx) => {
        const lines = text.split('\n').map((line) => line.trim());
        const bad = lines.findIndex((line) => line && !isValidUrl(line));
        if (bad === -1) return;
        const where = lines.filter(Boolean).length > 1 ? ` (строка ${bad + 1})` : '';
        ctx.addIssue({ code: 'custom', message: `${LINK_INVALID}${where}` });
      }),
    })
    .transform((v): UpdateInput => ({ resume_urls: linesOf(v.links) }))
    .pipe(ZUpdateApplicantRequest),
);

export const resumeLinksDefaults = (a: TApplicant) => ({ links: a.resume_urls.join('\n') });
