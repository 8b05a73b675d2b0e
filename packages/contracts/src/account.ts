import { z } from 'zod';

/** Text of GET /api/account (and of 419) when the account is deactivated. */
export const ACCOUNT_DEACTIVATED_PATTERN = /не активен|деактив/i;

export const ZAccount = z.object({
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
});
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
const ZHour = z
  .string()
  .trim()
  .regex(HOURS, { error: 'Время указывается как ЧЧ:ММ, например 09:00' });

/** GET /api/account/common_settings: the company's defaults. */
export const ZCommonSettings = z.object({
  time_zone: z.string(),
  currency: z.string(),
  work_days: z.array(z.number().int()),
  work_hours_from: z.string(),
  work_hours_to: z.string(),
});
export type TCommonSettings = z.infer<typeof ZCommonSettings>;

/** PATCH /api/account/common_settings: any of the fields; the hours are checked as a pair. */
export const ZUpdateCommonSettingsRequest = z
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
  );
export type TUpdateCommonSettingsRequest = z.input<typeof ZUpdateCommonSettingsRequest>;
