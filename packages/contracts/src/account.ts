import { z } from 'zod';
import { INN_CHECKSUM_MESSAGE, INN_FORMAT_MESSAGE, isValidInnChecksum } from './inn.ts';
import { lazySchema } from './lazy-schema.ts';

/** Text of GET /api/account (and of 419) when the account is deactivated. */
export const ACCOUNT_DEACTIVATED_PATTERN = /не активен|деактив/i;

export const ZAccount = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    inn: z.string().nullable(),
    time_zone: z.string(),
    currency: z.string(),
    is_active: z.boolean(),
    created_at: z.string(),
    tariff_name: z.string(),
    tariff_start_at: z.string(),
    tariff_end_at: z.string(),
    tariff_is_active: z.boolean(),
    tariff_users: z.number().int(),
    users_count: z.number().int(),
    /** Where the company logo is served (`/api/files/{id}`), or null without one. */
    logo_url: z.string().nullable(),
  }),
);
export type TAccount = z.infer<typeof ZAccount>;

/** Currencies a company may keep its figures in (/settings/common); RUB first, the default. */
export const ACCOUNT_CURRENCIES = [
  'RUB',
  'USD',
  'EUR',
  'KZT',
  'BYN',
  'UZS',
  'KGS',
  'AMD',
  'CNY',
] as const;

/** ISO weekdays: 1 is Monday, 7 is Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

const isIanaTimeZone = (value: string) => {
  // Intl also takes offsets such as "+03:00"; a company's zone is a named IANA zone.
  if (!/^[A-Za-z]+(?:\/[A-Za-z0-9_+-]+)*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('ru-RU', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

const HOURS = /^([01]\d|2[0-3]):[0-5]\d$/;
const ZHour = lazySchema(() =>
  z.string().trim().regex(HOURS, { error: 'Время указывается как ЧЧ:ММ, например 09:00' }),
);

/** GET /api/account/common_settings: the company's defaults. */
export const ZCommonSettings = lazySchema(() =>
  z.object({
    time_zone: z.string(),
    currency: z.string(),
    work_days: z.array(z.number().int()),
    work_hours_from: z.string(),
    work_hours_to: z.string(),
  }),
);
export type TCommonSettings = z.infer<typeof ZCommonSettings>;

/** PATCH /api/account/common_settings: any of the fields; the hours are checked as a pair. */
export const ZUpdateCommonSettingsRequest = lazySchema(() =>
  z
    .object({
      time_zone: z
        .string({ error: 'Укажите часовой пояс' })
        .trim()
        .refine(isIanaTimeZone, { error: 'Неизвестный часовой пояс' }),
      currency: z.enum(ACCOUNT_CURRENCIES, {
        error: `Валюта — одна из: ${ACCOUNT_CURRENCIES.join(', ')}`,
      }),
      work_days: z
        .array(
          z
            .number({ error: 'День недели — число от 1 (понедельник) до 7 (воскресенье)' })
            .int({ error: 'День недели — число от 1 (понедельник) до 7 (воскресенье)' })
            .min(1, { error: 'День недели — число от 1 (понедельник) до 7 (воскресенье)' })
            .max(7, { error: 'День недели — число от 1 (понедельник) до 7 (воскресенье)' }),
          { error: 'Рабочие дни — список дней недели' },
        )
        .min(1, { error: 'Выберите хотя бы один рабочий день' })
        .max(7, { error: 'В неделе семь дней' })
        .refine((days) => new Set(days).size === days.length, {
          error: 'Дни недели не должны повторяться',
        })
        .transform((days) => [...days].sort((a, b) => a - b)),
      work_hours_from: ZHour,
      work_hours_to: ZHour,
    })
    .partial()
    .refine(
      (s) =>
        s.work_hours_from === undefined ||
        s.work_hours_to === undefined ||
        s.work_hours_from < s.work_hours_to,
      { error: 'Рабочий день должен заканчиваться позже, чем начинается', path: ['work_hours_to'] },
    ),
);
export type TUpdateCommonSettingsRequest = z.input<typeof ZUpdateCommonSettingsRequest>;

/** Logo files: an image, recognised by its bytes, of at most 2 MB. */
export const MAX_LOGO_BYTES = 2 * 1024 * 1024;
export const LOGO_MESSAGES = {
  notImage: 'Логотип должен быть изображением JPEG, PNG, WebP или GIF',
  tooLarge: 'Логотип больше 2 МБ',
} as const;
export const ACCOUNT_SETTINGS_SAVED = 'Настройки сохранены';

const collapseSpaces = (value: string) => value.replace(/\s+/g, ' ');

const ZCompanyName = lazySchema(() =>
  z
    .string({ error: 'Укажите название компании' })
    .trim()
    .min(1, { error: 'Укажите название компании' })
    .max(255, { error: 'Не длиннее 255 символов' })
    .transform(collapseSpaces),
);

/** Digits only (spaces are forgiven), 10 or 12 of them, with matching check digits; '' clears it. */
export const ZInn = lazySchema(() =>
  z
    .string({ error: INN_FORMAT_MESSAGE })
    .transform((value) => value.replace(/\s+/g, ''))
    .refine((value) => value === '' || /^(\d{10}|\d{12})$/.test(value), {
      error: INN_FORMAT_MESSAGE,
    })
    .refine((value) => value === '' || isValidInnChecksum(value), { error: INN_CHECKSUM_MESSAGE })
    .transform((value) => (value === '' ? null : value)),
);

/** The fields of the company form on /settings/account (every one may be left out). */
export const ZAccountSettingsFields = lazySchema(() =>
  z.object({
    company_name: ZCompanyName.optional(),
    inn: ZInn.nullish(),
    time_zone: z
      .string({ error: 'Укажите часовой пояс' })
      .trim()
      .refine(isIanaTimeZone, { error: 'Неизвестный часовой пояс' })
      .optional(),
  }),
);
export type TAccountSettingsFields = z.output<typeof ZAccountSettingsFields>;

/**
 * PATCH /api/account/account_settings: the company's name, ИНН and time zone, any of them. The
 * fields may come bare or wrapped in `settings` (SPEC.md §7 "body settings"); `name` is taken as
 * the company name too, as /api/account calls it.
 */
export const ZUpdateAccountSettingsRequest = lazySchema(() =>
  ZAccountSettingsFields.extend({
    name: ZCompanyName.optional(),
    settings: ZAccountSettingsFields.extend({ name: ZCompanyName.optional() }).optional(),
  }).transform(({ settings, name, ...bare }) => {
    const { name: innerName, ...inner } = settings ?? {};
    const merged: TAccountSettingsFields = { ...bare, ...inner };
    const companyName = merged.company_name ?? innerName ?? name;
    if (companyName !== undefined) merged.company_name = companyName;
    return merged;
  }),
);
export type TUpdateAccountSettingsRequest = z.input<typeof ZAccountSettingsFields>;
